"builtin.module"() ({
  "func.func"() <{function_type = (i32, i32, index, vector<4xi8>, vector<[2]x3xi16>, tensor<?x2xi64>, tensor<*xi32>) -> (), sym_name = "cmpi"}> ({
  ^bb0(%arg12: i32, %arg13: i32, %arg14: index, %arg15: vector<4xi8>, %arg16: vector<[2]x3xi16>, %arg17: tensor<?x2xi64>, %arg18: tensor<*xi32>):
    %27 = "arith.cmpi"(%arg12, %arg13) <{predicate = 0 : i64}> : (i32, i32) -> i1
    %28 = "arith.cmpi"(%arg12, %arg13) <{predicate = 1 : i64}> : (i32, i32) -> i1
    %29 = "arith.cmpi"(%arg12, %arg13) <{predicate = 2 : i64}> : (i32, i32) -> i1
    %30 = "arith.cmpi"(%arg12, %arg13) <{predicate = 3 : i64}> : (i32, i32) -> i1
    %31 = "arith.cmpi"(%arg12, %arg13) <{predicate = 4 : i64}> : (i32, i32) -> i1
    %32 = "arith.cmpi"(%arg12, %arg13) <{predicate = 5 : i64}> : (i32, i32) -> i1
    %33 = "arith.cmpi"(%arg12, %arg13) <{predicate = 6 : i64}> : (i32, i32) -> i1
    %34 = "arith.cmpi"(%arg12, %arg13) <{predicate = 7 : i64}> : (i32, i32) -> i1
    %35 = "arith.cmpi"(%arg12, %arg13) <{predicate = 8 : i64}> : (i32, i32) -> i1
    %36 = "arith.cmpi"(%arg12, %arg13) <{predicate = 9 : i64}> : (i32, i32) -> i1
    %37 = "arith.cmpi"(%arg14, %arg14) <{predicate = 0 : i64}> : (index, index) -> i1
    %38 = "arith.cmpi"(%arg15, %arg15) <{predicate = 2 : i64}> : (vector<4xi8>, vector<4xi8>) -> vector<4xi1>
    %39 = "arith.cmpi"(%arg16, %arg16) <{predicate = 5 : i64}> : (vector<[2]x3xi16>, vector<[2]x3xi16>) -> vector<[2]x3xi1>
    %40 = "arith.cmpi"(%arg17, %arg17) <{predicate = 1 : i64}> : (tensor<?x2xi64>, tensor<?x2xi64>) -> tensor<?x2xi1>
    %41 = "arith.cmpi"(%arg18, %arg18) <{predicate = 8 : i64}> : (tensor<*xi32>, tensor<*xi32>) -> tensor<*xi1>
    %42 = "arith.cmpi"(%arg12, %arg13) <{predicate = 3 : i64}> {tag} : (i32, i32) -> i1
    %43 = "arith.cmpi"(%arg12, %arg13) <{predicate = 9 : i64}> : (i32, i32) -> i1
    %44 = "arith.cmpi"(%arg15, %arg15) <{predicate = 0 : i64}> : (vector<4xi8>, vector<4xi8>) -> vector<4xi1>
    "func.return"() : () -> ()
  }) : () -> ()
  "func.func"() <{function_type = (f32, f32, f64, vector<4xf16>, tensor<3xbf16>) -> (), sym_name = "cmpf"}> ({
  ^bb0(%arg7: f32, %arg8: f32, %arg9: f64, %arg10: vector<4xf16>, %arg11: tensor<3xbf16>):
    %7 = "arith.cmpf"(%arg7, %arg8) <{fastmath = #arith.fastmath<none>, predicate = 0 : i64}> : (f32, f32) -> i1
    %8 = "arith.cmpf"(%arg7, %arg8) <{fastmath = #arith.fastmath<none>, predicate = 1 : i64}> : (f32, f32) -> i1
    %9 = "arith.cmpf"(%arg7, %arg8) <{fastmath = #arith.fastmath<none>, predicate = 2 : i64}> : (f32, f32) -> i1
    %10 = "arith.cmpf"(%arg7, %arg8) <{fastmath = #arith.fastmath<none>, predicate = 3 : i64}> : (f32, f32) -> i1
    %11 = "arith.cmpf"(%arg7, %arg8) <{fastmath = #arith.fastmath<none>, predicate = 4 : i64}> : (f32, f32) -> i1
    %12 = "arith.cmpf"(%arg7, %arg8) <{fastmath = #arith.fastmath<none>, predicate = 5 : i64}> : (f32, f32) -> i1
    %13 = "arith.cmpf"(%arg7, %arg8) <{fastmath = #arith.fastmath<none>, predicate = 6 : i64}> : (f32, f32) -> i1
    %14 = "arith.cmpf"(%arg7, %arg8) <{fastmath = #arith.fastmath<none>, predicate = 7 : i64}> : (f32, f32) -> i1
    %15 = "arith.cmpf"(%arg7, %arg8) <{fastmath = #arith.fastmath<none>, predicate = 8 : i64}> : (f32, f32) -> i1
    %16 = "arith.cmpf"(%arg7, %arg8) <{fastmath = #arith.fastmath<none>, predicate = 9 : i64}> : (f32, f32) -> i1
    %17 = "arith.cmpf"(%arg7, %arg8) <{fastmath = #arith.fastmath<none>, predicate = 10 : i64}> : (f32, f32) -> i1
    %18 = "arith.cmpf"(%arg7, %arg8) <{fastmath = #arith.fastmath<none>, predicate = 11 : i64}> : (f32, f32) -> i1
    %19 = "arith.cmpf"(%arg7, %arg8) <{fastmath = #arith.fastmath<none>, predicate = 12 : i64}> : (f32, f32) -> i1
    %20 = "arith.cmpf"(%arg7, %arg8) <{fastmath = #arith.fastmath<none>, predicate = 13 : i64}> : (f32, f32) -> i1
    %21 = "arith.cmpf"(%arg7, %arg8) <{fastmath = #arith.fastmath<none>, predicate = 14 : i64}> : (f32, f32) -> i1
    %22 = "arith.cmpf"(%arg7, %arg8) <{fastmath = #arith.fastmath<none>, predicate = 15 : i64}> : (f32, f32) -> i1
    %23 = "arith.cmpf"(%arg9, %arg9) <{fastmath = #arith.fastmath<fast>, predicate = 1 : i64}> : (f64, f64) -> i1
    %24 = "arith.cmpf"(%arg10, %arg10) <{fastmath = #arith.fastmath<none>, predicate = 4 : i64}> : (vector<4xf16>, vector<4xf16>) -> vector<4xi1>
    %25 = "arith.cmpf"(%arg11, %arg11) <{fastmath = #arith.fastmath<nnan,ninf>, predicate = 13 : i64}> {tag = "t"} : (tensor<3xbf16>, tensor<3xbf16>) -> tensor<3xi1>
    %26 = "arith.cmpf"(%arg7, %arg8) <{fastmath = #arith.fastmath<none>, predicate = 3 : i64}> : (f32, f32) -> i1
    "func.return"() : () -> ()
  }) : () -> ()
  "func.func"() <{function_type = (i1, i32, i32, vector<4xi1>, vector<4xf32>, tensor<?xi1>, tensor<?xindex>) -> i32, sym_name = "select"}> ({
  ^bb0(%arg0: i1, %arg1: i32, %arg2: i32, %arg3: vector<4xi1>, %arg4: vector<4xf32>, %arg5: tensor<?xi1>, %arg6: tensor<?xindex>):
    %0 = "arith.select"(%arg0, %arg1, %arg2) : (i1, i32, i32) -> i32
    %1 = "arith.select"(%arg0, %arg4, %arg4) : (i1, vector<4xf32>, vector<4xf32>) -> vector<4xf32>
    %2 = "arith.select"(%arg3, %arg4, %arg4) : (vector<4xi1>, vector<4xf32>, vector<4xf32>) -> vector<4xf32>
    %3 = "arith.select"(%arg5, %arg6, %arg6) : (tensor<?xi1>, tensor<?xindex>, tensor<?xindex>) -> tensor<?xindex>
    %4 = "arith.select"(%arg0, %arg6, %arg6) {tag} : (i1, tensor<?xindex>, tensor<?xindex>) -> tensor<?xindex>
    %5 = "arith.select"(%arg3, %arg4, %arg4) : (vector<4xi1>, vector<4xf32>, vector<4xf32>) -> vector<4xf32>
    %6 = "arith.select"(%arg0, %arg0, %arg0) : (i1, i1, i1) -> i1
    "func.return"(%0) : (i32) -> ()
  }) : () -> ()
}) : () -> ()

