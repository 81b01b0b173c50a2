module {
  func.func @wait_pairs() {
    %0 = gpu.wait async
    gpu.wait [%0]
    %1 = gpu.wait async
    %2 = gpu.wait async [%1]
    gpu.wait [%2]
    return
  }
  func.func @forward(%arg0: memref<4xf32>, %arg1: f32, %arg2: !gpu.async.token) {
    %0 = gpu.memset async [%arg2] %arg0, %arg1 : memref<4xf32>, f32
    %1 = gpu.wait async [%0]
    %2 = gpu.memset async [%1] %arg0, %arg1 : memref<4xf32>, f32
    gpu.wait [%1, %2]
    return
  }
  func.func @casts(%arg0: memref<8xf32>, %arg1: memref<8xf32>, %arg2: memref<*xf32>, %arg3: f32) {
    %cast = memref.cast %arg0 : memref<8xf32> to memref<?xf32>
    %cast_0 = memref.cast %arg1 : memref<8xf32> to memref<?xf32>
    gpu.memcpy  %cast, %cast_0 : memref<?xf32>, memref<?xf32>
    gpu.memset  %cast, %arg3 : memref<?xf32>, f32
    %cast_1 = memref.cast %arg2 : memref<*xf32> to memref<8xf32>
    gpu.memcpy  %arg0, %cast_1 : memref<8xf32>, memref<8xf32>
    return
  }
}

