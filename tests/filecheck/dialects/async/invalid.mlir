// RUN: tile-opt %s --split-input-file --verify-diagnostics

func.func @f(%A: memref<64x32xf16, #gpu.address_space<workgroup>>, %B: memref<64x32xf16, #gpu.address_space<workgroup>>, %i: index) {
  // expected-error@+1 {{'async.copy' op source must be in global memory (no memory space or #gpu.address_space<global>), got 'memref<64x32xf16, #gpu.address_space<workgroup>>'}}
  %t = async.copy %A[%i, %i], %B[%i, %i] shape [64, 32] : memref<64x32xf16, #gpu.address_space<workgroup>> to memref<64x32xf16, #gpu.address_space<workgroup>>
  return
}

// -----

func.func @f(%A: memref<64x32xf16>, %B: memref<64x32xf16>, %i: index) {
  // expected-error@+1 {{'async.copy' op destination must be in workgroup memory (#gpu.address_space<workgroup>), got 'memref<64x32xf16>'}}
  %t = async.copy %A[%i, %i], %B[%i, %i] shape [64, 32] : memref<64x32xf16> to memref<64x32xf16>
  return
}

// -----

func.func @f(%A: memref<64x32xf16>, %B: memref<64x32xf32, #gpu.address_space<workgroup>>, %i: index) {
  // expected-error@+1 {{'async.copy' op source and destination element types differ: 'f16' vs 'f32'}}
  %t = async.copy %A[%i, %i], %B[%i, %i] shape [64, 32] : memref<64x32xf16> to memref<64x32xf32, #gpu.address_space<workgroup>>
  return
}

// -----

func.func @f(%A: memref<64x32xf16>, %B: memref<2x64x32xf16, #gpu.address_space<workgroup>>, %i: index) {
  // expected-error@+1 {{'async.copy' op expected 3 destination indices (the destination rank), got 2}}
  %t = async.copy %A[%i, %i], %B[%i, %i] shape [64, 32] : memref<64x32xf16> to memref<2x64x32xf16, #gpu.address_space<workgroup>>
  return
}

// -----

func.func @f(%A: memref<64x32xf16>, %B: memref<64x32xf16, #gpu.address_space<workgroup>>, %i: index) {
  // expected-error@+1 {{'async.copy' op expected 2 source indices (the source rank), got 1}}
  %t = async.copy %A[%i], %B[%i, %i] shape [64, 32] : memref<64x32xf16> to memref<64x32xf16, #gpu.address_space<workgroup>>
  return
}

// -----

func.func @f(%A: memref<64x32xf16>, %B: memref<64x16xf16, #gpu.address_space<workgroup>>, %i: index) {
  // expected-error@+1 {{'async.copy' op shape [64, 32] does not fit the destination's trailing dimensions 64x16}}
  %t = async.copy %A[%i, %i], %B[%i, %i] shape [64, 32] : memref<64x32xf16> to memref<64x16xf16, #gpu.address_space<workgroup>>
  return
}

// -----

func.func @f(%A: memref<64xf16>, %B: memref<64x32xf16, #gpu.address_space<workgroup>>, %i: index) {
  // expected-error@+1 {{'async.copy' op shape [64, 32] has more dimensions than the source (1) or the destination (2)}}
  %t = async.copy %A[%i], %B[%i, %i] shape [64, 32] : memref<64xf16> to memref<64x32xf16, #gpu.address_space<workgroup>>
  return
}

// -----

func.func @f(%A: memref<64xf16>, %B: memref<64xf16, #gpu.address_space<workgroup>>, %i: index) {
  // expected-error@+1 {{'async.copy' op shape must be a non-empty list of positive sizes, got [0]}}
  %t = async.copy %A[%i], %B[%i] shape [0] : memref<64xf16> to memref<64xf16, #gpu.address_space<workgroup>>
  return
}

// -----

func.func @f(%A: memref<64xf16>, %B: memref<64xf16, #gpu.address_space<workgroup>>, %i: index, %g: !async.group) {
  // expected-error@+1 {{'async.copy' op operand #4 must be variadic of async token, but got '!async.group'}}
  %t = "async.copy"(%A, %i, %B, %i, %g) <{operandSegmentSizes = array<i32: 1, 1, 1, 1, 1, 0>, shape = array<i64: 8>}> : (memref<64xf16>, index, memref<64xf16, #gpu.address_space<workgroup>>, index, !async.group) -> !async.token
  return
}

// -----

func.func @f(%A: memref<64xf16>, %B: memref<64xf16, #gpu.address_space<workgroup>>, %i: index) {
  // expected-error@+1 {{'async.copy' op requires attribute 'shape'}}
  %t = "async.copy"(%A, %i, %B, %i) <{operandSegmentSizes = array<i32: 1, 1, 1, 1, 0, 0>}> : (memref<64xf16>, index, memref<64xf16, #gpu.address_space<workgroup>>, index) -> !async.token
  return
}

// -----

func.func @f(%t: !async.token) {
  // expected-error@+1 {{'async.commit' op token #1 repeats token #0: a copy is committed once}}
  %g = async.commit %t, %t
  return
}

// -----

func.func @f(%t: !async.token) {
  // expected-error@+1 {{'async.commit' op result #0 must be async group, but got '!async.token'}}
  %g = "async.commit"(%t) : (!async.token) -> !async.token
  return
}

// -----

func.func @f(%t: !async.token) {
  // expected-error@+1 {{'async.wait' op operand #0 must be variadic of async group, but got '!async.token'}}
  "async.wait"(%t) <{pending = 1 : i64}> : (!async.token) -> ()
  return
}

// -----

func.func @f() {
  // expected-error@+1 {{'async.wait' op attribute 'pending' failed to satisfy constraint: non-negative 64-bit integer attribute}}
  "async.wait"() <{pending = -1 : i64}> : () -> ()
  return
}

// -----

func.func @f() {
  // expected-error@+1 {{expected 'all'}}
  async.wait some
  return
}

// -----

// expected-error@+1 {{unknown async type: future}}
func.func private @f(!async.future)

// -----

func.func @f(%A: memref<64xf16>, %B: memref<64xf16, #gpu.address_space<workgroup>>, %i: index, %p: i32) {
  // expected-error@+1 {{'async.copy' op operand #4 must be 1-bit signless integer, but got 'i32'}}
  %t = "async.copy"(%A, %i, %B, %i, %p) <{operandSegmentSizes = array<i32: 1, 1, 1, 1, 0, 1>, shape = array<i64: 8>}> : (memref<64xf16>, index, memref<64xf16, #gpu.address_space<workgroup>>, index, i32) -> !async.token
  return
}

// -----

func.func @f(%A: memref<64xf16>, %B: memref<64xf16, #gpu.address_space<workgroup>>, %i: index, %p: i32) {
  // expected-note@-1 {{prior use here}}
  // expected-error@+1 {{use of value '%p' expects different type than prior uses: 'i1' vs 'i32'}}
  %t = async.copy %A[%i], %B[%i] shape [8] if %p : memref<64xf16> to memref<64xf16, #gpu.address_space<workgroup>>
  return
}
