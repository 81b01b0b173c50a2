// RUN: tile-opt %s --split-input-file --verify-diagnostics

// The verifier messages of gpu.dynamic_shared_memory, as mlir-opt 19 gives them: the address space
// must be #gpu.address_space<workgroup> (the integer 3 is refused too), the size dynamic, the
// elements i8 and the rank 1.

func.func @integer_space() {
  // expected-error@+1 {{'gpu.dynamic_shared_memory' op address space must be address_space<workgroup>}}
  %0 = gpu.dynamic_shared_memory : memref<?xi8, 3>
  return
}

// -----

func.func @no_space() {
  // expected-error@+1 {{'gpu.dynamic_shared_memory' op address space must be address_space<workgroup>}}
  %0 = gpu.dynamic_shared_memory : memref<?xi8>
  return
}

// -----

func.func @static_size() {
  // expected-error@+1 {{'gpu.dynamic_shared_memory' op result memref type must be memref<?xi8, #gpu.address_space<workgroup>>}}
  %0 = gpu.dynamic_shared_memory : memref<16xi8, #gpu.address_space<workgroup>>
  return
}

// -----

func.func @not_bytes() {
  // expected-error@+1 {{'gpu.dynamic_shared_memory' op result #0 must be 1D memref of 8-bit signless integer values, but got 'memref<?xi16, #gpu.address_space<workgroup>>'}}
  %0 = gpu.dynamic_shared_memory : memref<?xi16, #gpu.address_space<workgroup>>
  return
}

// -----

func.func @rank_two() {
  // expected-error@+1 {{'gpu.dynamic_shared_memory' op result #0 must be 1D memref of 8-bit signless integer values, but got 'memref<?x?xi8, #gpu.address_space<workgroup>>'}}
  %0 = gpu.dynamic_shared_memory : memref<?x?xi8, #gpu.address_space<workgroup>>
  return
}
