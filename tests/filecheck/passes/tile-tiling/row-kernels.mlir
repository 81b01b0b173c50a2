// RUN: tile-opt %S/../../../../examples/rmsnorm.mlir -p 'tile-fuse,tile-tiling{tile-sizes=2,64},canonicalize,cse' | FileCheck %s
// RUN: tile-opt %S/../../../../examples/matmul-epilogue.mlir -p 'tile-fuse,tile-tiling{tile-sizes=32,32,16},canonicalize,cse' | FileCheck %s --check-prefix=EPILOGUE

// A fused row program (RMSNorm) becomes one kernel: each workgroup owns 2 rows; a row of at
// most 64 columns is loaded once and every value stays in registers; longer rows are reduced in
// a pass over blocks of 64 columns (accumulated elementwise, reduced once), then normalized in a
// second pass. Reductions mask the columns past the row's end with their identity (0 for add).
// Its tiles along the rows are marked tile.vector_edges: an edge tile of a row whose length is a
// multiple of 4 is lowered to vectors of 4 (tests/filecheck/passes/convert-tile-to-gpu/vector-edges.mlir).
// CHECK-LABEL: gpu.func @rmsnorm(
// CHECK-SAME:      %[[X:.*]]: memref<?x?xf32>, %[[G:.*]]: memref<?xf32>, %[[Y:.*]]: memref<?x?xf32>, %[[N:.*]]: f32) kernel
// CHECK-DAG:   %[[ZEROS:.*]] = arith.constant dense<0.000000e+00> : tensor<2x64xf32>
// CHECK:       %[[ROW0:.*]] = arith.muli %{{.*}}, %c2 : index
// CHECK:       %[[LEN:.*]] = memref.dim %[[X]], %c1
// CHECK:       %[[FITS:.*]] = arith.cmpi ule, %[[LEN]], %c64 : index
// CHECK:       scf.if %[[FITS]] {
// CHECK-NEXT:    %[[T:.*]] = tile.load %[[X]][%[[ROW0]], %c0] {tile.vector_edges} : memref<?x?xf32> -> tensor<2x64xf32>
// CHECK-NEXT:    %[[SQ:.*]] = arith.mulf %[[T]], %[[T]] : tensor<2x64xf32>
// CHECK-NEXT:    %[[IOTA:.*]] = tile.iota 1 : tensor<2x64xi32>
// CHECK:         %[[IN:.*]] = arith.cmpi slt, %[[IOTA]], %{{.*}} : tensor<2x64xi32>
// CHECK-NEXT:    %[[MASKED:.*]] = arith.select %[[IN]], %[[SQ]], %[[ZEROS]] : tensor<2x64xi1>, tensor<2x64xf32>
// CHECK-NEXT:    %[[SUM:.*]] = tile.reduce add %[[MASKED]] axis 1 : tensor<2x64xf32> -> tensor<2xf32>
// CHECK-NEXT:    %[[NS:.*]] = tile.splat %[[N]] : tensor<2xf32>
// CHECK-NEXT:    arith.divf %[[SUM]], %[[NS]] : tensor<2xf32>
// CHECK:         %[[R:.*]] = math.rsqrt
// CHECK-NEXT:    %[[RB:.*]] = tile.broadcast %[[R]] dims [1] : tensor<2xf32> -> tensor<2x64xf32>
// CHECK-NEXT:    %[[GT:.*]] = tile.load %[[G]][%c0] {tile.vector_edges} : memref<?xf32> -> tensor<64xf32>
// CHECK-NEXT:    %[[GB:.*]] = tile.broadcast %[[GT]] dims [0] : tensor<64xf32> -> tensor<2x64xf32>
// CHECK-NEXT:    %[[XR:.*]] = arith.mulf %[[T]], %[[RB]] : tensor<2x64xf32>
// CHECK-NEXT:    %[[OUT:.*]] = arith.mulf %[[XR]], %[[GB]] : tensor<2x64xf32>
// CHECK-NEXT:    tile.store %[[OUT]], %[[Y]][%[[ROW0]], %c0] {tile.vector_edges} : tensor<2x64xf32> -> memref<?x?xf32>
// CHECK-NEXT:  } else {
// CHECK:         %[[ACC:.*]] = scf.for %[[J:.*]] = %c0 to %[[LEN]] step %c64 iter_args(%[[A:.*]] = %[[ZEROS]]) -> (tensor<2x64xf32>) {
// CHECK-NEXT:      %[[TJ:.*]] = tile.load %[[X]][%[[ROW0]], %[[J]]] {tile.vector_edges} : memref<?x?xf32> -> tensor<2x64xf32>
// CHECK:           %[[ADD:.*]] = arith.addf %[[A]], %{{.*}} : tensor<2x64xf32>
// CHECK-NEXT:      scf.yield %[[ADD]] : tensor<2x64xf32>
// CHECK-NEXT:    }
// CHECK-NEXT:    tile.reduce add %[[ACC]] axis 1 : tensor<2x64xf32> -> tensor<2xf32>
// CHECK:         %[[RB2:.*]] = tile.broadcast %{{.*}} dims [1] : tensor<2xf32> -> tensor<2x64xf32>
// CHECK-NEXT:    scf.for %[[J2:.*]] = %c0 to %[[LEN]] step %c64 {
// CHECK-NEXT:      %[[TJ2:.*]] = tile.load %[[X]][%[[ROW0]], %[[J2]]]
// CHECK-NEXT:      %[[GJ:.*]] = tile.load %[[G]][%[[J2]]] {tile.vector_edges} : memref<?xf32> -> tensor<64xf32>
// CHECK:           arith.mulf %[[TJ2]], %[[RB2]] : tensor<2x64xf32>
// CHECK:           tile.store %{{.*}}, %[[Y]][%[[ROW0]], %[[J2]]] {tile.vector_edges} : tensor<2x64xf32> -> memref<?x?xf32>
// CHECK-NEXT:    }
// CHECK-NEXT:  }
// The end of the guard of the blocks past the last (dynamic M: the blocks may spill from x onto y).
// CHECK-NEXT:  }
// CHECK-NEXT:  gpu.return
// The host launches it once, over ceil(M / 2) workgroups, with N as an f32 argument.
// CHECK-LABEL: func.func @rmsnorm(
// CHECK-COUNT-1: gpu.launch_func @kernels::@rmsnorm
// CHECK-NOT: gpu.launch_func
// CHECK-NOT: memref.alloc

