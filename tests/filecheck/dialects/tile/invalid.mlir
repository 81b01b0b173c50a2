// RUN: tile-opt %s --split-input-file --verify-diagnostics

func.func @f(%A: memref<16x16xf32>, %i: index) {
  // expected-error@+1 {{'tile.load' op requires 2 indices (the memref rank), got 1}}
  %t = tile.load %A[%i] : memref<16x16xf32> -> tensor<4x4xf32>
  return
}

// -----

func.func @f(%A: memref<16xf32>, %i: index) {
  // expected-error@+1 {{'tile.load' op result rank (2) exceeds the memref rank (1)}}
  %t = tile.load %A[%i] : memref<16xf32> -> tensor<4x4xf32>
  return
}

// -----

func.func @f(%A: memref<16x16xf32>, %i: index) {
  // expected-error@+1 {{'tile.load' op result element type 'f16' does not match the memref element type 'f32'}}
  %t = tile.load %A[%i, %i] : memref<16x16xf32> -> tensor<4x4xf16>
  return
}

// -----

func.func @f(%A: memref<16x16xf32>, %i: index) {
  // expected-error@+1 {{'tile.load' op padding type 'f16' does not match the element type 'f32'}}
  %t = tile.load %A[%i, %i] padding(0.0 : f16) : memref<16x16xf32> -> tensor<4x4xf32>
  return
}

// -----

func.func @f(%A: memref<16x16xf32, #gpu.address_space<private>>, %i: index) {
  // expected-error@+1 {{'tile.load' op memref must be in global or workgroup memory, got #gpu.address_space<private>}}
  %t = tile.load %A[%i, %i] : memref<16x16xf32, #gpu.address_space<private>> -> tensor<4x4xf32>
  return
}

// -----

func.func @f(%A: memref<16x16xf32>, %i: index) {
  // expected-error@+1 {{'tile.load' op result #0 must be statically shaped ranked tensor without zero-size dimensions, but got 'tensor<?x4xf32>'}}
  %t = tile.load %A[%i, %i] : memref<16x16xf32> -> tensor<?x4xf32>
  return
}

// -----

// A register tile holds elements along every dimension (a tile of none would give its threads nothing to hold).
func.func @f(%A: memref<16x16xf32>, %i: index) {
  // expected-error@+1 {{'tile.load' op result #0 must be statically shaped ranked tensor without zero-size dimensions, but got 'tensor<4x0xf32>'}}
  %t = tile.load %A[%i, %i] : memref<16x16xf32> -> tensor<4x0xf32>
  return
}

// -----

func.func @f(%A: memref<16x16xf32>, %i: index) {
  // expected-error@+1 {{'tile.load' op result has a rank-2 layout on a rank-1 tensor}}
  %t = tile.load %A[%i, %i] : memref<16x16xf32> -> tensor<4xf32, #tile.blocked<sizePerThread = [1, 1], threadsPerWarp = [4, 8], warpsPerGroup = [1, 1], order = [1, 0]>>
  return
}

// -----

func.func @f(%A: memref<16x16xf32>, %i: index) {
  // expected-error@+1 {{'tile.load' op result has a #tile.shared encoding, which describes workgroup buffers (put it on tile.alloc), not register tiles}}
  %t = tile.load %A[%i, %i] : memref<16x16xf32> -> tensor<4x4xf32, #tile.shared<vec = 1, perPhase = 1, maxPhase = 1, order = [1, 0]>>
  return
}

// -----

func.func @f(%A: memref<16x16xf32>, %t: tensor<4x4xi32>, %i: index) {
  // expected-error@+1 {{'tile.store' op stored tile element type 'i32' does not match the memref element type 'f32'}}
  tile.store %t, %A[%i, %i] : tensor<4x4xi32> -> memref<16x16xf32>
  return
}

// -----

func.func @f() {
  // expected-error@+1 {{'tile.alloc' op result must be in workgroup memory (#gpu.address_space<workgroup>), got global memory}}
  %b = tile.alloc : memref<16x16xf32>
  return
}

// -----

func.func @f() {
  // expected-error@+1 {{'tile.alloc' op result must have a static shape, got ?x16}}
  %b = tile.alloc : memref<?x16xf32, #gpu.address_space<workgroup>>
  return
}

// -----

func.func @f() {
  // expected-error@+1 {{'tile.alloc' op layout rank (3) exceeds the buffer rank (2)}}
  %b = tile.alloc layout #tile.shared<vec = 4, perPhase = 1, maxPhase = 8, order = [2, 1, 0]> : memref<16x16xf32, #gpu.address_space<workgroup>>
  return
}

// -----

