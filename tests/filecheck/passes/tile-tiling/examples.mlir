// The workloads of examples/ through tile-tiling, run by tile-run against the whole-problem
// programs on the same random inputs, at sizes that are not multiples of the tiles (tile-run
// reads files only: the tiled program goes through %t). The tiled functions keep their
// signatures (their parameters keep their source names, %A, ...).
// (3,16 tiles: tile-level IR for any sizes, check-lowering=false; the lowering would refuse them.)
//
// RUN: tile-opt %S/../../../../examples/matmul.mlir -p 'tile-tiling' -o %t.matmul.mlir
// RUN: tile-run %t.matmul.mlir --entry matmul_f32 --arg A=rand:37x45xf32 --arg B=rand:45x29xf32 --arg C=zeros:37x29xf32 --compare %S/../../../../examples/matmul.mlir --tolerance 1e-5 | FileCheck %s --check-prefix=MATMUL
// RUN: tile-run %t.matmul.mlir --entry matmul_f16 --arg A=rand:37x45xf16 --arg B=rand:45x29xf16 --arg C=zeros:37x29xf32 --compare %S/../../../../examples/matmul.mlir --tolerance 1e-5 | FileCheck %s --check-prefix=MATMUL
// RUN: tile-opt %S/../../../../examples/matmul.mlir -p 'tile-tiling{tile-sizes=16,8,4 num-warps=1 max-grid-dims=1}' -o %t.matmul-small.mlir
// RUN: tile-run %t.matmul-small.mlir --entry matmul_f16 --arg A=rand:37x3xf16 --arg B=rand:3x29xf16 --arg C=zeros:37x29xf32 --compare %S/../../../../examples/matmul.mlir --tolerance 1e-5 | FileCheck %s --check-prefix=MATMUL
//
// RUN: tile-opt %S/../../../../examples/add.mlir -p 'tile-tiling' -o %t.add.mlir
// RUN: tile-run %t.add.mlir --entry add --arg X=rand:130x77xf32 --arg Y=rand:130x77xf32 --arg Z=zeros:130x77xf32 --compare %S/../../../../examples/add.mlir --tolerance 0 | FileCheck %s --check-prefix=ADD
// RUN: tile-opt %S/../../../../examples/add.mlir -p 'tile-tiling{tile-sizes=3,16 num-warps=2 check-lowering=false}' -o %t.add-small.mlir
// RUN: tile-run %t.add-small.mlir --entry add --arg X=rand:10x33xf32 --arg Y=rand:10x33xf32 --arg Z=zeros:10x33xf32 --compare %S/../../../../examples/add.mlir --tolerance 0 | FileCheck %s --check-prefix=ADD
//
// RUN: tile-opt %S/../../../../examples/rgb2gray.mlir -p 'tile-tiling' -o %t.rgb2gray.mlir
// RUN: tile-run %t.rgb2gray.mlir --entry rgb2gray --arg img=rand:2x3x13x70xf32 --arg gray=zeros:2x13x70xf32 --compare %S/../../../../examples/rgb2gray.mlir --tolerance 0 | FileCheck %s --check-prefix=GRAY
// RUN: tile-opt %S/../../../../examples/rgb2gray.mlir -p 'tile-tiling{tile-sizes=2,4,16 max-grid-dims=1 num-warps=1}' -o %t.rgb2gray-1d.mlir
// RUN: tile-run %t.rgb2gray-1d.mlir --entry rgb2gray --arg img=rand:3x3x9x17xf32 --arg gray=zeros:3x9x17xf32 --compare %S/../../../../examples/rgb2gray.mlir --tolerance 0 | FileCheck %s --check-prefix=GRAY
//
// The explicit default tile sizes give the default program, which has the shape of
// examples/matmul-tiled.mlir.
// RUN: tile-opt %S/../../../../examples/matmul.mlir -p 'tile-tiling{tile-sizes=32,32,16}' | FileCheck %s --check-prefix=TILED

// MATMUL: compare %C: max_abs={{[0-9.e+-]+}} max_rel={{[0-9.e+-]+}}
// ADD: compare %Z: max_abs=0 max_rel=0
// GRAY: compare %gray: max_abs=0 max_rel=0

