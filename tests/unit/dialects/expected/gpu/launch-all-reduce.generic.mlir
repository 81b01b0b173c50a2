"builtin.module"() ({
  "func.func"() <{function_type = (index, !gpu.async.token, f32, i32, memref<8xindex>, memref<f32>, memref<i32>) -> !gpu.async.token, sym_name = "launch"}> ({
  ^bb0(%arg0: index, %arg1: !gpu.async.token, %arg2: f32, %arg3: i32, %arg4: memref<8xindex>, %arg5: memref<f32>, %arg6: memref<i32>):
    %0 = "arith.constant"() <{value = 1 : index}> : () -> index
    "gpu.launch"(%0, %arg0, %arg0, %arg0, %0, %arg0) <{operandSegmentSizes = array<i32: 0, 1, 1, 1, 1, 1, 1, 0, 0, 0, 0>}> ({
    ^bb0(%arg21: index, %arg22: index, %arg23: index, %arg24: index, %arg25: index, %arg26: index, %arg27: index, %arg28: index, %arg29: index, %arg30: index, %arg31: index, %arg32: index):
      "memref.store"(%arg21, %arg4, %arg22) : (index, memref<8xindex>, index) -> ()
      "memref.store"(%arg25, %arg4, %arg24) : (index, memref<8xindex>, index) -> ()
      "memref.store"(%arg27, %arg4, %arg30) : (index, memref<8xindex>, index) -> ()
      %3 = "gpu.all_reduce"(%arg2) <{op = #gpu<all_reduce_op add>}> ({
      }) : (f32) -> f32
      %4 = "gpu.all_reduce"(%arg3) ({
      ^bb0(%arg33: i32, %arg34: i32):
        %5 = "arith.maxsi"(%arg33, %arg34) : (i32, i32) -> i32
        "gpu.yield"(%5) : (i32) -> ()
      }) : (i32) -> i32
      "memref.store"(%3, %arg5) : (f32, memref<f32>) -> ()
      "memref.store"(%4, %arg6) : (i32, memref<i32>) -> ()
      "gpu.terminator"() : () -> ()
    }) {workgroup_attributions = 0 : i64} : (index, index, index, index, index, index) -> ()
    %1 = "gpu.launch"(%arg1, %arg0, %arg0, %arg0, %arg0, %arg0, %arg0) <{operandSegmentSizes = array<i32: 1, 1, 1, 1, 1, 1, 1, 0, 0, 0, 0>}> ({
    ^bb0(%arg7: index, %arg8: index, %arg9: index, %arg10: index, %arg11: index, %arg12: index, %arg13: index, %arg14: index, %arg15: index, %arg16: index, %arg17: index, %arg18: index, %arg19: memref<4xf32, #gpu.address_space<workgroup>>, %arg20: memref<2xf32, #gpu.address_space<private>>):
      %2 = "gpu.all_reduce"(%arg2) <{op = #gpu<all_reduce_op mul>, uniform}> ({
      }) : (f32) -> f32
      "memref.store"(%2, %arg5) : (f32, memref<f32>) -> ()
      "gpu.terminator"() : () -> ()
    }) {kernel_name = "k", workgroup_attributions = 1 : i64} : (!gpu.async.token, index, index, index, index, index, index) -> !gpu.async.token
    "func.return"(%1) : (!gpu.async.token) -> ()
  }) : () -> ()
}) : () -> ()

