// RUN: tile-opt %s | FileCheck %s
// RUN: tile-opt %s --mlir-print-op-generic | tile-opt | FileCheck %s

// gpu.wait, gpu.memcpy and gpu.memset, synchronous and async, as mlir-opt 19 prints them (a space is
// left where the async dependencies would be). The expected text is mlir-opt 19 output for this input.

func.func @f(%dst : memref<4xf32>, %src : memref<4xf32>, %v: f32) {
  %t0 = gpu.wait async
  %t1 = gpu.wait async [%t0]
  %t2 = gpu.memcpy async [%t1] %dst, %src : memref<4xf32>, memref<4xf32>
  gpu.memcpy %dst, %src : memref<4xf32>, memref<4xf32>
  %t3 = gpu.memset async [%t2] %dst, %v : memref<4xf32>, f32
  gpu.memset %dst, %v : memref<4xf32>, f32
  gpu.wait [%t3]
  gpu.wait
  return
}

// CHECK: module {
// CHECK-NEXT:   func.func @f(%dst: memref<4xf32>, %src: memref<4xf32>, %v: f32) {
// CHECK-NEXT:     %0 = gpu.wait async
// CHECK-NEXT:     %1 = gpu.wait async [%0]
// CHECK-NEXT:     %2 = gpu.memcpy async [%1] %dst, %src : memref<4xf32>, memref<4xf32>
// CHECK-NEXT:     gpu.memcpy  %dst, %src : memref<4xf32>, memref<4xf32>
// CHECK-NEXT:     %3 = gpu.memset async [%2] %dst, %v : memref<4xf32>, f32
// CHECK-NEXT:     gpu.memset  %dst, %v : memref<4xf32>, f32
// CHECK-NEXT:     gpu.wait [%3]
// CHECK-NEXT:     gpu.wait
// CHECK-NEXT:     return
// CHECK-NEXT:   }
// CHECK-NEXT: }
