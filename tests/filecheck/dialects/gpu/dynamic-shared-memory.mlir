// RUN: tile-opt %s | tile-opt | FileCheck %s
// RUN: tile-opt %s --mlir-print-op-generic | FileCheck %s --check-prefix=GENERIC

// gpu.dynamic_shared_memory as mlir-opt 19 prints it; any layout of a 1-D dynamic i8 memref in
// workgroup memory is accepted.

// CHECK-LABEL: func.func @bytes(
// CHECK: %[[M:.*]] = gpu.dynamic_shared_memory : memref<?xi8, #gpu.address_space<workgroup>>
// CHECK: gpu.dynamic_shared_memory {tag} : memref<?xi8, strided<[2]>, #gpu.address_space<workgroup>>
// GENERIC: "gpu.dynamic_shared_memory"() : () -> memref<?xi8, #gpu.address_space<workgroup>>
func.func @bytes() -> memref<?xi8, #gpu.address_space<workgroup>> {
  %0 = gpu.dynamic_shared_memory : memref<?xi8, #gpu.address_space<workgroup>>
  %1 = gpu.dynamic_shared_memory {tag} : memref<?xi8, strided<[2]>, #gpu.address_space<workgroup>>
  return %0 : memref<?xi8, #gpu.address_space<workgroup>>
}
