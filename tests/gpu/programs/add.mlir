// c[i] = a[i] + b[i] for i < n (edge mask), 256 threads per workgroup: the kernel of
// tests/filecheck/targets/wgsl/Inputs/elementwise-add.mlir with a host function that launches
// ceil(n / 256) workgroups; %c may be longer than n (the rest stays untouched).
module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @add(%a: memref<?xf32>, %b: memref<?xf32>, %c: memref<?xf32>, %n: index) kernel attributes {known_block_size = array<i32: 256, 1, 1>} {
      %tx = gpu.thread_id x
      %bx = gpu.block_id x
      %bdim = gpu.block_dim x
      %base = arith.muli %bx, %bdim : index
      %i = arith.addi %base, %tx : index
      %inside = arith.cmpi slt, %i, %n : index
      scf.if %inside {
        %x = memref.load %a[%i] : memref<?xf32>
        %y = memref.load %b[%i] : memref<?xf32>
        %s = arith.addf %x, %y : f32
        memref.store %s, %c[%i] : memref<?xf32>
      }
      gpu.return
    }
  }
  func.func @main(%a: memref<?xf32>, %b: memref<?xf32>, %c: memref<?xf32>, %n: index) {
    %c1 = arith.constant 1 : index
    %c256 = arith.constant 256 : index
    %blocks = arith.ceildivsi %n, %c256 : index
    gpu.launch_func @kernels::@add blocks in (%blocks, %c1, %c1) threads in (%c256, %c1, %c1) args(%a : memref<?xf32>, %b : memref<?xf32>, %c : memref<?xf32>, %n : index)
    return
  }
}
