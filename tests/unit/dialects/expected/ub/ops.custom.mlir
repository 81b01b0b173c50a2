module {
  func.func @poison() -> (i32, f32, vector<4xf32>, index) {
    %0 = ub.poison : i32
    %1 = ub.poison : f32
    %2 = ub.poison : vector<4xf32>
    %3 = ub.poison : index
    %4 = arith.addi %0, %0 : i32
    return %4, %1, %2, %3 : i32, f32, vector<4xf32>, index
  }
}

