// RUN: tile-opt %s -p 'convert-tile-to-gpu,canonicalize,cse' | FileCheck %s

// A tile.load or tile.store marked tile.vector_edges (tile-tiling marks a row program's tiles)
// takes three paths: the whole tile in bounds and aligned: one vector per run of 4, no tests; an
// edge tile whose memref's last size and first column are multiples of 4 (each run of 4 then lies
// wholly inside or outside): per run, a vector under its first element's test (padding outside);
// otherwise element by element.
// CHECK-LABEL: gpu.func @edges
// CHECK: %[[ROWLEN:.*]] = memref.dim %X, %c1
// CHECK: %[[SIZE4:.*]] = arith.remui %[[ROWLEN]], %c4
// CHECK: %[[SIZEOK:.*]] = arith.cmpi eq, %[[SIZE4]], %c0
// CHECK: %[[COL4:.*]] = arith.remui %j, %c4
// CHECK: %[[COLOK:.*]] = arith.cmpi eq, %[[COL4]], %c0
// CHECK: %[[RUNS:.*]] = arith.andi %[[SIZEOK]], %[[COLOK]] : i1
// CHECK: %[[FAST:.*]] = arith.andi %{{.*}}, %[[RUNS]] : i1
// CHECK: %[[X:.*]]:4 = scf.if %[[FAST]] -> (f32, f32, f32, f32) {
// CHECK-NEXT: arith.addi
// CHECK-NEXT: arith.addi
// CHECK-NEXT: vector.load %X[{{.*}}] {alignment = 16 : i64}
// CHECK: } else {
// CHECK-NEXT: scf.if %[[RUNS]] -> (f32, f32, f32, f32) {
// CHECK: %[[FIRST:.*]] = arith.andi
// CHECK-NEXT: scf.if %[[FIRST]] -> (f32, f32, f32, f32) {
// CHECK-NEXT: vector.load %X[{{.*}}] {alignment = 16 : i64}
// CHECK: } else {
// CHECK-NEXT: scf.yield %cst, %cst, %cst, %cst
// CHECK: } else {
// CHECK-COUNT-4: memref.load %X
// The store: vectors for the interior, a vector under its first element's test for an aligned edge.
// CHECK: scf.if %{{.*}} {
// CHECK-NEXT: vector.from_elements %[[X]]#0, %[[X]]#1, %[[X]]#2, %[[X]]#3
// CHECK-NEXT: vector.store
// CHECK-NEXT: } else {
// CHECK-NEXT: scf.if %{{.*}} {
// CHECK: scf.if %{{.*}} {
// CHECK-NEXT: vector.from_elements %[[X]]#0, %[[X]]#1, %[[X]]#2, %[[X]]#3
// CHECK-NEXT: vector.store %{{.*}}, %Y[{{.*}}] {alignment = 16 : i64}
// CHECK: } else {
// CHECK-COUNT-4: memref.store %[[X]]#
// CHECK: gpu.return

// A rank-1 memref (LayerNorm's gamma): the run path also needs its size a multiple of 4 (a run of
// 4 from a multiple of 4 may cross its end otherwise); the unmarked store has no run path.
// CHECK-LABEL: gpu.func @rank1
// CHECK: %[[N:.*]] = memref.dim %g, %c0
// CHECK: } else {
// CHECK-NEXT: %[[N4:.*]] = arith.remui %[[N]], %c4
// CHECK-NEXT: %[[NOK:.*]] = arith.cmpi eq, %[[N4]], %c0
// CHECK-NEXT: %[[R:.*]] = arith.andi %[[NOK]], %{{.*}} : i1
// CHECK-NEXT: scf.if %[[R]] -> (f32, f32, f32, f32) {
// CHECK: vector.load %g[
// CHECK: vector.store %{{.*}}, %h[
// CHECK-NEXT: } else {
// CHECK-NOT: vector.store
// CHECK-COUNT-4: memref.store %{{.*}}, %h[
// CHECK-NOT: vector.store
// CHECK: gpu.return
#rows = #tile.blocked<sizePerThread = [1, 4], threadsPerWarp = [4, 8], warpsPerGroup = [1, 1], order = [1, 0]>
#row = #tile.blocked<sizePerThread = [4], threadsPerWarp = [32], warpsPerGroup = [1], order = [0]>
module attributes {gpu.container_module} {
  gpu.module @k {
    gpu.func @edges(%X: memref<?x?xf32>, %Y: memref<?x?xf32>, %i: index, %j: index) kernel attributes {known_block_size = array<i32: 32, 1, 1>} {
      %x = tile.load %X[%i, %j] {tile.vector_edges} : memref<?x?xf32> -> tensor<4x32xf32, #rows>
      tile.store %x, %Y[%i, %j] {tile.vector_edges} : tensor<4x32xf32, #rows> -> memref<?x?xf32>
      gpu.return
    }
    gpu.func @rank1(%g: memref<?xf32>, %h: memref<?xf32>, %j: index) kernel attributes {known_block_size = array<i32: 32, 1, 1>} {
      %x = tile.load %g[%j] {tile.vector_edges} : memref<?xf32> -> tensor<128xf32, #row>
      tile.store %x, %h[%j] : tensor<128xf32, #row> -> memref<?xf32>
      gpu.return
    }
  }
}
