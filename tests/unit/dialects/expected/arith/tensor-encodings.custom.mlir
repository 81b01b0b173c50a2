module {
  func.func @encodings(%arg0: tensor<4xi32, "enc">, %arg1: tensor<4xi32, "enc">, %arg2: tensor<4xf32, "enc">) -> (tensor<4xi32, "enc">, tensor<4xi1, "enc">) {
    %0 = arith.cmpi slt, %arg0, %arg1 : tensor<4xi32, "enc">
    %1 = arith.cmpf olt, %arg2, %arg2 : tensor<4xf32, "enc">
    %2 = arith.select %0, %arg0, %arg1 : tensor<4xi1, "enc">, tensor<4xi32, "enc">
    %3 = arith.extsi %2 : tensor<4xi32, "enc"> to tensor<4xi64, "enc">
    %4 = arith.trunci %3 : tensor<4xi64, "enc"> to tensor<4xi32, "enc">
    return %4, %1 : tensor<4xi32, "enc">, tensor<4xi1, "enc">
  }
}

