// rgb2gray over [N, 3, H, W] (three strided channel views of the image): tiled over the
// parallel dimensions N and H (W is walked by the pipelined loop), combined into one grid axis
// with max-grid-dims=1 (Croktile's combined parallel dimensions), and with the default three
// axes; equal to the whole-problem program at sizes that are not multiples of the tiles.
// RUN: tile-opt %S/../../../examples/rgb2gray.mlir -p '@tile-pipelined{max-grid-dims=1 tile-sizes=1,4,16}' | tile-run - --entry rgb2gray --arg img=rand:3x3x13x70xf32 --arg gray=zeros:3x13x70xf32 --compare %S/../../../examples/rgb2gray.mlir --tolerance 0 | FileCheck %s --check-prefix=SAME
// RUN: tile-opt %S/../../../examples/rgb2gray.mlir -p '@tile-pipelined{tile-sizes=1,8,64 num-stages=2}' | tile-run - --entry rgb2gray --arg img=rand:2x3x9x130xf32 --arg gray=zeros:2x9x130xf32 --compare %S/../../../examples/rgb2gray.mlir --tolerance 0 | FileCheck %s --check-prefix=SAME
// RUN: tile-opt %S/../../../examples/rgb2gray.mlir -p '@tile-pipelined{max-grid-dims=1 tile-sizes=1,4,16}' | FileCheck %s
// SAME: compare %gray: max_abs=0 max_rel=0

// One grid axis: the block id is split into the H tile (remui) and N (divui).
// CHECK-LABEL: gpu.func @rgb2gray(
// CHECK: %[[ID:.*]] = gpu.block_id  x
// CHECK-DAG: arith.remui %[[ID]]
// CHECK-DAG: arith.divui %[[ID]]
// CHECK: async.copy
// CHECK: scf.for
// CHECK-NEXT: async.wait 1 for
// CHECK-LABEL: func.func @rgb2gray(
// CHECK: gpu.launch_func  @kernels::@rgb2gray blocks in (%{{.*}}, %c1, %c1)
