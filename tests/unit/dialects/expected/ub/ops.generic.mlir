"builtin.module"() ({
  "func.func"() <{function_type = () -> (i32, f32, vector<4xf32>, index), sym_name = "poison"}> ({
    %0 = "ub.poison"() <{value = #ub.poison}> : () -> i32
    %1 = "ub.poison"() <{value = #ub.poison}> : () -> f32
    %2 = "ub.poison"() <{value = #ub.poison}> : () -> vector<4xf32>
    %3 = "ub.poison"() <{value = #ub.poison}> : () -> index
    %4 = "arith.addi"(%0, %0) <{overflowFlags = #arith.overflow<none>}> : (i32, i32) -> i32
    "func.return"(%4, %1, %2, %3) : (i32, f32, vector<4xf32>, index) -> ()
  }) : () -> ()
}) : () -> ()

