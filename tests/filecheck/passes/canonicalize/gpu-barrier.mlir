// RUN: tile-opt %s --canonicalize | FileCheck %s
// MLIR's eraseRedundantGpuBarrierOps: a gpu.barrier directly followed by another one is erased.

gpu.module @m {
  // CHECK-LABEL: gpu.func @consecutive(
  // CHECK-NEXT:    gpu.barrier
  // CHECK-NEXT:    memref.store
  // CHECK-NEXT:    gpu.barrier
  // CHECK-NEXT:    gpu.return
  gpu.func @consecutive(%m: memref<8xf32>, %x: f32, %i: index) kernel {
    gpu.barrier
    gpu.barrier
    gpu.barrier
    memref.store %x, %m[%i] : memref<8xf32>
    gpu.barrier
    gpu.barrier
    gpu.return
  }

  // Barriers separated by an op stay; nested blocks are simplified on their own.
  // CHECK-LABEL: gpu.func @separated(
  // CHECK-NEXT:    gpu.barrier
  // CHECK-NEXT:    %[[T:.+]] = gpu.thread_id x
  // CHECK-NEXT:    gpu.barrier
  // CHECK-NEXT:    scf.if
  // CHECK-NEXT:      gpu.barrier
  // CHECK-NEXT:      memref.store
  // CHECK-NEXT:    }
  // CHECK-NEXT:    gpu.barrier
  // CHECK-NEXT:    memref.store %{{.+}}, %{{.+}}[%[[T]]]
  // CHECK-NEXT:    gpu.return
  gpu.func @separated(%m: memref<8xf32>, %x: f32, %c: i1) kernel {
    gpu.barrier
    %t = gpu.thread_id x
    gpu.barrier
    scf.if %c {
      gpu.barrier
      gpu.barrier
      memref.store %x, %m[%t] : memref<8xf32>
    }
    gpu.barrier
    memref.store %x, %m[%t] : memref<8xf32>
    gpu.return
  }
}
