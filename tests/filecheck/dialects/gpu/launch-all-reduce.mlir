// RUN: tile-opt %s | FileCheck %s
// RUN: tile-opt %s --mlir-print-op-generic | tile-opt | FileCheck %s
// RUN: tile-opt %s --canonicalize | FileCheck %s --check-prefix=CANON

// gpu.launch, gpu.terminator, gpu.all_reduce and gpu.yield as MLIR 19 prints them (two spaces after
// all_reduce: its custom directive follows a space), and their canonicalization: ids whose range is one
// become 0 (FoldLaunchArguments), all_reduce in the entry block of a launch becomes uniform. The expected
// text is mlir-opt 19 output for this input.

func.func @launch(%sz: index, %t: !gpu.async.token, %x: f32, %n: i32, %m: memref<8xindex>, %mf: memref<f32>, %mi: memref<i32>) -> !gpu.async.token {
  %c1 = arith.constant 1 : index
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %sz, %gz = %sz) threads(%tx, %ty, %tz) in (%sx = %sz, %sy = %c1, %sz2 = %sz) {
    memref.store %bx, %m[%by] : memref<8xindex>
    memref.store %ty, %m[%tx] : memref<8xindex>
    memref.store %gx, %m[%sx] : memref<8xindex>
    %sum = gpu.all_reduce add %x {} : (f32) -> (f32)
    %max = gpu.all_reduce %n {
    ^bb(%lhs : i32, %rhs : i32):
      %mx = arith.maxsi %lhs, %rhs : i32
      gpu.yield %mx : i32
    } : (i32) -> (i32)
    memref.store %sum, %mf[] : memref<f32>
    memref.store %max, %mi[] : memref<i32>
    gpu.terminator
  }
  %tok = gpu.launch async [%t] blocks(%bx, %by, %bz) in (%gx = %sz, %gy = %sz, %gz = %sz) threads(%tx, %ty, %tz) in (%sx = %sz, %sy = %sz, %sz2 = %sz) workgroup(%w : memref<4xf32, #gpu.address_space<workgroup>>) private(%p : memref<2xf32, #gpu.address_space<private>>) {
    %u = gpu.all_reduce mul %x uniform {} : (f32) -> (f32)
    memref.store %u, %mf[] : memref<f32>
    gpu.terminator
  } {kernel_name = "k"}
  return %tok : !gpu.async.token
}

// CHECK: module {
// CHECK-NEXT:   func.func @launch(%sz: index, %t: !gpu.async.token, %x: f32, %n: i32, %m: memref<8xindex>, %mf: memref<f32>, %mi: memref<i32>) -> !gpu.async.token {
// CHECK-NEXT:     %c1 = arith.constant 1 : index
// CHECK-NEXT:     gpu.launch blocks(%arg7, %arg8, %arg9) in (%arg13 = %c1, %arg14 = %sz, %arg15 = %sz) threads(%arg10, %arg11, %arg12) in (%arg16 = %sz, %arg17 = %c1, %arg18 = %sz) {
// CHECK-NEXT:       memref.store %arg7, %m[%arg8] : memref<8xindex>
// CHECK-NEXT:       memref.store %arg11, %m[%arg10] : memref<8xindex>
// CHECK-NEXT:       memref.store %arg13, %m[%arg16] : memref<8xindex>
// CHECK-NEXT:       %1 = gpu.all_reduce  add %x {
// CHECK-NEXT:       } : (f32) -> f32
// CHECK-NEXT:       %2 = gpu.all_reduce  %n {
// CHECK-NEXT:       ^bb0(%arg19: i32, %arg20: i32):
// CHECK-NEXT:         %3 = arith.maxsi %arg19, %arg20 : i32
// CHECK-NEXT:         gpu.yield %3 : i32
// CHECK-NEXT:       } : (i32) -> i32
// CHECK-NEXT:       memref.store %1, %mf[] : memref<f32>
// CHECK-NEXT:       memref.store %2, %mi[] : memref<i32>
// CHECK-NEXT:       gpu.terminator
// CHECK-NEXT:     }
// CHECK-NEXT:     %0 = gpu.launch async [%t] blocks(%arg7, %arg8, %arg9) in (%arg13 = %sz, %arg14 = %sz, %arg15 = %sz) threads(%arg10, %arg11, %arg12) in (%arg16 = %sz, %arg17 = %sz, %arg18 = %sz) workgroup(%arg19 : memref<4xf32, #gpu.address_space<workgroup>>) private(%arg20 : memref<2xf32, #gpu.address_space<private>>) {
// CHECK-NEXT:       %1 = gpu.all_reduce  mul %x uniform {
// CHECK-NEXT:       } : (f32) -> f32
// CHECK-NEXT:       memref.store %1, %mf[] : memref<f32>
// CHECK-NEXT:       gpu.terminator
// CHECK-NEXT:     } {kernel_name = "k"}
// CHECK-NEXT:     return %0 : !gpu.async.token
// CHECK-NEXT:   }
// CHECK-NEXT: }
// CHECK-EMPTY:

