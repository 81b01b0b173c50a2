// The elementwise add of the seeds at their sizes, 1000x2000 and 4000x120, pipelined with 1, 2
// and 3 buffers per tile (2, 3 and 4 stages): equal to the whole-problem tile.map, exactly. Six
// interpreter runs over 2.4M elements take about two minutes on two cores: in the slow suite
// (TILE_SLOW=1, as CI runs it); tile-pipelined-add.mlir checks the same at small edge sizes.
// REQUIRES: slow
// RUN: tile-opt %S/../../../examples/add.mlir -p '@tile-pipelined{num-stages=2 num-buffers=1}' -o %t.1.mlir
// RUN: tile-opt %S/../../../examples/add.mlir -p '@tile-pipelined{num-stages=3 num-buffers=2}' -o %t.2.mlir
// RUN: tile-opt %S/../../../examples/add.mlir -p '@tile-pipelined{num-stages=4 num-buffers=3}' -o %t.3.mlir
// RUN: tile-run %t.1.mlir --entry add --arg X=rand:1000x2000xf32 --arg Y=rand:1000x2000xf32 --arg Z=zeros:1000x2000xf32 --compare %S/../../../examples/add.mlir --tolerance 0 | FileCheck %s --check-prefix=SAME
// RUN: tile-run %t.2.mlir --entry add --arg X=rand:1000x2000xf32 --arg Y=rand:1000x2000xf32 --arg Z=zeros:1000x2000xf32 --compare %S/../../../examples/add.mlir --tolerance 0 | FileCheck %s --check-prefix=SAME
// RUN: tile-run %t.3.mlir --entry add --arg X=rand:1000x2000xf32 --arg Y=rand:1000x2000xf32 --arg Z=zeros:1000x2000xf32 --compare %S/../../../examples/add.mlir --tolerance 0 | FileCheck %s --check-prefix=SAME
// RUN: tile-run %t.1.mlir --entry add --arg X=rand:4000x120xf32 --arg Y=rand:4000x120xf32 --arg Z=zeros:4000x120xf32 --compare %S/../../../examples/add.mlir --tolerance 0 | FileCheck %s --check-prefix=SAME
// RUN: tile-run %t.2.mlir --entry add --arg X=rand:4000x120xf32 --arg Y=rand:4000x120xf32 --arg Z=zeros:4000x120xf32 --compare %S/../../../examples/add.mlir --tolerance 0 | FileCheck %s --check-prefix=SAME
// RUN: tile-run %t.3.mlir --entry add --arg X=rand:4000x120xf32 --arg Y=rand:4000x120xf32 --arg Z=zeros:4000x120xf32 --compare %S/../../../examples/add.mlir --tolerance 0 | FileCheck %s --check-prefix=SAME
// SAME: compare %Z: max_abs=0 max_rel=0
