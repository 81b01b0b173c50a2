// REQUIRES: gpu
// The whole-problem programs compared with their @tile-wgsl compilation run on WebGPU, on
// identical inputs (tile-run --compare-pipeline ... --compare-backend webgpu).
// RUN: tile-run %S/../../../examples/matmul.mlir --entry matmul_f32 --arg A=rand:37x45xf32 --arg B=rand:45x29xf32 --arg C=zeros:37x29xf32 --compare-pipeline '@tile-wgsl{tile-sizes=16,16,8 num-warps=1 num-stages=3}' --compare-backend webgpu --tolerance 1e-4 | FileCheck %s --check-prefix=MATMUL
// RUN: tile-run %S/../../../examples/add.mlir --entry add --arg X=rand:130x77xf32 --arg Y=rand:130x77xf32 --arg Z=zeros:130x77xf32 --compare-pipeline '@tile-wgsl{num-stages=2}' --compare-backend webgpu --tolerance 0 | FileCheck %s --check-prefix=ADD
// pack-lhs: the packing kernel (Aᵀ into a buffer the host allocates), then the matmul on it.
// RUN: tile-run %S/../../../examples/matmul.mlir --entry matmul_f32 --arg A=rand:37x45xf32 --arg B=rand:45x29xf32 --arg C=zeros:37x29xf32 --compare-pipeline '@tile-wgsl{tile-sizes=16,16,8 num-warps=1 num-stages=2 pack-lhs=true}' --compare-backend webgpu --tolerance 1e-4 | FileCheck %s --check-prefix=MATMUL
// Blocks spilled from one grid axis onto the next (a limit of 3 workgroups an axis: 19 row blocks
// of 2 on a 3 x 7 grid), the row kernel's barriers inside the guard of the blocks past the last
// (one kernel: rows of 300 in blocks of 256 columns).
// RUN: tile-run %S/../../../examples/softmax.mlir --entry softmax --arg X=rand:37x300xf32 --arg Y=zeros:37x300xf32 --compare-pipeline '@tile-wgsl{tile-sizes=2,256 num-warps=2 max-workgroups-per-dimension=3}' --compare-backend webgpu --tolerance 1e-6 | FileCheck %s --check-prefix=SPILL
// SPILL: backend webgpu:
// SPILL: compare %Y: max_abs={{[0-9.e-]+}} max_rel={{[0-9.e-]+}}{{$}}
// MATMUL: backend webgpu:
// MATMUL: compare %C: max_abs={{[0-9.e-]+}} max_rel={{[0-9.e-]+}}{{$}}
// ADD: backend webgpu:
// ADD: compare %Z: max_abs=0 max_rel=0
