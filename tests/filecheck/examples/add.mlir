// The add examples under tile-run: the row-block, double- and triple-buffered asynchronous
// versions give exactly the whole-problem tile.map's result at sizes that are not multiples of
// the 4x64 tiles. Each example also round-trips through tile-opt.
// RUN: tile-run %S/../../../examples/add-tiled.mlir --entry add --arg X=rand:130x77xf32 --arg Y=rand:130x77xf32 --arg Z=zeros:130x77xf32 --compare %S/../../../examples/add.mlir --tolerance 0 | FileCheck %s
// RUN: tile-run %S/../../../examples/add-async-2buf.mlir --entry add --arg X=rand:130x77xf32 --arg Y=rand:130x77xf32 --arg Z=zeros:130x77xf32 --compare %S/../../../examples/add.mlir --tolerance 0 | FileCheck %s
// RUN: tile-run %S/../../../examples/add-async-3buf.mlir --entry add --arg X=rand:130x77xf32 --arg Y=rand:130x77xf32 --arg Z=zeros:130x77xf32 --compare %S/../../../examples/add.mlir --tolerance 0 | FileCheck %s
// RUN: tile-run %S/../../../examples/add-async-3buf.mlir --entry add --arg X=ones:5x130xf32 --arg Y=ones:5x130xf32 --arg Z=zeros:5x130xf32 | FileCheck %s --check-prefix=ONES
// RUN: tile-opt %S/../../../examples/add.mlir | tile-opt | FileCheck %s --check-prefix=PARSE
// RUN: tile-opt %S/../../../examples/add-tiled.mlir | tile-opt | FileCheck %s --check-prefix=PARSE
// RUN: tile-opt %S/../../../examples/add-async-2buf.mlir | tile-opt | FileCheck %s --check-prefix=PARSE
// RUN: tile-opt %S/../../../examples/add-async-3buf.mlir | tile-opt | FileCheck %s --check-prefix=PARSE

// CHECK: %Z: memref<?x?xf32> shape=130x77 dtype=f32 min={{[-0-9.e]+}} max={{[-0-9.e]+}} mean={{[-0-9.e]+}} checksum={{[0-9a-f]+}}
// CHECK-NEXT: compare %Z: max_abs=0 max_rel=0
// ONES: %Z: memref<?x?xf32> shape=5x130 dtype=f32 min=2 max=2 mean=2
// PARSE: func.func @add(
