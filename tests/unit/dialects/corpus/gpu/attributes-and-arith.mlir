module attributes {gpu.container_module} {
  gpu.module @kernels attributes {foo.x} {
    gpu.func @k(%arg0: memref<16xf32> {foo.a}, %n: index) -> (f32 {foo.r}) workgroup(%w : memref<32xf32, 3> {foo.w}) attributes {known_grid_size = array<i32: 4, 1, 1>, foo.y = 3} {
      %c = arith.constant 1.0 : f32
      gpu.return %c : f32
    }
  }
  gpu.module @empty {
  }
}
