module {
  func.func @int_casts(%arg0: i8, %arg1: i32, %arg2: vector<4xi16>, %arg3: tensor<?xi32>, %arg4: index) {
    %0 = arith.extsi %arg0 : i8 to i32
    %1 = arith.extui %arg0 : i8 to i64
    %2 = arith.trunci %arg1 : i32 to i8
    %3 = arith.extsi %arg2 : vector<4xi16> to vector<4xi32>
    %4 = arith.trunci %arg3 : tensor<?xi32> to tensor<?xi1>
    %5 = arith.index_cast %arg1 : i32 to index
    %6 = arith.index_cast %arg4 : index to i64
    %7 = arith.index_castui %arg4 : index to i16
    %8 = arith.index_castui %arg0 : i8 to index
    %9 = arith.index_cast %arg2 : vector<4xi16> to vector<4xindex>
    %10 = arith.extsi %arg0 {tag} : i8 to i16
    return
  }
  func.func @float_casts(%arg0: f16, %arg1: f32, %arg2: f64, %arg3: bf16, %arg4: vector<2xf32>, %arg5: tensor<4xf64>) {
    %0 = arith.extf %arg0 : f16 to f32
    %1 = arith.extf %arg1 : f32 to f64
    %2 = arith.truncf %arg2 : f64 to f32
    %3 = arith.truncf %arg1 : f32 to bf16
    %4 = arith.extf %arg3 : bf16 to f64
    %5 = arith.extf %arg4 : vector<2xf32> to vector<2xf64>
    %6 = arith.truncf %arg5 : tensor<4xf64> to tensor<4xf16>
    %7 = arith.truncf %arg1 to_nearest_even : f32 to f16
    %8 = arith.truncf %arg1 downward : f32 to f16
    %9 = arith.truncf %arg1 upward : f32 to f16
    %10 = arith.truncf %arg1 toward_zero : f32 to f16
    %11 = arith.truncf %arg1 to_nearest_away fastmath<fast> : f32 to f16
    %12 = arith.extf %arg0 fastmath<none> : f16 to f32
    %13 = arith.truncf %arg2 toward_zero : f64 to f32
    return
  }
  func.func @int_float_casts(%arg0: i32, %arg1: f32, %arg2: vector<3xi64>, %arg3: vector<3xf16>) {
    %0 = arith.sitofp %arg0 : i32 to f32
    %1 = arith.uitofp %arg0 : i32 to f64
    %2 = arith.fptosi %arg1 : f32 to i32
    %3 = arith.fptoui %arg1 : f32 to i8
    %4 = arith.sitofp %arg2 : vector<3xi64> to vector<3xf16>
    %5 = arith.fptoui %arg3 : vector<3xf16> to vector<3xi64>
    %6 = arith.bitcast %arg0 : i32 to f32
    %7 = arith.bitcast %arg1 : f32 to i32
    %8 = arith.bitcast %arg2 : vector<3xi64> to vector<3xf64>
    %9 = arith.bitcast %arg3 : vector<3xf16> to vector<3xi16>
    %10 = arith.bitcast %arg0 : i32 to i32
    return
  }
  func.func @memref_casts(%arg0: memref<4xi32>, %arg1: memref<?xindex>) {
    %0 = arith.index_cast %arg0 : memref<4xi32> to memref<4xindex>
    %1 = arith.index_castui %arg1 : memref<?xindex> to memref<?xi64>
    %2 = arith.bitcast %arg0 : memref<4xi32> to memref<4xf32>
    return
  }
}

