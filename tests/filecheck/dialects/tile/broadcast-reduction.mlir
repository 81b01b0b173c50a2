// RUN: tile-opt %s | tile-opt | FileCheck %s
// RUN: tile-opt %s --mlir-print-op-generic | tile-opt | FileCheck %s
// RUN: tile-opt %s --mlir-print-op-generic | FileCheck %s --check-prefix=GENERIC

// Whole-problem reductions (tile.reduction) and broadcast operands of tile.map (indexing_maps),
// in custom form; the generic form must read back to the same custom text.

// Affine maps get aliases, as mlir-opt gives them, in order of first use.
// CHECK-DAG: #[[ID:map[0-9]*]] = affine_map<(d0, d1) -> (d0, d1)>
// CHECK-DAG: #[[COL:map[0-9]*]] = affine_map<(d0, d1) -> (d1)>
// CHECK-DAG: #[[ROW:map[0-9]*]] = affine_map<(d0, d1) -> (d0)>
// CHECK-DAG: #[[ID3:map[0-9]*]] = affine_map<(d0, d1, d2) -> (d0, d1, d2)>
// CHECK-DAG: #[[MID:map[0-9]*]] = affine_map<(d0, d1, d2) -> (d1)>
// CHECK-DAG: #[[NONE:map[0-9]*]] = affine_map<(d0, d1, d2) -> ()>

// CHECK-LABEL: func.func @reductions(
// CHECK-SAME:      %[[X:.*]]: memref<?x?xf32>, %[[R:.*]]: memref<?xf32>, %[[I:.*]]: memref<4x?x8xi32>, %[[J:.*]]: memref<?xi32>, %[[S:.*]]: memref<i32>, %[[H:.*]]: memref<16x8xf16>, %[[G:.*]]: memref<8xf16, #gpu.address_space<global>>)
func.func @reductions(%X: memref<?x?xf32>, %R: memref<?xf32>, %I: memref<4x?x8xi32>, %J: memref<?xi32>, %S: memref<i32>,
                      %H: memref<16x8xf16>, %G: memref<8xf16, #gpu.address_space<global>>) {
  // CHECK-NEXT: tile.reduction max ins(%[[X]] : memref<?x?xf32>) outs(%[[R]] : memref<?xf32>) dimensions = [1]
  tile.reduction max ins(%X : memref<?x?xf32>) outs(%R : memref<?xf32>) dimensions = [1]
  // CHECK-NEXT: tile.reduction add ins(%[[X]] : memref<?x?xf32>) outs(%[[R]] : memref<?xf32>) dimensions = [0] accumulate
  tile.reduction add ins(%X : memref<?x?xf32>) outs(%R : memref<?xf32>) dimensions = [0] accumulate
  // CHECK-NEXT: tile.reduction min ins(%[[H]] : memref<16x8xf16>) outs(%[[G]] : memref<8xf16, #gpu.address_space<global>>) dimensions = [0] {tile.note = "f16"}
  tile.reduction min ins(%H : memref<16x8xf16>) outs(%G : memref<8xf16, #gpu.address_space<global>>) dimensions = [0] {tile.note = "f16"}
  // Several dimensions, integers, and every dimension (a rank-0 output).
  // CHECK-NEXT: tile.reduction xor ins(%[[I]] : memref<4x?x8xi32>) outs(%[[J]] : memref<?xi32>) dimensions = [0, 2]
  tile.reduction xor ins(%I : memref<4x?x8xi32>) outs(%J : memref<?xi32>) dimensions = [0, 2]
  // CHECK-NEXT: tile.reduction mul ins(%[[I]] : memref<4x?x8xi32>) outs(%[[S]] : memref<i32>) dimensions = [0, 1, 2]
  tile.reduction mul ins(%I : memref<4x?x8xi32>) outs(%S : memref<i32>) dimensions = [0, 1, 2]
  // CHECK-NEXT: return
  return
}

// Row softmax, written with whole-problem ops: max and sum reductions along rows, a per-row
// scalar subtracted from (and divided into) its row.
// CHECK-LABEL: func.func @softmax(
// CHECK-SAME:      %[[X:.*]]: memref<?x?xf32>, %[[M:.*]]: memref<?xf32>, %[[S:.*]]: memref<?xf32>, %[[Y:.*]]: memref<?x?xf32>)
func.func @softmax(%X: memref<?x?xf32>, %M: memref<?xf32>, %S: memref<?xf32>, %Y: memref<?x?xf32>) {
  // CHECK-NEXT: tile.reduction max ins(%[[X]] : memref<?x?xf32>) outs(%[[M]] : memref<?xf32>) dimensions = [1]
  tile.reduction max ins(%X : memref<?x?xf32>) outs(%M : memref<?xf32>) dimensions = [1]
  // CHECK-NEXT: tile.map indexing_maps = [#[[ID]], #[[ROW]], #[[ID]]] ins(%[[X]], %[[M]] : memref<?x?xf32>, memref<?xf32>) outs(%[[Y]] : memref<?x?xf32>) {
  // CHECK-NEXT: ^bb0(%[[A:.*]]: f32, %[[B:.*]]: f32):
  // CHECK-NEXT:   %[[D:.*]] = arith.subf %[[A]], %[[B]] : f32
  // CHECK-NEXT:   %[[E:.*]] = math.exp %[[D]] : f32
  // CHECK-NEXT:   tile.yield %[[E]] : f32
  // CHECK-NEXT: }
  tile.map indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0)>, affine_map<(d0, d1) -> (d0, d1)>]
      ins(%X, %M : memref<?x?xf32>, memref<?xf32>) outs(%Y : memref<?x?xf32>) {
  ^bb0(%x: f32, %m: f32):
    %d = arith.subf %x, %m : f32
    %e = math.exp %d : f32
    tile.yield %e : f32
  }
  // CHECK-NEXT: tile.reduction add ins(%[[Y]] : memref<?x?xf32>) outs(%[[S]] : memref<?xf32>) dimensions = [1]
  tile.reduction add ins(%Y : memref<?x?xf32>) outs(%S : memref<?xf32>) dimensions = [1]
  // In place: the output is also the first input.
  // CHECK-NEXT: tile.map indexing_maps = [#[[ID]], #[[ROW]], #[[ID]]] ins(%[[Y]], %[[S]] : memref<?x?xf32>, memref<?xf32>) outs(%[[Y]] : memref<?x?xf32>) attributes {tile.note = "divide"} {
  tile.map indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0)>, affine_map<(d0, d1) -> (d0, d1)>]
      ins(%Y, %S : memref<?x?xf32>, memref<?xf32>) outs(%Y : memref<?x?xf32>) attributes {tile.note = "divide"} {
  ^bb0(%e: f32, %s: f32):
    %q = arith.divf %e, %s : f32
    tile.yield %q : f32
  }
  return
}

// A row vector added to every row; maps given through aliases; a rank-0 input broadcast to
// every element; identity maps kept as written.
// CHECK-LABEL: func.func @broadcasts(
// CHECK-SAME:      %[[X:.*]]: memref<8x?xf32>, %[[B:.*]]: memref<?xf32>, %[[Y:.*]]: memref<?x?xf32>, %[[T:.*]]: memref<2x3x4xf32>, %[[V:.*]]: memref<3xf32>, %[[C:.*]]: memref<f32>)
#id = affine_map<(d0, d1) -> (d0, d1)>
#col = affine_map<(d0, d1) -> (d1)>
func.func @broadcasts(%X: memref<8x?xf32>, %b: memref<?xf32>, %Y: memref<?x?xf32>, %T: memref<2x3x4xf32>, %v: memref<3xf32>, %c: memref<f32>) {
  // CHECK-NEXT: tile.map indexing_maps = [#[[ID]], #[[COL]], #[[ID]]] ins(%[[X]], %[[B]] : memref<8x?xf32>, memref<?xf32>) outs(%[[Y]] : memref<?x?xf32>) {
  tile.map indexing_maps = [#id, #col, #id] ins(%X, %b : memref<8x?xf32>, memref<?xf32>) outs(%Y : memref<?x?xf32>) {
  ^bb0(%x: f32, %y: f32):
    %s = arith.addf %x, %y : f32
    tile.yield %s : f32
  }
  // CHECK: tile.map indexing_maps = [#[[MID]], #[[NONE]], #[[ID3]]] ins(%[[V]], %[[C]] : memref<3xf32>, memref<f32>) outs(%[[T]] : memref<2x3x4xf32>) {
  tile.map indexing_maps = [affine_map<(d0, d1, d2) -> (d1)>, affine_map<(d0, d1, d2) -> ()>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>]
      ins(%v, %c : memref<3xf32>, memref<f32>) outs(%T : memref<2x3x4xf32>) {
  ^bb0(%x: f32, %y: f32):
    %s = arith.mulf %x, %y : f32
    tile.yield %s : f32
  }
  // A fill with an explicit (identity) map.
  // CHECK: tile.map indexing_maps = [#[[ID]]] outs(%[[Y]] : memref<?x?xf32>) {
  tile.map indexing_maps = [#id] outs(%Y : memref<?x?xf32>) {
    %z = arith.constant 0.0 : f32
    tile.yield %z : f32
  }
  return
}

// GENERIC: "tile.reduction"(%{{.*}}, %{{.*}}) <{dimensions = array<i64: 1>, kind = #tile.reduce_kind<max>}> : (memref<?x?xf32>, memref<?xf32>) -> ()
// GENERIC: "tile.reduction"(%{{.*}}, %{{.*}}) <{accumulate, dimensions = array<i64: 0>, kind = #tile.reduce_kind<add>}> : (memref<?x?xf32>, memref<?xf32>) -> ()
// GENERIC: "tile.map"(%{{.*}}, %{{.*}}, %{{.*}}) <{indexing_maps = [#{{map[0-9]*}}, #{{map[0-9]*}}, #{{map[0-9]*}}], operandSegmentSizes = array<i32: 2, 1>}> ({
