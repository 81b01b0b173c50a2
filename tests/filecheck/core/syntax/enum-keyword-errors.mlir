// RUN: not tile-opt %s --split-input-file 2>&1 | FileCheck %s

// Enum keywords (vector's combining kind, arith's fast-math flags): parsed by an op's custom form,
// errors carry the `custom op '...'` prefix; parsed by the attribute syntax (`#vector.kind<...>`),
// not. In a bit enum each case is a keyword ("expected valid keyword" at what is not), an unknown
// case reported where the list starts. (mlir-opt 19 adds a second error, "failed to parse ...
// parameter", which tile-opt leaves out; FileCheck passes on mlir-opt 19's output too.)

// CHECK: offset :{{[0-9]+}}:26: error: custom op 'vector.reduction' expected ::mlir::vector::CombiningKind to be one of: add, mul, minui, minsi, minnumf, maxui, maxsi, maxnumf, and, or, xor, maximumf, minimumf
func.func @f(%v: vector<4xf32>) -> f32 {
  %0 = vector.reduction <bogus>, %v : vector<4xf32> into f32
  return %0 : f32
}

// -----

// CHECK: offset :{{[0-9]+}}:52: error: expected ::mlir::vector::CombiningKind to be one of: add, mul,
func.func @f(%v: vector<4xf32>) -> f32 {
  %0 = "vector.reduction"(%v) {kind = #vector.kind<bogus>} : (vector<4xf32>) -> f32
  return %0 : f32
}

// -----

// CHECK: offset :{{[0-9]+}}:44: error: custom op 'vector.reduction' expected ::mlir::arith::FastMathFlags to be one of: none, reassoc, nnan, ninf, nsz, arcp, contract, afn, fast
func.func @f(%v: vector<4xf32>) -> f32 {
  %0 = vector.reduction <add>, %v fastmath<bad> : vector<4xf32> into f32
  return %0 : f32
}

// -----

// CHECK: offset :{{[0-9]+}}:40: error: custom op 'arith.addf' expected valid keyword
func.func @f(%a: f32) -> f32 {
  %0 = arith.addf %a, %a fastmath<fast,> : f32
  return %0 : f32
}

// -----

// CHECK: offset :{{[0-9]+}}:35: error: custom op 'arith.addf' expected valid keyword
func.func @f(%a: f32) -> f32 {
  %0 = arith.addf %a, %a fastmath<"fast"> : f32
  return %0 : f32
}

// -----

// CHECK: offset :{{[0-9]+}}:35: error: custom op 'arith.addf' expected ::mlir::arith::FastMathFlags to be one of:
func.func @f(%a: f32) -> f32 {
  %0 = arith.addf %a, %a fastmath<nnan, bad> : f32
  return %0 : f32
}
