// RUN: tile-opt %s --split-input-file --verify-diagnostics

func.func @f(%X: memref<?x?xf32>) {
  tile.map ins(%X : memref<?x?xf32>) outs(%X : memref<?x?xf32>) {
  ^bb0(%x: f32):
    // expected-error@+1 {{'tile.index' op dimension 2 is out of range for the rank-2 iteration space of the enclosing 'tile.map' (dimensions are in [0, 2))}}
    %i = tile.index 2 : index
    tile.yield %x : f32
  }
  return
}

// -----

func.func @f() {
  // expected-error@+1 {{'tile.index' op expects parent op 'tile.map'}}
  %i = tile.index 0 : index
  return
}

// -----

func.func @f(%A: memref<2x?x?xf32>, %B: memref<3x?x?xf32>, %C: memref<2x?x?xf32>) {
  // expected-error@+1 {{'tile.matmul' op batch dimension 0 differs: A is 2x?x?, B is 3x?x? and C is 2x?x?}}
  tile.matmul %A, %B, %C : memref<2x?x?xf32>, memref<3x?x?xf32>, memref<2x?x?xf32>
  return
}

// -----

func.func @f(%A: memref<2x?x?xf32>, %B: memref<?x?xf32>, %C: memref<2x?x?xf32>) {
  // expected-error@+1 {{'tile.matmul' op A, B and C must have one rank (batch dimensions, then matrices), got 'memref<2x?x?xf32>' and 'memref<?x?xf32>'}}
  tile.matmul %A, %B, %C : memref<2x?x?xf32>, memref<?x?xf32>, memref<2x?x?xf32>
  return
}

// -----

func.func @f(%A: memref<2x8x16xf32>, %B: memref<2x8x16xf32>, %C: memref<2x8x8xf32>) {
  // expected-error@+1 {{'tile.matmul' op reduction dimensions differ: op(A) is 8x16 and op(B) is 8x16}}
  tile.matmul %A, %B, %C : memref<2x8x16xf32>, memref<2x8x16xf32>, memref<2x8x8xf32>
  return
}
