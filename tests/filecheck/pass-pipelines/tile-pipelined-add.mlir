// The elementwise add of the seeds, pipelined over the column loop of each row block with 1, 2
// and 3 buffers per tile (2, 3 and 4 stages), peeled prologue and epilogue, masked at the edges,
// at small sizes that are not multiples of the tile (37x130, 5x301): equal to the whole-problem
// tile.map, exactly. The seeds' own sizes are in tile-pipelined-add-full.mlir (slow suite).
// RUN: tile-opt %S/../../../examples/add.mlir -p '@tile-pipelined{tile-sizes=4,64 num-stages=2 num-buffers=1}' -o %t.1.mlir
// RUN: tile-opt %S/../../../examples/add.mlir -p '@tile-pipelined{tile-sizes=4,64 num-stages=3 num-buffers=2}' -o %t.2.mlir
// RUN: tile-opt %S/../../../examples/add.mlir -p '@tile-pipelined{tile-sizes=4,64 num-stages=4 num-buffers=3}' -o %t.3.mlir
// RUN: tile-run %t.1.mlir --entry add --arg X=rand:37x130xf32 --arg Y=rand:37x130xf32 --arg Z=zeros:37x130xf32 --compare %S/../../../examples/add.mlir --tolerance 0 | FileCheck %s --check-prefix=SAME
// RUN: tile-run %t.2.mlir --entry add --arg X=rand:37x130xf32 --arg Y=rand:37x130xf32 --arg Z=zeros:37x130xf32 --compare %S/../../../examples/add.mlir --tolerance 0 | FileCheck %s --check-prefix=SAME
// RUN: tile-run %t.3.mlir --entry add --arg X=rand:37x130xf32 --arg Y=rand:37x130xf32 --arg Z=zeros:37x130xf32 --compare %S/../../../examples/add.mlir --tolerance 0 | FileCheck %s --check-prefix=SAME
// RUN: tile-run %t.1.mlir --entry add --arg X=rand:5x301xf32 --arg Y=rand:5x301xf32 --arg Z=zeros:5x301xf32 --compare %S/../../../examples/add.mlir --tolerance 0 | FileCheck %s --check-prefix=SAME
// RUN: tile-run %t.2.mlir --entry add --arg X=rand:5x301xf32 --arg Y=rand:5x301xf32 --arg Z=zeros:5x301xf32 --compare %S/../../../examples/add.mlir --tolerance 0 | FileCheck %s --check-prefix=SAME
// RUN: tile-run %t.3.mlir --entry add --arg X=rand:5x301xf32 --arg Y=rand:5x301xf32 --arg Z=zeros:5x301xf32 --compare %S/../../../examples/add.mlir --tolerance 0 | FileCheck %s --check-prefix=SAME
// RUN: FileCheck %s --check-prefix=BUF1 < %t.1.mlir
// RUN: FileCheck %s --check-prefix=BUF2 < %t.2.mlir
// RUN: FileCheck %s --check-prefix=BUF3 < %t.3.mlir
// SAME: compare %Z: max_abs=0 max_rel=0

// BUF1: tile.alloc : memref<4x64xf32, #gpu.address_space<workgroup>>
// BUF1: scf.for
// BUF1-NEXT: async.wait 0 for
// BUF2: tile.alloc : memref<2x4x64xf32, #gpu.address_space<workgroup>>
// BUF2: scf.for
// BUF2-NEXT: async.wait 1 for
// BUF3: tile.alloc : memref<3x4x64xf32, #gpu.address_space<workgroup>>
// BUF3: scf.for
// BUF3-NEXT: async.wait 2 for
