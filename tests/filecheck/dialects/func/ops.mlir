// RUN: tile-opt %s | tile-opt | FileCheck %s
// RUN: tile-opt %s --mlir-print-op-generic | tile-opt | FileCheck %s
// Expected output produced by mlir-opt (LLVM 19).

func.func private @decl(i32) -> i32
func.func private @decl_multi(i32, f32) -> (i32, f32) attributes {foo.bar = "x"}
func.func private @decl_noresult()
func.func nested @decl_nested(i32 {foo.a}, f32) -> (f32 {foo.r})
func.func private @decl_fnres() -> ((i32) -> i32)
func.func private @decl_unit_res(i32) -> (i32 {foo.unit})

func.func public @pub() {
  return
}

func.func @args(%a: i32 {foo.a = 1 : i32}, %b: f32, %c: memref<4xf32>) -> (i32 {foo.r}, f32) attributes {foo.attr, llvm.emit_c_interface} {
  return %a, %b : i32, f32
}

func.func @calls(%a: i32, %b: f32) -> i32 {
  %0 = call @decl(%a) : (i32) -> i32
  %1:2 = func.call @decl_multi(%0, %b) : (i32, f32) -> (i32, f32)
  call @decl_noresult() {foo.z} : () -> ()
  %f = constant @decl : (i32) -> i32
  %g = func.constant @decl_multi : (i32, f32) -> (i32, f32)
  %2 = call_indirect %f(%1#0) : (i32) -> i32
  %3:2 = func.call_indirect %g(%2, %1#1) {foo.ind} : (i32, f32) -> (i32, f32)
  return %3#0 : i32
}

func.func @"quoted name"(%arg0: tensor<?xf32>) -> tensor<?xf32> {
  return %arg0 : tensor<?xf32>
}

func.func @empty_ret() -> () {
  func.return
}

// CHECK:      module {
// CHECK-NEXT:   func.func private @decl(i32) -> i32
// CHECK-NEXT:   func.func private @decl_multi(i32, f32) -> (i32, f32) attributes {foo.bar = "x"}
// CHECK-NEXT:   func.func private @decl_noresult()
// CHECK-NEXT:   func.func nested @decl_nested(i32 {foo.a}, f32) -> (f32 {foo.r})
// CHECK-NEXT:   func.func private @decl_fnres() -> ((i32) -> i32)
// CHECK-NEXT:   func.func private @decl_unit_res(i32) -> (i32 {foo.unit})
// CHECK-NEXT:   func.func public @pub() {
// CHECK-NEXT:     return
// CHECK-NEXT:   }
// CHECK-NEXT:   func.func @args(%a: i32 {foo.a = 1 : i32}, %b: f32, %c: memref<4xf32>) -> (i32 {foo.r}, f32) attributes {foo.attr, llvm.emit_c_interface} {
// CHECK-NEXT:     return %a, %b : i32, f32
// CHECK-NEXT:   }
// CHECK-NEXT:   func.func @calls(%a: i32, %b: f32) -> i32 {
// CHECK-NEXT:     %0 = call @decl(%a) : (i32) -> i32
// CHECK-NEXT:     %1:2 = call @decl_multi(%0, %b) : (i32, f32) -> (i32, f32)
// CHECK-NEXT:     call @decl_noresult() {foo.z} : () -> ()
// CHECK-NEXT:     %f = constant @decl : (i32) -> i32
// CHECK-NEXT:     %f_0 = constant @decl_multi : (i32, f32) -> (i32, f32)
// CHECK-NEXT:     %2 = call_indirect %f(%1#0) : (i32) -> i32
// CHECK-NEXT:     %3:2 = call_indirect %f_0(%2, %1#1) {foo.ind} : (i32, f32) -> (i32, f32)
// CHECK-NEXT:     return %3#0 : i32
// CHECK-NEXT:   }
// CHECK-NEXT:   func.func @"quoted name"(%arg0: tensor<?xf32>) -> tensor<?xf32> {
// CHECK-NEXT:     return %arg0 : tensor<?xf32>
// CHECK-NEXT:   }
// CHECK-NEXT:   func.func @empty_ret() {
// CHECK-NEXT:     return
// CHECK-NEXT:   }
// CHECK-NEXT: }
