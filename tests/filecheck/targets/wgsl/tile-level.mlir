// RUN: not tile-opt %s -p @tile-pipelined --emit=wgsl 2>&1 | FileCheck %s
// A kernel still at tile level (@tile-pipelined's output) is refused at its first tile-level op,
// located at the source op it came from, with what to run instead.

// CHECK: tile-level.mlir:[[@LINE+2]]:3: error: 'tile.alloc' op is at tile level, which the WGSL target does not print: lower the kernel to SIMT code first (tile-assign-layouts, convert-async-to-gpu, convert-tile-to-gpu; or -p @tile-wgsl instead of @tile-pipelined)
func.func @add(%X: memref<?x?xf32>, %Y: memref<?x?xf32>, %Z: memref<?x?xf32>) {
  tile.map ins(%X, %Y : memref<?x?xf32>, memref<?x?xf32>) outs(%Z : memref<?x?xf32>) {
  ^bb0(%x: f32, %y: f32):
    %s = arith.addf %x, %y : f32
    tile.yield %s : f32
  }
  return
}
