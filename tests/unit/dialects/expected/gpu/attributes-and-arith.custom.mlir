module attributes {gpu.container_module} {
  gpu.module @kernels attributes {foo.x} {
    gpu.func @k(%arg0: memref<16xf32> {foo.a}, %arg1: index) -> (f32 {foo.r}) workgroup(%arg2 : memref<32xf32, 3> {foo.w}) attributes {foo.y = 3 : i64, known_grid_size = array<i32: 4, 1, 1>} {
      %cst = arith.constant 1.000000e+00 : f32
      gpu.return %cst : f32
    }
  }
  gpu.module @empty {
  }
}

