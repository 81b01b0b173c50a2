// y[i] = tanh(x[i] * 1000): mostly arguments far past where f32 tanh rounds to +-1 (SwiftShader
// evaluates WGSL's tanh as sinh / cosh, NaN once both overflow; the target clamps the argument
// and passes NaN through). 64 threads per workgroup, masked at n.
module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @tanh_large(%x: memref<?xf32>, %y: memref<?xf32>, %n: index) kernel attributes {known_block_size = array<i32: 64, 1, 1>} {
      %i = gpu.global_id x
      %inside = arith.cmpi slt, %i, %n : index
      scf.if %inside {
        %k = arith.constant 1000.0 : f32
        %v = memref.load %x[%i] : memref<?xf32>
        %s = arith.mulf %v, %k : f32
        %t = math.tanh %s : f32
        memref.store %t, %y[%i] : memref<?xf32>
      }
      gpu.return
    }
  }
  func.func @main(%x: memref<?xf32>, %y: memref<?xf32>) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c64 = arith.constant 64 : index
    %n = memref.dim %y, %c0 : memref<?xf32>
    %blocks = arith.ceildivsi %n, %c64 : index
    gpu.launch_func @kernels::@tanh_large blocks in (%blocks, %c1, %c1) threads in (%c64, %c1, %c1) args(%x : memref<?xf32>, %y : memref<?xf32>, %n : index)
    return
  }
}
