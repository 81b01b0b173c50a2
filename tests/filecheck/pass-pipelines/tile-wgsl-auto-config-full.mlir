// The rest of tile-wgsl-auto-config.mlir's cases (the slow suite): 12 rows (split skinny tiles),
// the large tiles as the run-time choice with and without the 48 KiB workgroup memory limit, and
// the GELU epilogue; every variant computes what the whole-problem program does.
// REQUIRES: slow
// RUN: tile-run %S/../../../examples/matmul.mlir --entry matmul_f32 --arg A=rand:12x45xf32 --arg B=rand:45x37xf32 --arg C=zeros:12x37xf32 --compare-pipeline '@tile-wgsl' --tolerance 1e-4 | FileCheck %s
// RUN: tile-run %S/../../../examples/matmul.mlir --entry matmul_f32 --arg A=rand:40x40xf32 --arg B=rand:40x29xf32 --arg C=zeros:40x29xf32 --compare-pipeline '@tile-wgsl{auto-min-workgroups=1}' --tolerance 1e-4 | FileCheck %s
// RUN: tile-run %S/../../../examples/matmul.mlir --entry matmul_f32 --arg A=rand:40x40xf32 --arg B=rand:40x29xf32 --arg C=zeros:40x29xf32 --compare-pipeline '@tile-wgsl{auto-min-workgroups=1 max-workgroup-memory=49152}' --tolerance 1e-4 | FileCheck %s
// RUN: tile-run %S/../../../examples/matmul-epilogue.mlir --entry matmul_bias_gelu --arg A=rand:20x33xf32 --arg B=rand:33x70xf32 --arg bias=rand:70xf32 --arg C=zeros:20x70xf32 --compare-pipeline '@tile-wgsl{auto-min-workgroups=1}' --tolerance 1e-4 | FileCheck %s
// CHECK: compare %C: max_abs=
