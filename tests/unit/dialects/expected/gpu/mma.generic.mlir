"builtin.module"() ({
  "func.func"() <{function_type = (memref<32x32xf16, 3>, memref<32x32xf16>, memref<256xvector<2xf32>>, index) -> (), sym_name = "matmul"}> ({
  ^bb0(%arg3: memref<32x32xf16, 3>, %arg4: memref<32x32xf16>, %arg5: memref<256xvector<2xf32>>, %arg6: index):
    %0 = "gpu.subgroup_mma_load_matrix"(%arg3, %arg6, %arg6) <{leadDimension = 32 : index}> : (memref<32x32xf16, 3>, index, index) -> !gpu.mma_matrix<16x8xf16, "AOp">
    %1 = "gpu.subgroup_mma_load_matrix"(%arg4, %arg6, %arg6) <{leadDimension = 32 : index, transpose}> : (memref<32x32xf16>, index, index) -> !gpu.mma_matrix<8x16xf16, "BOp">
    %2 = "gpu.subgroup_mma_load_matrix"(%arg5, %arg6) <{leadDimension = 16 : index}> : (memref<256xvector<2xf32>>, index) -> !gpu.mma_matrix<16x16xf32, "COp">
    %3 = "gpu.subgroup_mma_compute"(%0, %1, %2) <{b_transpose}> : (!gpu.mma_matrix<16x8xf16, "AOp">, !gpu.mma_matrix<8x16xf16, "BOp">, !gpu.mma_matrix<16x16xf32, "COp">) -> !gpu.mma_matrix<16x16xf32, "COp">
    "gpu.subgroup_mma_store_matrix"(%3, %arg5, %arg6) <{leadDimension = 16 : index}> : (!gpu.mma_matrix<16x16xf32, "COp">, memref<256xvector<2xf32>>, index) -> ()
    "func.return"() : () -> ()
  }) : () -> ()
  "func.func"() <{function_type = (!gpu.mma_matrix<16x16xsi8, "AOp">, !gpu.mma_matrix<8x32xui8, "BOp">, !gpu.mma_matrix<16x16xi32, "COp">) -> (), sym_name = "types"}> ({
  ^bb0(%arg0: !gpu.mma_matrix<16x16xsi8, "AOp">, %arg1: !gpu.mma_matrix<8x32xui8, "BOp">, %arg2: !gpu.mma_matrix<16x16xi32, "COp">):
    "func.return"() : () -> ()
  }) : () -> ()
}) : () -> ()

