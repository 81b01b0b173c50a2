module {
  func.func private @decl(i32) -> i32
  func.func private @decl_multi(i32, f32) -> (i32, f32) attributes {foo.bar = "x"}
  func.func private @decl_noresult()
  func.func nested @decl_nested(i32 {foo.a}, f32) -> (f32 {foo.r})
  func.func private @decl_fnres() -> ((i32) -> i32)
  func.func private @decl_unit_res(i32) -> (i32 {foo.unit})
  func.func public @pub() {
    return
  }
  func.func @args(%arg0: i32 {foo.a = 1 : i32}, %arg1: f32, %arg2: memref<4xf32>) -> (i32 {foo.r}, f32) attributes {foo.attr, llvm.emit_c_interface} {
    return %arg0, %arg1 : i32, f32
  }
  func.func @calls(%arg0: i32, %arg1: f32) -> i32 {
    %0 = call @decl(%arg0) : (i32) -> i32
    %1:2 = call @decl_multi(%0, %arg1) : (i32, f32) -> (i32, f32)
    call @decl_noresult() {foo.z} : () -> ()
    %f = constant @decl : (i32) -> i32
    %f_0 = constant @decl_multi : (i32, f32) -> (i32, f32)
    %2 = call_indirect %f(%1#0) : (i32) -> i32
    %3:2 = call_indirect %f_0(%2, %1#1) {foo.ind} : (i32, f32) -> (i32, f32)
    return %3#0 : i32
  }
  func.func @"quoted name"(%arg0: tensor<?xf32>) -> tensor<?xf32> {
    return %arg0 : tensor<?xf32>
  }
  func.func @empty_ret() {
    return
  }
}

