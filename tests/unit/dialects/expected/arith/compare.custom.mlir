module {
  func.func @cmpi(%arg0: i32, %arg1: i32, %arg2: index, %arg3: vector<4xi8>, %arg4: vector<[2]x3xi16>, %arg5: tensor<?x2xi64>, %arg6: tensor<*xi32>) {
    %0 = arith.cmpi eq, %arg0, %arg1 : i32
    %1 = arith.cmpi ne, %arg0, %arg1 : i32
    %2 = arith.cmpi slt, %arg0, %arg1 : i32
    %3 = arith.cmpi sle, %arg0, %arg1 : i32
    %4 = arith.cmpi sgt, %arg0, %arg1 : i32
    %5 = arith.cmpi sge, %arg0, %arg1 : i32
    %6 = arith.cmpi ult, %arg0, %arg1 : i32
    %7 = arith.cmpi ule, %arg0, %arg1 : i32
    %8 = arith.cmpi ugt, %arg0, %arg1 : i32
    %9 = arith.cmpi uge, %arg0, %arg1 : i32
    %10 = arith.cmpi eq, %arg2, %arg2 : index
    %11 = arith.cmpi slt, %arg3, %arg3 : vector<4xi8>
    %12 = arith.cmpi sge, %arg4, %arg4 : vector<[2]x3xi16>
    %13 = arith.cmpi ne, %arg5, %arg5 : tensor<?x2xi64>
    %14 = arith.cmpi ugt, %arg6, %arg6 : tensor<*xi32>
    %15 = arith.cmpi sle, %arg0, %arg1 {tag} : i32
    %16 = arith.cmpi uge, %arg0, %arg1 : i32
    %17 = arith.cmpi eq, %arg3, %arg3 : vector<4xi8>
    return
  }
  func.func @cmpf(%arg0: f32, %arg1: f32, %arg2: f64, %arg3: vector<4xf16>, %arg4: tensor<3xbf16>) {
    %0 = arith.cmpf false, %arg0, %arg1 : f32
    %1 = arith.cmpf oeq, %arg0, %arg1 : f32
    %2 = arith.cmpf ogt, %arg0, %arg1 : f32
    %3 = arith.cmpf oge, %arg0, %arg1 : f32
    %4 = arith.cmpf olt, %arg0, %arg1 : f32
    %5 = arith.cmpf ole, %arg0, %arg1 : f32
    %6 = arith.cmpf one, %arg0, %arg1 : f32
    %7 = arith.cmpf ord, %arg0, %arg1 : f32
    %8 = arith.cmpf ueq, %arg0, %arg1 : f32
    %9 = arith.cmpf ugt, %arg0, %arg1 : f32
    %10 = arith.cmpf uge, %arg0, %arg1 : f32
    %11 = arith.cmpf ult, %arg0, %arg1 : f32
    %12 = arith.cmpf ule, %arg0, %arg1 : f32
    %13 = arith.cmpf une, %arg0, %arg1 : f32
    %14 = arith.cmpf uno, %arg0, %arg1 : f32
    %15 = arith.cmpf true, %arg0, %arg1 : f32
    %16 = arith.cmpf oeq, %arg2, %arg2 fastmath<fast> : f64
    %17 = arith.cmpf olt, %arg3, %arg3 : vector<4xf16>
    %18 = arith.cmpf une, %arg4, %arg4 fastmath<nnan,ninf> {tag = "t"} : tensor<3xbf16>
    %19 = arith.cmpf oge, %arg0, %arg1 : f32
    return
  }
  func.func @select(%arg0: i1, %arg1: i32, %arg2: i32, %arg3: vector<4xi1>, %arg4: vector<4xf32>, %arg5: tensor<?xi1>, %arg6: tensor<?xindex>) -> i32 {
    %0 = arith.select %arg0, %arg1, %arg2 : i32
    %1 = arith.select %arg0, %arg4, %arg4 : vector<4xf32>
    %2 = arith.select %arg3, %arg4, %arg4 : vector<4xi1>, vector<4xf32>
    %3 = arith.select %arg5, %arg6, %arg6 : tensor<?xi1>, tensor<?xindex>
    %4 = arith.select %arg0, %arg6, %arg6 {tag} : tensor<?xindex>
    %5 = arith.select %arg3, %arg4, %arg4 : vector<4xi1>, vector<4xf32>
    %6 = arith.select %arg0, %arg0, %arg0 : i1
    return %0 : i32
  }
}

