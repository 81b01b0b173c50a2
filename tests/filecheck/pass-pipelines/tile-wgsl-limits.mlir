// RUN: not tile-opt %s -p '@tile-wgsl{num-warps=64}' --emit=wgsl 2>&1 | FileCheck %s --check-prefix=WARPS
// RUN: tile-opt %s -p '@tile-wgsl{tile-sizes=64,64,32 num-stages=3 max-workgroup-memory=49152}' | FileCheck %s --check-prefix=RAISED
// RUN: tile-opt %s -p '@tile-wgsl{tile-sizes=64,64,32 num-stages=3 max-workgroup-memory=49152}' --emit=wgsl | FileCheck %s --check-prefix=EMITTED
// RUN: tile-opt %s -p '@tile-wgsl{max-workgroup-memory=0}' | FileCheck %s --check-prefix=ZERO
// What the WGSL target cannot run on WebGPU's default limits is refused when compiling, at the op
// the kernel came from; a raised max-workgroup-memory goes with the gpu.module to the target.
// max-workgroup-memory=0 is WebGPU's default in every pass it reaches (as tile-tiling's help says).

// WARPS: tile-wgsl-limits.mlir:[[@LINE+6]]:3: error: 'gpu.func' op its workgroup of 2048 x 1 x 1 has 2048 invocations, more than the 256 allowed (maxComputeInvocationsPerWorkgroup)
// RAISED: gpu.module @kernels attributes {wgsl.limits = {maxComputeWorkgroupStorageSize = 49152 : i64}}
// EMITTED: var<workgroup>
// ZERO: gpu.module @kernels {
// ZERO: gpu.launch_func
func.func @matmul(%A: memref<?x?xf32>, %B: memref<?x?xf32>, %C: memref<?x?xf32>) {
  tile.matmul %A, %B, %C : memref<?x?xf32>, memref<?x?xf32>, memref<?x?xf32>
  return
}
