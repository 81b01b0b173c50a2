// RUN: tile-opt %s --split-input-file --verify-diagnostics

// tile.reduction: dimensions out of range, unsorted or repeated.

func.func @f(%X: memref<?x?xf32>, %R: memref<?xf32>) {
  // expected-error@+1 {{'tile.reduction' op dimension 2 is out of range for the rank-2 input (dimensions are in [0, 2))}}
  tile.reduction max ins(%X : memref<?x?xf32>) outs(%R : memref<?xf32>) dimensions = [2]
  return
}

// -----

func.func @f(%X: memref<?x?xf32>, %R: memref<?xf32>) {
  // expected-error@+1 {{'tile.reduction' op dimension -1 is out of range for the rank-2 input (dimensions are in [0, 2))}}
  tile.reduction max ins(%X : memref<?x?xf32>) outs(%R : memref<?xf32>) dimensions = [-1]
  return
}

// -----

func.func @f(%X: memref<?x?x?xf32>, %R: memref<?xf32>) {
  // expected-error@+1 {{'tile.reduction' op dimensions [2, 0] must be strictly increasing (dimension 0 follows 2)}}
  tile.reduction add ins(%X : memref<?x?x?xf32>) outs(%R : memref<?xf32>) dimensions = [2, 0]
  return
}

// -----

func.func @f(%X: memref<?x?x?xf32>, %R: memref<?x?xf32>) {
  // expected-error@+1 {{'tile.reduction' op dimensions [1, 1] must be strictly increasing (dimension 1 follows 1)}}
  tile.reduction add ins(%X : memref<?x?x?xf32>) outs(%R : memref<?x?xf32>) dimensions = [1, 1]
  return
}

// -----

// Shapes: the output is the input without the reduced dimensions.

func.func @f(%X: memref<4x8xf32>, %R: memref<8xf32>) {
  // expected-error@+1 {{'tile.reduction' op output shape 8 must be the input shape 4x8 without dimensions [1], i.e. 4}}
  tile.reduction add ins(%X : memref<4x8xf32>) outs(%R : memref<8xf32>) dimensions = [1]
  return
}

// -----

func.func @f(%X: memref<4x?xf32>, %R: memref<4x1xf32>) {
  // expected-error@+1 {{'tile.reduction' op output shape 4x1 must be the input shape 4x? without dimensions [1], i.e. 4}}
  tile.reduction add ins(%X : memref<4x?xf32>) outs(%R : memref<4x1xf32>) dimensions = [1]
  return
}

// -----

func.func @f(%X: memref<4x8xf32>, %R: memref<4xf32>) {
  // expected-error@+1 {{'tile.reduction' op output shape 4 must be the input shape 4x8 without dimensions [0, 1], i.e. (rank 0)}}
  tile.reduction add ins(%X : memref<4x8xf32>) outs(%R : memref<4xf32>) dimensions = [0, 1]
  return
}

// -----

func.func @f(%X: memref<4x8xf32>, %R: memref<4xf16>) {
  // expected-error@+1 {{'tile.reduction' op output element type 'f16' must be the input element type 'f32'}}
  tile.reduction add ins(%X : memref<4x8xf32>) outs(%R : memref<4xf16>) dimensions = [1]
  return
}

// -----

// Kinds the element type does not support.

func.func @f(%X: memref<?x?xf32>, %R: memref<?xf32>) {
  // expected-error@+1 {{'tile.reduction' op kind 'xor' requires integer elements, got 'f32'}}
  tile.reduction xor ins(%X : memref<?x?xf32>) outs(%R : memref<?xf32>) dimensions = [1]
  return
}

// -----

func.func @f(%X: memref<?x?xindex>, %R: memref<?xindex>) {
  // expected-error@+1 {{'tile.reduction' op kind 'add' requires integer or float elements, got 'index'}}
  tile.reduction add ins(%X : memref<?x?xindex>) outs(%R : memref<?xindex>) dimensions = [1]
  return
}

// -----

