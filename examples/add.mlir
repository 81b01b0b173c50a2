// Whole-problem elementwise add, Z = X + Y, over dynamic 2-D shapes (the reference of the tiled
// and asynchronous versions, which have the same entry and signature):
//   tile-run examples/add.mlir --entry add --arg X=rand:130x77xf32 --arg Y=rand:130x77xf32 --arg Z=zeros:130x77xf32
func.func @add(%X: memref<?x?xf32>, %Y: memref<?x?xf32>, %Z: memref<?x?xf32>) {
  tile.map ins(%X, %Y : memref<?x?xf32>, memref<?x?xf32>) outs(%Z : memref<?x?xf32>) {
  ^bb0(%x: f32, %y: f32):
    %s = arith.addf %x, %y : f32
    tile.yield %s : f32
  }
  return
}
