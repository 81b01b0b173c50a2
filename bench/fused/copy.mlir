// Y = X over rows: the copy bandwidth of a shape, the limit of a row kernel that reads each
// element once and writes it once (softmax), measured beside torch's `out.copy_(x)`
// (bench/peers/torch_peers.py --row-ops copy).
//   tile-run bench/fused/copy.mlir --entry copy --arg X=rand:37x50xf32 --arg Y=zeros:37x50xf32
func.func @copy(%X: memref<?x?xf32>, %Y: memref<?x?xf32>) {
  tile.map ins(%X : memref<?x?xf32>) outs(%Y : memref<?x?xf32>) {
  ^bb0(%x: f32):
    tile.yield %x : f32
  }
  return
}
