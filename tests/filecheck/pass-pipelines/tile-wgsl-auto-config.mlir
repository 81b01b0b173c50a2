// @tile-wgsl without tile options configures each matmul automatically (tile-tiling's
// auto-config.mlir); every variant computes what the whole-problem program does. Small
// auto-min-workgroups values make the large tiles the run-time choice at these small sizes; 5 and
// 12 rows take the split skinny tiles (8 and 16 rows, K in slices summed by a second kernel).
// The slow suite runs four more shapes and options: tile-wgsl-auto-config-full.mlir.
// RUN: tile-run %S/../../../examples/matmul.mlir --entry matmul_f32 --arg A=rand:5x17xf32 --arg B=rand:17x33xf32 --arg C=zeros:5x33xf32 --compare-pipeline '@tile-wgsl' --tolerance 1e-4 | FileCheck %s
// RUN: tile-run %S/../../../examples/matmul.mlir --entry matmul_f32 --arg A=rand:70x33xf32 --arg B=rand:33x65xf32 --arg C=zeros:70x65xf32 --compare-pipeline '@tile-wgsl' --tolerance 1e-4 | FileCheck %s
// RUN: tile-run %S/../../../examples/matmul.mlir --entry matmul_f16 --arg A=rand:33x70xf16 --arg B=rand:70x40xf16 --arg C=zeros:33x40xf32 --compare-pipeline '@tile-wgsl{auto-min-workgroups=1}' --tolerance 1e-3 | FileCheck %s
// RUN: tile-run %S/../../../examples/matmul-epilogue.mlir --entry matmul_bias_relu --arg A=rand:3x33xf32 --arg B=rand:33x70xf32 --arg bias=rand:70xf32 --arg C=zeros:3x70xf32 --compare-pipeline '@tile-wgsl' --tolerance 1e-4 | FileCheck %s
// CHECK: compare %C: max_abs=
