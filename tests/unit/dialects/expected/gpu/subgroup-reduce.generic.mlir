"builtin.module"() ({
  "func.func"() <{function_type = (f32, vector<4xf32>, vector<2xi32>) -> (f32, vector<4xf32>, vector<2xi32>), sym_name = "reductions"}> ({
  ^bb0(%arg15: f32, %arg16: vector<4xf32>, %arg17: vector<2xi32>):
    %4 = "gpu.subgroup_reduce"(%arg15) <{op = #gpu<all_reduce_op add>}> : (f32) -> f32
    %5 = "gpu.subgroup_reduce"(%arg16) <{op = #gpu<all_reduce_op maxnumf>, uniform}> {tag} : (vector<4xf32>) -> vector<4xf32>
    %6 = "gpu.subgroup_reduce"(%arg17) <{op = #gpu<all_reduce_op xor>}> : (vector<2xi32>) -> vector<2xi32>
    "func.return"(%4, %5, %6) : (f32, vector<4xf32>, vector<2xi32>) -> ()
  }) : () -> ()
  "func.func"() <{function_type = (i1, i32, memref<2xi32>) -> (), sym_name = "in_launch"}> ({
  ^bb0(%arg0: i1, %arg1: i32, %arg2: memref<2xi32>):
    %0 = "arith.constant"() <{value = 1 : index}> : () -> index
    %1 = "arith.constant"() <{value = 0 : index}> : () -> index
    "gpu.launch"(%0, %0, %0, %0, %0, %0) <{operandSegmentSizes = array<i32: 0, 1, 1, 1, 1, 1, 1, 0, 0, 0, 0>}> ({
    ^bb0(%arg3: index, %arg4: index, %arg5: index, %arg6: index, %arg7: index, %arg8: index, %arg9: index, %arg10: index, %arg11: index, %arg12: index, %arg13: index, %arg14: index):
      %2 = "gpu.subgroup_reduce"(%arg1) <{op = #gpu<all_reduce_op mul>}> : (i32) -> i32
      "memref.store"(%2, %arg2, %1) : (i32, memref<2xi32>, index) -> ()
      "scf.if"(%arg0) ({
        %3 = "gpu.subgroup_reduce"(%arg1) <{op = #gpu<all_reduce_op mul>}> : (i32) -> i32
        "memref.store"(%3, %arg2, %0) : (i32, memref<2xi32>, index) -> ()
        "scf.yield"() : () -> ()
      }, {
      }) : (i1) -> ()
      "gpu.terminator"() : () -> ()
    }) {workgroup_attributions = 0 : i64} : (index, index, index, index, index, index) -> ()
    "func.return"() : () -> ()
  }) : () -> ()
}) : () -> ()

