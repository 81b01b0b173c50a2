module {
  gpu.module @kernels [#nvvm.target, #rocdl.target<chip = "gfx90a">]  {
  }
  func.func @sized() attributes {gpu.known_block_size = array<i32: 32, 2, 1>, gpu.known_grid_size = array<i32: 4, 1, 1>} {
    return
  }
}

