// RUN: tile-opt %s --split-input-file --verify-diagnostics -p 'tile-tiling'
// The last chunk tiles (the others fail, hence `not`):
// RUN: not tile-opt %s --split-input-file -p 'tile-tiling' 2>/dev/null | FileCheck %s --check-prefix=IDENTITY
//
// Whole-problem reductions and broadcast inputs of tile.map are not tiled yet: tiling
// refuses them at the op, before anything changes, rather than tile them as if every operand had
// the iteration shape. A map whose indexing_maps are all the identity is tiled as today.
// The rendered error: located, exit status 1, no stack trace.
// RUN: not tile-opt %s --split-input-file -p 'tile-tiling' 2>&1 | FileCheck %s --check-prefix=RENDERED
// RENDERED: {{.*}}:[[@LINE+5]]:3: error: cannot tile 'tile.reduction': whole-problem reductions are not tiled yet
// RENDERED-NEXT: {{^}}  tile.reduction max ins(%X : memref<?x?xf32>) outs(%M : memref<?xf32>) dimensions = [1]
// RENDERED-NEXT: {{^}}  ^
func.func @softmax_max(%X: memref<?x?xf32>, %M: memref<?xf32>) {
  // expected-error@+1 {{cannot tile 'tile.reduction': whole-problem reductions are not tiled yet}}
  tile.reduction max ins(%X : memref<?x?xf32>) outs(%M : memref<?xf32>) dimensions = [1]
  return
}

// -----

// RENDERED: :3: error: cannot tile 'tile.map': broadcast inputs (indexing_maps that are not the identity) are not tiled yet
func.func @bias(%X: memref<?x?xf32>, %b: memref<?xf32>, %Y: memref<?x?xf32>) {
  // Tileable on its own, but nothing is tiled when a later op is refused.
  tile.map ins(%X : memref<?x?xf32>) outs(%Y : memref<?x?xf32>) {
  ^bb0(%x: f32):
    %n = arith.negf %x : f32
    tile.yield %n : f32
  }
  // expected-error@+1 {{cannot tile 'tile.map': broadcast inputs (indexing_maps that are not the identity) are not tiled yet}}
  tile.map indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d1)>, affine_map<(d0, d1) -> (d0, d1)>]
      ins(%X, %b : memref<?x?xf32>, memref<?xf32>) outs(%Y : memref<?x?xf32>) {
  ^bb0(%x: f32, %y: f32):
    %s = arith.addf %x, %y : f32
    tile.yield %s : f32
  }
  return
}

// -----

// IDENTITY-LABEL: gpu.func @identity_maps(
// IDENTITY: %[[X:.*]] = tile.load %arg0[{{.*}}] : memref<?x?xf32> -> tensor<4x64xf32>
// IDENTITY-NEXT: %[[Z:.*]] = tile.load %arg1[{{.*}}] : memref<?x?xf32> -> tensor<4x64xf32>
// IDENTITY-NEXT: %[[S:.*]] = arith.addf %[[X]], %[[Z]] : tensor<4x64xf32>
// IDENTITY-NEXT: tile.store %[[S]], %arg2[{{.*}}] : tensor<4x64xf32> -> memref<?x?xf32>
// IDENTITY-LABEL: func.func @identity_maps(
// IDENTITY: gpu.launch_func @kernels::@identity_maps
#id = affine_map<(d0, d1) -> (d0, d1)>
func.func @identity_maps(%X: memref<?x?xf32>, %Z: memref<?x?xf32>, %Y: memref<?x?xf32>) {
  tile.map indexing_maps = [#id, #id, #id] ins(%X, %Z : memref<?x?xf32>, memref<?x?xf32>) outs(%Y : memref<?x?xf32>) {
  ^bb0(%x: f32, %z: f32):
    %s = arith.addf %x, %z : f32
    tile.yield %s : f32
  }
  return
}
