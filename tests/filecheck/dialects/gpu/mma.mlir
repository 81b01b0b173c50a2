// RUN: tile-opt %s | tile-opt | FileCheck %s
// RUN: tile-opt %s --mlir-print-op-generic | FileCheck %s --check-prefix=GENERIC

// !gpu.mma_matrix and the subgroup matrix load, store and compute ops as mlir-opt 19 prints them.

// CHECK-LABEL: func.func @matmul(
// CHECK: %[[A:.*]] = gpu.subgroup_mma_load_matrix %a[%i, %i] {leadDimension = 32 : index} : memref<32x32xf16, 3> -> !gpu.mma_matrix<16x8xf16, "AOp">
// CHECK: %[[B:.*]] = gpu.subgroup_mma_load_matrix %b[%i, %i] {leadDimension = 32 : index, transpose} : memref<32x32xf16> -> !gpu.mma_matrix<8x16xf16, "BOp">
// CHECK: %[[C:.*]] = gpu.subgroup_mma_load_matrix %c[%i] {leadDimension = 16 : index} : memref<256xvector<2xf32>> -> !gpu.mma_matrix<16x16xf32, "COp">
// CHECK: %[[D:.*]] = gpu.subgroup_mma_compute %[[A]], %[[B]], %[[C]] {b_transpose} : !gpu.mma_matrix<16x8xf16, "AOp">, !gpu.mma_matrix<8x16xf16, "BOp"> -> !gpu.mma_matrix<16x16xf32, "COp">
// CHECK: gpu.subgroup_mma_store_matrix %[[D]], %c[%i] {leadDimension = 16 : index} : !gpu.mma_matrix<16x16xf32, "COp">, memref<256xvector<2xf32>>
// GENERIC: "gpu.subgroup_mma_compute"(%{{.*}}, %{{.*}}, %{{.*}}) <{b_transpose}> : (!gpu.mma_matrix<16x8xf16, "AOp">, !gpu.mma_matrix<8x16xf16, "BOp">, !gpu.mma_matrix<16x16xf32, "COp">) -> !gpu.mma_matrix<16x16xf32, "COp">
func.func @matmul(%a: memref<32x32xf16, 3>, %b: memref<32x32xf16>, %c: memref<256xvector<2xf32>>, %i: index) {
  %A = gpu.subgroup_mma_load_matrix %a[%i, %i] {leadDimension = 32 : index} : memref<32x32xf16, 3> -> !gpu.mma_matrix<16x8xf16, "AOp">
  %B = gpu.subgroup_mma_load_matrix %b[%i, %i] {leadDimension = 32 : index, transpose} : memref<32x32xf16> -> !gpu.mma_matrix<8x16xf16, "BOp">
  %C = gpu.subgroup_mma_load_matrix %c[%i] {leadDimension = 16 : index} : memref<256xvector<2xf32>> -> !gpu.mma_matrix<16x16xf32, "COp">
  %D = gpu.subgroup_mma_compute %A, %B, %C {b_transpose} : !gpu.mma_matrix<16x8xf16, "AOp">, !gpu.mma_matrix<8x16xf16, "BOp"> -> !gpu.mma_matrix<16x16xf32, "COp">
  gpu.subgroup_mma_store_matrix %D, %c[%i] {leadDimension = 16 : index} : !gpu.mma_matrix<16x16xf32, "COp">, memref<256xvector<2xf32>>
  return
}

// CHECK-LABEL: func.func @types(
// CHECK-SAME: %a: !gpu.mma_matrix<16x16xsi8, "AOp">, %b: !gpu.mma_matrix<8x32xui8, "BOp">, %c: !gpu.mma_matrix<16x16xi32, "COp">
func.func @types(%a: !gpu.mma_matrix<16x16xsi8, "AOp">, %b: !gpu.mma_matrix<8x32xui8, "BOp">, %c: !gpu.mma_matrix<16x16xi32, "COp">) {
  return
}