func.func @f(%X: memref<?x?xf32>, %R: memref<?xf32>) {
  // expected-error@+1 {{expected tile reduction kind}}
  tile.reduction sum ins(%X : memref<?x?xf32>) outs(%R : memref<?xf32>) dimensions = [1]
  return
}

// -----

func.func @f(%X: memref<?x?xf32, #gpu.address_space<workgroup>>, %R: memref<?xf32>) {
  // expected-error@+1 {{'tile.reduction' op input must be in global memory, got 'memref<?x?xf32, #gpu.address_space<workgroup>>'}}
  tile.reduction add ins(%X : memref<?x?xf32, #gpu.address_space<workgroup>>) outs(%R : memref<?xf32>) dimensions = [1]
  return
}

// -----

// tile.map indexing_maps: a broadcast that does not match.

func.func @f(%X: memref<4x8xf32>, %b: memref<4xf32>, %Y: memref<4x8xf32>) {
  // expected-error@+1 {{'tile.map' op input #1 dimension 0 has size 4 but iteration dimension d1 has size 8 (a broadcast input must match the dimensions it keeps)}}
  tile.map indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d1)>, affine_map<(d0, d1) -> (d0, d1)>]
      ins(%X, %b : memref<4x8xf32>, memref<4xf32>) outs(%Y : memref<4x8xf32>) {
  ^bb0(%x: f32, %y: f32):
    tile.yield %x : f32
  }
  return
}

// -----

// Dynamic sizes are refined by static ones: the output's d0 is ?, the first input's is 4.

func.func @f(%X: memref<4x?xf32>, %c: memref<5xf32>, %Y: memref<?x?xf32>) {
  // expected-error@+1 {{'tile.map' op input #1 dimension 0 has size 5 but iteration dimension d0 has size 4 (a broadcast input must match the dimensions it keeps)}}
  tile.map indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0)>, affine_map<(d0, d1) -> (d0, d1)>]
      ins(%X, %c : memref<4x?xf32>, memref<5xf32>) outs(%Y : memref<?x?xf32>) {
  ^bb0(%x: f32, %y: f32):
    tile.yield %x : f32
  }
  return
}

// -----

func.func @f(%X: memref<4x8xf32>, %b: memref<8xf32>, %Y: memref<4x8xf32>) {
  // expected-error@+1 {{'tile.map' op input #1 has rank 1 but its indexing map has 2 results}}
  tile.map indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>]
      ins(%X, %b : memref<4x8xf32>, memref<8xf32>) outs(%Y : memref<4x8xf32>) {
  ^bb0(%x: f32, %y: f32):
    tile.yield %x : f32
  }
  return
}

// -----

// Maps that are not projections: an offset, a transpose, a repeated dimension.

func.func @f(%b: memref<8xf32>, %Y: memref<4x8xf32>) {
  // expected-error@+1 {{'tile.map' op indexing map of input #0 must be a projection (each result a distinct dimension, in increasing order), got affine_map<(d0, d1) -> (d1 + 1)>}}
  tile.map indexing_maps = [affine_map<(d0, d1) -> (d1 + 1)>, affine_map<(d0, d1) -> (d0, d1)>] ins(%b : memref<8xf32>) outs(%Y : memref<4x8xf32>) {
  ^bb0(%x: f32):
    tile.yield %x : f32
  }
  return
}

// -----

func.func @f(%X: memref<8x4xf32>, %Y: memref<4x8xf32>) {
  // expected-error@+1 {{'tile.map' op indexing map of input #0 must be a projection (each result a distinct dimension, in increasing order), got affine_map<(d0, d1) -> (d1, d0)>}}
  tile.map indexing_maps = [affine_map<(d0, d1) -> (d1, d0)>, affine_map<(d0, d1) -> (d0, d1)>] ins(%X : memref<8x4xf32>) outs(%Y : memref<4x8xf32>) {
  ^bb0(%x: f32):
    tile.yield %x : f32
  }
  return
}

// -----

