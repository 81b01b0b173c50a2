// RUN: not tile-opt %s --emit=wgsl 2>&1 | FileCheck %s

// CHECK: errors-workgroup-size.mlir:6:5: error: 'gpu.func' op has no known_block_size and no gpu.launch_func with constant block sizes; the WGSL target needs the workgroup size at compile time
module attributes {gpu.container_module} {
  gpu.module @m {
    gpu.func @k(%a: memref<?xf32>) kernel {
      gpu.return
    }
  }
}
