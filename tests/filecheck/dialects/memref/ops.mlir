// RUN: tile-opt %s --allow-unregistered-dialect | tile-opt --allow-unregistered-dialect | FileCheck %s
// RUN: tile-opt %s --allow-unregistered-dialect --mlir-print-op-generic | tile-opt --allow-unregistered-dialect | FileCheck %s
// RUN: tile-opt %s --allow-unregistered-dialect --mlir-print-op-generic | tile-opt --allow-unregistered-dialect --mlir-print-op-generic | FileCheck %s --check-prefix=GENERIC

// Expected text is mlir-opt 19 output (--allow-unregistered-dialect; unregistered "test.*" ops supply values,
// so that the test does not depend on other dialects).
memref.global "private" constant @g : memref<2xf32> = dense<[1.0, 2.0]>
memref.global @u : memref<4xi32> = uninitialized
memref.global "private" @ext : memref<4xi32>
memref.global @aligned : memref<2xf32> = dense<0.0> {alignment = 64 : i64}
"test.func"() ({
^bb0(%i: index, %j: index, %s: index, %f: f32, %m: memref<?x?xf32>):
  %a = memref.alloc() : memref<4x4xf32>
  %b = memref.alloc(%i, %j) {alignment = 16 : i64} : memref<?x?xf32>
  %b2 = memref.alloc(%i)[%s] : memref<?xf32, affine_map<(d0)[s0] -> (d0 + s0)>>
  scf.for %iv = %i to %j step %s {
    %c = memref.alloca() : memref<4xf32, 3>
    %c2 = memref.alloca(%i) {alignment = 64 : i64} : memref<?xf32>
    }
  %v = memref.load %a[%i, %j] : memref<4x4xf32>
  %v2 = memref.load %a[%i, %j] {nontemporal = true} : memref<4x4xf32>
  memref.store %f, %a[%i, %j] : memref<4x4xf32>
  memref.store %f, %a[%i, %j] {nontemporal = true} : memref<4x4xf32>
  %d = memref.dim %m, %i : memref<?x?xf32>
  %sv = memref.subview %a[%i, 1][2, 2][1, 1] : memref<4x4xf32> to memref<2x2xf32, strided<[4, 1], offset: ?>>
  %sv2 = memref.subview %m[%i, %j][%s, 4][1, 2] : memref<?x?xf32> to memref<?x4xf32, strided<[?, 2], offset: ?>>
  %sv3 = memref.subview %a[0, 0][1, 4][1, 1] : memref<4x4xf32> to memref<4xf32>
  %cs = memref.cast %a : memref<4x4xf32> to memref<?x?xf32>
  %cs2 = memref.cast %a : memref<4x4xf32> to memref<*xf32>
  memref.copy %a, %cs : memref<4x4xf32> to memref<?x?xf32>
  %gg = memref.get_global @g : memref<2xf32>
  memref.dealloc %a : memref<4x4xf32>
  "test.return"() : () -> ()
}) : () -> ()

