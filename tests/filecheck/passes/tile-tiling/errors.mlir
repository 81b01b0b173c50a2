// RUN: tile-opt %s --split-input-file --verify-diagnostics -p 'tile-tiling'
//
// Bad option values are reported at the first op to tile. Each RUN below takes the last chunk
// (from its OPTIONS CHUNK line on) and turns the annotations written `[OPTIONS] error` for its
// options into expected-errors (the chunk itself tiles fine with the default options, above).
// RUN: sed -n '/^\/\/ OPTIONS CHUNK$/,$p' %s | sed 's/\[tile-sizes=32,32\] error/expected-error/' | tile-opt --verify-diagnostics -p 'tile-tiling{tile-sizes=32,32}'
// RUN: sed -n '/^\/\/ OPTIONS CHUNK$/,$p' %s | sed 's/\[tile-sizes=32,0,16\] error/expected-error/' | tile-opt --verify-diagnostics -p 'tile-tiling{tile-sizes=32,0,16}'
// RUN: sed -n '/^\/\/ OPTIONS CHUNK$/,$p' %s | sed 's/\[tile-sizes=32,32,16\] error/expected-error/' | tile-opt --verify-diagnostics -p 'tile-tiling{tile-sizes=32,32,16}'
// RUN: sed -n '/^\/\/ OPTIONS CHUNK$/,$p' %s | sed 's/\[num-warps=3\] error/expected-error/' | tile-opt --verify-diagnostics -p 'tile-tiling{num-warps=3}'
// RUN: sed -n '/^\/\/ OPTIONS CHUNK$/,$p' %s | sed 's/\[max-grid-dims=0\] error/expected-error/' | tile-opt --verify-diagnostics -p 'tile-tiling{max-grid-dims=0}'
// RUN: sed -n '/^\/\/ OPTIONS CHUNK$/,$p' %s | sed 's/\[max-grid-dims=4\] error/expected-error/' | tile-opt --verify-diagnostics -p 'tile-tiling{max-grid-dims=4}'
//
// The rendered error: located, exit status 1 (`not`), no stack trace.
// RUN: not tile-opt %s -p 'tile-tiling{num-warps=3}' 2>&1 | FileCheck %s
// CHECK: errors.mlir:[[@LINE+5]]:3: error: 'tile-tiling' option 'num-warps' must be 0 or a power of two, got 3
// CHECK-NEXT: {{^}}  tile.map ins(%X : memref<?xf32>) outs(%X : memref<?xf32>) {
// CHECK-NEXT: {{^}}  ^
// CHECK-NOT: {{.}}
func.func @not_elementwise(%X: memref<?xf32>, %c: i1) {
  tile.map ins(%X : memref<?xf32>) outs(%X : memref<?xf32>) {
  ^bb0(%x: f32):
    // expected-error@+1 {{cannot tile 'tile.map': its body op 'scf.if' is not an elementwise arith or math op}}
    %r = scf.if %c -> f32 {
      scf.yield %x : f32
    } else {
      %n = arith.negf %x : f32
      scf.yield %n : f32
    }
    tile.yield %r : f32
  }
  return
}

// -----

func.func @memory_op(%X: memref<?xf32>, %T: memref<4xf32>, %i: index) {
  tile.map ins(%X : memref<?xf32>) outs(%X : memref<?xf32>) {
  ^bb0(%x: f32):
    // expected-error@+1 {{cannot tile 'tile.map': its body op 'memref.load' is not an elementwise arith or math op}}
    %t = memref.load %T[%i] : memref<4xf32>
    %s = arith.addf %x, %t : f32
    tile.yield %s : f32
  }
  return
}

// -----

func.func @vector_body(%X: memref<?xf32>) {
  tile.map ins(%X : memref<?xf32>) outs(%X : memref<?xf32>) {
  ^bb0(%x: f32):
    // expected-error@+1 {{cannot tile 'tile.map': its body op 'arith.constant' works on 'vector<4xf32>', not on scalars}}
    %v = arith.constant dense<1.0> : vector<4xf32>
    tile.yield %x : f32
  }
  return
}

// -----

func.func @rank0(%X: memref<f32>) {
  // expected-error@+1 {{cannot tile 'tile.map': its iteration space has rank 0}}
  tile.map ins(%X : memref<f32>) outs(%X : memref<f32>) {
  ^bb0(%x: f32):
    tile.yield %x : f32
  }
  return
}

// -----

// Kernels go into gpu.module @kernels; another kind of symbol of that name is in the way.
// expected-error@+1 {{cannot add kernels to this module: its symbol 'kernels' is a 'func.func', not a gpu.module}}
func.func private @kernels()

func.func @clash(%X: memref<?xf32>) {
  tile.map ins(%X : memref<?xf32>) outs(%X : memref<?xf32>) {
  ^bb0(%x: f32):
    tile.yield %x : f32
  }
  return
}

// -----

// OPTIONS CHUNK
func.func @options(%A: memref<?x?xf32>, %B: memref<?x?xf32>, %C: memref<?x?xf32>) {
  // [tile-sizes=32,32] error@+5 {{'tile-tiling' option 'tile-sizes' has 2 entries but 'tile.matmul' needs 3 (BM, BN, BK)}}
  // [tile-sizes=32,0,16] error@+4 {{'tile-tiling' option 'tile-sizes' entries must be positive, got [32, 0, 16] for 'tile.matmul'}}
  // [num-warps=3] error@+3 {{'tile-tiling' option 'num-warps' must be 0 or a power of two, got 3}}
  // [max-grid-dims=0] error@+2 {{'tile-tiling' option 'max-grid-dims' must be 1, 2 or 3, got 0}}
  // [max-grid-dims=4] error@+1 {{'tile-tiling' option 'max-grid-dims' must be 1, 2 or 3, got 4}}
  tile.matmul %A, %B, %C : memref<?x?xf32>, memref<?x?xf32>, memref<?x?xf32>
  // [tile-sizes=32,32,16] error@+1 {{'tile-tiling' option 'tile-sizes' has 3 entries but 'tile.map' needs 2 (one per dimension of its iteration space)}}
  tile.map ins(%A : memref<?x?xf32>) outs(%C : memref<?x?xf32>) {
  ^bb0(%a: f32):
    tile.yield %a : f32
  }
  return
}
