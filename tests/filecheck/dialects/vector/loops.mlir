// RUN: tile-opt %s --allow-unregistered-dialect | tile-opt --allow-unregistered-dialect | FileCheck %s
// RUN: tile-opt %s --allow-unregistered-dialect --mlir-print-op-generic | tile-opt --allow-unregistered-dialect | FileCheck %s
// RUN: tile-opt %s --allow-unregistered-dialect --mlir-print-op-generic | tile-opt --allow-unregistered-dialect --mlir-print-op-generic | FileCheck %s --check-prefix=GENERIC

// Expected text is mlir-opt 19 output (--allow-unregistered-dialect; unregistered "test.*" ops supply values,
// so that the test does not depend on other dialects).
memref.global "public" @pub : memref<2x2xi32, 1> = dense<[[1, 2], [3, 4]]>
memref.global "private" constant @c0 : memref<f32> = dense<1.5>
"test.func"() ({
^bb0(%i: index, %j: index, %v: vector<4xf32>, %v0: vector<f32>, %m: memref<8x8xf32>, %u: memref<*xf32>, %c: i1, %f: f32, %x: i64, %vv: vector<2x[4]xf32>):
  %0 = vector.reduction <add>, %v fastmath<fast> : vector<4xf32> into f32
  %1 = vector.reduction <mul>, %v, %f fastmath<nnan,ninf> : vector<4xf32> into f32
  %2 = vector.extract %v0[] : f32 from vector<f32>
  %3 = vector.insert %f, %v0 [] : f32 into vector<f32>
  %4 = vector.insert %f, %v [%i] : f32 into vector<4xf32>
  %5 = vector.broadcast %v0 : vector<f32> to vector<2x4xf32>
  %6 = vector.load %m[%i, %j] : memref<8x8xf32>, vector<2x4xf32>
  %7 = vector.extract %vv[1] : vector<[4]xf32> from vector<2x[4]xf32>
  %8 = vector.splat %x : vector<[4]xi64>
  %9 = vector.fma %vv, %vv, %vv : vector<2x[4]xf32>
  memref.dealloc %u : memref<*xf32>
  %10 = memref.subview %m[%i, 0][4, 1][2, 1] : memref<8x8xf32> to memref<4xf32, strided<[16], offset: ?>>
  %11 = memref.subview %m[2, 3][4, 4][1, 1] : memref<8x8xf32> to memref<4x4xf32, strided<[8, 1], offset: 19>>
  %12 = memref.get_global @pub : memref<2x2xi32, 1>
  %13 = memref.load %12[%i, %j] : memref<2x2xi32, 1>
  %14 = memref.cast %u : memref<*xf32> to memref<8x8xf32>
  %15 = memref.cast %m : memref<8x8xf32> to memref<8x8xf32, strided<[?, ?], offset: ?>>
  %16 = memref.get_global @c0 : memref<f32>
  %17 = memref.load %16[] : memref<f32>
  %18:2 = scf.if %c -> (index, f32) {
    scf.yield %i, %f : index, f32
  } else {
    %a = memref.alloc() : memref<f32>
    scf.yield %j, %f : index, f32
  }
  %19 = scf.for %iv = %i to %j step %i iter_args(%acc = %v) -> (vector<4xf32>) {
    %l = vector.load %m[%iv, %iv] : memref<8x8xf32>, vector<4xf32>
    %s = vector.fma %l, %l, %acc : vector<4xf32>
    scf.yield %s : vector<4xf32>
  }
  scf.for %iv = %i to %j step %i {
    scf.for %jv = %i to %j step %i {
      %l = memref.load %m[%iv, %jv] : memref<8x8xf32>
      memref.store %l, %m[%jv, %iv] : memref<8x8xf32>
    }
  }
  %20 = scf.execute_region -> i1 {
    scf.yield %c : i1
  }
  "test.return"() : () -> ()
}) : () -> ()

