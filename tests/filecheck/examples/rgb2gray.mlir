// The rgb2gray examples under tile-run: the tiled version gives exactly the whole-problem
// tile.map's result on a 2x3x13x70 image (not a multiple of the 1x8x64 tiles); on an all-ones
// image every gray value is 0.299 + 0.587 + 0.114 = 1 (in f32). Both round-trip through tile-opt.
// RUN: tile-run %S/../../../examples/rgb2gray-tiled.mlir --entry rgb2gray --arg img=rand:2x3x13x70xf32 --arg gray=zeros:2x13x70xf32 --compare %S/../../../examples/rgb2gray.mlir --tolerance 0 | FileCheck %s
// RUN: tile-run %S/../../../examples/rgb2gray.mlir --entry rgb2gray --arg img=ones:1x3x9x65xf32 --arg gray=zeros:1x9x65xf32 | FileCheck %s --check-prefix=ONES
// RUN: tile-run %S/../../../examples/rgb2gray-tiled.mlir --entry rgb2gray --arg img=ones:1x3x9x65xf32 --arg gray=zeros:1x9x65xf32 | FileCheck %s --check-prefix=ONES
// RUN: tile-opt %S/../../../examples/rgb2gray.mlir | tile-opt | FileCheck %s --check-prefix=PARSE
// RUN: tile-opt %S/../../../examples/rgb2gray-tiled.mlir | tile-opt | FileCheck %s --check-prefix=PARSE

// CHECK: %gray: memref<?x?x?xf32> shape=2x13x70 dtype=f32 min={{[-0-9.e]+}} max={{[-0-9.e]+}} mean={{[-0-9.e]+}} checksum={{[0-9a-f]+}}
// CHECK-NEXT: compare %gray: max_abs=0 max_rel=0
// ONES: %gray: memref<?x?x?xf32> shape=1x9x65 dtype=f32 min=1 max=1 mean=1
// PARSE: func.func @rgb2gray(
