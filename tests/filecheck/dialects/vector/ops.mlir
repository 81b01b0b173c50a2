// RUN: tile-opt %s --allow-unregistered-dialect | tile-opt --allow-unregistered-dialect | FileCheck %s
// RUN: tile-opt %s --allow-unregistered-dialect --mlir-print-op-generic | tile-opt --allow-unregistered-dialect | FileCheck %s
// RUN: tile-opt %s --allow-unregistered-dialect --mlir-print-op-generic | tile-opt --allow-unregistered-dialect --mlir-print-op-generic | FileCheck %s --check-prefix=GENERIC

// Expected text is mlir-opt 19 output (--allow-unregistered-dialect; unregistered "test.*" ops supply values,
// so that the test does not depend on other dialects).
"test.func"() ({
^bb0(%i: index, %j: index, %f: f32, %m: memref<4x4xf32>, %v: vector<4xf32>, %v2: vector<2x4xf32>, %vi: vector<4xi32>, %x: i32):
  %0 = vector.load %m[%i, %j] : memref<4x4xf32>, vector<4xf32>
  %n = vector.load %m[%i, %j] {nontemporal = true} : memref<4x4xf32>, vector<4xf32>
  vector.store %v, %m[%i, %j] : memref<4x4xf32>, vector<4xf32>
  vector.store %v, %m[%i, %j] {nontemporal = true} : memref<4x4xf32>, vector<4xf32>
  %1 = vector.broadcast %f : f32 to vector<4xf32>
  %2 = vector.broadcast %v : vector<4xf32> to vector<3x4xf32>
  %3 = vector.splat %f : vector<4xf32>
  %4 = vector.extract %v[0] : f32 from vector<4xf32>
  %5 = vector.extract %v2[1] : vector<4xf32> from vector<2x4xf32>
  %6 = vector.extract %v2[%i, 2] : f32 from vector<2x4xf32>
  %7 = vector.insert %f, %v[1] : f32 into vector<4xf32>
  %8 = vector.insert %v, %v2[%j] : vector<4xf32> into vector<2x4xf32>
  %9 = vector.fma %v, %v, %v : vector<4xf32>
  %10 = vector.reduction <add>, %v : vector<4xf32> into f32
  %11 = vector.reduction <maximumf>, %v, %f : vector<4xf32> into f32
  %12 = vector.reduction <xor>, %vi : vector<4xi32> into i32
  %13 = vector.extract %v2[] : vector<2x4xf32> from vector<2x4xf32>
  %14 = vector.splat %x : vector<2x4xi32>
  "test.return"() : () -> ()
}) : () -> ()

// CHECK:      module {
// CHECK-NEXT:   "test.func"() ({
// CHECK-NEXT:   ^bb0(%arg0: index, %arg1: index, %arg2: f32, %arg3: memref<4x4xf32>, %arg4: vector<4xf32>, %arg5: vector<2x4xf32>, %arg6: vector<4xi32>, %arg7: i32):
// CHECK-NEXT:     %0 = vector.load %arg3[%arg0, %arg1] : memref<4x4xf32>, vector<4xf32>
// CHECK-NEXT:     %1 = vector.load %arg3[%arg0, %arg1] {nontemporal = true} : memref<4x4xf32>, vector<4xf32>
// CHECK-NEXT:     vector.store %arg4, %arg3[%arg0, %arg1] : memref<4x4xf32>, vector<4xf32>
// CHECK-NEXT:     vector.store %arg4, %arg3[%arg0, %arg1] {nontemporal = true} : memref<4x4xf32>, vector<4xf32>
// CHECK-NEXT:     %2 = vector.broadcast %arg2 : f32 to vector<4xf32>
// CHECK-NEXT:     %3 = vector.broadcast %arg4 : vector<4xf32> to vector<3x4xf32>
// CHECK-NEXT:     %4 = vector.splat %arg2 : vector<4xf32>
// CHECK-NEXT:     %5 = vector.extract %arg4[0] : f32 from vector<4xf32>
// CHECK-NEXT:     %6 = vector.extract %arg5[1] : vector<4xf32> from vector<2x4xf32>
// CHECK-NEXT:     %7 = vector.extract %arg5[%arg0, 2] : f32 from vector<2x4xf32>
// CHECK-NEXT:     %8 = vector.insert %arg2, %arg4 [1] : f32 into vector<4xf32>
// CHECK-NEXT:     %9 = vector.insert %arg4, %arg5 [%arg1] : vector<4xf32> into vector<2x4xf32>
// CHECK-NEXT:     %10 = vector.fma %arg4, %arg4, %arg4 : vector<4xf32>
// CHECK-NEXT:     %11 = vector.reduction <add>, %arg4 : vector<4xf32> into f32
// CHECK-NEXT:     %12 = vector.reduction <maximumf>, %arg4, %arg2 : vector<4xf32> into f32
// CHECK-NEXT:     %13 = vector.reduction <xor>, %arg6 : vector<4xi32> into i32
// CHECK-NEXT:     %14 = vector.extract %arg5[] : vector<2x4xf32> from vector<2x4xf32>
// CHECK-NEXT:     %15 = vector.splat %arg7 : vector<2x4xi32>
// CHECK-NEXT:     "test.return"() : () -> ()
// CHECK-NEXT:   }) : () -> ()
// CHECK-NEXT: }

