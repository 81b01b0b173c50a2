module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @k0() kernel {
      gpu.return
    }
  }
  func.func @main(%arg0: index, %arg1: !gpu.async.token) {
    %0 = gpu.launch_func async<%arg1 : !gpu.async.token> @kernels::@k0 blocks in (%arg0, %arg0, %arg0) threads in (%arg0, %arg0, %arg0)  
    %1 = gpu.launch_func async [%arg1, %0]<%arg1 : !gpu.async.token> @kernels::@k0 blocks in (%arg0, %arg0, %arg0) threads in (%arg0, %arg0, %arg0)  
    return
  }
}

