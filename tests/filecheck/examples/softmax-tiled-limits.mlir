// The hand-tiled softmax takes rows of at most 64 columns (its tiles span 64): a longer row, or
// X and Y of different shapes, stops at the host's assertion with a located error, exit 1 and no
// output, instead of a wrong result; within its limits it equals examples/softmax.mlir.
// RUN: not tile-run %S/../../../examples/softmax-tiled.mlir --entry softmax --arg X=rand:8x100xf32 --arg Y=zeros:8x100xf32 -o %t.long.txt 2>&1 | FileCheck %s --check-prefix=LONG
// RUN: not test -e %t.long.txt
// RUN: not tile-run %S/../../../examples/softmax-tiled.mlir --entry softmax --arg X=rand:8x50xf32 --arg Y=zeros:8x49xf32 2>&1 | FileCheck %s --check-prefix=SHAPES
// RUN: tile-run %S/../../../examples/softmax-tiled.mlir --entry softmax --arg X=rand:37x64xf32 --arg Y=zeros:37x64xf32 --compare %S/../../../examples/softmax.mlir --tolerance 1e-6 | FileCheck %s --check-prefix=SAME

// LONG: softmax-tiled.mlir:{{[0-9]+}}:5: error: assertion failed: rows of X are longer than 64, the columns the kernel's tiles span
// SHAPES: softmax-tiled.mlir:{{[0-9]+}}:5: error: assertion failed: the shapes of X and Y differ
// SAME: compare %Y: max_abs={{[0-9.e-]+}} max_rel={{[0-9.e-]+}}{{$}}
