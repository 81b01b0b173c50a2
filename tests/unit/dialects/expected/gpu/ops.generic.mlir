"builtin.module"() ({
  "gpu.module"() <{sym_name = "kernels"}> ({
    "gpu.func"() <{function_type = (memref<16xf32>, index) -> (), known_block_size = array<i32: 16, 1, 1>}> ({
    ^bb0(%arg13: memref<16xf32>, %arg14: index, %arg15: memref<32xf32, #gpu.address_space<workgroup>>, %arg16: memref<4xf32, #gpu.address_space<private>>):
      %2 = "gpu.thread_id"() <{dimension = #gpu<dim x>}> : () -> index
      %3 = "gpu.thread_id"() <{dimension = #gpu<dim y>, upper_bound = 64 : index}> : () -> index
      %4 = "gpu.block_id"() <{dimension = #gpu<dim x>}> : () -> index
      %5 = "gpu.block_id"() <{dimension = #gpu<dim y>}> : () -> index
      %6 = "gpu.block_id"() <{dimension = #gpu<dim z>}> : () -> index
      %7 = "gpu.block_dim"() <{dimension = #gpu<dim x>}> : () -> index
      %8 = "gpu.grid_dim"() <{dimension = #gpu<dim z>}> : () -> index
      %9 = "gpu.global_id"() <{dimension = #gpu<dim y>}> : () -> index
      %10 = "gpu.lane_id"() : () -> index
      %11 = "gpu.lane_id"() <{upper_bound = 32 : index}> : () -> index
      %12 = "gpu.subgroup_id"() : () -> index
      %13 = "gpu.num_subgroups"() : () -> index
      %14 = "gpu.subgroup_size"() <{upper_bound = 64 : index}> : () -> index
      "gpu.barrier"() : () -> ()
      "gpu.barrier"() {foo.attr} : () -> ()
      "gpu.return"() : () -> ()
    }) {gpu.kernel, sym_name = "kernel", workgroup_attributions = 1 : i64} : () -> ()
    "gpu.func"() <{function_type = () -> ()}> ({
      "gpu.return"() : () -> ()
    }) {gpu.kernel, sym_name = "noargs", workgroup_attributions = 0 : i64} : () -> ()
    "gpu.func"() <{arg_attrs = [{foo.arg}, {}], function_type = (f32, memref<8xf32, 3>) -> f32, known_grid_size = array<i32: 4, 2, 1>, res_attrs = [{foo.res}], workgroup_attrib_attrs = [{foo.wg}, {}]}> ({
    ^bb0(%arg9: f32, %arg10: memref<8xf32, 3>, %arg11: memref<8xf32, #gpu.address_space<workgroup>>, %arg12: memref<8xf32, 3>):
      "gpu.return"(%arg9) : (f32) -> ()
    }) {foo.fn, sym_name = "helper", workgroup_attributions = 2 : i64} : () -> ()
    "gpu.func"() <{function_type = () -> ()}> ({
    ^bb0(%arg8: memref<1xi32, 5>):
      "gpu.return"() : () -> ()
    }) {sym_name = "priv_only", workgroup_attributions = 0 : i64} : () -> ()
    "gpu.module_end"() : () -> ()
  }) : () -> ()
  "gpu.module"() <{sym_name = "empty"}> ({
    "gpu.module_end"() : () -> ()
  }) : () -> ()
  "gpu.module"() <{sym_name = "with_attrs"}> ({
    "gpu.func"() <{function_type = (i32, i64) -> ()}> ({
    ^bb0(%arg6: i32, %arg7: i64):
      "gpu.return"() : () -> ()
    }) {gpu.kernel, sym_name = "k", workgroup_attributions = 0 : i64} : () -> ()
    "gpu.module_end"() : () -> ()
  }) {foo.mod} : () -> ()
  "func.func"() <{function_type = (memref<16xf32>, index, i32, i64, i32, !gpu.async.token) -> (), sym_name = "launch"}> ({
  ^bb0(%arg0: memref<16xf32>, %arg1: index, %arg2: i32, %arg3: i64, %arg4: i32, %arg5: !gpu.async.token):
    "gpu.launch_func"(%arg1, %arg1, %arg1, %arg1, %arg1, %arg1, %arg0, %arg1) <{kernel = @kernels::@kernel, operandSegmentSizes = array<i32: 0, 1, 1, 1, 1, 1, 1, 0, 0, 0, 0, 2, 0>}> : (index, index, index, index, index, index, memref<16xf32>, index) -> ()
    "gpu.launch_func"(%arg1, %arg1, %arg1, %arg1, %arg1, %arg1, %arg4, %arg0, %arg1) <{kernel = @kernels::@kernel, operandSegmentSizes = array<i32: 0, 1, 1, 1, 1, 1, 1, 0, 0, 0, 1, 2, 0>}> {foo.launch} : (index, index, index, index, index, index, i32, memref<16xf32>, index) -> ()
    "gpu.launch_func"(%arg1, %arg1, %arg1, %arg1, %arg1, %arg1) <{kernel = @kernels::@noargs, operandSegmentSizes = array<i32: 0, 1, 1, 1, 1, 1, 1, 0, 0, 0, 0, 0, 0>}> : (index, index, index, index, index, index) -> ()
    "gpu.launch_func"(%arg1, %arg1, %arg1, %arg1, %arg1, %arg1, %arg1, %arg1, %arg1) <{kernel = @kernels::@noargs, operandSegmentSizes = array<i32: 0, 1, 1, 1, 1, 1, 1, 1, 1, 1, 0, 0, 0>}> : (index, index, index, index, index, index, index, index, index) -> ()
    "gpu.launch_func"(%arg2, %arg2, %arg2, %arg2, %arg2, %arg2, %arg2, %arg3) <{kernel = @with_attrs::@k, operandSegmentSizes = array<i32: 0, 1, 1, 1, 1, 1, 1, 0, 0, 0, 0, 2, 0>}> : (i32, i32, i32, i32, i32, i32, i32, i64) -> ()
    "gpu.launch_func"(%arg3, %arg3, %arg3, %arg3, %arg3, %arg3, %arg4, %arg2, %arg3) <{kernel = @with_attrs::@k, operandSegmentSizes = array<i32: 0, 1, 1, 1, 1, 1, 1, 0, 0, 0, 1, 2, 0>}> : (i64, i64, i64, i64, i64, i64, i32, i32, i64) -> ()
    %0 = "gpu.launch_func"(%arg1, %arg1, %arg1, %arg1, %arg1, %arg1) <{kernel = @kernels::@noargs, operandSegmentSizes = array<i32: 0, 1, 1, 1, 1, 1, 1, 0, 0, 0, 0, 0, 0>}> : (index, index, index, index, index, index) -> !gpu.async.token
    %1 = "gpu.launch_func"(%arg5, %0, %arg1, %arg1, %arg1, %arg1, %arg1, %arg1) <{kernel = @kernels::@noargs, operandSegmentSizes = array<i32: 2, 1, 1, 1, 1, 1, 1, 0, 0, 0, 0, 0, 0>}> : (!gpu.async.token, !gpu.async.token, index, index, index, index, index, index) -> !gpu.async.token
    "gpu.launch_func"(%1, %arg1, %arg1, %arg1, %arg1, %arg1, %arg1) <{kernel = @kernels::@noargs, operandSegmentSizes = array<i32: 1, 1, 1, 1, 1, 1, 1, 0, 0, 0, 0, 0, 0>}> : (!gpu.async.token, index, index, index, index, index, index) -> ()
    "gpu.launch_func"(%arg1, %arg1, %arg1, %arg1, %arg1, %arg1, %arg5) <{kernel = @kernels::@noargs, operandSegmentSizes = array<i32: 0, 1, 1, 1, 1, 1, 1, 0, 0, 0, 0, 0, 1>}> : (index, index, index, index, index, index, !gpu.async.token) -> ()
    "func.return"() : () -> ()
  }) : () -> ()
}) {gpu.container_module} : () -> ()

