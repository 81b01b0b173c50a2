// RUN: tile-opt %s --emit=wgsl | FileCheck %s

// gpu.shuffle xor is subgroupShuffleXor, under `enable subgroups;` (the manifest lists the
// extension, so a runtime can tell the device feature it needs).
// CHECK: enable subgroups;
// CHECK: let [[R:.*]] = subgroupShuffleXor([[V:.*]], u32(c4_i32));
// CHECK: "enables": ["subgroups"]
module attributes {gpu.container_module} {
  gpu.module @m {
    gpu.func @k(%X: memref<32xf32>) kernel attributes {known_block_size = array<i32: 32, 1, 1>} {
      %c4 = arith.constant 4 : i32
      %c8 = arith.constant 8 : i32
      %t = gpu.thread_id x
      %v = memref.load %X[%t] : memref<32xf32>
      %r, %ok = gpu.shuffle xor %v, %c4, %c8 : f32
      %s = arith.addf %v, %r : f32
      memref.store %s, %X[%t] : memref<32xf32>
      gpu.return
    }
  }
}
