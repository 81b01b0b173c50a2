// C = A * B: the tiled kernel of tests/filecheck/targets/wgsl/Inputs/matmul-tiled.mlir (16x16
// workgroup tiles in workgroup memory, two barriers per K step, zero padding past the edges) with a
// host function that launches (ceil(N/16), ceil(M/16), 1) workgroups.
module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @matmul(%A: memref<?x?xf32>, %B: memref<?x?xf32>, %C: memref<?x?xf32>)
        workgroup(%As: memref<16x16xf32, #gpu.address_space<workgroup>>, %Bs: memref<16x16xf32, #gpu.address_space<workgroup>>)
        kernel attributes {known_block_size = array<i32: 16, 16, 1>} {
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %c16 = arith.constant 16 : index
      %zero = arith.constant 0.0 : f32
      %M = memref.dim %A, %c0 : memref<?x?xf32>
      %K = memref.dim %A, %c1 : memref<?x?xf32>
      %N = memref.dim %B, %c1 : memref<?x?xf32>
      %tx = gpu.thread_id x
      %ty = gpu.thread_id y
      %bx = gpu.block_id x
      %by = gpu.block_id y
      %row0 = arith.muli %by, %c16 : index
      %row = arith.addi %row0, %ty : index
      %col0 = arith.muli %bx, %c16 : index
      %col = arith.addi %col0, %tx : index
      %tiles = arith.ceildivsi %K, %c16 : index
      %rowIn = arith.cmpi slt, %row, %M : index
      %colIn = arith.cmpi slt, %col, %N : index
      %sum = scf.for %t = %c0 to %tiles step %c1 iter_args(%acc = %zero) -> (f32) {
        %k0 = arith.muli %t, %c16 : index
        %ak = arith.addi %k0, %tx : index
        %akIn = arith.cmpi slt, %ak, %K : index
        %aIn = arith.andi %rowIn, %akIn : i1
        %a = scf.if %aIn -> (f32) {
          %v = memref.load %A[%row, %ak] : memref<?x?xf32>
          scf.yield %v : f32
        } else {
          scf.yield %zero : f32
        }
        memref.store %a, %As[%ty, %tx] : memref<16x16xf32, #gpu.address_space<workgroup>>
        %bk = arith.addi %k0, %ty : index
        %bkIn = arith.cmpi slt, %bk, %K : index
        %bIn = arith.andi %bkIn, %colIn : i1
        %b = scf.if %bIn -> (f32) {
          %v = memref.load %B[%bk, %col] : memref<?x?xf32>
          scf.yield %v : f32
        } else {
          scf.yield %zero : f32
        }
        memref.store %b, %Bs[%ty, %tx] : memref<16x16xf32, #gpu.address_space<workgroup>>
        gpu.barrier
        %next = scf.for %k = %c0 to %c16 step %c1 iter_args(%part = %acc) -> (f32) {
          %x = memref.load %As[%ty, %k] : memref<16x16xf32, #gpu.address_space<workgroup>>
          %y = memref.load %Bs[%k, %tx] : memref<16x16xf32, #gpu.address_space<workgroup>>
          %p = math.fma %x, %y, %part : f32
          scf.yield %p : f32
        }
        gpu.barrier
        scf.yield %next : f32
      }
      %inside = arith.andi %rowIn, %colIn : i1
      scf.if %inside {
        memref.store %sum, %C[%row, %col] : memref<?x?xf32>
      }
      gpu.return
    }
  }
  func.func @main(%A: memref<?x?xf32>, %B: memref<?x?xf32>, %C: memref<?x?xf32>) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c16 = arith.constant 16 : index
    %M = memref.dim %A, %c0 : memref<?x?xf32>
    %N = memref.dim %B, %c1 : memref<?x?xf32>
    %gx = arith.ceildivsi %N, %c16 : index
    %gy = arith.ceildivsi %M, %c16 : index
    gpu.launch_func @kernels::@matmul blocks in (%gx, %gy, %c1) threads in (%c16, %c16, %c1) args(%A : memref<?x?xf32>, %B : memref<?x?xf32>, %C : memref<?x?xf32>)
    return
  }
}
