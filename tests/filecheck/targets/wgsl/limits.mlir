// RUN: tile-opt %s --split-input-file --emit=wgsl --verify-diagnostics
// A kernel that needs more than WebGPU's default limits is refused when it is emitted, at the
// kernel, naming the limit; a gpu.module's wgsl.limits raises them.

module attributes {gpu.container_module} {
  gpu.module @m {
    // expected-error@+1 {{'gpu.func' op its workgroup of 512 x 1 x 1 has 512 invocations, more than the 256 allowed (maxComputeInvocationsPerWorkgroup); use fewer threads per workgroup (num-warps), or raise the limit with a wgsl.limits attribute on the gpu.module for adapters that allow more}}
    gpu.func @k(%a: memref<?xf32>) kernel attributes {known_block_size = array<i32: 512, 1, 1>} {
      gpu.return
    }
  }
}

// -----

module attributes {gpu.container_module} {
  gpu.module @m {
    // expected-error@+1 {{its workgroup is 128 invocations wide along z, more than the 64 allowed (maxComputeWorkgroupSizeZ)}}
    gpu.func @k(%a: memref<?xf32>) kernel attributes {known_block_size = array<i32: 1, 1, 128>} {
      gpu.return
    }
  }
}

// -----

module attributes {gpu.container_module} {
  gpu.module @m {
    // expected-error@+1 {{it uses 32768 bytes of workgroup memory, more than the 16384 allowed (maxComputeWorkgroupStorageSize); use smaller tiles or fewer stages, or raise max-workgroup-memory for adapters that allow more}}
    gpu.func @k(%a: memref<?xf32>) workgroup(%w: memref<8192xf32, #gpu.address_space<workgroup>>) kernel attributes {known_block_size = array<i32: 64, 1, 1>} {
      gpu.return
    }
  }
}

// -----

// The module raises the limits: the same kernels are emitted.
module attributes {gpu.container_module} {
  gpu.module @m attributes {wgsl.limits = {maxComputeWorkgroupStorageSize = 32768 : i64, maxComputeInvocationsPerWorkgroup = 512 : i64, maxComputeWorkgroupSizeX = 512 : i64}} {
    gpu.func @k(%a: memref<?xf32>) workgroup(%w: memref<8192xf32, #gpu.address_space<workgroup>>) kernel attributes {known_block_size = array<i32: 512, 1, 1>} {
      gpu.return
    }
  }
}

// -----

module attributes {gpu.container_module} {
  gpu.module @m {
    // expected-error@+1 {{it binds 9 storage buffers, more than the 8 allowed (maxStorageBuffersPerShaderStage); give the kernel fewer memref arguments}}
    gpu.func @k(%a: memref<?xf32>, %b: memref<?xf32>, %c: memref<?xf32>, %d: memref<?xf32>, %e: memref<?xf32>, %f: memref<?xf32>, %g: memref<?xf32>, %h: memref<?xf32>, %i: memref<?xf32>) kernel attributes {known_block_size = array<i32: 64, 1, 1>} {
      gpu.return
    }
  }
}

// -----

// expected-error@+2 {{'wgsl.limits' names an unknown limit 'maxThreads'}}
module attributes {gpu.container_module} {
  gpu.module @m attributes {wgsl.limits = {maxThreads = 32 : i64}} {
    gpu.func @k(%a: memref<?xf32>) kernel attributes {known_block_size = array<i32: 64, 1, 1>} {
      gpu.return
    }
  }
}
