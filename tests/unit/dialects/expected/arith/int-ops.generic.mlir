"builtin.module"() ({
  "func.func"() <{function_type = (i32, i32, index, index, vector<4xi64>, vector<[4]xi8>, tensor<?x4xi16>, tensor<*xi1>) -> (), sym_name = "int_binary"}> ({
  ^bb0(%arg7: i32, %arg8: i32, %arg9: index, %arg10: index, %arg11: vector<4xi64>, %arg12: vector<[4]xi8>, %arg13: tensor<?x4xi16>, %arg14: tensor<*xi1>):
    %16 = "arith.addi"(%arg7, %arg8) <{overflowFlags = #arith.overflow<none>}> : (i32, i32) -> i32
    %17 = "arith.subi"(%arg7, %arg8) <{overflowFlags = #arith.overflow<none>}> : (i32, i32) -> i32
    %18 = "arith.muli"(%arg7, %arg8) <{overflowFlags = #arith.overflow<none>}> : (i32, i32) -> i32
    %19 = "arith.divsi"(%arg7, %arg8) : (i32, i32) -> i32
    %20 = "arith.divui"(%arg7, %arg8) : (i32, i32) -> i32
    %21 = "arith.ceildivsi"(%arg7, %arg8) : (i32, i32) -> i32
    %22 = "arith.ceildivui"(%arg7, %arg8) : (i32, i32) -> i32
    %23 = "arith.floordivsi"(%arg7, %arg8) : (i32, i32) -> i32
    %24 = "arith.remsi"(%arg7, %arg8) : (i32, i32) -> i32
    %25 = "arith.remui"(%arg7, %arg8) : (i32, i32) -> i32
    %26 = "arith.andi"(%arg7, %arg8) : (i32, i32) -> i32
    %27 = "arith.ori"(%arg7, %arg8) : (i32, i32) -> i32
    %28 = "arith.xori"(%arg7, %arg8) : (i32, i32) -> i32
    %29 = "arith.shli"(%arg7, %arg8) <{overflowFlags = #arith.overflow<none>}> : (i32, i32) -> i32
    %30 = "arith.shrsi"(%arg7, %arg8) : (i32, i32) -> i32
    %31 = "arith.shrui"(%arg7, %arg8) : (i32, i32) -> i32
    %32 = "arith.maxsi"(%arg7, %arg8) : (i32, i32) -> i32
    %33 = "arith.maxui"(%arg7, %arg8) : (i32, i32) -> i32
    %34 = "arith.minsi"(%arg7, %arg8) : (i32, i32) -> i32
    %35 = "arith.minui"(%arg7, %arg8) : (i32, i32) -> i32
    %36 = "arith.addi"(%arg9, %arg10) <{overflowFlags = #arith.overflow<none>}> : (index, index) -> index
    %37 = "arith.muli"(%arg11, %arg11) <{overflowFlags = #arith.overflow<none>}> : (vector<4xi64>, vector<4xi64>) -> vector<4xi64>
    %38 = "arith.subi"(%arg12, %arg12) <{overflowFlags = #arith.overflow<none>}> : (vector<[4]xi8>, vector<[4]xi8>) -> vector<[4]xi8>
    %39 = "arith.divsi"(%arg13, %arg13) : (tensor<?x4xi16>, tensor<?x4xi16>) -> tensor<?x4xi16>
    %40 = "arith.xori"(%arg14, %arg14) : (tensor<*xi1>, tensor<*xi1>) -> tensor<*xi1>
    %41 = "arith.remui"(%arg9, %arg10) {tag = "x"} : (index, index) -> index
    "func.return"() : () -> ()
  }) : () -> ()
  "func.func"() <{function_type = (i64, i64, vector<2x3xi32>) -> (), sym_name = "overflow_flags"}> ({
  ^bb0(%arg4: i64, %arg5: i64, %arg6: vector<2x3xi32>):
    %6 = "arith.addi"(%arg4, %arg5) <{overflowFlags = #arith.overflow<nsw>}> : (i64, i64) -> i64
    %7 = "arith.subi"(%arg4, %arg5) <{overflowFlags = #arith.overflow<nuw>}> : (i64, i64) -> i64
    %8 = "arith.muli"(%arg4, %arg5) <{overflowFlags = #arith.overflow<nsw, nuw>}> : (i64, i64) -> i64
    %9 = "arith.shli"(%arg4, %arg5) <{overflowFlags = #arith.overflow<nsw, nuw>}> : (i64, i64) -> i64
    %10 = "arith.addi"(%arg4, %arg5) <{overflowFlags = #arith.overflow<none>}> : (i64, i64) -> i64
    %11 = "arith.addi"(%arg6, %arg6) <{overflowFlags = #arith.overflow<nsw>}> {attr = 1 : i32} : (vector<2x3xi32>, vector<2x3xi32>) -> vector<2x3xi32>
    %12 = "arith.muli"(%arg4, %arg5) <{overflowFlags = #arith.overflow<nuw>}> : (i64, i64) -> i64
    %13 = "arith.addi"(%arg4, %arg5) <{overflowFlags = #arith.overflow<nsw>}> : (i64, i64) -> i64
    %14 = "arith.subi"(%arg4, %arg5) <{overflowFlags = #arith.overflow<nsw, nuw>}> : (i64, i64) -> i64
    %15 = "arith.muli"(%arg4, %arg5) <{overflowFlags = #arith.overflow<none>}> : (i64, i64) -> i64
    "func.return"() : () -> ()
  }) : () -> ()
  "func.func"() <{function_type = (i32, i32, vector<4xi8>, tensor<?xindex>) -> (), sym_name = "extended"}> ({
  ^bb0(%arg0: i32, %arg1: i32, %arg2: vector<4xi8>, %arg3: tensor<?xindex>):
    %0:2 = "arith.addui_extended"(%arg0, %arg1) : (i32, i32) -> (i32, i1)
    %1:2 = "arith.addui_extended"(%arg2, %arg2) : (vector<4xi8>, vector<4xi8>) -> (vector<4xi8>, vector<4xi1>)
    %2:2 = "arith.addui_extended"(%arg3, %arg3) : (tensor<?xindex>, tensor<?xindex>) -> (tensor<?xindex>, tensor<?xi1>)
    %3:2 = "arith.mulsi_extended"(%arg0, %arg1) : (i32, i32) -> (i32, i32)
    %4:2 = "arith.mului_extended"(%arg2, %arg2) : (vector<4xi8>, vector<4xi8>) -> (vector<4xi8>, vector<4xi8>)
    %5:2 = "arith.mulsi_extended"(%arg3, %arg3) : (tensor<?xindex>, tensor<?xindex>) -> (tensor<?xindex>, tensor<?xindex>)
    "func.return"() : () -> ()
  }) : () -> ()
}) : () -> ()

