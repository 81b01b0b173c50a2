// RUN: not tile-opt %s --split-input-file 2>&1 | FileCheck %s
// RUN: not tile-opt %s --split-input-file --mlir-print-op-on-diagnostic=false 2>&1 | FileCheck %s --check-prefix=NOOP

// As mlir-opt 19: an error on an op is followed by a note showing the op in generic form, its
// values named within the closest isolated-from-above op; a note where its diagnostic is does
// not show the source line again; an op with regions starts on a new line; long source lines
// are shown whole. (FileCheck passes on mlir-opt 19's output too.)

// CHECK: error: 'memref.load' op incorrect number of indices for load, expected 1 but got 2
// CHECK-NEXT: {{^}}  %v = memref.load %m[%c, %c] : memref<4xf32>{{$}}
// CHECK-NEXT: {{^       \^$}}
// CHECK-NEXT: note: see current operation: %1 = "memref.load"(%arg0, %0, %0) : (memref<4xf32>, index, index) -> f32
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
// CHECK-NEXT: note: see current operation: %0 = "arith.addi"(%1, %arg0) <{overflowFlags = #arith.overflow<none>}> : (i32, i32) -> i32
// CHECK-NEXT: note: operand defined here (op in the same block)
func.func @g(%a: i32) -> i32 {
  %b = arith.addi %c, %a : i32
  %c = arith.addi %a, %a : i32
  return %b : i32
}

// -----

// CHECK: error: block with no terminator, has %0 = "arith.addi"(%arg0, %arg0) <{overflowFlags = #arith.overflow<none>}> : (i32, i32) -> i32
// CHECK: note: see current operation: %0 = "arith.addi"
func.func @h(%a: i32) -> i32 {
  %b = arith.addi %a, %a : i32
}

// -----

// CHECK: error: 'scf.if' op must have an else block if defining values
// CHECK-NEXT: {{^}}  %r = scf.if %c -> (i32) {{{$}}
// CHECK-NEXT: {{^       \^$}}
// CHECK-NEXT: note: see current operation: {{$}}
// CHECK-NEXT: {{^}}%0 = "scf.if"(%arg0) ({{{$}}
// CHECK-NEXT: {{^}}  "scf.yield"(%arg1) : (i32) -> (){{$}}
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
