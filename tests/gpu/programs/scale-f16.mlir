// y[i] = x[i] * s + 1 in f16 (memrefs as f16 bits, the scalar as an f16 uniform field); 64 threads
// per workgroup, ceil(n / 64) workgroups, masked at n.
module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @scale(%x: memref<?xf16>, %y: memref<?xf16>, %s: f16, %n: index) kernel attributes {known_block_size = array<i32: 64, 1, 1>} {
      %i = gpu.global_id x
      %inside = arith.cmpi slt, %i, %n : index
      scf.if %inside {
        %one = arith.constant 1.0 : f16
        %v = memref.load %x[%i] : memref<?xf16>
        %p = arith.mulf %v, %s : f16
        %q = arith.addf %p, %one : f16
        memref.store %q, %y[%i] : memref<?xf16>
      }
      gpu.return
    }
  }
  func.func @main(%x: memref<?xf16>, %y: memref<?xf16>, %s: f16) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c64 = arith.constant 64 : index
    %n = memref.dim %y, %c0 : memref<?xf16>
    %blocks = arith.ceildivsi %n, %c64 : index
    gpu.launch_func @kernels::@scale blocks in (%blocks, %c1, %c1) threads in (%c64, %c1, %c1) args(%x : memref<?xf16>, %y : memref<?xf16>, %s : f16, %n : index)
    return
  }
}
