module {
  func.func @constants() {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c-1 = arith.constant -1 : index
    %c42_i32 = arith.constant 42 : i32
    %c-1_i64 = arith.constant -1 : i64
    %c-1_i8 = arith.constant -1 : i8
    %c7_i16 = arith.constant 7 : i16
    %c123456789012_i64 = arith.constant 123456789012 : i64
    %c1_i64 = arith.constant 1 : i64
    %true = arith.constant true
    %false = arith.constant false
    %true_0 = arith.constant true
    %false_1 = arith.constant false
    %c0_i32 = arith.constant 0 : i32
    %c0_i32_2 = arith.constant 0 : i32
    %c0_i32_3 = arith.constant 0 : i32
    %cst = arith.constant 1.000000e+00 : f32
    %cst_4 = arith.constant -2.500000e+00 : f64
    %cst_5 = arith.constant 9.997550e-02 : f16
    %cst_6 = arith.constant 3.000000e+00 : bf16
    %cst_7 = arith.constant 0x7F800000 : f32
    %cst_8 = arith.constant 0xFF800000 : f32
    %cst_9 = arith.constant 0x7FC00000 : f32
    %cst_10 = arith.constant -0.000000e+00 : f32
    %cst_11 = arith.constant 1.000000e+10 : f64
    %cst_12 = arith.constant 2.000000e+00 : f64
    %cst_13 = arith.constant dense<1.000000e+00> : vector<4xf32>
    %cst_14 = arith.constant dense<[1, 2, 3, 4]> : vector<4xi32>
    %cst_15 = arith.constant dense<[[1.000000e+00, 2.000000e+00], [3.000000e+00, 4.000000e+00]]> : tensor<2x2xf64>
    %cst_16 = arith.constant dense<0> : tensor<8xindex>
    %cst_17 = arith.constant dense<[true, false]> : vector<2xi1>
    %cst_18 = arith.constant dense<7> : vector<[4]xi8>
    %c5_i32 = arith.constant {tag} 5 : i32
    %c9223372036854775807_i64 = arith.constant 9223372036854775807 : i64
    %c-9223372036854775808_i64 = arith.constant -9223372036854775808 : i64
    %c-128_i8 = arith.constant -128 : i8
    %c3_i32 = arith.constant 3 : i32
    %cst_19 = arith.constant 5.000000e-01 : f32
    %cst_20 = arith.constant dense<[1.500000e+00, 2.500000e+00]> : tensor<2xf16>
    %cst_21 = arith.constant 1.000000e+00 : f32
    return
  }
  func.func @names_in_regions() -> index {
    %c0 = arith.constant 0 : index
    %c0_0 = arith.constant 0 : index
    %0 = arith.addi %c0, %c0_0 : index
    return %0 : index
  }
}

