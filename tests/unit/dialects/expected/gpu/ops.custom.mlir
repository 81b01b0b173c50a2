module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @kernel(%arg0: memref<16xf32>, %arg1: index) workgroup(%arg2 : memref<32xf32, #gpu.address_space<workgroup>>) private(%arg3 : memref<4xf32, #gpu.address_space<private>>) kernel attributes {known_block_size = array<i32: 16, 1, 1>} {
      %thread_id_x = gpu.thread_id  x
      %thread_id_y = gpu.thread_id  y upper_bound 64
      %block_id_x = gpu.block_id  x
      %block_id_y = gpu.block_id  y
      %block_id_z = gpu.block_id  z
      %block_dim_x = gpu.block_dim  x
      %grid_dim_z = gpu.grid_dim  z
      %global_id_y = gpu.global_id  y
      %0 = gpu.lane_id
      %1 = gpu.lane_id upper_bound 32
      %2 = gpu.subgroup_id : index
      %3 = gpu.num_subgroups : index
      %4 = gpu.subgroup_size upper_bound 64 : index
      gpu.barrier
      gpu.barrier {foo.attr}
      gpu.return
    }
    gpu.func @noargs() kernel {
      gpu.return
    }
    gpu.func @helper(%arg0: f32 {foo.arg}, %arg1: memref<8xf32, 3>) -> (f32 {foo.res}) workgroup(%arg2 : memref<8xf32, #gpu.address_space<workgroup>> {foo.wg}, %arg3 : memref<8xf32, 3>) attributes {foo.fn, known_grid_size = array<i32: 4, 2, 1>} {
      gpu.return %arg0 : f32
    }
    gpu.func @priv_only() private(%arg0 : memref<1xi32, 5>) {
      gpu.return
    }
  }
  gpu.module @empty {
  }
  gpu.module @with_attrs attributes {foo.mod} {
    gpu.func @k(%arg0: i32, %arg1: i64) kernel {
      gpu.return
    }
  }
  func.func @launch(%arg0: memref<16xf32>, %arg1: index, %arg2: i32, %arg3: i64, %arg4: i32, %arg5: !gpu.async.token) {
    gpu.launch_func  @kernels::@kernel blocks in (%arg1, %arg1, %arg1) threads in (%arg1, %arg1, %arg1)  args(%arg0 : memref<16xf32>, %arg1 : index)
    gpu.launch_func  @kernels::@kernel blocks in (%arg1, %arg1, %arg1) threads in (%arg1, %arg1, %arg1)  dynamic_shared_memory_size %arg4 args(%arg0 : memref<16xf32>, %arg1 : index) {foo.launch}
    gpu.launch_func  @kernels::@noargs blocks in (%arg1, %arg1, %arg1) threads in (%arg1, %arg1, %arg1)  
    gpu.launch_func  @kernels::@noargs clusters in (%arg1, %arg1, %arg1) blocks in (%arg1, %arg1, %arg1) threads in (%arg1, %arg1, %arg1)  
    gpu.launch_func  @with_attrs::@k blocks in (%arg2, %arg2, %arg2) threads in (%arg2, %arg2, %arg2) : i32 args(%arg2 : i32, %arg3 : i64)
    gpu.launch_func  @with_attrs::@k blocks in (%arg3, %arg3, %arg3) threads in (%arg3, %arg3, %arg3) : i64 dynamic_shared_memory_size %arg4 args(%arg2 : i32, %arg3 : i64)
    %0 = gpu.launch_func async @kernels::@noargs blocks in (%arg1, %arg1, %arg1) threads in (%arg1, %arg1, %arg1)  
    %1 = gpu.launch_func async [%arg5, %0] @kernels::@noargs blocks in (%arg1, %arg1, %arg1) threads in (%arg1, %arg1, %arg1)  
    gpu.launch_func [%1] @kernels::@noargs blocks in (%arg1, %arg1, %arg1) threads in (%arg1, %arg1, %arg1)  
    gpu.launch_func <%arg5 : !gpu.async.token> @kernels::@noargs blocks in (%arg1, %arg1, %arg1) threads in (%arg1, %arg1, %arg1)  
    return
  }
}