// CHECK:      module {
// CHECK-NEXT:   memref.global "public" @pub : memref<2x2xi32, 1> = dense<{{\[\[}}1, 2], [3, 4]]>
// CHECK-NEXT:   memref.global "private" constant @c0 : memref<f32> = dense<1.500000e+00>
// CHECK-NEXT:   "test.func"() ({
// CHECK-NEXT:   ^bb0(%arg0: index, %arg1: index, %arg2: vector<4xf32>, %arg3: vector<f32>, %arg4: memref<8x8xf32>, %arg5: memref<*xf32>, %arg6: i1, %arg7: f32, %arg8: i64, %arg9: vector<2x[4]xf32>):
// CHECK-NEXT:     %0 = vector.reduction <add>, %arg2 fastmath<fast> : vector<4xf32> into f32
// CHECK-NEXT:     %1 = vector.reduction <mul>, %arg2, %arg7 fastmath<nnan,ninf> : vector<4xf32> into f32
// CHECK-NEXT:     %2 = vector.extract %arg3[] : f32 from vector<f32>
// CHECK-NEXT:     %3 = vector.insert %arg7, %arg3 [] : f32 into vector<f32>
// CHECK-NEXT:     %4 = vector.insert %arg7, %arg2 [%arg0] : f32 into vector<4xf32>
// CHECK-NEXT:     %5 = vector.broadcast %arg3 : vector<f32> to vector<2x4xf32>
// CHECK-NEXT:     %6 = vector.load %arg4[%arg0, %arg1] : memref<8x8xf32>, vector<2x4xf32>
// CHECK-NEXT:     %7 = vector.extract %arg9[1] : vector<[4]xf32> from vector<2x[4]xf32>
// CHECK-NEXT:     %8 = vector.splat %arg8 : vector<[4]xi64>
// CHECK-NEXT:     %9 = vector.fma %arg9, %arg9, %arg9 : vector<2x[4]xf32>
// CHECK-NEXT:     memref.dealloc %arg5 : memref<*xf32>
// CHECK-NEXT:     %subview = memref.subview %arg4[%arg0, 0] [4, 1] [2, 1] : memref<8x8xf32> to memref<4xf32, strided<[16], offset: ?>>
// CHECK-NEXT:     %subview_0 = memref.subview %arg4[2, 3] [4, 4] [1, 1] : memref<8x8xf32> to memref<4x4xf32, strided<[8, 1], offset: 19>>
// CHECK-NEXT:     %10 = memref.get_global @pub : memref<2x2xi32, 1>
// CHECK-NEXT:     %11 = memref.load %10[%arg0, %arg1] : memref<2x2xi32, 1>
// CHECK-NEXT:     %cast = memref.cast %arg5 : memref<*xf32> to memref<8x8xf32>
// CHECK-NEXT:     %cast_1 = memref.cast %arg4 : memref<8x8xf32> to memref<8x8xf32, strided<[?, ?], offset: ?>>
// CHECK-NEXT:     %12 = memref.get_global @c0 : memref<f32>
// CHECK-NEXT:     %13 = memref.load %12[] : memref<f32>
// CHECK-NEXT:     %14:2 = scf.if %arg6 -> (index, f32) {
// CHECK-NEXT:       scf.yield %arg0, %arg7 : index, f32
// CHECK-NEXT:     } else {
// CHECK-NEXT:       %alloc = memref.alloc() : memref<f32>
// CHECK-NEXT:       scf.yield %arg1, %arg7 : index, f32
// CHECK-NEXT:     }
// CHECK-NEXT:     %15 = scf.for %arg10 = %arg0 to %arg1 step %arg0 iter_args(%arg11 = %arg2) -> (vector<4xf32>) {
// CHECK-NEXT:       %17 = vector.load %arg4[%arg10, %arg10] : memref<8x8xf32>, vector<4xf32>
// CHECK-NEXT:       %18 = vector.fma %17, %17, %arg11 : vector<4xf32>
// CHECK-NEXT:       scf.yield %18 : vector<4xf32>
// CHECK-NEXT:     }
// CHECK-NEXT:     scf.for %arg10 = %arg0 to %arg1 step %arg0 {
// CHECK-NEXT:       scf.for %arg11 = %arg0 to %arg1 step %arg0 {
// CHECK-NEXT:         %17 = memref.load %arg4[%arg10, %arg11] : memref<8x8xf32>
// CHECK-NEXT:         memref.store %17, %arg4[%arg11, %arg10] : memref<8x8xf32>
// CHECK-NEXT:       }
// CHECK-NEXT:     }
// CHECK-NEXT:     %16 = scf.execute_region -> i1 {
// CHECK-NEXT:       scf.yield %arg6 : i1
// CHECK-NEXT:     }
// CHECK-NEXT:     "test.return"() : () -> ()
// CHECK-NEXT:   }) : () -> ()
// CHECK-NEXT: }