// The epilogue of the matmul: the bias, broadcast along the rows, and the activation are
// computed on the accumulator tile (in its layout); the product never reaches memory.
// EPILOGUE-LABEL: gpu.func @matmul_bias_relu(
// EPILOGUE-SAME:     %[[A:.*]]: memref<?x?xf32>, %[[B:.*]]: memref<?x?xf32>, %[[BIAS:.*]]: memref<?xf32>, %[[C:.*]]: memref<?x?xf32>) kernel
// EPILOGUE:        %[[ACC:.*]] = scf.for
// EPILOGUE:          tile.dot
// EPILOGUE:        %[[BT:.*]] = tile.load %[[BIAS]][%[[N0:.*]]] : memref<?xf32> -> tensor<32xf32>
// EPILOGUE-NEXT:   %[[BB:.*]] = tile.broadcast %[[BT]] dims [0] : tensor<32xf32> -> tensor<32x32xf32, #tile.blocked<[[ACCL:.*]]>>
// EPILOGUE-NEXT:   %[[SUM:.*]] = arith.addf %[[ACC]], %[[BB]] : tensor<32x32xf32, #tile.blocked<[[ACCL]]>>
// EPILOGUE-NEXT:   %[[RELU:.*]] = arith.maximumf %[[SUM]], %{{.*}} : tensor<32x32xf32, #tile.blocked<[[ACCL]]>>
// EPILOGUE-NEXT:   tile.store %[[RELU]], %[[C]][%{{.*}}, %[[N0]]]
// EPILOGUE-LABEL: func.func @matmul_bias_gelu(
// EPILOGUE-NOT:    memref.alloc
// EPILOGUE:        gpu.launch_func @kernels::@matmul_bias_gelu
// EPILOGUE-NOT:    gpu.launch_func
// EPILOGUE-LABEL: func.func @matmul_bias_relu(
// EPILOGUE-NOT:    memref.alloc
// EPILOGUE:        gpu.launch_func @kernels::@matmul_bias_relu
// EPILOGUE-NOT:    gpu.launch_func
