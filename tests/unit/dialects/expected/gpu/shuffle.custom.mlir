module {
  func.func @shuffles(%arg0: f32, %arg1: i32, %arg2: i32, %arg3: i32) -> (f32, i1) {
    %shuffleResult, %valid = gpu.shuffle  xor %arg0, %arg1, %arg2 : f32
    %shuffleResult_0, %valid_1 = gpu.shuffle  down %arg3, %arg1, %arg2 : i32
    %shuffleResult_2, %valid_3 = gpu.shuffle  idx %arg0, %arg1, %arg2 : f32
    %shuffleResult_4, %valid_5 = gpu.shuffle  up %arg0, %arg1, %arg2 : f32
    return %shuffleResult, %valid : f32, i1
  }
}

