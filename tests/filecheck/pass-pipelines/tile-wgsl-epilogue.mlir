// RUN: tile-opt %S/../../../examples/matmul-transposed-a.mlir -p '@tile-pipelined{tile-sizes=64,64,16 num-warps=4 num-stages=2}' | FileCheck %s --check-prefix=IR
// RUN: tile-opt %S/../../../examples/matmul-transposed-a.mlir -p '@tile-wgsl{tile-sizes=64,64,16 num-warps=4 num-stages=2 peel-epilogue=true}' --emit=wgsl | FileCheck %s --check-prefix=WGSL
// RUN: tile-opt %S/../../../examples/matmul-transposed-a.mlir -p '@tile-wgsl{tile-sizes=64,64,16 num-warps=4 num-stages=3 peel-epilogue=true}' --emit=wgsl | FileCheck %s --check-prefix=WGSL3
// RUN: tile-run %S/../../../examples/matmul-transposed-a.mlir --entry matmul_f32_transposed_a --arg A=rand:16x70xf32 --arg B=rand:16x33xf32 --arg C=zeros:70x33xf32 --compare-pipeline '@tile-wgsl{tile-sizes=64,64,16 num-warps=4 num-stages=2 peel-epilogue=true}' --tolerance 1e-5 | FileCheck %s --check-prefix=SAME
// RUN: tile-run %S/../../../examples/matmul-transposed-a.mlir --entry matmul_f32_transposed_a --arg A=rand:41x70xf32 --arg B=rand:41x33xf32 --arg C=zeros:70x33xf32 --compare-pipeline '@tile-wgsl{tile-sizes=64,64,16 num-warps=4 num-stages=3 peel-epilogue=true}' --tolerance 1e-5 | FileCheck %s --check-prefix=SAME

// The peeled epilogue of a 2-stage matmul (@tile-wgsl predicates it by default; peel-epilogue=true here): the last K step's loads are guarded (that iteration
// may not exist) and its transpose and dot run inside the same scf.if (sink-selects-into-if),
// which yields the loop's accumulator when the guard fails. So the dot reads its operands from
// the buffers the copies filled, as in the loop: only A's and B's tiles live in workgroup memory
// (no staging copies of the epilogue's operands) and each kernel has 4 barriers, 2 in the loop
// and 2 in the epilogue. K = 16 (one K step, all in the epilogue) and K = 41 (3 stages, a partial
// last tile) keep the program's meaning.
// IR-LABEL: gpu.func @matmul_f32_transposed_a
// IR:       scf.for
// IR:       tile.dot
// IR:       async.wait 0
// IR-NEXT:  %[[ACC:.+]] = scf.if %{{.+}} -> (tensor<64x64xf32, #tile.blocked<{{.*}}>>) {
// IR-NEXT:    %[[A:.+]] = tile.load %{{.+}}[%c0, %c0] in_bounds : memref<16x64xf32, #gpu.address_space<workgroup>> -> tensor<16x64xf32>
// IR-NEXT:    %[[B:.+]] = tile.load %{{.+}}[%c0, %c0] in_bounds : memref<16x64xf32, #gpu.address_space<workgroup>> -> tensor<16x64xf32>
// IR-NEXT:    %[[AT:.+]] = tile.transpose %[[A]]
// IR-NEXT:    %[[DOT:.+]] = tile.dot %[[AT]], %[[B]], %[[LOOP:[0-9]+#1]]
// IR-NEXT:    scf.yield %[[DOT]]
// IR-NEXT:  } else {
// IR-NEXT:    scf.yield %[[LOOP]]
// IR-NEXT:  }
// IR-NOT:   arith.select
// IR-NEXT:  tile.store %[[ACC]]
// The end of the guard of the blocks past the last row of tiles (M is dynamic: they may spill
// from y onto z).
// IR-NEXT:  }
// IR-NEXT:  gpu.return

// WGSL-LABEL: // ----- kernel @kernels::@matmul_f32_transposed_a
// WGSL:       var<workgroup> {{arg[0-9]+}}: array<array<vec4<f32>, 16>, 16>;
// WGSL-NEXT:  var<workgroup> {{arg[0-9]+}}: array<array<vec4<f32>, 16>, 16>;
// WGSL-NOT:   var<workgroup>
// WGSL:       @compute
// WGSL-COUNT-4: workgroupBarrier();
// WGSL-NOT:   workgroupBarrier();
// WGSL:       // ----- kernel @kernels::@matmul_f16_transposed_a

// With 3 stages the tiles are double-buffered ([2][16][64], indexed by the slot): the dot still
// reads Aᵀ through A's buffer, one vec4 read of A per k (16 per K step), in the loop and in each of the
// two epilogue steps; nothing else is in workgroup memory (16 KiB, WebGPU's default limit).
// WGSL3-LABEL: // ----- kernel @kernels::@matmul_f32_transposed_a
// WGSL3:       var<workgroup> [[AS:arg[0-9]+]]: array<vec4<f32>, 512>;
// WGSL3-NEXT:  var<workgroup> {{arg[0-9]+}}: array<vec4<f32>, 512>;
// WGSL3-NOT:   var<workgroup>
// WGSL3-COUNT-48: = [[AS]][
// WGSL3-NOT:   = [[AS]][
// WGSL3:       // ----- kernel @kernels::@matmul_f16_transposed_a

// SAME: compare %C: max_abs=
