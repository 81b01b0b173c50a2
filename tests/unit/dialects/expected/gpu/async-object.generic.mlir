"builtin.module"() ({
  "gpu.module"() <{sym_name = "kernels"}> ({
    "gpu.func"() <{function_type = () -> ()}> ({
      "gpu.return"() : () -> ()
    }) {gpu.kernel, sym_name = "k0", workgroup_attributions = 0 : i64} : () -> ()
    "gpu.module_end"() : () -> ()
  }) : () -> ()
  "func.func"() <{function_type = (index, !gpu.async.token) -> (), sym_name = "main"}> ({
  ^bb0(%arg0: index, %arg1: !gpu.async.token):
    %0 = "gpu.launch_func"(%arg0, %arg0, %arg0, %arg0, %arg0, %arg0, %arg1) <{kernel = @kernels::@k0, operandSegmentSizes = array<i32: 0, 1, 1, 1, 1, 1, 1, 0, 0, 0, 0, 0, 1>}> : (index, index, index, index, index, index, !gpu.async.token) -> !gpu.async.token
    %1 = "gpu.launch_func"(%arg1, %0, %arg0, %arg0, %arg0, %arg0, %arg0, %arg0, %arg1) <{kernel = @kernels::@k0, operandSegmentSizes = array<i32: 2, 1, 1, 1, 1, 1, 1, 0, 0, 0, 0, 0, 1>}> : (!gpu.async.token, !gpu.async.token, index, index, index, index, index, index, !gpu.async.token) -> !gpu.async.token
    "func.return"() : () -> ()
  }) : () -> ()
}) {gpu.container_module} : () -> ()

