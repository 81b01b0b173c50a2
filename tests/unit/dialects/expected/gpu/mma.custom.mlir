module {
  func.func @matmul(%arg0: memref<32x32xf16, 3>, %arg1: memref<32x32xf16>, %arg2: memref<256xvector<2xf32>>, %arg3: index) {
    %0 = gpu.subgroup_mma_load_matrix %arg0[%arg3, %arg3] {leadDimension = 32 : index} : memref<32x32xf16, 3> -> !gpu.mma_matrix<16x8xf16, "AOp">
    %1 = gpu.subgroup_mma_load_matrix %arg1[%arg3, %arg3] {leadDimension = 32 : index, transpose} : memref<32x32xf16> -> !gpu.mma_matrix<8x16xf16, "BOp">
    %2 = gpu.subgroup_mma_load_matrix %arg2[%arg3] {leadDimension = 16 : index} : memref<256xvector<2xf32>> -> !gpu.mma_matrix<16x16xf32, "COp">
    %3 = gpu.subgroup_mma_compute %0, %1, %2 {b_transpose} : !gpu.mma_matrix<16x8xf16, "AOp">, !gpu.mma_matrix<8x16xf16, "BOp"> -> !gpu.mma_matrix<16x16xf32, "COp">
    gpu.subgroup_mma_store_matrix %3, %arg2[%arg3] {leadDimension = 16 : index} : !gpu.mma_matrix<16x16xf32, "COp">, memref<256xvector<2xf32>>
    return
  }
  func.func @types(%arg0: !gpu.mma_matrix<16x16xsi8, "AOp">, %arg1: !gpu.mma_matrix<8x32xui8, "BOp">, %arg2: !gpu.mma_matrix<16x16xi32, "COp">) {
    return
  }
}

