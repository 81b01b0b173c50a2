// Attention called with shapes its kernels cannot take stops with a located error and exit 1,
// and writes no output: head dimensions that differ (the whole-problem program, checked as it
// runs; the compiled one, by the host's assertions), batch shapes that differ, and a head
// dimension past what the hand-written kernel's tiles span. Static shapes are refused by the
// verifier (tests/filecheck/dialects/tile/invalid.mlir has tile.matmul's shape errors).
// RUN: not tile-run %S/../../../examples/attention.mlir --entry attention --arg Q=rand:1x2x8x64xf32 --arg K=rand:1x2x8x32xf32 --arg V=rand:1x2x8x64xf32 --arg O=zeros:1x2x8x64xf32 -o %t.whole.txt 2>&1 | FileCheck %s --check-prefix=WHOLE
// RUN: not test -e %t.whole.txt
// RUN: tile-opt %S/../../../examples/attention.mlir -p @tile-wgsl --mlir-print-debuginfo -o %t.mlir
// RUN: not tile-run %t.mlir --entry attention --arg Q=rand:1x2x8x64xf32 --arg K=rand:1x2x8x32xf32 --arg V=rand:1x2x8x64xf32 --arg O=zeros:1x2x8x64xf32 2>&1 | FileCheck %s --check-prefix=HEADS
// RUN: not tile-run %t.mlir --entry attention_causal --arg Q=rand:1x2x8x64xf32 --arg K=rand:1x3x8x64xf32 --arg V=rand:1x3x8x64xf32 --arg O=zeros:1x2x8x64xf32 2>&1 | FileCheck %s --check-prefix=BATCH
// RUN: not tile-run %S/../../../examples/attention-tiled.mlir --entry attention --arg Q=rand:1x2x20x128xf32 --arg K=rand:1x2x20x128xf32 --arg V=rand:1x2x20x128xf32 --arg O=zeros:1x2x20x128xf32 -o %t.hand.txt 2>&1 | FileCheck %s --check-prefix=HAND
// RUN: not test -e %t.hand.txt
// RUN: not tile-run %S/../../../examples/attention-tiled.mlir --entry attention --arg Q=rand:1x2x20x64xf32 --arg K=rand:1x2x20x32xf32 --arg V=rand:1x2x20x64xf32 --arg O=zeros:1x2x20x64xf32 2>&1 | FileCheck %s --check-prefix=HAND-HEADS

// WHOLE: attention.mlir:{{[0-9]+}}:3: error: 'tile.matmul' op reduction dimensions differ at run time: op(A) is 8x64 and op(B) is 32x8
// HEADS: attention.mlir:{{[0-9]+}}:3: error: assertion failed: 'tile.matmul' op reduction dimensions differ at run time: dimension 3 of A and dimension 3 of B
// BATCH: attention.mlir:{{[0-9]+}}:3: error: assertion failed: 'tile.matmul' op batch dimension 1 of B differs from A's at run time
// HAND: attention-tiled.mlir:{{[0-9]+}}:5: error: assertion failed: head dimension D of Q is larger than 64, the columns the kernel's tiles span
// HAND-HEADS: attention-tiled.mlir:{{[0-9]+}}:5: error: assertion failed: head dimensions of Q, K, V and O differ