func.func @f(%A: memref<100x64xf32>, %i: index) {
  // expected-error@+1 {{'tile.view' op result type 'memref<32x32xf32, strided<[64, 1], offset: ?>>' does not match the view type 'memref<?x32xf32, strided<[64, 1], offset: ?>>'}}
  %v = tile.view %A[%i, %i] tile [32, 32] : memref<100x64xf32> -> memref<32x32xf32, strided<[64, 1], offset: ?>>
  return
}

// -----

func.func @f(%A: memref<100x64xf32>, %i: index) {
  // expected-error@+1 {{'tile.view' op tile has 1 sizes but the memref has rank 2}}
  %v = tile.view %A[%i, %i] tile [32] : memref<100x64xf32> -> memref<?xf32>
  return
}

// -----

func.func @f(%a: tensor<16x8xf16>, %b: tensor<4x16xf16>, %c: tensor<16x16xf32>) {
  // expected-error@+1 {{'tile.dot' op reduction dimensions differ: A is 16x8 and B is 4x16}}
  %d = tile.dot %a, %b, %c : tensor<16x8xf16>, tensor<4x16xf16> -> tensor<16x16xf32>
  return
}

// -----

func.func @f(%a: tensor<16x8xf16>, %b: tensor<8x16xf32>, %c: tensor<16x16xf32>) {
  // expected-error@+1 {{'tile.dot' op A and B element types must match, got 'f16' and 'f32'}}
  %d = tile.dot %a, %b, %c : tensor<16x8xf16>, tensor<8x16xf32> -> tensor<16x16xf32>
  return
}

// -----

func.func @f(%a: tensor<16x8xf32>, %b: tensor<8x16xf32>, %c: tensor<16x8xf32>) {
  // expected-error@+1 {{'tile.dot' op accumulator shape 16x8 does not match MxN = 16x16}}
  %d = tile.dot %a, %b, %c : tensor<16x8xf32>, tensor<8x16xf32> -> tensor<16x8xf32>
  return
}

// -----

func.func @f(%a: tensor<16x8xi8>, %b: tensor<8x16xi8>, %c: tensor<16x16xf32>) {
  // expected-error@+1 {{'tile.dot' op A element type must be f16, bf16 or f32, got 'i8'}}
  %d = tile.dot %a, %b, %c : tensor<16x8xi8>, tensor<8x16xi8> -> tensor<16x16xf32>
  return
}

// -----

func.func @f(%a: tensor<16x8xf16>, %b: tensor<8x16xf16>, %c: tensor<16x16xbf16>) {
  // expected-error@+1 {{'tile.dot' op accumulator element type must be f32 or the input element type 'f16', got 'bf16'}}
  %d = tile.dot %a, %b, %c : tensor<16x8xf16>, tensor<8x16xf16> -> tensor<16x16xbf16>
  return
}

// -----

func.func @f(%a: tensor<8xf32>, %b: tensor<8x16xf32>, %c: tensor<16x16xf32>) {
  // expected-error@+1 {{'tile.dot' op A must be a 2-D tensor, got 'tensor<8xf32>'}}
  %d = tile.dot %a, %b, %c : tensor<8xf32>, tensor<8x16xf32> -> tensor<16x16xf32>
  return
}

// -----

func.func @f(%t: tensor<16x8xf32>) {
  // expected-error@+1 {{'tile.reduce' op axis 2 is out of range for a rank-2 tensor}}
  %r = tile.reduce add %t axis 2 : tensor<16x8xf32> -> tensor<16xf32>
  return
}

// -----

func.func @f(%t: tensor<16x8xf32>) {
  // expected-error@+1 {{'tile.reduce' op expected a result of shape 16 and element type 'f32' (input without dimension 1), got 'tensor<8xf32>'}}
  %r = tile.reduce add %t axis 1 : tensor<16x8xf32> -> tensor<8xf32>
  return
}

// -----

func.func @f(%t: tensor<16xf32>) {
  // expected-error@+1 {{'tile.reduce' op kind 'and' requires integer elements, got 'f32'}}
  %r = tile.reduce and %t axis 0 : tensor<16xf32> -> f32
  return
}

// -----

func.func @f(%t: tensor<16xf32>) {
  // expected-error@+1 {{'tile.reduce' op expects a reduction kind or a combiner region}}
  %r = tile.reduce %t axis 0 : tensor<16xf32> -> f32
  return
}

// -----

func.func @f(%t: tensor<16xf32>) {
  // expected-error@+1 {{'tile.reduce' op expects either a reduction kind or a combiner region, not both}}
  %r = tile.reduce add %t axis 0 : tensor<16xf32> -> f32 {
  ^bb0(%a: f32, %b: f32):
    tile.yield %a : f32
  }
  return
}

// -----

func.func @f(%t: tensor<16xf32>) {
  // expected-error@+1 {{'tile.reduce' op combiner must take two 'f32' arguments, got (f32)}}
  %r = tile.reduce %t axis 0 : tensor<16xf32> -> f32 {
  ^bb0(%a: f32):
    tile.yield %a : f32
  }
  return
}

