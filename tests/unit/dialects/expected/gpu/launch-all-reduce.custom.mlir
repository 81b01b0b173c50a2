module {
  func.func @launch(%arg0: index, %arg1: !gpu.async.token, %arg2: f32, %arg3: i32, %arg4: memref<8xindex>, %arg5: memref<f32>, %arg6: memref<i32>) -> !gpu.async.token {
    %c1 = arith.constant 1 : index
    gpu.launch blocks(%arg7, %arg8, %arg9) in (%arg13 = %c1, %arg14 = %arg0, %arg15 = %arg0) threads(%arg10, %arg11, %arg12) in (%arg16 = %arg0, %arg17 = %c1, %arg18 = %arg0) {
      memref.store %arg7, %arg4[%arg8] : memref<8xindex>
      memref.store %arg11, %arg4[%arg10] : memref<8xindex>
      memref.store %arg13, %arg4[%arg16] : memref<8xindex>
      %1 = gpu.all_reduce  add %arg2 {
      } : (f32) -> f32
      %2 = gpu.all_reduce  %arg3 {
      ^bb0(%arg19: i32, %arg20: i32):
        %3 = arith.maxsi %arg19, %arg20 : i32
        gpu.yield %3 : i32
      } : (i32) -> i32
      memref.store %1, %arg5[] : memref<f32>
      memref.store %2, %arg6[] : memref<i32>
      gpu.terminator
    }
    %0 = gpu.launch async [%arg1] blocks(%arg7, %arg8, %arg9) in (%arg13 = %arg0, %arg14 = %arg0, %arg15 = %arg0) threads(%arg10, %arg11, %arg12) in (%arg16 = %arg0, %arg17 = %arg0, %arg18 = %arg0) workgroup(%arg19 : memref<4xf32, #gpu.address_space<workgroup>>) private(%arg20 : memref<2xf32, #gpu.address_space<private>>) {
      %1 = gpu.all_reduce  mul %arg2 uniform {
      } : (f32) -> f32
      memref.store %1, %arg5[] : memref<f32>
      gpu.terminator
    } {kernel_name = "k"}
    return %0 : !gpu.async.token
  }
}

