// RUN: tile-opt %s -p '@tile-wgsl' | FileCheck %s
// RUN: tile-run %s --entry matmul_then_row_sum --arg A=rand:37x45xf32 --arg B=rand:45x70xf32 --arg S=zeros:37xf32 --compare-pipeline '@tile-wgsl' --tolerance 1e-4 | FileCheck %s --check-prefix=SAME
// RUN: tile-run %s --entry matmul_then_row_sum --arg A=rand:1x1xf32 --arg B=rand:1x300xf32 --arg S=zeros:1xf32 --compare-pipeline '@tile-tiled' --tolerance 1e-4 | FileCheck %s --check-prefix=SAME

// A row reduction of a matmul's result cannot join the matmul's kernel (a workgroup holds one
// tile of a row, not the row): tile-fuse leaves both, the product goes through its buffer in
// global memory, and the two kernels compute what the whole-problem program does.
// CHECK-LABEL: func.func @matmul_then_row_sum(
// CHECK:       %[[AB:.*]] = memref.alloc
// The matmul's kernels (one chosen at run time among its automatic configurations) write the
// product, then the row sum's kernel reads it.
// (A skinny product is summed from split-K partials into the buffer.)
// CHECK:       gpu.launch_func @kernels::@matmul_then_row_sum_8x64x32 {{.*}} args(%A : memref<?x?xf32>, %B : memref<?x?xf32>, %{{.*}} : memref<?x?x?xf32>)
// CHECK:       gpu.launch_func @kernels::@matmul_then_row_sum_8x64x32_split_k_sum {{.*}} args(%{{.*}} : memref<?x?x?xf32>, %[[AB]] : memref<?x?xf32>)
// CHECK:       %[[BP:.*]] = scf.if %{{.*}} -> (memref<?x?xf32>) {
// CHECK:         gpu.launch_func @kernels::@matmul_then_row_sum_pad_rhs {{.*}} args(%B : memref<?x?xf32>, %{{.*}} : memref<?x?xf32>)
// CHECK:       gpu.launch_func @kernels::@matmul_then_row_sum_64x64x32 {{.*}} args(%{{.*}} : memref<?x?xf32>, %[[BP]] : memref<?x?xf32>, %[[AB]] : memref<?x?xf32>)
// The row sum's kernel, chosen by the row length (N <= 256: 4 x 256 blocks, <= 1024: 2 x 1024,
// <= 2048: 1 x 2048, else 1 x 4096).
// CHECK:       scf.if %{{.*}} {
// CHECK:         gpu.launch_func @kernels::@matmul_then_row_sum_4x256 {{.*}} args(%[[AB]] : memref<?x?xf32>, %S : memref<?xf32>)
// CHECK-NEXT:  } else {
// CHECK:           gpu.launch_func @kernels::@matmul_then_row_sum_2x1024 {{.*}} args(%[[AB]] : memref<?x?xf32>, %S : memref<?xf32>)
// CHECK-NEXT:    } else {
// CHECK:             gpu.launch_func @kernels::@matmul_then_row_sum_1x2048 {{.*}} args(%[[AB]] : memref<?x?xf32>, %S : memref<?xf32>)
// CHECK-NEXT:      } else {
// CHECK:             gpu.launch_func @kernels::@matmul_then_row_sum_1x4096 {{.*}} args(%[[AB]] : memref<?x?xf32>, %S : memref<?xf32>)
// CHECK-NEXT:      }
// CHECK-NEXT:    }
// CHECK-NEXT:  }
// CHECK-NEXT:  memref.dealloc %[[AB]]
// SAME: compare %S: max_abs=
func.func @matmul_then_row_sum(%A: memref<?x?xf32>, %B: memref<?x?xf32>, %S: memref<?xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %M = memref.dim %A, %c0 : memref<?x?xf32>
  %N = memref.dim %B, %c1 : memref<?x?xf32>
  %AB = memref.alloc(%M, %N) : memref<?x?xf32>
  tile.matmul %A, %B, %AB : memref<?x?xf32>, memref<?x?xf32>, memref<?x?xf32>
  tile.reduction add ins(%AB : memref<?x?xf32>) outs(%S : memref<?xf32>) dimensions = [1]
  memref.dealloc %AB : memref<?x?xf32>
  return
}