func.func @f(%X: memref<4x4xf32>, %Y: memref<4x4xf32>) {
  // expected-error@+1 {{'tile.map' op indexing map of input #0 must be a projection (each result a distinct dimension, in increasing order), got affine_map<(d0, d1) -> (d0, d0)>}}
  tile.map indexing_maps = [affine_map<(d0, d1) -> (d0, d0)>, affine_map<(d0, d1) -> (d0, d1)>] ins(%X : memref<4x4xf32>) outs(%Y : memref<4x4xf32>) {
  ^bb0(%x: f32):
    tile.yield %x : f32
  }
  return
}

// -----

// Outputs are indexed by the identity; maps count one per operand, over the output rank.

func.func @f(%b: memref<8xf32>, %Y: memref<4x8xf32>) {
  // expected-error@+1 {{'tile.map' op indexing map of output #0 must be the identity, got affine_map<(d0, d1) -> (d1)>}}
  tile.map indexing_maps = [affine_map<(d0, d1) -> (d1)>, affine_map<(d0, d1) -> (d1)>] ins(%b : memref<8xf32>) outs(%Y : memref<4x8xf32>) {
  ^bb0(%x: f32):
    tile.yield %x : f32
  }
  return
}

// -----

func.func @f(%b: memref<8xf32>, %Y: memref<4x8xf32>) {
  // expected-error@+1 {{'tile.map' op expects 2 indexing maps (one per input and output), got 1}}
  tile.map indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>] ins(%b : memref<8xf32>) outs(%Y : memref<4x8xf32>) {
  ^bb0(%x: f32):
    tile.yield %x : f32
  }
  return
}

// -----

func.func @f(%b: memref<8xf32>, %Y: memref<4x8xf32>) {
  // expected-error@+1 {{'tile.map' op indexing map of input #0 must have 2 dimensions (the output rank) and no symbols, got affine_map<(d0) -> (d0)>}}
  tile.map indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0, d1) -> (d0, d1)>] ins(%b : memref<8xf32>) outs(%Y : memref<4x8xf32>) {
  ^bb0(%x: f32):
    tile.yield %x : f32
  }
  return
}

// -----

func.func @f(%b: memref<8xf32>, %Y: memref<4x8xf32>) {
  // expected-error@+1 {{'tile.map' op indexing map of input #0 must have 2 dimensions (the output rank) and no symbols, got affine_map<(d0, d1)[s0] -> (d1)>}}
  tile.map indexing_maps = [affine_map<(d0, d1)[s0] -> (d1)>, affine_map<(d0, d1) -> (d0, d1)>] ins(%b : memref<8xf32>) outs(%Y : memref<4x8xf32>) {
  ^bb0(%x: f32):
    tile.yield %x : f32
  }
  return
}

// -----

func.func @f(%b: memref<8xf32>, %Y: memref<4x8xf32>) {
  // expected-error@+1 {{'tile.map' op attribute 'indexing_maps' failed to satisfy constraint: affine map array attribute}}
  "tile.map"(%b, %Y) <{indexing_maps = [1 : i64, affine_map<(d0, d1) -> (d0, d1)>], operandSegmentSizes = array<i32: 1, 1>}> ({
  ^bb0(%x: f32):
    "tile.yield"(%x) : (f32) -> ()
  }) : (memref<8xf32>, memref<4x8xf32>) -> ()
  return
}

// -----

// Outputs share the iteration shape.

func.func @f(%b: memref<8xf32>, %Y: memref<4x8xf32>, %Z: memref<4x9xf32>) {
  // expected-error@+1 {{'tile.map' op output #1 dimension 1 has size 9 but iteration dimension d1 has size 8 (outputs have the iteration shape)}}
  tile.map indexing_maps = [affine_map<(d0, d1) -> (d1)>, affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>]
      ins(%b : memref<8xf32>) outs(%Y, %Z : memref<4x8xf32>, memref<4x9xf32>) {
  ^bb0(%x: f32):
    tile.yield %x, %x : f32, f32
  }
  return
}
