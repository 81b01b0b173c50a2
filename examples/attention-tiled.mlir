// FlashAttention written at tile level: the kernel @tile-wgsl makes of examples/attention.mlir's
// @attention (tile-sizes=16,16,64), by hand, to read and change. One workgroup (128 threads) per
// (batch, head, block of 16 queries): Q's block is loaded once (scaled by 1/√D), then the keys are
// walked in blocks of 16 with a running row maximum %m and sum %l; each block's scores
// S = Q·Kᵀ stay in registers, keys past T are masked to -inf, and the output accumulator is
// rescaled by exp(m_old - m_new) before P·V is added. D is at most 64 (Q, K and V tiles span 64
// columns, zero past D). The pipelines make the K and V loads asynchronous copies into
// multibuffered workgroup memory and software-pipeline the key loop; with three stages the kernel
// needs about 30 KB of workgroup memory, more than WebGPU's default 16 KB: compile it with
// @tile-wgsl{max-workgroup-memory=32768} (most adapters allow that) or num-stages=1.
//   tile-run examples/attention-tiled.mlir --entry attention --arg Q=rand:2x3x70x64xf32 --arg K=rand:2x3x77x64xf32 \
//     --arg V=rand:2x3x77x64xf32 --arg O=zeros:2x3x70x64xf32 --compare examples/attention.mlir --tolerance 1e-5
module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @attention(%Q: memref<?x?x?x?xf32>, %K: memref<?x?x?x?xf32>, %V: memref<?x?x?x?xf32>, %O: memref<?x?x?x?xf32>) kernel {
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %c2 = arith.constant 2 : index
      %c3 = arith.constant 3 : index
      %c16 = arith.constant 16 : index
      %H = memref.dim %Q, %c1 : memref<?x?x?x?xf32>
      %T = memref.dim %K, %c2 : memref<?x?x?x?xf32>
      %D = memref.dim %Q, %c3 : memref<?x?x?x?xf32>
      %bx = gpu.block_id x
      %by = gpu.block_id y
      %b = arith.divui %by, %H : index
      %h = arith.remui %by, %H : index
      %m0 = arith.muli %bx, %c16 : index
      %Di = arith.index_cast %D : index to i32
      %Df = arith.sitofp %Di : i32 to f32
      %scale = math.rsqrt %Df : f32
      %q = tile.load %Q[%b, %h, %m0, %c0] : memref<?x?x?x?xf32> -> tensor<16x64xf32>
      %sc = tile.splat %scale : tensor<16x64xf32>
      %qs = arith.mulf %q, %sc : tensor<16x64xf32>
      %zero = arith.constant 0.0 : f32
      %ninf = arith.constant 0xFF800000 : f32
      %s0 = tile.splat %zero : tensor<16x16xf32>
      %acc0 = tile.splat %zero : tensor<16x64xf32>
      %m_init = tile.splat %ninf : tensor<16xf32>
      %l_init = tile.splat %zero : tensor<16xf32>
      %Ti = arith.index_cast %T : index to i32
      %Tt = tile.splat %Ti : tensor<16x16xi32>
      %ninfs = tile.splat %ninf : tensor<16x16xf32>
      %j = tile.iota 1 : tensor<16x16xi32>
      %res:3 = scf.for %t0 = %c0 to %T step %c16 iter_args(%acc = %acc0, %m = %m_init, %l = %l_init) -> (tensor<16x64xf32>, tensor<16xf32>, tensor<16xf32>) {
        %k = tile.load %K[%b, %h, %t0, %c0] : memref<?x?x?x?xf32> -> tensor<16x64xf32>
        %kt = tile.transpose %k : tensor<16x64xf32> -> tensor<64x16xf32>
        %s = tile.dot %qs, %kt, %s0 : tensor<16x64xf32>, tensor<64x16xf32> -> tensor<16x16xf32>
        %t0i = arith.index_cast %t0 : index to i32
        %t0s = tile.splat %t0i : tensor<16x16xi32>
        %col = arith.addi %j, %t0s : tensor<16x16xi32>
        %valid = arith.cmpi slt, %col, %Tt : tensor<16x16xi32>
        %sm = arith.select %valid, %s, %ninfs : tensor<16x16xi1>, tensor<16x16xf32>
        %mx = tile.reduce max %sm axis 1 : tensor<16x16xf32> -> tensor<16xf32>
        %mn = arith.maximumf %m, %mx : tensor<16xf32>
        %mnb = tile.broadcast %mn dims [1] : tensor<16xf32> -> tensor<16x16xf32>
        %d = arith.subf %sm, %mnb : tensor<16x16xf32>
        %p = math.exp %d : tensor<16x16xf32>
        %dm = arith.subf %m, %mn : tensor<16xf32>
        %alpha = math.exp %dm : tensor<16xf32>
        %ps = tile.reduce add %p axis 1 : tensor<16x16xf32> -> tensor<16xf32>
        %la = arith.mulf %l, %alpha : tensor<16xf32>
        %ln = arith.addf %la, %ps : tensor<16xf32>
        %ab = tile.broadcast %alpha dims [1] : tensor<16xf32> -> tensor<16x64xf32>
        %accs = arith.mulf %acc, %ab : tensor<16x64xf32>
        %v = tile.load %V[%b, %h, %t0, %c0] : memref<?x?x?x?xf32> -> tensor<16x64xf32>
        %an = tile.dot %p, %v, %accs : tensor<16x16xf32>, tensor<16x64xf32> -> tensor<16x64xf32>
        scf.yield %an, %mn, %ln : tensor<16x64xf32>, tensor<16xf32>, tensor<16xf32>
      }
      %lb = tile.broadcast %res#2 dims [1] : tensor<16xf32> -> tensor<16x64xf32>
      %o = arith.divf %res#0, %lb : tensor<16x64xf32>
      tile.store %o, %O[%b, %h, %m0, %c0] : tensor<16x64xf32> -> memref<?x?x?x?xf32>
      gpu.return
    }
  }
  func.func @attention(%Q: memref<?x?x?x?xf32>, %K: memref<?x?x?x?xf32>, %V: memref<?x?x?x?xf32>, %O: memref<?x?x?x?xf32>) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %c3 = arith.constant 3 : index
    %c16 = arith.constant 16 : index
    %c64 = arith.constant 64 : index
    %c128 = arith.constant 128 : index
    %B = memref.dim %Q, %c0 : memref<?x?x?x?xf32>
    %H = memref.dim %Q, %c1 : memref<?x?x?x?xf32>
    %S = memref.dim %Q, %c2 : memref<?x?x?x?xf32>
    // The kernel trusts these sizes: a call outside them stops here rather than computing garbage.
    %D = memref.dim %Q, %c3 : memref<?x?x?x?xf32>
    %fits = arith.cmpi ule, %D, %c64 : index
    cf.assert %fits, "head dimension D of Q is larger than 64, the columns the kernel's tiles span"
    %Dk = memref.dim %K, %c3 : memref<?x?x?x?xf32>
    %Dv = memref.dim %V, %c3 : memref<?x?x?x?xf32>
    %Do = memref.dim %O, %c3 : memref<?x?x?x?xf32>
    %dk = arith.cmpi eq, %Dk, %D : index
    %dv = arith.cmpi eq, %Dv, %D : index
    %do = arith.cmpi eq, %Do, %D : index
    %d1 = arith.andi %dk, %dv : i1
    %dims = arith.andi %d1, %do : i1
    cf.assert %dims, "head dimensions of Q, K, V and O differ"
    %BH = arith.muli %B, %H : index
    %gx = arith.ceildivui %S, %c16 : index
    gpu.launch_func @kernels::@attention blocks in (%gx, %BH, %c1) threads in (%c128, %c1, %c1) args(%Q : memref<?x?x?x?xf32>, %K : memref<?x?x?x?xf32>, %V : memref<?x?x?x?xf32>, %O : memref<?x?x?x?xf32>)
    return
  }
}
