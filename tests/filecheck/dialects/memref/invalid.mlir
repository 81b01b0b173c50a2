// RUN: tile-opt %s --allow-unregistered-dialect --split-input-file --verify-diagnostics

"test.func"() ({
^bb0(%i: index, %f: f32):
// expected-error @+1 {{'memref.alloc' op dimension operand count does not equal memref dynamic dimension count}}
  %a = memref.alloc(%i) : memref<4xf32>
  "test.return"() : () -> ()
}) : () -> ()

// -----

"test.func"() ({
^bb0(%i: index, %f: f32):
  %a = memref.alloc() : memref<4xf32>
// expected-error @+1 {{'memref.load' op incorrect number of indices for load, expected 1 but got 2}}
  %v = memref.load %a[%i, %i] : memref<4xf32>
  "test.return"() : () -> ()
}) : () -> ()

// -----

"test.func"() ({
^bb0(%i: index, %f: f32):
  %a = memref.alloc() : memref<4xf32>
// expected-error @+1 {{'memref.store' op store index operand count not equal to memref rank}}
  memref.store %f, %a[%i, %i] : memref<4xf32>
  "test.return"() : () -> ()
}) : () -> ()

// -----

"test.func"() ({
^bb0(%i: index, %f: f32):
  %a = memref.alloc() : memref<4xf32>
// expected-error @+1 {{'memref.cast' op operand type 'memref<4xf32>' and result type 'memref<5xf32>' are cast incompatible}}
  %c = memref.cast %a : memref<4xf32> to memref<5xf32>
  "test.return"() : () -> ()
}) : () -> ()

// -----

"test.func"() ({
^bb0(%i: index, %f: f32):
// expected-error @+1 {{'memref.get_global' op 'nope' does not reference a valid global memref}}
  %c = memref.get_global @nope : memref<4xf32>
  "test.return"() : () -> ()
}) : () -> ()

// -----

memref.global @g : memref<2xf32> = dense<1.0>
"test.func"() ({
^bb0(%i: index, %f: f32):
// expected-error @+1 {{'memref.get_global' op result type 'memref<4xf32>' does not match type 'memref<2xf32>' of the global memref @g}}
  %c = memref.get_global @g : memref<4xf32>
  "test.return"() : () -> ()
}) : () -> ()

// -----

// expected-error @+1 {{custom op 'memref.global' type should be static shaped memref, but got 'memref<?xf32>'}}
memref.global @g : memref<?xf32> = uninitialized

// -----

// expected-error @+1 {{'memref.global' op type should be static shaped memref, but got 'memref<?xf32>'}}
"memref.global"() <{sym_name = "g", type = memref<?xf32>, initial_value}> : () -> ()

// -----

// expected-error @+1 {{'memref.global' op initial value expected to be of type 'tensor<2xf32>', but was of type 'tensor<3xf32>'}}
"memref.global"() <{sym_name = "g", type = memref<2xf32>, initial_value = dense<1.0> : tensor<3xf32>}> : () -> ()

// -----

"test.func"() ({
^bb0(%i: index, %f: f32):
  %a = memref.alloc() : memref<4x4xf32>
// expected-error @+1 {{expected result type to be 'memref<2x2xf32, strided<[4, 1]>>' or a rank-reduced version. (mismatch of result layout) }}
  %s = memref.subview %a[0, 0][2, 2][1, 1] : memref<4x4xf32> to memref<2x2xf32>
  "test.return"() : () -> ()
}) : () -> ()

// -----

"test.func"() ({
^bb0(%i: index, %f: f32):
  %a = memref.alloc() : memref<4x4xf32>
// expected-error @+1 {{expected mixed offsets rank to match mixed sizes rank (1 vs 2) so the rank of the result type is well-formed.}}
  %s = memref.subview %a[0][2, 2][1, 1] : memref<4x4xf32> to memref<2x2xf32>
  "test.return"() : () -> ()
}) : () -> ()

// -----

