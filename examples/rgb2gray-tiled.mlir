// rgb2gray tiled over [N, H, W]: one workgroup (128 threads) per 1x8x64 tile, grid
// (ceil(W/64), ceil(H/8), N). The three channels are loaded from the [N, 3, H, W] image as 8x64
// tiles of the trailing dimensions (masked at the edges); the result is stored through
// tile.view, whose edge tiles are clamped to the image.
//   tile-run examples/rgb2gray-tiled.mlir --entry rgb2gray --arg img=rand:2x3x13x70xf32 \
//     --arg gray=zeros:2x13x70xf32 --compare examples/rgb2gray.mlir --tolerance 0
module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @rgb2gray(%img: memref<?x3x?x?xf32>, %gray: memref<?x?x?xf32>) kernel {
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %c2 = arith.constant 2 : index
      %c8 = arith.constant 8 : index
      %c64 = arith.constant 64 : index
      %n = gpu.block_id z
      %bh = gpu.block_id y
      %bw = gpu.block_id x
      %out = tile.view %gray[%n, %bh, %bw] tile [1, 8, 64] : memref<?x?x?xf32> -> memref<?x?x?xf32, strided<[?, ?, 1], offset: ?>>
      %h0 = arith.muli %bh, %c8 : index
      %w0 = arith.muli %bw, %c64 : index
      %r = tile.load %img[%n, %c0, %h0, %w0] : memref<?x3x?x?xf32> -> tensor<8x64xf32>
      %g = tile.load %img[%n, %c1, %h0, %w0] : memref<?x3x?x?xf32> -> tensor<8x64xf32>
      %b = tile.load %img[%n, %c2, %h0, %w0] : memref<?x3x?x?xf32> -> tensor<8x64xf32>
      %wr = arith.constant dense<0.299> : tensor<8x64xf32>
      %wg = arith.constant dense<0.587> : tensor<8x64xf32>
      %wb = arith.constant dense<0.114> : tensor<8x64xf32>
      %pr = arith.mulf %r, %wr : tensor<8x64xf32>
      %pg = arith.mulf %g, %wg : tensor<8x64xf32>
      %pb = arith.mulf %b, %wb : tensor<8x64xf32>
      %s0 = arith.addf %pr, %pg : tensor<8x64xf32>
      %s1 = arith.addf %s0, %pb : tensor<8x64xf32>
      tile.store %s1, %out[%c0, %c0, %c0] : tensor<8x64xf32> -> memref<?x?x?xf32, strided<[?, ?, 1], offset: ?>>
      gpu.return
    }
  }

  func.func @rgb2gray(%img: memref<?x3x?x?xf32>, %gray: memref<?x?x?xf32>) {
    %c0 = arith.constant 0 : index
    %c2 = arith.constant 2 : index
    %c3 = arith.constant 3 : index
    %c8 = arith.constant 8 : index
    %c64 = arith.constant 64 : index
    %c128 = arith.constant 128 : index
    %c1 = arith.constant 1 : index
    %N = memref.dim %img, %c0 : memref<?x3x?x?xf32>
    %H = memref.dim %img, %c2 : memref<?x3x?x?xf32>
    %W = memref.dim %img, %c3 : memref<?x3x?x?xf32>
    %gx = arith.ceildivui %W, %c64 : index
    %gy = arith.ceildivui %H, %c8 : index
    gpu.launch_func @kernels::@rgb2gray blocks in (%gx, %gy, %N) threads in (%c128, %c1, %c1) args(%img : memref<?x3x?x?xf32>, %gray : memref<?x?x?xf32>)
    return
  }
}
