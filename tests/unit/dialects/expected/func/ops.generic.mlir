"builtin.module"() ({
  "func.func"() <{function_type = (i32) -> i32, sym_name = "decl", sym_visibility = "private"}> ({
  }) : () -> ()
  "func.func"() <{function_type = (i32, f32) -> (i32, f32), sym_name = "decl_multi", sym_visibility = "private"}> ({
  }) {foo.bar = "x"} : () -> ()
  "func.func"() <{function_type = () -> (), sym_name = "decl_noresult", sym_visibility = "private"}> ({
  }) : () -> ()
  "func.func"() <{arg_attrs = [{foo.a}, {}], function_type = (i32, f32) -> f32, res_attrs = [{foo.r}], sym_name = "decl_nested", sym_visibility = "nested"}> ({
  }) : () -> ()
  "func.func"() <{function_type = () -> ((i32) -> i32), sym_name = "decl_fnres", sym_visibility = "private"}> ({
  }) : () -> ()
  "func.func"() <{function_type = (i32) -> i32, res_attrs = [{foo.unit}], sym_name = "decl_unit_res", sym_visibility = "private"}> ({
  }) : () -> ()
  "func.func"() <{function_type = () -> (), sym_name = "pub", sym_visibility = "public"}> ({
    "func.return"() : () -> ()
  }) : () -> ()
  "func.func"() <{arg_attrs = [{foo.a = 1 : i32}, {}, {}], function_type = (i32, f32, memref<4xf32>) -> (i32, f32), res_attrs = [{foo.r}, {}], sym_name = "args"}> ({
  ^bb0(%arg3: i32, %arg4: f32, %arg5: memref<4xf32>):
    "func.return"(%arg3, %arg4) : (i32, f32) -> ()
  }) {foo.attr, llvm.emit_c_interface} : () -> ()
  "func.func"() <{function_type = (i32, f32) -> i32, sym_name = "calls"}> ({
  ^bb0(%arg1: i32, %arg2: f32):
    %0 = "func.call"(%arg1) <{callee = @decl}> : (i32) -> i32
    %1:2 = "func.call"(%0, %arg2) <{callee = @decl_multi}> : (i32, f32) -> (i32, f32)
    "func.call"() <{callee = @decl_noresult}> {foo.z} : () -> ()
    %2 = "func.constant"() <{value = @decl}> : () -> ((i32) -> i32)
    %3 = "func.constant"() <{value = @decl_multi}> : () -> ((i32, f32) -> (i32, f32))
    %4 = "func.call_indirect"(%2, %1#0) : ((i32) -> i32, i32) -> i32
    %5:2 = "func.call_indirect"(%3, %4, %1#1) {foo.ind} : ((i32, f32) -> (i32, f32), i32, f32) -> (i32, f32)
    "func.return"(%5#0) : (i32) -> ()
  }) : () -> ()
  "func.func"() <{function_type = (tensor<?xf32>) -> tensor<?xf32>, sym_name = "quoted name"}> ({
  ^bb0(%arg0: tensor<?xf32>):
    "func.return"(%arg0) : (tensor<?xf32>) -> ()
  }) : () -> ()
  "func.func"() <{function_type = () -> (), sym_name = "empty_ret"}> ({
    "func.return"() : () -> ()
  }) : () -> ()
}) : () -> ()

