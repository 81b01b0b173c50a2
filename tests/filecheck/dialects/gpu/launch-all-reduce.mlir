// RUN: tile-opt %s --allow-unregistered-dialect | FileCheck %s
// RUN: tile-opt %s --allow-unregistered-dialect --mlir-print-op-generic | tile-opt --allow-unregistered-dialect | FileCheck %s
// RUN: tile-opt %s --allow-unregistered-dialect --canonicalize | FileCheck %s --check-prefix=CANON

// gpu.launch, gpu.terminator, gpu.all_reduce and gpu.yield as MLIR 19 prints them (two spaces after
// all_reduce: its custom directive follows a space), and their canonicalization: ids whose range is one
// become 0 (FoldLaunchArguments), all_reduce in the entry block of a launch becomes uniform. The expected
// text is mlir-opt 19 output for this input.

func.func @launch(%sz: index, %t: !gpu.async.token, %x: f32, %n: i32) -> !gpu.async.token {
  %c1 = arith.constant 1 : index
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %sz, %gz = %sz) threads(%tx, %ty, %tz) in (%sx = %sz, %sy = %c1, %sz2 = %sz) {
    "test.use"(%bx, %by, %tx, %ty, %gx, %sx) : (index, index, index, index, index, index) -> ()
    %sum = gpu.all_reduce add %x {} : (f32) -> (f32)
    %max = gpu.all_reduce %n {
    ^bb(%lhs : i32, %rhs : i32):
      %m = arith.maxsi %lhs, %rhs : i32
      gpu.yield %m : i32
    } : (i32) -> (i32)
    "test.use"(%sum, %max) : (f32, i32) -> ()
    gpu.terminator
  }
  %tok = gpu.launch async [%t] blocks(%bx, %by, %bz) in (%gx = %sz, %gy = %sz, %gz = %sz) threads(%tx, %ty, %tz) in (%sx = %sz, %sy = %sz, %sz2 = %sz) workgroup(%w : memref<4xf32, #gpu.address_space<workgroup>>) private(%p : memref<2xf32, #gpu.address_space<private>>) {
    %u = gpu.all_reduce mul %x uniform {} : (f32) -> (f32)
    gpu.terminator
  } {kernel_name = "k"}
  return %tok : !gpu.async.token
}

// CHECK: module {
// CHECK-NEXT:   func.func @launch(%arg0: index, %arg1: !gpu.async.token, %arg2: f32, %arg3: i32) -> !gpu.async.token {
// CHECK-NEXT:     %c1 = arith.constant 1 : index
// CHECK-NEXT:     gpu.launch blocks(%arg4, %arg5, %arg6) in (%arg10 = %c1, %arg11 = %arg0, %arg12 = %arg0) threads(%arg7, %arg8, %arg9) in (%arg13 = %arg0, %arg14 = %c1, %arg15 = %arg0) {
// CHECK-NEXT:       "test.use"(%arg4, %arg5, %arg7, %arg8, %arg10, %arg13) : (index, index, index, index, index, index) -> ()
// CHECK-NEXT:       %1 = gpu.all_reduce  add %arg2 {
// CHECK-NEXT:       } : (f32) -> f32
// CHECK-NEXT:       %2 = gpu.all_reduce  %arg3 {
// CHECK-NEXT:       ^bb0(%arg16: i32, %arg17: i32):
// CHECK-NEXT:         %3 = arith.maxsi %arg16, %arg17 : i32
// CHECK-NEXT:         gpu.yield %3 : i32
// CHECK-NEXT:       } : (i32) -> i32
// CHECK-NEXT:       "test.use"(%1, %2) : (f32, i32) -> ()
// CHECK-NEXT:       gpu.terminator
// CHECK-NEXT:     }
// CHECK-NEXT:     %0 = gpu.launch async [%arg1] blocks(%arg4, %arg5, %arg6) in (%arg10 = %arg0, %arg11 = %arg0, %arg12 = %arg0) threads(%arg7, %arg8, %arg9) in (%arg13 = %arg0, %arg14 = %arg0, %arg15 = %arg0) workgroup(%arg16 : memref<4xf32, #gpu.address_space<workgroup>>) private(%arg17 : memref<2xf32, #gpu.address_space<private>>) {
// CHECK-NEXT:       %1 = gpu.all_reduce  mul %arg2 uniform {
// CHECK-NEXT:       } : (f32) -> f32
// CHECK-NEXT:       gpu.terminator
// CHECK-NEXT:     } {kernel_name = "k"}
// CHECK-NEXT:     return %0 : !gpu.async.token
// CHECK-NEXT:   }
// CHECK-NEXT: }
// CHECK-EMPTY:

// CANON: module {
// CANON-NEXT:   func.func @launch(%arg0: index, %arg1: !gpu.async.token, %arg2: f32, %arg3: i32) -> !gpu.async.token {
// CANON-NEXT:     %c0 = arith.constant 0 : index
// CANON-NEXT:     %c1 = arith.constant 1 : index
// CANON-NEXT:     gpu.launch blocks(%arg4, %arg5, %arg6) in (%arg10 = %c1, %arg11 = %arg0, %arg12 = %arg0) threads(%arg7, %arg8, %arg9) in (%arg13 = %arg0, %arg14 = %c1, %arg15 = %arg0) {
// CANON-NEXT:       "test.use"(%c0, %arg5, %arg7, %c0, %arg10, %arg13) : (index, index, index, index, index, index) -> ()
// CANON-NEXT:       %1 = gpu.all_reduce  add %arg2 uniform {
// CANON-NEXT:       } : (f32) -> f32
// CANON-NEXT:       %2 = gpu.all_reduce  %arg3 uniform {
// CANON-NEXT:       ^bb0(%arg16: i32, %arg17: i32):
// CANON-NEXT:         %3 = arith.maxsi %arg16, %arg17 : i32
// CANON-NEXT:         gpu.yield %3 : i32
// CANON-NEXT:       } : (i32) -> i32
// CANON-NEXT:       "test.use"(%1, %2) : (f32, i32) -> ()
// CANON-NEXT:       gpu.terminator
// CANON-NEXT:     }
// CANON-NEXT:     %0 = gpu.launch async [%arg1] blocks(%arg4, %arg5, %arg6) in (%arg10 = %arg0, %arg11 = %arg0, %arg12 = %arg0) threads(%arg7, %arg8, %arg9) in (%arg13 = %arg0, %arg14 = %arg0, %arg15 = %arg0) workgroup(%arg16 : memref<4xf32, #gpu.address_space<workgroup>>) private(%arg17 : memref<2xf32, #gpu.address_space<private>>) {
// CANON-NEXT:       %1 = gpu.all_reduce  mul %arg2 uniform {
// CANON-NEXT:       } : (f32) -> f32
// CANON-NEXT:       gpu.terminator
// CANON-NEXT:     } {kernel_name = "k"}
// CANON-NEXT:     return %0 : !gpu.async.token
// CANON-NEXT:   }
// CANON-NEXT: }
// CANON-EMPTY:
