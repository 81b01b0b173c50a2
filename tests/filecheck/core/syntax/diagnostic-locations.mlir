// RUN: not tile-opt %s --split-input-file 2>&1 | FileCheck %s

// Diagnostics at locations with no file position in them print as mlir-opt 19's
// SourceMgrDiagnosticHandler prints them: `<unknown>:0: error: loc(...): MESSAGE` (no `loc(...)`
// for an unknown location); a call site adds a `called from` note per caller. (FileCheck
// passes on mlir-opt 19's output too.)

// CHECK: {{^}}<unknown>:0: error: 'arith.addf' op operand #0 must be floating-point-like, but got 'i32'
// CHECK-NEXT: {{^}}<unknown>:0: note: see current operation: %0 = "arith.addf"
func.func @unknown(%a: i32) {
  %0 = arith.addf %a, %a : i32 loc(unknown)
  return
}

// -----

// CHECK: {{^}}<unknown>:0: error: loc("name"): 'arith.addf' op operand #0 must be floating-point-like, but got 'i32'
// CHECK-NEXT: {{^}}<unknown>:0: note: loc("name"): see current operation: %0 = "arith.addf"
func.func @name(%a: i32) {
  %0 = arith.addf %a, %a : i32 loc("name")
  return
}

// -----

// CHECK: {{^}}<unknown>:0: error: loc(fused["a", "b"]): 'arith.addf' op operand #0 must be floating-point-like, but got 'i32'
func.func @fused(%a: i32) {
  %0 = arith.addf %a, %a : i32 loc(fused["a", "b"])
  return
}

// -----

// CHECK: {{^}}<unknown>:0: error: loc(callsite("f" at callsite("g" at "h"))): 'arith.addf' op operand #0 must be floating-point-like, but got 'i32'
// CHECK-NEXT: {{^}}<unknown>:0: note: loc(callsite("g" at "h")): called from
// CHECK-NEXT: {{^}}<unknown>:0: note: loc("h"): called from
// CHECK-NEXT: {{^}}<unknown>:0: note: loc(callsite("f" at callsite("g" at "h"))): see current operation:
func.func @callsite(%a: i32) {
  %0 = arith.addf %a, %a : i32 loc(callsite("f" at callsite("g" at "h")))
  return
}

// -----

// A call site inside a name or a fusion has its callers shown too.
// CHECK: {{^}}<unknown>:0: error: loc(fused["n"(callsite("f" at "g")), "q"]): 'arith.addf' op
// CHECK-NEXT: {{^}}<unknown>:0: note: loc("g"): called from
func.func @fused_callsite(%a: i32) {
  %0 = arith.addf %a, %a : i32 loc(fused["n"(callsite("f" at "g")), "q"])
  return
}

// -----

// File positions are looked for in the callee first; callers print theirs with their source lines.
// CHECK: {{^}}x.c:3:4: error: 'arith.addf' op operand #0 must be floating-point-like, but got 'i32'
// CHECK-NEXT: {{^}}y.c:5:6: note: called from
// CHECK-NEXT: {{^}}h.c:7:8: note: called from
// CHECK-NEXT: {{^}}x.c:3:4: note: see current operation:
func.func @callsite_files(%a: i32) {
  %0 = arith.addf %a, %a : i32 loc(callsite("f"("x.c":3:4) at callsite("g"("y.c":5:6) at "h.c":7:8)))
  return
}
