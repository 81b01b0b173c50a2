// The matmul examples under tile-run: the tile-level and the 3-stage asynchronous versions agree
// with the whole-problem tile.matmul on the same random inputs, at a size that is not a multiple
// of the 32x32x16 tiles. Each example also round-trips through tile-opt.
// RUN: tile-run %S/../../../examples/matmul-tiled.mlir --entry matmul_f32 --arg A=rand:37x45xf32 --arg B=rand:45x29xf32 --arg C=zeros:37x29xf32 --compare %S/../../../examples/matmul.mlir --tolerance 1e-5 | FileCheck %s --check-prefix=F32
// RUN: tile-run %S/../../../examples/matmul-tiled.mlir --entry matmul_f16 --arg A=rand:37x45xf16 --arg B=rand:45x29xf16 --arg C=zeros:37x29xf32 --compare %S/../../../examples/matmul.mlir --tolerance 1e-5 | FileCheck %s --check-prefix=F16
// RUN: tile-run %S/../../../examples/matmul-async-3stage.mlir --entry matmul_f16 --arg A=rand:37x45xf16 --arg B=rand:45x29xf16 --arg C=zeros:37x29xf32 --compare %S/../../../examples/matmul.mlir --tolerance 1e-5 | FileCheck %s --check-prefix=F16
// RUN: tile-run %S/../../../examples/matmul.mlir --entry matmul_f32 --arg A=ones:3x5xf32 --arg B=ones:5x2xf32 --arg C=zeros:3x2xf32 | FileCheck %s --check-prefix=ONES
// RUN: tile-opt %S/../../../examples/matmul.mlir | tile-opt | FileCheck %s --check-prefix=PARSE
// RUN: tile-opt %S/../../../examples/matmul-tiled.mlir | tile-opt | FileCheck %s --check-prefix=PARSE
// RUN: tile-opt %S/../../../examples/matmul-async-3stage.mlir | tile-opt | FileCheck %s --check-prefix=PARSE

// F32: %C: memref<?x?xf32> shape=37x29 dtype=f32 min={{[-0-9.e]+}} max={{[-0-9.e]+}} mean={{[-0-9.e]+}} checksum={{[0-9a-f]+}}
// F32-NEXT: compare %C: max_abs={{[0-9.e-]+}} max_rel={{[0-9.e-]+}}
// F16: %C: memref<?x?xf32> shape=37x29 dtype=f32 min={{[-0-9.e]+}} max={{[-0-9.e]+}} mean={{[-0-9.e]+}} checksum={{[0-9a-f]+}}
// F16-NEXT: compare %C: max_abs={{[0-9.e-]+}} max_rel={{[0-9.e-]+}}
// Ones: every element of C is K = 5.
// ONES: %C: memref<?x?xf32> shape=3x2 dtype=f32 min=5 max=5 mean=5
// PARSE: func.func @matmul_f
