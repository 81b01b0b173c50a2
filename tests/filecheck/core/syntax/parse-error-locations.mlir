// RUN: not tile-opt %s --split-input-file 2>&1 | FileCheck %s

// Where mlir-opt 19 reports these parse errors in the custom form: memref.global's non-static type
// at the op name (its custom directive reports at the parser's name location); an op's own
// attribute that fails its constraint in the attr-dict of a declarative format where the
// dictionary starts, with a doubled prefix and no op to show (verifyInherentAttrs). The generic
// form leaves both to the verifier. (FileCheck passes on mlir-opt 19's output too.)

// CHECK: parse-error-locations.mlir:{{[0-9]+}} offset :{{[0-9]+}}:1: error: custom op 'memref.global' type should be static shaped memref, but got 'memref<?xf32>'
// CHECK-NEXT: {{^}}memref.global "private" @g : memref<?xf32> = uninitialized{{$}}
// CHECK-NEXT: {{^\^$}}
memref.global "private" @g : memref<?xf32> = uninitialized

// -----

// CHECK: parse-error-locations.mlir:{{[0-9]+}} offset :{{[0-9]+}}:23: error: custom op 'memref.alloc' 'memref.alloc' op attribute 'alignment' failed to satisfy constraint: 64-bit signless integer attribute whose minimum value is 0
// CHECK-NEXT: {{^}}  %0 = memref.alloc() {alignment = -1} : memref<4xf32>{{$}}
// CHECK-NEXT: {{^                      \^$}}
// CHECK-NOT: see current operation
func.func @alloc() {
  %0 = memref.alloc() {alignment = -1} : memref<4xf32>
  return
}

// -----

// CHECK: parse-error-locations.mlir:{{[0-9]+}} offset :{{[0-9]+}}:24: error: custom op 'memref.alloca' 'memref.alloca' op attribute 'alignment' failed to satisfy constraint: 64-bit signless integer attribute whose minimum value is 0
func.func @alloca() {
  %0 = memref.alloca() {alignment = 1.0} : memref<4xf32>
  return
}

// -----

// The generic form: the verifier's messages, at the op.
// CHECK: parse-error-locations.mlir:{{[0-9]+}} offset :{{[0-9]+}}:1: error: 'memref.global' op type should be static shaped memref, but got 'memref<?xf32>'
"memref.global"() <{sym_name = "g", type = memref<?xf32>, initial_value}> : () -> ()

// -----

// CHECK: parse-error-locations.mlir:{{[0-9]+}} offset :{{[0-9]+}}:8: error: 'memref.alloc' op attribute 'alignment' failed to satisfy constraint: 64-bit signless integer attribute whose minimum value is 0
func.func @generic_alloc() {
  %0 = "memref.alloc"() <{alignment = -1 : i64, operandSegmentSizes = array<i32: 0, 0>}> : () -> memref<4xf32>
  return
}
