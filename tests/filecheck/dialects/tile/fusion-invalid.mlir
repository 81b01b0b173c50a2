// RUN: tile-opt %s --split-input-file --verify-diagnostics

func.func @f(%X: memref<?x?xf32>, %M: index, %i: index, %v: f32) {
  // expected-error@+1 {{'tile.fusion' op body may hold only tile.matmul, tile.map, tile.reduction, memref.alloc and memref.dealloc, found 'memref.store'}}
  tile.fusion {
    memref.store %v, %X[%i, %i] : memref<?x?xf32>
  }
  return
}

// -----

func.func @f() {
  // expected-error@+1 {{'tile.iota' op dimension 2 is out of range for a rank-2 tile}}
  %i = tile.iota 2 : tensor<4x64xi32>
  return
}

// -----

func.func @f() {
  // expected-error@+1 {{'tile.iota' op result element type must be a signless integer, got 'f32'}}
  %i = tile.iota 0 : tensor<4xf32>
  return
}

// -----

func.func @f() {
  // expected-error@+1 {{'tile.iota' op dimension 0 (size 256) has indices that 'i8' cannot hold}}
  %i = tile.iota 0 : tensor<256xi8>
  return
}