// CHECK:      #map = affine_map<(d0)[s0] -> (d0 + s0)>
// CHECK-NEXT: module {
// CHECK-NEXT:   memref.global "private" constant @g : memref<2xf32> = dense<[1.000000e+00, 2.000000e+00]>
// CHECK-NEXT:   memref.global @u : memref<4xi32> = uninitialized
// CHECK-NEXT:   memref.global "private" @ext : memref<4xi32>
// CHECK-NEXT:   memref.global @aligned : memref<2xf32> = dense<0.000000e+00> {alignment = 64 : i64}
// CHECK-NEXT:   "test.func"() ({
// CHECK-NEXT:   ^bb0(%arg0: index, %arg1: index, %arg2: index, %arg3: f32, %arg4: memref<?x?xf32>):
// CHECK-NEXT:     %alloc = memref.alloc() : memref<4x4xf32>
// CHECK-NEXT:     %alloc_0 = memref.alloc(%arg0, %arg1) {alignment = 16 : i64} : memref<?x?xf32>
// CHECK-NEXT:     %alloc_1 = memref.alloc(%arg0)[%arg2] : memref<?xf32, #map>
// CHECK-NEXT:     scf.for %arg5 = %arg0 to %arg1 step %arg2 {
// CHECK-NEXT:       %alloca = memref.alloca() : memref<4xf32, 3>
// CHECK-NEXT:       %alloca_5 = memref.alloca(%arg0) {alignment = 64 : i64} : memref<?xf32>
// CHECK-NEXT:     }
// CHECK-NEXT:     %0 = memref.load %alloc[%arg0, %arg1] : memref<4x4xf32>
// CHECK-NEXT:     %1 = memref.load %alloc[%arg0, %arg1] {nontemporal = true} : memref<4x4xf32>
// CHECK-NEXT:     memref.store %arg3, %alloc[%arg0, %arg1] : memref<4x4xf32>
// CHECK-NEXT:     memref.store %arg3, %alloc[%arg0, %arg1] {nontemporal = true} : memref<4x4xf32>
// CHECK-NEXT:     %dim = memref.dim %arg4, %arg0 : memref<?x?xf32>
// CHECK-NEXT:     %subview = memref.subview %alloc[%arg0, 1] [2, 2] [1, 1] : memref<4x4xf32> to memref<2x2xf32, strided<[4, 1], offset: ?>>
// CHECK-NEXT:     %subview_2 = memref.subview %arg4[%arg0, %arg1] [%arg2, 4] [1, 2] : memref<?x?xf32> to memref<?x4xf32, strided<[?, 2], offset: ?>>
// CHECK-NEXT:     %subview_3 = memref.subview %alloc[0, 0] [1, 4] [1, 1] : memref<4x4xf32> to memref<4xf32>
// CHECK-NEXT:     %cast = memref.cast %alloc : memref<4x4xf32> to memref<?x?xf32>
// CHECK-NEXT:     %cast_4 = memref.cast %alloc : memref<4x4xf32> to memref<*xf32>
// CHECK-NEXT:     memref.copy %alloc, %cast : memref<4x4xf32> to memref<?x?xf32>
// CHECK-NEXT:     %2 = memref.get_global @g : memref<2xf32>
// CHECK-NEXT:     memref.dealloc %alloc : memref<4x4xf32>
// CHECK-NEXT:     "test.return"() : () -> ()
// CHECK-NEXT:   }) : () -> ()
// CHECK-NEXT: }

