// RUN: not tile-opt %s --split-input-file 2>&1 | FileCheck %s
// RUN: not tile-opt %s --split-input-file --mlir-print-op-on-diagnostic=false 2>&1 | FileCheck %s --check-prefix=NOOP

// As mlir-opt 19: an error on an op is followed by a note showing the op in generic form, its
// values named within the closest isolated-from-above op; a note where its diagnostic is does
// not show the source line again; an op with regions starts on a new line; long source lines
// are shown whole. (FileCheck passes on mlir-opt 19's output too.)

// CHECK: error: 'memref.load' op incorrect number of indices for load, expected 1 but got 2
// CHECK-NEXT: {{^}}  %v = memref.load %m[%c, %c] : memref<4xf32>{{$}}
// CHECK-NEXT: {{^       \^$}}
// CHECK-NEXT: note: see current operation: %1 = "memref.load"(%m, %0, %0) : (memref<4xf32>, index, index) -> f32
// CHECK-NEXT: error: operand #0 does not dominate this use
// NOOP: error: 'memref.load' op incorrect number of indices
// NOOP-NOT: see current operation
func.func @f(%m: memref<4xf32>) {
  %c = arith.constant 0 : index
  %v = memref.load %m[%c, %c] : memref<4xf32>
  return
}

// -----

// The op comes first, then the error's own notes.
// CHECK-NEXT: {{^}}  %b = arith.addi %c, %a : i32{{$}}
// CHECK-NEXT: {{^       \^$}}
// CHECK-NEXT: note: see current operation: %0 = "arith.addi"(%1, %a) <{overflowFlags = #arith.overflow<none>}> : (i32, i32) -> i32
// CHECK-NEXT: note: operand defined here (op in the same block)
func.func @g(%a: i32) -> i32 {
  %b = arith.addi %c, %a : i32
  %c = arith.addi %a, %a : i32
  return %b : i32
}

// -----

// CHECK: error: block with no terminator, has %0 = "arith.addi"(%a, %a) <{overflowFlags = #arith.overflow<none>}> : (i32, i32) -> i32
// CHECK: note: see current operation: %0 = "arith.addi"
func.func @h(%a: i32) -> i32 {
  %b = arith.addi %a, %a : i32
}

// -----

// CHECK: error: 'scf.if' op must have an else block if defining values
// CHECK-NEXT: {{^}}  %r = scf.if %c -> (i32) {{{$}}
// CHECK-NEXT: {{^       \^$}}
// CHECK-NEXT: note: see current operation: {{$}}
// CHECK-NEXT: {{^}}%0 = "scf.if"(%c) ({{{$}}
// CHECK-NEXT: {{^}}  "scf.yield"(%a) : (i32) -> (){{$}}
// CHECK-NEXT: {{^}}}, {{{$}}
// CHECK-NEXT: {{^}}}) : (i1) -> i32{{$}}
func.func @i(%c: i1, %a: i32) -> i32 {
  %r = scf.if %c -> (i32) {
    scf.yield %a : i32
  }
  return %r : i32
}

// -----

// CHECK: error: 'arith.addi' op requires the same type for all operands and results
// CHECK-NEXT: {{^}}func.func @long(%a: i32, %b: i64) -> i32 { %r = "arith.addi"(%a, %b) : (i32, i64) -> i32{{ +}}return %r : i32 }{{$}}
func.func @long(%a: i32, %b: i64) -> i32 { %r = "arith.addi"(%a, %b) : (i32, i64) -> i32                                                return %r : i32 }

// -----

// In the op a diagnostic shows, elements attributes of more than 16 elements are elided
// (splats and dense arrays excepted), nested ones too, and in the message's own op.
// CHECK: error: 'arith.addi' op requires the same type for all operands and results
// CHECK: note: see current operation: %0 = "arith.addi"(%a, %b) <{overflowFlags = #arith.overflow<none>}> {arr = array<i32: 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17>, big = dense_resource<__elided__> : tensor<17xi32>, dict = {x = dense_resource<__elided__> : tensor<17xi32>}, f = dense_resource<__elided__> : vector<17xf32>, nested = [dense_resource<__elided__> : tensor<17xi32>], small = dense<[1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16]> : tensor<16xi32>, splat = dense<1> : tensor<100xi32>} : (i32, i64) -> i32{{$}}
func.func @large(%a: i32, %b: i64) -> i32 {
  %r = "arith.addi"(%a, %b) {big = dense<[1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17]> : tensor<17xi32>, small = dense<[1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16]> : tensor<16xi32>, splat = dense<1> : tensor<100xi32>, f = dense<[1.0, 2.0, 3.0, 4.0, 5.0, 6.0, 7.0, 8.0, 9.0, 10.0, 11.0, 12.0, 13.0, 14.0, 15.0, 16.0, 17.0]> : vector<17xf32>, arr = array<i32: 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17>, nested = [dense<[1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17]> : tensor<17xi32>], dict = {x = dense<[1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17]> : tensor<17xi32>}} : (i32, i64) -> i32
  return %r : i32
}

// -----

// CHECK: error: block with no terminator, has %0 = "arith.constant"() <{value = dense_resource<__elided__> : vector<17xi32>}> : () -> vector<17xi32>{{$}}
// CHECK: note: see current operation: %0 = "arith.constant"() <{value = dense_resource<__elided__> : vector<17xi32>}> : () -> vector<17xi32>{{$}}
func.func @no_terminator() -> vector<17xi32> {
  %c = arith.constant dense<[1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17]> : vector<17xi32>
}
