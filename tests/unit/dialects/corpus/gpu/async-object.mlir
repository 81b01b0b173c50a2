module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @k0() kernel {
      gpu.return
    }
  }
  func.func @main(%c1: index, %t: !gpu.async.token) {
    %0 = gpu.launch_func async <%t : !gpu.async.token> @kernels::@k0 blocks in (%c1, %c1, %c1) threads in (%c1, %c1, %c1)
    %1 = gpu.launch_func async [%t, %0] <%t : !gpu.async.token> @kernels::@k0 blocks in (%c1, %c1, %c1) threads in (%c1, %c1, %c1)
    return
  }
}