// GENERIC:      #map = affine_map<(d0)[s0] -> (d0 + s0)>
// GENERIC-NEXT: "builtin.module"() ({
// GENERIC-NEXT:   "memref.global"() <{constant, initial_value = dense<[1.000000e+00, 2.000000e+00]> : tensor<2xf32>, sym_name = "g", sym_visibility = "private", type = memref<2xf32>}> : () -> ()
// GENERIC-NEXT:   "memref.global"() <{initial_value, sym_name = "u", type = memref<4xi32>}> : () -> ()
// GENERIC-NEXT:   "memref.global"() <{sym_name = "ext", sym_visibility = "private", type = memref<4xi32>}> : () -> ()
// GENERIC-NEXT:   "memref.global"() <{alignment = 64 : i64, initial_value = dense<0.000000e+00> : tensor<2xf32>, sym_name = "aligned", type = memref<2xf32>}> : () -> ()
// GENERIC-NEXT:   "test.func"() ({
// GENERIC-NEXT:   ^bb0(%arg0: index, %arg1: index, %arg2: index, %arg3: f32, %arg4: memref<?x?xf32>):
// GENERIC-NEXT:     %0 = "memref.alloc"() <{operandSegmentSizes = array<i32: 0, 0>}> : () -> memref<4x4xf32>
// GENERIC-NEXT:     %1 = "memref.alloc"(%arg0, %arg1) <{alignment = 16 : i64, operandSegmentSizes = array<i32: 2, 0>}> : (index, index) -> memref<?x?xf32>
// GENERIC-NEXT:     %2 = "memref.alloc"(%arg0, %arg2) <{operandSegmentSizes = array<i32: 1, 1>}> : (index, index) -> memref<?xf32, #map>
// GENERIC-NEXT:     "scf.for"(%arg0, %arg1, %arg2) ({
// GENERIC-NEXT:     ^bb0(%arg5: index):
// GENERIC-NEXT:       %12 = "memref.alloca"() <{operandSegmentSizes = array<i32: 0, 0>}> : () -> memref<4xf32, 3>
// GENERIC-NEXT:       %13 = "memref.alloca"(%arg0) <{alignment = 64 : i64, operandSegmentSizes = array<i32: 1, 0>}> : (index) -> memref<?xf32>
// GENERIC-NEXT:       "scf.yield"() : () -> ()
// GENERIC-NEXT:     }) : (index, index, index) -> ()
// GENERIC-NEXT:     %3 = "memref.load"(%0, %arg0, %arg1) : (memref<4x4xf32>, index, index) -> f32
// GENERIC-NEXT:     %4 = "memref.load"(%0, %arg0, %arg1) <{nontemporal = true}> : (memref<4x4xf32>, index, index) -> f32
// GENERIC-NEXT:     "memref.store"(%arg3, %0, %arg0, %arg1) : (f32, memref<4x4xf32>, index, index) -> ()
// GENERIC-NEXT:     "memref.store"(%arg3, %0, %arg0, %arg1) <{nontemporal = true}> : (f32, memref<4x4xf32>, index, index) -> ()
// GENERIC-NEXT:     %5 = "memref.dim"(%arg4, %arg0) : (memref<?x?xf32>, index) -> index
// GENERIC-NEXT:     %6 = "memref.subview"(%0, %arg0) <{operandSegmentSizes = array<i32: 1, 1, 0, 0>, static_offsets = array<i64: -9223372036854775808, 1>, static_sizes = array<i64: 2, 2>, static_strides = array<i64: 1, 1>}> : (memref<4x4xf32>, index) -> memref<2x2xf32, strided<[4, 1], offset: ?>>
// GENERIC-NEXT:     %7 = "memref.subview"(%arg4, %arg0, %arg1, %arg2) <{operandSegmentSizes = array<i32: 1, 2, 1, 0>, static_offsets = array<i64: -9223372036854775808, -9223372036854775808>, static_sizes = array<i64: -9223372036854775808, 4>, static_strides = array<i64: 1, 2>}> : (memref<?x?xf32>, index, index, index) -> memref<?x4xf32, strided<[?, 2], offset: ?>>
// GENERIC-NEXT:     %8 = "memref.subview"(%0) <{operandSegmentSizes = array<i32: 1, 0, 0, 0>, static_offsets = array<i64: 0, 0>, static_sizes = array<i64: 1, 4>, static_strides = array<i64: 1, 1>}> : (memref<4x4xf32>) -> memref<4xf32>
// GENERIC-NEXT:     %9 = "memref.cast"(%0) : (memref<4x4xf32>) -> memref<?x?xf32>
// GENERIC-NEXT:     %10 = "memref.cast"(%0) : (memref<4x4xf32>) -> memref<*xf32>
// GENERIC-NEXT:     "memref.copy"(%0, %9) : (memref<4x4xf32>, memref<?x?xf32>) -> ()
// GENERIC-NEXT:     %11 = "memref.get_global"() <{name = @g}> : () -> memref<2xf32>
// GENERIC-NEXT:     "memref.dealloc"(%0) : (memref<4x4xf32>) -> ()
// GENERIC-NEXT:     "test.return"() : () -> ()
// GENERIC-NEXT:   }) : () -> ()
// GENERIC-NEXT: }) : () -> ()
