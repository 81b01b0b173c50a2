// A kernel whose blocks spill onto a second grid axis runs its body under `scf.if id < n`. With
// the epilogue not peeled, the pipelined copies past the last column block stay in flight to the
// end of that body; with one column block (64 static columns, 128-column tiles) canonicalize
// unrolls the loop, so they are left at the end of the `scf.if`, where no wait follows: they are
// never observed and convert-async-to-gpu drops them (it refused the kernel before; fuzz seeds 63
// and 291 of the slow suite).
// RUN: tile-run %s --entry add_64 --arg X=rand:40x64xf32 --arg Y=rand:40x64xf32 --arg Z=zeros:40x64xf32 --compare-pipeline '@tile-wgsl{tile-sizes=8,128 num-stages=3 peel-epilogue=false async-copy-loads=all max-workgroups-per-dimension=2}' --tolerance 0 | FileCheck %s
// CHECK: compare %Z: max_abs=0 max_rel=0

func.func @add_64(%X: memref<?x64xf32>, %Y: memref<?x64xf32>, %Z: memref<?x64xf32>) {
  tile.map ins(%X, %Y : memref<?x64xf32>, memref<?x64xf32>) outs(%Z : memref<?x64xf32>) {
  ^bb0(%x: f32, %y: f32):
    %s = arith.addf %x, %y : f32
    tile.yield %s : f32
  }
  return
}