// CANON: module {
// CANON-NEXT:   func.func @launch(%sz: index, %t: !gpu.async.token, %x: f32, %n: i32, %m: memref<8xindex>, %mf: memref<f32>, %mi: memref<i32>) -> !gpu.async.token {
// CANON-NEXT:     %c0 = arith.constant 0 : index
// CANON-NEXT:     %c1 = arith.constant 1 : index
// CANON-NEXT:     gpu.launch blocks(%arg7, %arg8, %arg9) in (%arg13 = %c1, %arg14 = %sz, %arg15 = %sz) threads(%arg10, %arg11, %arg12) in (%arg16 = %sz, %arg17 = %c1, %arg18 = %sz) {
// CANON-NEXT:       memref.store %c0, %m[%arg8] : memref<8xindex>
// CANON-NEXT:       memref.store %c0, %m[%arg10] : memref<8xindex>
// CANON-NEXT:       memref.store %arg13, %m[%arg16] : memref<8xindex>
// CANON-NEXT:       %1 = gpu.all_reduce  add %x uniform {
// CANON-NEXT:       } : (f32) -> f32
// CANON-NEXT:       %2 = gpu.all_reduce  %n uniform {
// CANON-NEXT:       ^bb0(%arg19: i32, %arg20: i32):
// CANON-NEXT:         %3 = arith.maxsi %arg19, %arg20 : i32
// CANON-NEXT:         gpu.yield %3 : i32
// CANON-NEXT:       } : (i32) -> i32
// CANON-NEXT:       memref.store %1, %mf[] : memref<f32>
// CANON-NEXT:       memref.store %2, %mi[] : memref<i32>
// CANON-NEXT:       gpu.terminator
// CANON-NEXT:     }
// CANON-NEXT:     %0 = gpu.launch async [%t] blocks(%arg7, %arg8, %arg9) in (%arg13 = %sz, %arg14 = %sz, %arg15 = %sz) threads(%arg10, %arg11, %arg12) in (%arg16 = %sz, %arg17 = %sz, %arg18 = %sz) workgroup(%arg19 : memref<4xf32, #gpu.address_space<workgroup>>) private(%arg20 : memref<2xf32, #gpu.address_space<private>>) {
// CANON-NEXT:       %1 = gpu.all_reduce  mul %x uniform {
// CANON-NEXT:       } : (f32) -> f32
// CANON-NEXT:       memref.store %1, %mf[] : memref<f32>
// CANON-NEXT:       gpu.terminator
// CANON-NEXT:     } {kernel_name = "k"}
// CANON-NEXT:     return %0 : !gpu.async.token
// CANON-NEXT:   }
// CANON-NEXT: }
// CANON-EMPTY:
