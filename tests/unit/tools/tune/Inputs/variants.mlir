// tile-tune's failure kinds, one kernel per kind: c[i] = a[i] + b[i] for i < n by @add256 and
// @add64 (correct, different workgroups), a - b by @wrong, a loop on the uniform %n that never
// ends by @hang, 2048 threads per workgroup (beyond any adapter's limit) by @huge, and a
// workgroup array far beyond WGSL's limits by @badwgsl. @main calls @impl_add256; the plugin's
// pass tune-test-variant{variant=X} makes it call @impl_X (variants-pipeline.yaml tunes X).
module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @add256(%a: memref<?xf32>, %b: memref<?xf32>, %c: memref<?xf32>, %n: index) kernel attributes {known_block_size = array<i32: 256, 1, 1>} {
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
    gpu.func @add64(%a: memref<?xf32>, %b: memref<?xf32>, %c: memref<?xf32>, %n: index) kernel attributes {known_block_size = array<i32: 64, 1, 1>} {
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
    gpu.func @wrong(%a: memref<?xf32>, %b: memref<?xf32>, %c: memref<?xf32>, %n: index) kernel attributes {known_block_size = array<i32: 256, 1, 1>} {
      %tx = gpu.thread_id x
      %bx = gpu.block_id x
      %bdim = gpu.block_dim x
      %base = arith.muli %bx, %bdim : index
      %i = arith.addi %base, %tx : index
      %inside = arith.cmpi slt, %i, %n : index
      scf.if %inside {
        %x = memref.load %a[%i] : memref<?xf32>
        %y = memref.load %b[%i] : memref<?xf32>
        %s = arith.subf %x, %y : f32
        memref.store %s, %c[%i] : memref<?xf32>
      }
      gpu.return
    }
    // A loop on the uniform %n that never ends: x = 1, 0, 1, 0, ... is never equal to a %n above
    // 1, and each turn is a workgroup barrier (an effect no shader compiler may drop). It hangs
    // under Dawn on SwiftShader; llvmpipe (wgpu here) cuts long loops short, so it does not there.
    gpu.func @hang(%a: memref<?xf32>, %b: memref<?xf32>, %c: memref<?xf32>, %n: index) kernel attributes {known_block_size = array<i32: 256, 1, 1>} {
      %tx = gpu.thread_id x
      %bx = gpu.block_id x
      %bdim = gpu.block_dim x
      %base = arith.muli %bx, %bdim : index
      %i = arith.addi %base, %tx : index
      %c1 = arith.constant 1 : index
      %r = scf.while (%x = %c1) : (index) -> index {
        %go = arith.cmpi ne, %x, %n : index
        scf.condition(%go) %x : index
      } do {
      ^bb0(%x: index):
        gpu.barrier
        %y = arith.xori %x, %c1 : index
        scf.yield %y : index
      }
      %inside = arith.cmpi slt, %i, %n : index
      scf.if %inside {
        %ri = arith.index_cast %r : index to i32
        %rf = arith.sitofp %ri : i32 to f32
        memref.store %rf, %c[%i] : memref<?xf32>
      }
      gpu.return
    }
    gpu.func @huge(%a: memref<?xf32>, %b: memref<?xf32>, %c: memref<?xf32>, %n: index) kernel attributes {known_block_size = array<i32: 2048, 1, 1>} {
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
    gpu.func @badwgsl(%a: memref<?xf32>, %b: memref<?xf32>, %c: memref<?xf32>, %n: index) workgroup(%w : memref<1073741824xf32, #gpu.address_space<workgroup>>) kernel attributes {known_block_size = array<i32: 256, 1, 1>} {
      %tx = gpu.thread_id x
      %bx = gpu.block_id x
      %bdim = gpu.block_dim x
      %base = arith.muli %bx, %bdim : index
      %i = arith.addi %base, %tx : index
      %inside = arith.cmpi slt, %i, %n : index
      scf.if %inside {
        %x = memref.load %a[%i] : memref<?xf32>
        memref.store %x, %w[%tx] : memref<1073741824xf32, #gpu.address_space<workgroup>>
        %y = memref.load %w[%tx] : memref<1073741824xf32, #gpu.address_space<workgroup>>
        %s = arith.addf %y, %y : f32
        memref.store %s, %c[%i] : memref<?xf32>
      }
      gpu.return
    }
  }
  func.func @impl_add256(%a: memref<?xf32>, %b: memref<?xf32>, %c: memref<?xf32>, %n: index) {
    %c1 = arith.constant 1 : index
    %t = arith.constant 256 : index
    %blocks = arith.ceildivsi %n, %t : index
    gpu.launch_func @kernels::@add256 blocks in (%blocks, %c1, %c1) threads in (%t, %c1, %c1) args(%a : memref<?xf32>, %b : memref<?xf32>, %c : memref<?xf32>, %n : index)
    return
  }
  func.func @impl_add64(%a: memref<?xf32>, %b: memref<?xf32>, %c: memref<?xf32>, %n: index) {
    %c1 = arith.constant 1 : index
    %t = arith.constant 64 : index
    %blocks = arith.ceildivsi %n, %t : index
    gpu.launch_func @kernels::@add64 blocks in (%blocks, %c1, %c1) threads in (%t, %c1, %c1) args(%a : memref<?xf32>, %b : memref<?xf32>, %c : memref<?xf32>, %n : index)
    return
  }
  func.func @impl_wrong(%a: memref<?xf32>, %b: memref<?xf32>, %c: memref<?xf32>, %n: index) {
    %c1 = arith.constant 1 : index
    %t = arith.constant 256 : index
    %blocks = arith.ceildivsi %n, %t : index
    gpu.launch_func @kernels::@wrong blocks in (%blocks, %c1, %c1) threads in (%t, %c1, %c1) args(%a : memref<?xf32>, %b : memref<?xf32>, %c : memref<?xf32>, %n : index)
    return
  }
  func.func @impl_hang(%a: memref<?xf32>, %b: memref<?xf32>, %c: memref<?xf32>, %n: index) {
    %c1 = arith.constant 1 : index
    %t = arith.constant 256 : index
    %blocks = arith.ceildivsi %n, %t : index
    gpu.launch_func @kernels::@hang blocks in (%blocks, %c1, %c1) threads in (%t, %c1, %c1) args(%a : memref<?xf32>, %b : memref<?xf32>, %c : memref<?xf32>, %n : index)
    return
  }
  func.func @impl_huge(%a: memref<?xf32>, %b: memref<?xf32>, %c: memref<?xf32>, %n: index) {
    %c1 = arith.constant 1 : index
    %t = arith.constant 2048 : index
    %blocks = arith.ceildivsi %n, %t : index
    gpu.launch_func @kernels::@huge blocks in (%blocks, %c1, %c1) threads in (%t, %c1, %c1) args(%a : memref<?xf32>, %b : memref<?xf32>, %c : memref<?xf32>, %n : index)
    return
  }
  func.func @impl_badwgsl(%a: memref<?xf32>, %b: memref<?xf32>, %c: memref<?xf32>, %n: index) {
    %c1 = arith.constant 1 : index
    %t = arith.constant 256 : index
    %blocks = arith.ceildivsi %n, %t : index
    gpu.launch_func @kernels::@badwgsl blocks in (%blocks, %c1, %c1) threads in (%t, %c1, %c1) args(%a : memref<?xf32>, %b : memref<?xf32>, %c : memref<?xf32>, %n : index)
    return
  }
  func.func @main(%a: memref<?xf32>, %b: memref<?xf32>, %c: memref<?xf32>, %n: index) {
    func.call @impl_add256(%a, %b, %c, %n) : (memref<?xf32>, memref<?xf32>, memref<?xf32>, index) -> ()
    return
  }
}
