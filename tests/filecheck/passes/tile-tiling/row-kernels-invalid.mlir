// RUN: tile-opt %s --split-input-file --verify-diagnostics -p 'tile-tiling'
// The rendered error: located, exit status 1, no stack trace.
// RUN: not tile-opt %s --split-input-file -p 'tile-tiling' 2>&1 | FileCheck %s --check-prefix=RENDERED
//
// Reductions along other dimensions than the last, and reductions of rank-1 memrefs (whole
// arrays), are not tiled yet: tiling refuses them at the op, before anything changes.
// RENDERED: {{.*}}:[[@LINE+5]]:3: error: cannot tile 'tile.reduction': 'tile.reduction' must reduce the last dimension of a rank-2 input to join a row kernel, got dimensions [0] of rank 2 (other reductions and broadcasts are not tiled yet)
// RENDERED-NEXT: {{^}}  tile.reduction add ins(%X : memref<?x?xf32>) outs(%S : memref<?xf32>) dimensions = [0]
// RENDERED-NEXT: {{^}}  ^
func.func @column_sums(%X: memref<?x?xf32>, %S: memref<?xf32>) {
  // expected-error@+1 {{cannot tile 'tile.reduction': 'tile.reduction' must reduce the last dimension of a rank-2 input to join a row kernel, got dimensions [0] of rank 2 (other reductions and broadcasts are not tiled yet)}}
  tile.reduction add ins(%X : memref<?x?xf32>) outs(%S : memref<?xf32>) dimensions = [0]
  return
}

// -----

func.func @whole_array(%X: memref<?xf32>, %S: memref<f32>) {
  // expected-error@+1 {{cannot tile 'tile.reduction': a row kernel needs an iteration space of rank 2 or more, got rank 1}}
  tile.reduction add ins(%X : memref<?xf32>) outs(%S : memref<f32>) dimensions = [0]
  return
}

// -----

func.func @bias(%X: memref<?x?xf32>, %b: memref<?xf32>, %c: memref<f32>, %Y: memref<?x?xf32>) {
  // Tileable on its own, but nothing is tiled when a later op is refused.
  tile.map ins(%X : memref<?x?xf32>) outs(%Y : memref<?x?xf32>) {
  ^bb0(%x: f32):
    %n = arith.negf %x : f32
    tile.yield %n : f32
  }
  // Broadcasts are tiled in row kernels, which need rank 2 or more.
  // expected-error@+1 {{cannot tile 'tile.map': a row kernel needs an iteration space of rank 2 or more, got rank 1 (other reductions and broadcasts are not tiled yet)}}
  tile.map indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> ()>, affine_map<(d0) -> (d0)>]
      ins(%b, %c : memref<?xf32>, memref<f32>) outs(%b : memref<?xf32>) {
  ^bb0(%x: f32, %y: f32):
    %s = arith.addf %x, %y : f32
    tile.yield %s : f32
  }
  return
}
