// A loop that carries `tile.register_stages` (tile-tiling writes it on a vector-matrix product's K
// loop): tile-async-copy leaves its global loads as they are, and tile-assign-stages pipelines it
// over that many stages, loads in stage 0, unless its register-stages option is given (1: none).
// A loop without it has its loads copied.
// RUN: tile-opt %s -p 'tile-async-copy,tile-assign-stages' | FileCheck %s
// RUN: tile-opt %s -p 'tile-async-copy,tile-assign-stages{register-stages=1}' | FileCheck %s --check-prefix=NONE

// CHECK-LABEL: gpu.func @stream(
// CHECK-NOT:     async.copy
// CHECK:         scf.for
// CHECK:           tile.load %{{.*}} {tile.order = {{[0-9]+}} : i64, tile.stage = 0 : i64}
// CHECK:           arith.addf {{.*}} {tile.order = {{[0-9]+}} : i64, tile.stage = 1 : i64}
// CHECK:         } {tile.register_stages = 2 : i64}
// CHECK-LABEL: gpu.func @copied(
// CHECK:         async.copy
// NONE-LABEL: gpu.func @stream(
// NONE-NOT:      tile.stage
// NONE:        } {tile.register_stages = 2 : i64}
module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @stream(%B: memref<?x?xf32>, %C: memref<?x?xf32>, %K: index, %n0: index) kernel {
      %c0 = arith.constant 0 : index
      %c64 = arith.constant 64 : index
      %zero = arith.constant 0.0 : f32
      %init = tile.splat %zero : tensor<64x16xf32>
      %r = scf.for %k = %c0 to %K step %c64 iter_args(%acc = %init) -> (tensor<64x16xf32>) {
        %b = tile.load %B[%k, %n0] : memref<?x?xf32> -> tensor<64x16xf32>
        %s = arith.addf %acc, %b : tensor<64x16xf32>
        scf.yield %s : tensor<64x16xf32>
      } {tile.register_stages = 2 : i64}
      tile.store %r, %C[%c0, %n0] : tensor<64x16xf32> -> memref<?x?xf32>
      gpu.return
    }

    gpu.func @copied(%B: memref<?x?xf32>, %C: memref<?x?xf32>, %K: index, %n0: index) kernel {
      %c0 = arith.constant 0 : index
      %c64 = arith.constant 64 : index
      %zero = arith.constant 0.0 : f32
      %init = tile.splat %zero : tensor<64x16xf32>
      %r = scf.for %k = %c0 to %K step %c64 iter_args(%acc = %init) -> (tensor<64x16xf32>) {
        %b = tile.load %B[%k, %n0] : memref<?x?xf32> -> tensor<64x16xf32>
        %s = arith.addf %acc, %b : tensor<64x16xf32>
        scf.yield %s : tensor<64x16xf32>
      }
      tile.store %r, %C[%c0, %n0] : tensor<64x16xf32> -> memref<?x?xf32>
      gpu.return
    }
  }
}
