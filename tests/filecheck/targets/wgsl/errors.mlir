// RUN: not tile-opt %s --emit=wgsl 2>&1 | FileCheck %s

// CHECK: errors.mlir:8:12: error: 'arith.constant' op type 'i64' is not supported by the WGSL target (WGSL has no 64-bit integers)
module attributes {gpu.container_module} {
  gpu.module @m {
    gpu.func @k(%a: i32) kernel attributes {known_block_size = array<i32: 64, 1, 1>} {
      %b = arith.addi %a, %a : i32
      %c = arith.constant 1 : i64
      %d = arith.addi %c, %c : i64
      gpu.return
    }
  }
}
