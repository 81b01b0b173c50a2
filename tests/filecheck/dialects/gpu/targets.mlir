// RUN: tile-opt %s --allow-unregistered-dialect | tile-opt --allow-unregistered-dialect | FileCheck %s

// The GPU target attributes of MLIR 19 are accepted in gpu.module's `targets`, and a func.func may
// carry valid `gpu.known_block_size` / `gpu.known_grid_size`.

// CHECK: gpu.module @kernels [#nvvm.target, #rocdl.target<chip = "gfx90a">]  {
gpu.module @kernels [#nvvm.target, #rocdl.target<chip = "gfx90a">] {
}

// CHECK: func.func @sized() attributes {gpu.known_block_size = array<i32: 32, 2, 1>, gpu.known_grid_size = array<i32: 4, 1, 1>}
func.func @sized() attributes {gpu.known_block_size = array<i32: 32, 2, 1>, gpu.known_grid_size = array<i32: 4, 1, 1>} {
  return
}
