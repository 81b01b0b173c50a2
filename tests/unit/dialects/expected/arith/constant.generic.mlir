"builtin.module"() ({
  "func.func"() <{function_type = () -> (), sym_name = "constants"}> ({
    %3 = "arith.constant"() <{value = 0 : index}> : () -> index
    %4 = "arith.constant"() <{value = 1 : index}> : () -> index
    %5 = "arith.constant"() <{value = -1 : index}> : () -> index
    %6 = "arith.constant"() <{value = 42 : i32}> : () -> i32
    %7 = "arith.constant"() <{value = -1 : i64}> : () -> i64
    %8 = "arith.constant"() <{value = -1 : i8}> : () -> i8
    %9 = "arith.constant"() <{value = 7 : i16}> : () -> i16
    %10 = "arith.constant"() <{value = 123456789012 : i64}> : () -> i64
    %11 = "arith.constant"() <{value = 1 : i64}> : () -> i64
    %12 = "arith.constant"() <{value = true}> : () -> i1
    %13 = "arith.constant"() <{value = false}> : () -> i1
    %14 = "arith.constant"() <{value = true}> : () -> i1
    %15 = "arith.constant"() <{value = false}> : () -> i1
    %16 = "arith.constant"() <{value = 0 : i32}> : () -> i32
    %17 = "arith.constant"() <{value = 0 : i32}> : () -> i32
    %18 = "arith.constant"() <{value = 0 : i32}> : () -> i32
    %19 = "arith.constant"() <{value = 1.000000e+00 : f32}> : () -> f32
    %20 = "arith.constant"() <{value = -2.500000e+00 : f64}> : () -> f64
    %21 = "arith.constant"() <{value = 9.997550e-02 : f16}> : () -> f16
    %22 = "arith.constant"() <{value = 3.000000e+00 : bf16}> : () -> bf16
    %23 = "arith.constant"() <{value = 0x7F800000 : f32}> : () -> f32
    %24 = "arith.constant"() <{value = 0xFF800000 : f32}> : () -> f32
    %25 = "arith.constant"() <{value = 0x7FC00000 : f32}> : () -> f32
    %26 = "arith.constant"() <{value = -0.000000e+00 : f32}> : () -> f32
    %27 = "arith.constant"() <{value = 1.000000e+10 : f64}> : () -> f64
    %28 = "arith.constant"() <{value = 2.000000e+00 : f64}> : () -> f64
    %29 = "arith.constant"() <{value = dense<1.000000e+00> : vector<4xf32>}> : () -> vector<4xf32>
    %30 = "arith.constant"() <{value = dense<[1, 2, 3, 4]> : vector<4xi32>}> : () -> vector<4xi32>
    %31 = "arith.constant"() <{value = dense<[[1.000000e+00, 2.000000e+00], [3.000000e+00, 4.000000e+00]]> : tensor<2x2xf64>}> : () -> tensor<2x2xf64>
    %32 = "arith.constant"() <{value = dense<0> : tensor<8xindex>}> : () -> tensor<8xindex>
    %33 = "arith.constant"() <{value = dense<[true, false]> : vector<2xi1>}> : () -> vector<2xi1>
    %34 = "arith.constant"() <{value = dense<7> : vector<[4]xi8>}> : () -> vector<[4]xi8>
    %35 = "arith.constant"() <{value = 5 : i32}> {tag} : () -> i32
    %36 = "arith.constant"() <{value = 9223372036854775807 : i64}> : () -> i64
    %37 = "arith.constant"() <{value = -9223372036854775808 : i64}> : () -> i64
    %38 = "arith.constant"() <{value = -128 : i8}> : () -> i8
    %39 = "arith.constant"() <{value = 3 : i32}> : () -> i32
    %40 = "arith.constant"() <{value = 5.000000e-01 : f32}> : () -> f32
    %41 = "arith.constant"() <{value = dense<[1.500000e+00, 2.500000e+00]> : tensor<2xf16>}> : () -> tensor<2xf16>
    %42 = "arith.constant"() <{value = 1.000000e+00 : f32}> : () -> f32
    "func.return"() : () -> ()
  }) : () -> ()
  "func.func"() <{function_type = () -> index, sym_name = "names_in_regions"}> ({
    %0 = "arith.constant"() <{value = 0 : index}> : () -> index
    %1 = "arith.constant"() <{value = 0 : index}> : () -> index
    %2 = "arith.addi"(%0, %1) <{overflowFlags = #arith.overflow<none>}> : (index, index) -> index
    "func.return"(%2) : (index) -> ()
  }) : () -> ()
}) : () -> ()