// TILED:       module attributes {gpu.container_module} {
// TILED-NEXT:    gpu.module @kernels {
// TILED-NEXT:      gpu.func @matmul_f32(
// TILED:           gpu.func @matmul_f16(%[[A:.*]]: memref<?x?xf16>, %[[B:.*]]: memref<?x?xf16>, %[[C:.*]]: memref<?x?xf32>) kernel {
// TILED-NEXT:        %[[C0:.*]] = arith.constant 0 : index
// TILED-NEXT:        %[[C1:.*]] = arith.constant 1 : index
// TILED-NEXT:        %[[C16:.*]] = arith.constant 16 : index
// TILED-NEXT:        %[[C32:.*]] = arith.constant 32 : index
// TILED-NEXT:        %[[K:.*]] = memref.dim %[[A]], %[[C1]] : memref<?x?xf16>
// TILED-NEXT:        %[[BX:.*]] = gpu.block_id x
// TILED-NEXT:        %[[BY:.*]] = gpu.block_id y
// TILED-NEXT:        %[[M:.*]] = memref.dim %[[C]], %[[C0]] : memref<?x?xf32>
// TILED-NEXT:        %[[ROWS:.*]] = arith.ceildivui %[[M]], %[[C32]] : index
// TILED-NEXT:        %[[BZ:.*]] = gpu.block_id z
// TILED-NEXT:        %[[GY:.*]] = gpu.grid_dim y
// TILED-NEXT:        %[[ZY:.*]] = arith.muli %[[BZ]], %[[GY]] : index
// TILED-NEXT:        %[[ROW:.*]] = arith.addi %[[ZY]], %[[BY]] : index
// TILED-NEXT:        %[[IN:.*]] = arith.cmpi ult, %[[ROW]], %[[ROWS]] : index
// TILED-NEXT:        scf.if %[[IN]] {
// TILED-NEXT:          %[[M0:.*]] = arith.muli %[[ROW]], %[[C32]] : index
// TILED-NEXT:          %[[N0:.*]] = arith.muli %[[BX]], %[[C32]] : index
// TILED-NEXT:          %[[ZERO:.*]] = arith.constant 0.000000e+00 : f32
// TILED-NEXT:          %[[INIT:.*]] = tile.splat %[[ZERO]] : tensor<32x32xf32, #tile.blocked<sizePerThread = [2, 4], threadsPerWarp = [4, 8], warpsPerGroup = [4, 1], order = [1, 0]>>
// TILED-NEXT:          %[[ACC:.*]] = scf.for %[[K0:.*]] = %[[C0]] to %[[K]] step %[[C16]] iter_args(%[[ACCV:.*]] = %[[INIT]]) -> (tensor<32x32xf32, #tile.blocked<{{.*}}>>) {
// TILED-NEXT:            %[[TA:.*]] = tile.load %[[A]][%[[M0]], %[[K0]]] : memref<?x?xf16> -> tensor<32x16xf16>
// TILED-NEXT:            %[[TB:.*]] = tile.load %[[B]][%[[K0]], %[[N0]]] : memref<?x?xf16> -> tensor<16x32xf16>
// TILED-NEXT:            %[[D:.*]] = tile.dot %[[TA]], %[[TB]], %[[ACCV]] : tensor<32x16xf16>, tensor<16x32xf16> -> tensor<32x32xf32, #tile.blocked<{{.*}}>>
// TILED-NEXT:            scf.yield %[[D]] : tensor<32x32xf32, #tile.blocked<{{.*}}>>
// TILED-NEXT:          }
// TILED-NEXT:          tile.store %[[ACC]], %[[C]][%[[M0]], %[[N0]]] : tensor<32x32xf32, #tile.blocked<{{.*}}>> -> memref<?x?xf32>
// TILED-NEXT:        }
// TILED-NEXT:        gpu.return
// TILED-NEXT:      }
// TILED-NEXT:    }
// TILED:         func.func @matmul_f16(%[[A:.*]]: memref<?x?xf16>, %[[B:.*]]: memref<?x?xf16>, %[[C:.*]]: memref<?x?xf32>) {
// TILED-NEXT:      %[[C0:.*]] = arith.constant 0 : index
// TILED-NEXT:      %[[C1:.*]] = arith.constant 1 : index
// TILED-NEXT:      %[[C32:.*]] = arith.constant 32 : index
// TILED-NEXT:      %[[C128:.*]] = arith.constant 128 : index
// TILED-NEXT:      %[[C65535:.*]] = arith.constant 65535 : index
// TILED-NEXT:      %[[M:.*]] = memref.dim %[[C]], %[[C0]] : memref<?x?xf32>
// TILED-NEXT:      %[[N:.*]] = memref.dim %[[C]], %[[C1]] : memref<?x?xf32>
// TILED-NEXT:      %[[GX:.*]] = arith.ceildivui %[[N]], %[[C32]] : index
// TILED-NEXT:      %[[ROWS:.*]] = arith.ceildivui %[[M]], %[[C32]] : index
// TILED-NEXT:      %[[GZ:.*]] = arith.ceildivui %[[ROWS]], %[[C65535]] : index
// TILED-NEXT:      %[[ONE_OR_GZ:.*]] = arith.maxui %[[GZ]], %[[C1]] : index
// TILED-NEXT:      %[[GY:.*]] = arith.ceildivui %[[ROWS]], %[[ONE_OR_GZ]] : index
// TILED-NEXT:      gpu.launch_func @kernels::@matmul_f16 blocks in (%[[GX]], %[[GY]], %[[GZ]]) threads in (%[[C128]], %[[C1]], %[[C1]]) args(%[[A]] : memref<?x?xf16>, %[[B]] : memref<?x?xf16>, %[[C]] : memref<?x?xf32>)
// TILED-NEXT:      return
// TILED-NEXT:    }
// TILED-NEXT:  }