// GENERIC:      "builtin.module"() ({
// GENERIC-NEXT:   "memref.global"() <{initial_value = dense<{{\[\[}}1, 2], [3, 4]]> : tensor<2x2xi32>, sym_name = "pub", sym_visibility = "public", type = memref<2x2xi32, 1>}> : () -> ()
// GENERIC-NEXT:   "memref.global"() <{constant, initial_value = dense<1.500000e+00> : tensor<f32>, sym_name = "c0", sym_visibility = "private", type = memref<f32>}> : () -> ()
// GENERIC-NEXT:   "test.func"() ({
// GENERIC-NEXT:   ^bb0(%arg0: index, %arg1: index, %arg2: vector<4xf32>, %arg3: vector<f32>, %arg4: memref<8x8xf32>, %arg5: memref<*xf32>, %arg6: i1, %arg7: f32, %arg8: i64, %arg9: vector<2x[4]xf32>):
// GENERIC-NEXT:     %0 = "vector.reduction"(%arg2) <{fastmath = #arith.fastmath<fast>, kind = #vector.kind<add>}> : (vector<4xf32>) -> f32
// GENERIC-NEXT:     %1 = "vector.reduction"(%arg2, %arg7) <{fastmath = #arith.fastmath<nnan,ninf>, kind = #vector.kind<mul>}> : (vector<4xf32>, f32) -> f32
// GENERIC-NEXT:     %2 = "vector.extract"(%arg3) <{static_position = array<i64>}> : (vector<f32>) -> f32
// GENERIC-NEXT:     %3 = "vector.insert"(%arg7, %arg3) <{static_position = array<i64>}> : (f32, vector<f32>) -> vector<f32>
// GENERIC-NEXT:     %4 = "vector.insert"(%arg7, %arg2, %arg0) <{static_position = array<i64: -9223372036854775808>}> : (f32, vector<4xf32>, index) -> vector<4xf32>
// GENERIC-NEXT:     %5 = "vector.broadcast"(%arg3) : (vector<f32>) -> vector<2x4xf32>
// GENERIC-NEXT:     %6 = "vector.load"(%arg4, %arg0, %arg1) : (memref<8x8xf32>, index, index) -> vector<2x4xf32>
// GENERIC-NEXT:     %7 = "vector.extract"(%arg9) <{static_position = array<i64: 1>}> : (vector<2x[4]xf32>) -> vector<[4]xf32>
// GENERIC-NEXT:     %8 = "vector.splat"(%arg8) : (i64) -> vector<[4]xi64>
// GENERIC-NEXT:     %9 = "vector.fma"(%arg9, %arg9, %arg9) : (vector<2x[4]xf32>, vector<2x[4]xf32>, vector<2x[4]xf32>) -> vector<2x[4]xf32>
// GENERIC-NEXT:     "memref.dealloc"(%arg5) : (memref<*xf32>) -> ()
// GENERIC-NEXT:     %10 = "memref.subview"(%arg4, %arg0) <{operandSegmentSizes = array<i32: 1, 1, 0, 0>, static_offsets = array<i64: -9223372036854775808, 0>, static_sizes = array<i64: 4, 1>, static_strides = array<i64: 2, 1>}> : (memref<8x8xf32>, index) -> memref<4xf32, strided<[16], offset: ?>>
// GENERIC-NEXT:     %11 = "memref.subview"(%arg4) <{operandSegmentSizes = array<i32: 1, 0, 0, 0>, static_offsets = array<i64: 2, 3>, static_sizes = array<i64: 4, 4>, static_strides = array<i64: 1, 1>}> : (memref<8x8xf32>) -> memref<4x4xf32, strided<[8, 1], offset: 19>>
// GENERIC-NEXT:     %12 = "memref.get_global"() <{name = @pub}> : () -> memref<2x2xi32, 1>
// GENERIC-NEXT:     %13 = "memref.load"(%12, %arg0, %arg1) : (memref<2x2xi32, 1>, index, index) -> i32
// GENERIC-NEXT:     %14 = "memref.cast"(%arg5) : (memref<*xf32>) -> memref<8x8xf32>
// GENERIC-NEXT:     %15 = "memref.cast"(%arg4) : (memref<8x8xf32>) -> memref<8x8xf32, strided<[?, ?], offset: ?>>
// GENERIC-NEXT:     %16 = "memref.get_global"() <{name = @c0}> : () -> memref<f32>
// GENERIC-NEXT:     %17 = "memref.load"(%16) : (memref<f32>) -> f32
// GENERIC-NEXT:     %18:2 = "scf.if"(%arg6) ({
// GENERIC-NEXT:       "scf.yield"(%arg0, %arg7) : (index, f32) -> ()
// GENERIC-NEXT:     }, {
// GENERIC-NEXT:       %24 = "memref.alloc"() <{operandSegmentSizes = array<i32: 0, 0>}> : () -> memref<f32>
// GENERIC-NEXT:       "scf.yield"(%arg1, %arg7) : (index, f32) -> ()
// GENERIC-NEXT:     }) : (i1) -> (index, f32)
// GENERIC-NEXT:     %19 = "scf.for"(%arg0, %arg1, %arg0, %arg2) ({
// GENERIC-NEXT:     ^bb0(%arg12: index, %arg13: vector<4xf32>):
// GENERIC-NEXT:       %22 = "vector.load"(%arg4, %arg12, %arg12) : (memref<8x8xf32>, index, index) -> vector<4xf32>
// GENERIC-NEXT:       %23 = "vector.fma"(%22, %22, %arg13) : (vector<4xf32>, vector<4xf32>, vector<4xf32>) -> vector<4xf32>
// GENERIC-NEXT:       "scf.yield"(%23) : (vector<4xf32>) -> ()
// GENERIC-NEXT:     }) : (index, index, index, vector<4xf32>) -> vector<4xf32>
// GENERIC-NEXT:     "scf.for"(%arg0, %arg1, %arg0) ({
// GENERIC-NEXT:     ^bb0(%arg10: index):
// GENERIC-NEXT:       "scf.for"(%arg0, %arg1, %arg0) ({
// GENERIC-NEXT:       ^bb0(%arg11: index):
// GENERIC-NEXT:         %21 = "memref.load"(%arg4, %arg10, %arg11) : (memref<8x8xf32>, index, index) -> f32
// GENERIC-NEXT:         "memref.store"(%21, %arg4, %arg11, %arg10) : (f32, memref<8x8xf32>, index, index) -> ()
// GENERIC-NEXT:         "scf.yield"() : () -> ()
// GENERIC-NEXT:       }) : (index, index, index) -> ()
// GENERIC-NEXT:       "scf.yield"() : () -> ()
// GENERIC-NEXT:     }) : (index, index, index) -> ()
// GENERIC-NEXT:     %20 = "scf.execute_region"() ({
// GENERIC-NEXT:       "scf.yield"(%arg6) : (i1) -> ()
// GENERIC-NEXT:     }) : () -> i1
// GENERIC-NEXT:     "test.return"() : () -> ()
// GENERIC-NEXT:   }) : () -> ()
// GENERIC-NEXT: }) : () -> ()
