"builtin.module"() ({
  "func.func"() <{function_type = (memref<4xf32>, memref<4xf32>, f32) -> (), sym_name = "f"}> ({
  ^bb0(%arg0: memref<4xf32>, %arg1: memref<4xf32>, %arg2: f32):
    %0 = "gpu.wait"() : () -> !gpu.async.token
    %1 = "gpu.wait"(%0) : (!gpu.async.token) -> !gpu.async.token
    %2 = "gpu.memcpy"(%1, %arg0, %arg1) : (!gpu.async.token, memref<4xf32>, memref<4xf32>) -> !gpu.async.token
    "gpu.memcpy"(%arg0, %arg1) : (memref<4xf32>, memref<4xf32>) -> ()
    %3 = "gpu.memset"(%2, %arg0, %arg2) : (!gpu.async.token, memref<4xf32>, f32) -> !gpu.async.token
    "gpu.memset"(%arg0, %arg2) : (memref<4xf32>, f32) -> ()
    "gpu.wait"(%3) : (!gpu.async.token) -> ()
    "gpu.wait"() : () -> ()
    "func.return"() : () -> ()
  }) : () -> ()
}) : () -> ()

