// RUN: tile-opt %s | tile-opt | FileCheck %s
// RUN: tile-opt %s --mlir-print-op-generic | tile-opt | FileCheck %s
// Expected output produced by mlir-opt (LLVM 19).

module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @kernel(%arg0: memref<16xf32>, %n: index) workgroup(%w : memref<32xf32, #gpu.address_space<workgroup>>) private(%p : memref<4xf32, #gpu.address_space<private>>) kernel attributes {known_block_size = array<i32: 16, 1, 1>} {
      %tx = gpu.thread_id x
      %ty = gpu.thread_id y upper_bound 64
      %bx = gpu.block_id x
      %by = gpu.block_id y
      %bz = gpu.block_id z
      %dx = gpu.block_dim x
      %gz = gpu.grid_dim z
      %gid = gpu.global_id y
      %lane = gpu.lane_id
      %lane2 = gpu.lane_id upper_bound 32
      %sg = gpu.subgroup_id : index
      %nsg = gpu.num_subgroups : index
      %sgs = gpu.subgroup_size upper_bound 64 : index
      gpu.barrier
      gpu.barrier {foo.attr}
      gpu.return
    }
    gpu.func @noargs() kernel {
      gpu.return
    }
    gpu.func @helper(%a: f32 {foo.arg}, %b: memref<8xf32, 3>) -> (f32 {foo.res}) workgroup(%w : memref<8xf32, #gpu<address_space<workgroup>>> {foo.wg}, %w2 : memref<8xf32, 3>) attributes {foo.fn, known_grid_size = array<i32: 4, 2, 1>} {
      gpu.return %a : f32
    }
    gpu.func @priv_only() private(%p : memref<1xi32, 5>) {
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
  func.func @launch(%buf: memref<16xf32>, %c1: index, %i: i32, %l: i64, %sz: i32, %t: !gpu.async.token) {
    gpu.launch_func @kernels::@kernel blocks in (%c1, %c1, %c1) threads in (%c1, %c1, %c1) args(%buf : memref<16xf32>, %c1 : index)
    gpu.launch_func @kernels::@kernel blocks in (%c1, %c1, %c1) threads in (%c1, %c1, %c1) dynamic_shared_memory_size %sz args(%buf : memref<16xf32>, %c1 : index) {foo.launch}
    gpu.launch_func @kernels::@noargs blocks in (%c1, %c1, %c1) threads in (%c1, %c1, %c1)
    gpu.launch_func @kernels::@noargs clusters in (%c1, %c1, %c1) blocks in (%c1, %c1, %c1) threads in (%c1, %c1, %c1)
    gpu.launch_func @with_attrs::@k blocks in (%i, %i, %i) threads in (%i, %i, %i) : i32 args(%i : i32, %l : i64)
    gpu.launch_func @with_attrs::@k blocks in (%l, %l, %l) threads in (%l, %l, %l) : i64 dynamic_shared_memory_size %sz args(%i : i32, %l : i64)
    %t1 = gpu.launch_func async @kernels::@noargs blocks in (%c1, %c1, %c1) threads in (%c1, %c1, %c1)
    %t2 = gpu.launch_func async [%t, %t1] @kernels::@noargs blocks in (%c1, %c1, %c1) threads in (%c1, %c1, %c1)
    gpu.launch_func [%t2] @kernels::@noargs blocks in (%c1, %c1, %c1) threads in (%c1, %c1, %c1)
    gpu.launch_func <%t : !gpu.async.token> @kernels::@noargs blocks in (%c1, %c1, %c1) threads in (%c1, %c1, %c1)
    return
  }
}