// GENERIC:      "builtin.module"() ({
// GENERIC-NEXT:   "test.func"() ({
// GENERIC-NEXT:   ^bb0(%arg0: index, %arg1: index, %arg2: f32, %arg3: memref<4x4xf32>, %arg4: vector<4xf32>, %arg5: vector<2x4xf32>, %arg6: vector<4xi32>, %arg7: i32):
// GENERIC-NEXT:     %0 = "vector.load"(%arg3, %arg0, %arg1) : (memref<4x4xf32>, index, index) -> vector<4xf32>
// GENERIC-NEXT:     %1 = "vector.load"(%arg3, %arg0, %arg1) <{nontemporal = true}> : (memref<4x4xf32>, index, index) -> vector<4xf32>
// GENERIC-NEXT:     "vector.store"(%arg4, %arg3, %arg0, %arg1) : (vector<4xf32>, memref<4x4xf32>, index, index) -> ()
// GENERIC-NEXT:     "vector.store"(%arg4, %arg3, %arg0, %arg1) <{nontemporal = true}> : (vector<4xf32>, memref<4x4xf32>, index, index) -> ()
// GENERIC-NEXT:     %2 = "vector.broadcast"(%arg2) : (f32) -> vector<4xf32>
// GENERIC-NEXT:     %3 = "vector.broadcast"(%arg4) : (vector<4xf32>) -> vector<3x4xf32>
// GENERIC-NEXT:     %4 = "vector.splat"(%arg2) : (f32) -> vector<4xf32>
// GENERIC-NEXT:     %5 = "vector.extract"(%arg4) <{static_position = array<i64: 0>}> : (vector<4xf32>) -> f32
// GENERIC-NEXT:     %6 = "vector.extract"(%arg5) <{static_position = array<i64: 1>}> : (vector<2x4xf32>) -> vector<4xf32>
// GENERIC-NEXT:     %7 = "vector.extract"(%arg5, %arg0) <{static_position = array<i64: -9223372036854775808, 2>}> : (vector<2x4xf32>, index) -> f32
// GENERIC-NEXT:     %8 = "vector.insert"(%arg2, %arg4) <{static_position = array<i64: 1>}> : (f32, vector<4xf32>) -> vector<4xf32>
// GENERIC-NEXT:     %9 = "vector.insert"(%arg4, %arg5, %arg1) <{static_position = array<i64: -9223372036854775808>}> : (vector<4xf32>, vector<2x4xf32>, index) -> vector<2x4xf32>
// GENERIC-NEXT:     %10 = "vector.fma"(%arg4, %arg4, %arg4) : (vector<4xf32>, vector<4xf32>, vector<4xf32>) -> vector<4xf32>
// GENERIC-NEXT:     %11 = "vector.reduction"(%arg4) <{fastmath = #arith.fastmath<none>, kind = #vector.kind<add>}> : (vector<4xf32>) -> f32
// GENERIC-NEXT:     %12 = "vector.reduction"(%arg4, %arg2) <{fastmath = #arith.fastmath<none>, kind = #vector.kind<maximumf>}> : (vector<4xf32>, f32) -> f32
// GENERIC-NEXT:     %13 = "vector.reduction"(%arg6) <{fastmath = #arith.fastmath<none>, kind = #vector.kind<xor>}> : (vector<4xi32>) -> i32
// GENERIC-NEXT:     %14 = "vector.extract"(%arg5) <{static_position = array<i64>}> : (vector<2x4xf32>) -> vector<2x4xf32>
// GENERIC-NEXT:     %15 = "vector.splat"(%arg7) : (i32) -> vector<2x4xi32>
// GENERIC-NEXT:     "test.return"() : () -> ()
// GENERIC-NEXT:   }) : () -> ()
// GENERIC-NEXT: }) : () -> ()
