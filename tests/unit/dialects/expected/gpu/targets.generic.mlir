"builtin.module"() ({
  "gpu.module"() <{sym_name = "kernels", targets = [#nvvm.target, #rocdl.target<chip = "gfx90a">]}> ({
    "gpu.module_end"() : () -> ()
  }) : () -> ()
  "func.func"() <{function_type = () -> (), sym_name = "sized"}> ({
    "func.return"() : () -> ()
  }) {gpu.known_block_size = array<i32: 32, 2, 1>, gpu.known_grid_size = array<i32: 4, 1, 1>} : () -> ()
}) : () -> ()