// CHECK:      module attributes {gpu.container_module} {
// CHECK-NEXT:   gpu.module @kernels {
// CHECK-NEXT:     gpu.func @kernel(%arg0: memref<16xf32>, %n: index) workgroup(%w : memref<32xf32, #gpu.address_space<workgroup>>) private(%p : memref<4xf32, #gpu.address_space<private>>) kernel attributes {known_block_size = array<i32: 16, 1, 1>} {
// CHECK-NEXT:       %thread_id_x = gpu.thread_id  x
// CHECK-NEXT:       %thread_id_y = gpu.thread_id  y upper_bound 64
// CHECK-NEXT:       %block_id_x = gpu.block_id  x
// CHECK-NEXT:       %block_id_y = gpu.block_id  y
// CHECK-NEXT:       %block_id_z = gpu.block_id  z
// CHECK-NEXT:       %block_dim_x = gpu.block_dim  x
// CHECK-NEXT:       %grid_dim_z = gpu.grid_dim  z
// CHECK-NEXT:       %global_id_y = gpu.global_id  y
// CHECK-NEXT:       %0 = gpu.lane_id
// CHECK-NEXT:       %1 = gpu.lane_id upper_bound 32
// CHECK-NEXT:       %2 = gpu.subgroup_id : index
// CHECK-NEXT:       %3 = gpu.num_subgroups : index
// CHECK-NEXT:       %4 = gpu.subgroup_size upper_bound 64 : index
// CHECK-NEXT:       gpu.barrier
// CHECK-NEXT:       gpu.barrier {foo.attr}
// CHECK-NEXT:       gpu.return
// CHECK-NEXT:     }
// CHECK-NEXT:     gpu.func @noargs() kernel {
// CHECK-NEXT:       gpu.return
// CHECK-NEXT:     }
// CHECK-NEXT:     gpu.func @helper(%a: f32 {foo.arg}, %b: memref<8xf32, 3>) -> (f32 {foo.res}) workgroup(%w : memref<8xf32, #gpu.address_space<workgroup>> {foo.wg}, %w2 : memref<8xf32, 3>) attributes {foo.fn, known_grid_size = array<i32: 4, 2, 1>} {
// CHECK-NEXT:       gpu.return %a : f32
// CHECK-NEXT:     }
// CHECK-NEXT:     gpu.func @priv_only() private(%p : memref<1xi32, 5>) {
// CHECK-NEXT:       gpu.return
// CHECK-NEXT:     }
// CHECK-NEXT:   }
// CHECK-NEXT:   gpu.module @empty {
// CHECK-NEXT:   }
// CHECK-NEXT:   gpu.module @with_attrs attributes {foo.mod} {
// CHECK-NEXT:     gpu.func @k(%arg0: i32, %arg1: i64) kernel {
// CHECK-NEXT:       gpu.return
// CHECK-NEXT:     }
// CHECK-NEXT:   }
// CHECK-NEXT:   func.func @launch(%buf: memref<16xf32>, %c1: index, %i: i32, %l: i64, %sz: i32, %t: !gpu.async.token) {
// CHECK-NEXT:     gpu.launch_func  @kernels::@kernel blocks in (%c1, %c1, %c1) threads in (%c1, %c1, %c1)  args(%buf : memref<16xf32>, %c1 : index)
// CHECK-NEXT:     gpu.launch_func  @kernels::@kernel blocks in (%c1, %c1, %c1) threads in (%c1, %c1, %c1)  dynamic_shared_memory_size %sz args(%buf : memref<16xf32>, %c1 : index) {foo.launch}
// CHECK-NEXT:     gpu.launch_func  @kernels::@noargs blocks in (%c1, %c1, %c1) threads in (%c1, %c1, %c1)
// CHECK-NEXT:     gpu.launch_func  @kernels::@noargs clusters in (%c1, %c1, %c1) blocks in (%c1, %c1, %c1) threads in (%c1, %c1, %c1)
// CHECK-NEXT:     gpu.launch_func  @with_attrs::@k blocks in (%i, %i, %i) threads in (%i, %i, %i) : i32 args(%i : i32, %l : i64)
// CHECK-NEXT:     gpu.launch_func  @with_attrs::@k blocks in (%l, %l, %l) threads in (%l, %l, %l) : i64 dynamic_shared_memory_size %sz args(%i : i32, %l : i64)
// CHECK-NEXT:     %0 = gpu.launch_func async @kernels::@noargs blocks in (%c1, %c1, %c1) threads in (%c1, %c1, %c1)
// CHECK-NEXT:     %1 = gpu.launch_func async [%t, %0] @kernels::@noargs blocks in (%c1, %c1, %c1) threads in (%c1, %c1, %c1)
// CHECK-NEXT:     gpu.launch_func [%1] @kernels::@noargs blocks in (%c1, %c1, %c1) threads in (%c1, %c1, %c1)
// CHECK-NEXT:     gpu.launch_func <%t : !gpu.async.token> @kernels::@noargs blocks in (%c1, %c1, %c1) threads in (%c1, %c1, %c1)
// CHECK-NEXT:     return
// CHECK-NEXT:   }
// CHECK-NEXT: }
