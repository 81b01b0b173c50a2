"builtin.module"() ({
  "func.func"() <{function_type = (i32) -> i32, sym_name = "outer"}> ({
  ^bb0(%arg2: i32):
    %6 = "func.call"(%arg2) <{callee = @inner}> : (i32) -> i32
    "func.return"(%6) : (i32) -> ()
  }) : () -> ()
  "func.func"() <{function_type = (i32) -> i32, sym_name = "inner", sym_visibility = "private"}> ({
  ^bb0(%arg1: i32):
    "func.return"(%arg1) : (i32) -> ()
  }) : () -> ()
  "func.func"() <{function_type = (i32) -> (i32, i32), sym_name = "names"}> ({
  ^bb0(%arg0: i32):
    %0 = "func.call"(%arg0) <{callee = @outer}> : (i32) -> i32
    %1 = "func.constant"() <{value = @inner}> : () -> ((i32) -> i32)
    %2 = "func.constant"() <{value = @outer}> : () -> ((i32) -> i32)
    %3 = "func.call"(%0) <{callee = @outer}> : (i32) -> i32
    %4 = "func.call_indirect"(%1, %3) : ((i32) -> i32, i32) -> i32
    %5 = "func.call_indirect"(%2, %4) : ((i32) -> i32, i32) -> i32
    "func.return"(%3, %5) : (i32, i32) -> ()
  }) : () -> ()
}) : () -> ()

