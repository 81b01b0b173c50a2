// RUN: tile-opt %s --canonicalize --split-input-file | FileCheck %s

// The canonicalizations of gpu.wait (MLIR 19's EraseRedundantGpuWaitOpPairs and SimplifyGpuWaitOp)
// and the folds of gpu.memcpy / gpu.memset (memref.cast operands read through); the expected text
// is mlir-opt 19's output for this input.

// A `gpu.wait async` without dependencies is dropped from the waits that use it; then the wait
// without dependencies nor token, and the unused token, go.
// CHECK-LABEL: func.func @wait_pairs(
// CHECK-NEXT: return
func.func @wait_pairs() {
  %t0 = gpu.wait async
  gpu.wait [%t0]
  %t1 = gpu.wait async
  %t2 = gpu.wait async [%t1]
  gpu.wait [%t2]
  return
}

// -----

// `%t1 = gpu.wait async [%t0]` is %t0; a wait with two dependencies stays.
// CHECK-LABEL: func.func @forward(
// CHECK-NEXT: %[[T:.*]] = gpu.memset async [%t] %m, %v : memref<4xf32>, f32
// CHECK-NEXT: %[[U:.*]] = gpu.memset async [%[[T]]] %m, %v : memref<4xf32>, f32
// CHECK-NEXT: gpu.wait [%[[T]], %[[U]]]
// CHECK-NEXT: return
func.func @forward(%m: memref<4xf32>, %v: f32, %t: !gpu.async.token) {
  %a = gpu.memset async [%t] %m, %v : memref<4xf32>, f32
  %b = gpu.wait async [%a]
  %c = gpu.memset async [%b] %m, %v : memref<4xf32>, f32
  gpu.wait [%b, %c]
  return
}

// -----

// memref.cast operands of memcpy and memset are read through (not casts from unranked memrefs).
// CHECK-LABEL: func.func @casts(
// CHECK-NEXT: gpu.memcpy  %a, %b : memref<8xf32>, memref<8xf32>
// CHECK-NEXT: gpu.memset  %a, %v : memref<8xf32>, f32
// CHECK-NEXT: %[[C:.*]] = memref.cast %u : memref<*xf32> to memref<8xf32>
// CHECK-NEXT: gpu.memcpy  %a, %[[C]] : memref<8xf32>, memref<8xf32>
func.func @casts(%a: memref<8xf32>, %b: memref<8xf32>, %u: memref<*xf32>, %v: f32) {
  %ca = memref.cast %a : memref<8xf32> to memref<?xf32>
  %cb = memref.cast %b : memref<8xf32> to memref<?xf32>
  gpu.memcpy %ca, %cb : memref<?xf32>, memref<?xf32>
  gpu.memset %ca, %v : memref<?xf32>, f32
  %cu = memref.cast %u : memref<*xf32> to memref<8xf32>
  gpu.memcpy %a, %cu : memref<8xf32>, memref<8xf32>
  return
}
