"builtin.module"() ({
  "func.func"() <{function_type = (f32, i32, i32, i32) -> (f32, i1), sym_name = "shuffles"}> ({
  ^bb0(%arg0: f32, %arg1: i32, %arg2: i32, %arg3: i32):
    %0:2 = "gpu.shuffle"(%arg0, %arg1, %arg2) <{mode = #gpu<shuffle_mode xor>}> : (f32, i32, i32) -> (f32, i1)
    %1:2 = "gpu.shuffle"(%arg3, %arg1, %arg2) <{mode = #gpu<shuffle_mode down>}> : (i32, i32, i32) -> (i32, i1)
    %2:2 = "gpu.shuffle"(%arg0, %arg1, %arg2) <{mode = #gpu<shuffle_mode idx>}> : (f32, i32, i32) -> (f32, i1)
    %3:2 = "gpu.shuffle"(%arg0, %arg1, %arg2) <{mode = #gpu<shuffle_mode up>}> : (f32, i32, i32) -> (f32, i1)
    "func.return"(%0#0, %0#1) : (f32, i1) -> ()
  }) : () -> ()
}) : () -> ()

