"builtin.module"() ({
  "func.func"() <{function_type = (i32, f32, index) -> (), sym_name = "prints"}> ({
  ^bb0(%arg0: i32, %arg1: f32, %arg2: index):
    "gpu.printf"() <{format = "Hello\0A"}> {x} : () -> ()
    "gpu.printf"(%arg0, %arg1, %arg2) <{format = "%d %f %lu"}> : (i32, f32, index) -> ()
    "func.return"() : () -> ()
  }) : () -> ()
}) : () -> ()

