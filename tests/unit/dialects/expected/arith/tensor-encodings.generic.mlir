"builtin.module"() ({
  "func.func"() <{function_type = (tensor<4xi32, "enc">, tensor<4xi32, "enc">, tensor<4xf32, "enc">) -> (tensor<4xi32, "enc">, tensor<4xi1, "enc">), sym_name = "encodings"}> ({
  ^bb0(%arg0: tensor<4xi32, "enc">, %arg1: tensor<4xi32, "enc">, %arg2: tensor<4xf32, "enc">):
    %0 = "arith.cmpi"(%arg0, %arg1) <{predicate = 2 : i64}> : (tensor<4xi32, "enc">, tensor<4xi32, "enc">) -> tensor<4xi1, "enc">
    %1 = "arith.cmpf"(%arg2, %arg2) <{fastmath = #arith.fastmath<none>, predicate = 4 : i64}> : (tensor<4xf32, "enc">, tensor<4xf32, "enc">) -> tensor<4xi1, "enc">
    %2 = "arith.select"(%0, %arg0, %arg1) : (tensor<4xi1, "enc">, tensor<4xi32, "enc">, tensor<4xi32, "enc">) -> tensor<4xi32, "enc">
    %3 = "arith.extsi"(%2) : (tensor<4xi32, "enc">) -> tensor<4xi64, "enc">
    %4 = "arith.trunci"(%3) : (tensor<4xi64, "enc">) -> tensor<4xi32, "enc">
    "func.return"(%4, %1) : (tensor<4xi32, "enc">, tensor<4xi1, "enc">) -> ()
  }) : () -> ()
}) : () -> ()

