// REQUIRES: gpu
// RUN: node %S/../../../../build/tools/tile-run.js %s --entry main --arg a=ones:1027xf32 --arg b=ones:1027xf32 --arg c=zeros:1027xf32 --arg n=1000 --backend webgpu --compare-backend interpret --tolerance 0 2>/dev/null | FileCheck %s -DPROVIDER=$TILE_WEBGPU_PROVIDER
// RUN: not node %S/../../../../build/tools/tile-run.js %s --entry erf --arg x=zeros:256xf32 --backend webgpu 2>&1 | FileCheck %s --check-prefix=EMIT

// Kernels on WebGPU (host code interpreted), compared with the interpreter: c[i] = a[i] + b[i] for
// i < 1000 in 4 workgroups of 256; the last 27 elements stay 0. tile-lit runs it once per WebGPU
// provider with an adapter, TILE_WEBGPU_PROVIDER naming it (TILE_LIT_FEATURES=gpu: every provider).
// CHECK: backend webgpu: [[PROVIDER]] on {{.+}}
// CHECK-NEXT: %c: memref<?xf32> shape=1027 dtype=f32 min=0 max=2 mean=1.94742 checksum={{[0-9a-f]+}}
// CHECK-NEXT: compare %c: max_abs=0 max_rel=0
// CHECK-NOT: compare

module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @add(%a: memref<?xf32>, %b: memref<?xf32>, %c: memref<?xf32>, %n: index) kernel attributes {known_block_size = array<i32: 256, 1, 1>} {
      %tx = gpu.thread_id x
      %bx = gpu.block_id x
      %bdim = gpu.block_dim x
      %base = arith.muli %bx, %bdim : index
      %i = arith.addi %base, %tx : index
      %inside = arith.cmpi slt, %i, %n : index
      scf.if %inside {
        %x = memref.load %a[%i] : memref<?xf32>
        %y = memref.load %b[%i] : memref<?xf32>
        %s = arith.addf %x, %y : f32
        memref.store %s, %c[%i] : memref<?xf32>
      }
      gpu.return
    }
  }
  // WGSL is emitted per gpu.module: a kernel the target rejects fails every launch from its module.
  gpu.module @other {
    gpu.func @erf(%x: memref<?xf32>) kernel attributes {known_block_size = array<i32: 256, 1, 1>} {
      %i = gpu.thread_id x
      %v = memref.load %x[%i] : memref<?xf32>
      // EMIT: webgpu.mlir:[[@LINE+1]]:12: error: 'math.erf' op is not supported by the WGSL target
      %e = math.erf %v : f32
      memref.store %e, %x[%i] : memref<?xf32>
      gpu.return
    }
  }
  func.func @main(%a: memref<?xf32>, %b: memref<?xf32>, %c: memref<?xf32>, %n: index) {
    %c1 = arith.constant 1 : index
    %c256 = arith.constant 256 : index
    %blocks = arith.ceildivsi %n, %c256 : index
    gpu.launch_func @kernels::@add blocks in (%blocks, %c1, %c1) threads in (%c256, %c1, %c1) args(%a : memref<?xf32>, %b : memref<?xf32>, %c : memref<?xf32>, %n : index)
    return
  }
  func.func @erf(%x: memref<?xf32>) {
    %c1 = arith.constant 1 : index
    %c256 = arith.constant 256 : index
    gpu.launch_func @other::@erf blocks in (%c1, %c1, %c1) threads in (%c256, %c1, %c1) args(%x : memref<?xf32>)
    return
  }
}
