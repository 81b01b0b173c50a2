module {
  func.func @int_binary(%arg0: i32, %arg1: i32, %arg2: index, %arg3: index, %arg4: vector<4xi64>, %arg5: vector<[4]xi8>, %arg6: tensor<?x4xi16>, %arg7: tensor<*xi1>) {
    %0 = arith.addi %arg0, %arg1 : i32
    %1 = arith.subi %arg0, %arg1 : i32
    %2 = arith.muli %arg0, %arg1 : i32
    %3 = arith.divsi %arg0, %arg1 : i32
    %4 = arith.divui %arg0, %arg1 : i32
    %5 = arith.ceildivsi %arg0, %arg1 : i32
    %6 = arith.ceildivui %arg0, %arg1 : i32
    %7 = arith.floordivsi %arg0, %arg1 : i32
    %8 = arith.remsi %arg0, %arg1 : i32
    %9 = arith.remui %arg0, %arg1 : i32
    %10 = arith.andi %arg0, %arg1 : i32
    %11 = arith.ori %arg0, %arg1 : i32
    %12 = arith.xori %arg0, %arg1 : i32
    %13 = arith.shli %arg0, %arg1 : i32
    %14 = arith.shrsi %arg0, %arg1 : i32
    %15 = arith.shrui %arg0, %arg1 : i32
    %16 = arith.maxsi %arg0, %arg1 : i32
    %17 = arith.maxui %arg0, %arg1 : i32
    %18 = arith.minsi %arg0, %arg1 : i32
    %19 = arith.minui %arg0, %arg1 : i32
    %20 = arith.addi %arg2, %arg3 : index
    %21 = arith.muli %arg4, %arg4 : vector<4xi64>
    %22 = arith.subi %arg5, %arg5 : vector<[4]xi8>
    %23 = arith.divsi %arg6, %arg6 : tensor<?x4xi16>
    %24 = arith.xori %arg7, %arg7 : tensor<*xi1>
    %25 = arith.remui %arg2, %arg3 {tag = "x"} : index
    return
  }
  func.func @overflow_flags(%arg0: i64, %arg1: i64, %arg2: vector<2x3xi32>) {
    %0 = arith.addi %arg0, %arg1 overflow<nsw> : i64
    %1 = arith.subi %arg0, %arg1 overflow<nuw> : i64
    %2 = arith.muli %arg0, %arg1 overflow<nsw, nuw> : i64
    %3 = arith.shli %arg0, %arg1 overflow<nsw, nuw> : i64
    %4 = arith.addi %arg0, %arg1 : i64
    %5 = arith.addi %arg2, %arg2 overflow<nsw> {attr = 1 : i32} : vector<2x3xi32>
    %6 = arith.muli %arg0, %arg1 overflow<nuw> : i64
    %7 = arith.addi %arg0, %arg1 overflow<nsw> : i64
    %8 = arith.subi %arg0, %arg1 overflow<nsw, nuw> : i64
    %9 = arith.muli %arg0, %arg1 : i64
    return
  }
  func.func @extended(%arg0: i32, %arg1: i32, %arg2: vector<4xi8>, %arg3: tensor<?xindex>) {
    %sum, %overflow = arith.addui_extended %arg0, %arg1 : i32, i1
    %sum_0, %overflow_1 = arith.addui_extended %arg2, %arg2 : vector<4xi8>, vector<4xi1>
    %sum_2, %overflow_3 = arith.addui_extended %arg3, %arg3 : tensor<?xindex>, tensor<?xi1>
    %low, %high = arith.mulsi_extended %arg0, %arg1 : i32
    %low_4, %high_5 = arith.mului_extended %arg2, %arg2 : vector<4xi8>
    %low_6, %high_7 = arith.mulsi_extended %arg3, %arg3 : tensor<?xindex>
    return
  }
}