"test.func"() ({
^bb0(%i: index, %f: f32):
  %a = memref.alloc() : memref<4x4xf32>
  %b = memref.alloc() : memref<4x4xi32>
// expected-error @+1 {{'memref.copy' op requires the same element type for all operands}}
  memref.copy %a, %b : memref<4x4xf32> to memref<4x4xi32>
  "test.return"() : () -> ()
}) : () -> ()

// -----

"test.func"() ({
^bb0(%i: index, %f: f32):
// expected-error @+1 {{'memref.alloc' op symbol operand count does not equal memref symbol count: expected 0, got 1}}
  %a = memref.alloc()[%i] : memref<4xf32>
  "test.return"() : () -> ()
}) : () -> ()

// -----

"test.func"() ({
^bb0(%i: index, %f: f32):
  %a = memref.alloc() : memref<4xf32>
// expected-error @+1 {{'memref.load' op failed to verify that result type matches element type of 'memref'}}
  %v = "memref.load"(%a, %i) : (memref<4xf32>, index) -> i32
  "test.return"() : () -> ()
}) : () -> ()

// -----

"test.func"() ({
^bb0(%i: index, %f: f32):
// As mlir-opt 19: the custom form checks the op's attributes in its dictionary as it parses it
// (MLIR's verifyInherentAttrs, hence the doubled prefix); the generic form leaves it to the verifier.
// expected-error @+1 {{custom op 'memref.alloc' 'memref.alloc' op attribute 'alignment' failed to satisfy constraint: 64-bit signless integer attribute whose minimum value is 0}}
  %a = memref.alloc() {alignment = -1 : i64} : memref<4xf32>
  "test.return"() : () -> ()
}) : () -> ()

// -----

"test.func"() ({
^bb0(%i: index, %f: f32):
// expected-error @+1 {{'memref.alloc' op attribute 'alignment' failed to satisfy constraint: 64-bit signless integer attribute whose minimum value is 0}}
  %a = "memref.alloc"() <{alignment = -1 : i64, operandSegmentSizes = array<i32: 0, 0>}> : () -> memref<4xf32>
  "test.return"() : () -> ()
}) : () -> ()

// -----

"test.func"() ({
^bb0(%c: i1, %f: f32, %i: index, %j: i32):
// expected-error @+1 {{'memref.alloca' op requires an ancestor op with AutomaticAllocationScope trait}}
  %a = memref.alloca() : memref<4xf32>
  "test.return"() : () -> ()
}) : () -> ()

// -----

// expected-error @+1 {{alignment attribute value 3 is not a power of 2}}
memref.global @g : memref<2xf32> = dense<1.0> {alignment = 3}

// -----

"test.func"() ({
^bb0(%v: vector<4xf32>, %f: f32, %m: memref<8x8xf32>, %i: index, %vi: vector<4xi32>, %v2: vector<2x4xf32>):
// expected-error @+1 {{expected result type to be 'memref<4x4xf32, strided<[8, 1]>>' or a rank-reduced version. (mismatch of result sizes) }}
  %0 = memref.subview %m[0, 0][4, 4][1, 1] : memref<8x8xf32> to memref<4x3xf32, strided<[8, 1]>>
  "test.return"() : () -> ()
}) : () -> ()

// -----

"test.func"() ({
^bb0(%v: vector<4xf32>, %f: f32, %m: memref<8x8xf32>, %i: index, %vi: vector<4xi32>, %v2: vector<2x4xf32>):
  %0 = memref.subview %m[0, 0][4, 4][1, 1] : memref<8x8xf32> to memref<4x4xf32, strided<[8, 1]>>
// expected-error @+1 {{expected result type to be 'memref<4x4xf32, strided<[8, 1]>>' or a rank-reduced version. (mismatch of result layout) }}
  %1 = memref.subview %m[0, 0][4, 4][1, 1] : memref<8x8xf32> to memref<4x4xf32, strided<[8, 1], offset: 1>>
  "test.return"() : () -> ()
}) : () -> ()
