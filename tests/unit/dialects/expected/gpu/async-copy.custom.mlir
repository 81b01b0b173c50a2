module {
  func.func @f(%arg0: memref<4xf32>, %arg1: memref<4xf32>, %arg2: f32) {
    %0 = gpu.wait async
    %1 = gpu.wait async [%0]
    %2 = gpu.memcpy async [%1] %arg0, %arg1 : memref<4xf32>, memref<4xf32>
    gpu.memcpy  %arg0, %arg1 : memref<4xf32>, memref<4xf32>
    %3 = gpu.memset async [%2] %arg0, %arg2 : memref<4xf32>, f32
    gpu.memset  %arg0, %arg2 : memref<4xf32>, f32
    gpu.wait [%3]
    gpu.wait 
    return
  }
}

