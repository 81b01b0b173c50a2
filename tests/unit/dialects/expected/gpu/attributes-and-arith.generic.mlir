"builtin.module"() ({
  "gpu.module"() <{sym_name = "kernels"}> ({
    "gpu.func"() <{arg_attrs = [{foo.a}, {}], function_type = (memref<16xf32>, index) -> f32, known_grid_size = array<i32: 4, 1, 1>, res_attrs = [{foo.r}], workgroup_attrib_attrs = [{foo.w}]}> ({
    ^bb0(%arg0: memref<16xf32>, %arg1: index, %arg2: memref<32xf32, 3>):
      %0 = "arith.constant"() <{value = 1.000000e+00 : f32}> : () -> f32
      "gpu.return"(%0) : (f32) -> ()
    }) {foo.y = 3 : i64, sym_name = "k", workgroup_attributions = 1 : i64} : () -> ()
    "gpu.module_end"() : () -> ()
  }) {foo.x} : () -> ()
  "gpu.module"() <{sym_name = "empty"}> ({
    "gpu.module_end"() : () -> ()
  }) : () -> ()
}) {gpu.container_module} : () -> ()

