// y[i] = x[i] < 0 ? -inf : maximumf(x[i], 0.5) in f16: the -inf constant, which WGSL cannot write
// as a literal, is rebuilt from its bits (tile_f16_from_bits), and the NaN-propagating maximum
// tests its operands for NaN on their bits (tile_isnan_f16); 64 threads per workgroup, masked at n.
module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @clamp(%x: memref<?xf16>, %y: memref<?xf16>, %n: index) kernel attributes {known_block_size = array<i32: 64, 1, 1>} {
      %i = gpu.global_id x
      %inside = arith.cmpi slt, %i, %n : index
      scf.if %inside {
        %zero = arith.constant 0.0 : f16
        %ninf = arith.constant 0xFC00 : f16
        %v = memref.load %x[%i] : memref<?xf16>
        %negative = arith.cmpf olt, %v, %zero : f16
        %half = arith.constant 0.5 : f16
        %m = arith.maximumf %v, %half : f16
        %r = arith.select %negative, %ninf, %m : f16
        memref.store %r, %y[%i] : memref<?xf16>
      }
      gpu.return
    }
  }
  func.func @main(%x: memref<?xf16>, %y: memref<?xf16>) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c64 = arith.constant 64 : index
    %n = memref.dim %y, %c0 : memref<?xf16>
    %blocks = arith.ceildivsi %n, %c64 : index
    gpu.launch_func @kernels::@clamp blocks in (%blocks, %c1, %c1) threads in (%c64, %c1, %c1) args(%x : memref<?xf16>, %y : memref<?xf16>, %n : index)
    return
  }
}
