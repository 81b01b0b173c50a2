module {
  func.func @reductions(%arg0: f32, %arg1: vector<4xf32>, %arg2: vector<2xi32>) -> (f32, vector<4xf32>, vector<2xi32>) {
    %0 = gpu.subgroup_reduce  add %arg0 : (f32) -> f32
    %1 = gpu.subgroup_reduce  maxnumf %arg1 uniform {tag} : (vector<4xf32>) -> vector<4xf32>
    %2 = gpu.subgroup_reduce  xor %arg2 : (vector<2xi32>) -> vector<2xi32>
    return %0, %1, %2 : f32, vector<4xf32>, vector<2xi32>
  }
  func.func @in_launch(%arg0: i1, %arg1: i32, %arg2: memref<2xi32>) {
    %c1 = arith.constant 1 : index
    %c0 = arith.constant 0 : index
    gpu.launch blocks(%arg3, %arg4, %arg5) in (%arg9 = %c1, %arg10 = %c1, %arg11 = %c1) threads(%arg6, %arg7, %arg8) in (%arg12 = %c1, %arg13 = %c1, %arg14 = %c1) {
      %0 = gpu.subgroup_reduce  mul %arg1 : (i32) -> i32
      memref.store %0, %arg2[%c0] : memref<2xi32>
      scf.if %arg0 {
        %1 = gpu.subgroup_reduce  mul %arg1 : (i32) -> i32
        memref.store %1, %arg2[%c1] : memref<2xi32>
      }
      gpu.terminator
    }
    return
  }
}