// -----

func.func @f(%t: tensor<16xf32>) {
  // expected-error@+1 {{expected tile reduction kind to be one of: add, mul, max, min, and, or, xor}}
  %r = "tile.reduce"(%t) <{axis = 0 : i64, kind = #tile.reduce_kind<sum>}> ({}) : (tensor<16xf32>) -> f32
  return
}

// -----

func.func @f(%t: tensor<16xf32>) {
  // expected-error@+1 {{'tile.broadcast' op source dimension 0 (size 16) cannot be broadcast to result dimension 0 (size 8)}}
  %b = tile.broadcast %t dims [1] : tensor<16xf32> -> tensor<8x16xf32>
  return
}

// -----

func.func @f(%t: tensor<16xf32>) {
  // expected-error@+1 {{'tile.broadcast' op dims lists 2 added dimensions but the ranks differ by 1}}
  %b = tile.broadcast %t dims [0, 1] : tensor<16xf32> -> tensor<8x16xf32>
  return
}

// -----

func.func @f(%t: tensor<16xf32>) {
  // expected-error@+1 {{'tile.broadcast' op source and result element types differ: 'f32' vs 'f16'}}
  %b = tile.broadcast %t : tensor<16xf32> -> tensor<8x16xf16>
  return
}

// -----

func.func @f(%s: f16) {
  // expected-error@+1 {{'tile.splat' op operand type 'f16' does not match the result element type 'f32'}}
  %b = "tile.splat"(%s) : (f16) -> tensor<4xf32>
  return
}

// -----

func.func @f(%t: tensor<16x8xf32>) {
  // expected-error@+1 {{'tile.cast' op requires the same shape, got 16x8 and 8x16}}
  %c = tile.cast %t : tensor<16x8xf32> to tensor<8x16xf32>
  return
}

// -----

func.func @f(%A: memref<16x8xf16>, %B: memref<4x16xf16>, %C: memref<16x16xf32>) {
  // expected-error@+1 {{'tile.matmul' op reduction dimensions differ: op(A) is 16x8 and op(B) is 4x16}}
  tile.matmul %A, %B, %C : memref<16x8xf16>, memref<4x16xf16>, memref<16x16xf32>
  return
}

// -----

func.func @f(%A: memref<16x8xf16>, %B: memref<16x8xf16>, %C: memref<16x32xf32>) {
  // expected-error@+1 {{'tile.matmul' op C is 16x32 but op(A)·op(B) is 16x16}}
  tile.matmul %A, %B, %C transpose_b : memref<16x8xf16>, memref<16x8xf16>, memref<16x32xf32>
  return
}

// -----

func.func @f(%A: memref<16x8xf16, #gpu.address_space<workgroup>>, %B: memref<8x16xf16>, %C: memref<16x16xf32>) {
  // expected-error@+1 {{'tile.matmul' op A must be in global memory, got 'memref<16x8xf16, #gpu.address_space<workgroup>>'}}
  tile.matmul %A, %B, %C : memref<16x8xf16, #gpu.address_space<workgroup>>, memref<8x16xf16>, memref<16x16xf32>
  return
}

// -----

func.func @f(%A: memref<16x8xf32>, %B: memref<16x16xf32>) {
  // expected-error@+1 {{'tile.map' op output #0 has shape 16x16, expected 16x8 (every input and output has the iteration shape)}}
  tile.map ins(%A : memref<16x8xf32>) outs(%B : memref<16x16xf32>) {
  ^bb0(%x: f32):
    tile.yield %x : f32
  }
  return
}

// -----

func.func @f(%A: memref<16x8xf32>, %B: memref<16x8xf16>) {
  // expected-error@+1 {{'tile.map' op body must end with tile.yield of the output element types (f16), got (f32)}}
  tile.map ins(%A : memref<16x8xf32>) outs(%B : memref<16x8xf16>) {
  ^bb0(%x: f32):
    tile.yield %x : f32
  }
  return
}

// -----

func.func @f(%A: memref<16x8xf32>, %B: memref<16x8xf32>) {
  // expected-error@+1 {{'tile.map' op body arguments (f16) must be the input element types (f32)}}
  tile.map ins(%A : memref<16x8xf32>) outs(%B : memref<16x8xf32>) {
  ^bb0(%x: f16):
    %y = arith.extf %x : f16 to f32
    tile.yield %y : f32
  }
  return
}

// -----

func.func @f(%x: f32) {
  // expected-error@+1 {{'tile.yield' op expects parent op to be one of 'tile.map, tile.reduce, tile.fusion'}}
  tile.yield %x : f32
}

// -----

// expected-error@+1 {{invalid #tile.blocked: 'order' [0, 0] must be a permutation of 0..1}}
func.func private @f(tensor<4x4xf32, #tile.blocked<sizePerThread = [1, 1], threadsPerWarp = [4, 8], warpsPerGroup = [1, 1], order = [0, 0]>>)

// -----

// expected-error@+1 {{invalid #tile.blocked: 'warpsPerGroup' has 1 entries but 'order' has 2}}
func.func private @f(tensor<4x4xf32, #tile.blocked<sizePerThread = [1, 1], threadsPerWarp = [4, 8], warpsPerGroup = [1], order = [1, 0]>>)

// -----

// expected-error@+1 {{#tile.blocked is missing 'order'}}
func.func private @f(tensor<4x4xf32, #tile.blocked<sizePerThread = [1, 1], threadsPerWarp = [4, 8], warpsPerGroup = [1, 1]>>)

// -----

// expected-error@+1 {{expected one of 'vec', 'perPhase', 'maxPhase', 'order' in #tile.shared}}
func.func private @f(tensor<4x4xf32, #tile.shared<vec = 1, phase = 1, maxPhase = 1, order = [1, 0]>>)

// -----

// expected-error@+1 {{invalid #tile.shared: 'vec' must be positive, got 0}}
func.func private @f(tensor<4x4xf32, #tile.shared<vec = 0, perPhase = 1, maxPhase = 1, order = [1, 0]>>)

// -----

// expected-error@+1 {{unknown attribute `swizzle` in dialect `tile`}}
func.func private @f(tensor<4x4xf32, #tile.swizzle<1>>)

// -----

func.func @f(%t: tensor<16x8xf32>) {
  // expected-error@+1 {{'tile.transpose' op result shape 16x8 must be the source shape 16x8 swapped (8x16)}}
  %r = tile.transpose %t : tensor<16x8xf32> -> tensor<16x8xf32>
  return
}

// -----

func.func @f(%t: tensor<16x8xf32>) {
  // expected-error@+1 {{'tile.transpose' op source and result element types differ: 'f32' vs 'f16'}}
  %r = tile.transpose %t : tensor<16x8xf32> -> tensor<8x16xf16>
  return
}

// -----

func.func @f(%t: tensor<4x16x8xf32>) {
  // expected-error@+1 {{'tile.transpose' op source must be a 2-D tensor, got 'tensor<4x16x8xf32>'}}
  %r = tile.transpose %t : tensor<4x16x8xf32> -> tensor<4x8x16xf32>
  return
}

// -----

#shared = #tile.shared<vec = 8, perPhase = 2, maxPhase = 4, order = [1, 0]>
func.func @f(%t: tensor<16x8xf32>) {
  // expected-error@+1 {{'tile.transpose' op result has a #tile.shared encoding, which describes workgroup buffers (put it on tile.alloc), not register tiles}}
  %r = tile.transpose %t : tensor<16x8xf32> -> tensor<8x16xf32, #shared>
  return
}

// -----

// expected-error@+1 {{invalid #tile.slice: 'dim' must be in [0, 2), got 2}}
func.func private @f(tensor<4xf32, #tile.slice<dim = 2, parent = #tile.blocked<sizePerThread = [1, 1], threadsPerWarp = [4, 8], warpsPerGroup = [1, 1], order = [1, 0]>>>)

// -----

// expected-error@+1 {{invalid #tile.slice: the parent layout must have rank >= 2, got 1}}
func.func private @f(tensor<4xf32, #tile.slice<dim = 0, parent = #tile.blocked<sizePerThread = [1], threadsPerWarp = [32], warpsPerGroup = [1], order = [0]>>>)

// -----

// expected-error@+1 {{invalid #tile.slice: 'parent' must be a #tile.blocked layout}}
func.func private @f(tensor<4xf32, #tile.slice<dim = 0, parent = #tile.shared<vec = 1, perPhase = 1, maxPhase = 1, order = [1, 0]>>>)

// -----

// expected-error@+1 {{expected one of 'dim', 'parent' in #tile.slice}}
func.func private @f(tensor<4xf32, #tile.slice<axis = 0, parent = #tile.blocked<sizePerThread = [1, 1], threadsPerWarp = [4, 8], warpsPerGroup = [1, 1], order = [1, 0]>>>)

// -----

func.func @f(%t: tensor<4x4xf32>) {
  // expected-error@+1 {{'tile.reduce' op result has a rank-2 layout on a rank-1 tensor}}
  %r = tile.reduce add %t axis 1 : tensor<4x4xf32> -> tensor<4xf32, #tile.slice<dim = 1, parent = #tile.blocked<sizePerThread = [1, 1, 1], threadsPerWarp = [1, 4, 8], warpsPerGroup = [1, 1, 1], order = [2, 1, 0]>>>
  return
}
