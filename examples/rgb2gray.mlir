// Whole-problem rgb2gray over an [N, 3, H, W] image: each channel is a rank-reduced strided view
// ([N, H, W], strides [3HW, W, 1], offsets 0, HW, 2HW) and tile.map computes
// gray = 0.299 r + 0.587 g + 0.114 b over [N, H, W].
//   tile-run examples/rgb2gray.mlir --entry rgb2gray --arg img=rand:2x3x13x70xf32 --arg gray=zeros:2x13x70xf32
func.func @rgb2gray(%img: memref<?x3x?x?xf32>, %gray: memref<?x?x?xf32>) {
  %c0 = arith.constant 0 : index
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %N = memref.dim %img, %c0 : memref<?x3x?x?xf32>
  %H = memref.dim %img, %c2 : memref<?x3x?x?xf32>
  %W = memref.dim %img, %c3 : memref<?x3x?x?xf32>
  %r = memref.subview %img[0, %c0, 0, 0] [%N, 1, %H, %W] [1, 1, 1, 1] : memref<?x3x?x?xf32> to memref<?x?x?xf32, strided<[?, ?, 1], offset: ?>>
  %g = memref.subview %img[0, 1, 0, 0] [%N, 1, %H, %W] [1, 1, 1, 1] : memref<?x3x?x?xf32> to memref<?x?x?xf32, strided<[?, ?, 1], offset: ?>>
  %b = memref.subview %img[0, 2, 0, 0] [%N, 1, %H, %W] [1, 1, 1, 1] : memref<?x3x?x?xf32> to memref<?x?x?xf32, strided<[?, ?, 1], offset: ?>>
  tile.map ins(%r, %g, %b : memref<?x?x?xf32, strided<[?, ?, 1], offset: ?>>, memref<?x?x?xf32, strided<[?, ?, 1], offset: ?>>, memref<?x?x?xf32, strided<[?, ?, 1], offset: ?>>) outs(%gray : memref<?x?x?xf32>) {
  ^bb0(%vr: f32, %vg: f32, %vb: f32):
    %wr = arith.constant 0.299 : f32
    %wg = arith.constant 0.587 : f32
    %wb = arith.constant 0.114 : f32
    %pr = arith.mulf %vr, %wr : f32
    %pg = arith.mulf %vg, %wg : f32
    %pb = arith.mulf %vb, %wb : f32
    %s0 = arith.addf %pr, %pg : f32
    %s1 = arith.addf %s0, %pb : f32
    tile.yield %s1 : f32
  }
  return
}
