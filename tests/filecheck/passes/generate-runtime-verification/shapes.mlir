// RUN: tile-opt %s --split-input-file -p generate-runtime-verification | FileCheck %s
// The kernels tiling makes trust their sizes, so @tile-wgsl asserts them on the host first: a
// call with mismatched shapes stops at the op's location instead of computing garbage.
// RUN: tile-opt %s --split-input-file -p @tile-wgsl --mlir-print-debuginfo -o %t.mlir
// RUN: not tile-run %S/../../../../examples/matmul.mlir --entry matmul_f32 --arg A=rand:4x5xf32 --arg B=rand:6x3xf32 --arg C=zeros:4x3xf32 2>&1 | FileCheck %s --check-prefix=WHOLE
// RUN: tile-opt %S/../../../../examples/matmul.mlir -p @tile-wgsl --mlir-print-debuginfo -o %t.matmul.mlir
// RUN: not tile-run %t.matmul.mlir --entry matmul_f32 --arg A=rand:4x5xf32 --arg B=rand:6x3xf32 --arg C=zeros:4x3xf32 2>&1 | FileCheck %s --check-prefix=TILED
// RUN: tile-run %t.matmul.mlir --entry matmul_f32 --arg A=rand:4x5xf32 --arg B=rand:5x3xf32 --arg C=zeros:4x3xf32 --compare %S/../../../../examples/matmul.mlir --tolerance 1e-5 | FileCheck %s --check-prefix=SAME
// RUN: tile-opt %S/../../../../examples/softmax.mlir -p @tile-wgsl --mlir-print-debuginfo -o %t.softmax.mlir
// RUN: not tile-run %t.softmax.mlir --entry softmax --arg X=rand:3x7xf32 --arg Y=zeros:3x6xf32 2>&1 | FileCheck %s --check-prefix=ROWS

// WHOLE: matmul.mlir:5:3: error: 'tile.matmul' op reduction dimensions differ at run time: op(A) is 4x5 and op(B) is 6x3
// TILED: matmul.mlir:5:3: error: assertion failed: 'tile.matmul' op reduction dimensions differ at run time: dimension 1 of A and dimension 0 of B
// SAME: compare %C: max_abs={{[0-9.e-]+}} max_rel={{[0-9.e-]+}}{{$}}
// ROWS: softmax.mlir:{{[0-9]+}}:3: error: assertion failed: 'tile.map' op input #0 dimension 1 differs at run time from iteration dimension d1 (dimension 1 of output #0)

// A matmul: K of A and B, C's rows and columns, each where one side is dynamic; a transposed B
// takes its K and N from the other dimensions. The sizes come from memref.dim once per dimension.
// CHECK-LABEL: func.func @matmul(
// CHECK-SAME: %[[A:.+]]: memref<?x?xf32>, %[[B:.+]]: memref<8x?xf32>, %[[C:.+]]: memref<?x8xf32>)
// CHECK: %[[AK:.+]] = memref.dim %[[A]], %c1
// CHECK: %[[BK:.+]] = memref.dim %[[B]], %c1
// CHECK: %[[EQ:.+]] = arith.cmpi eq, %[[AK]], %[[BK]]
// CHECK: cf.assert %[[EQ]], "'tile.matmul' op reduction dimensions differ at run time: dimension 1 of A and dimension 1 of B"
// CHECK: cf.assert %{{.+}}, "'tile.matmul' op C's rows (dimension 0) differ from op(A)'s (dimension 0 of A) at run time"
// CHECK-NOT: cf.assert
// CHECK: tile.matmul
func.func @matmul(%A: memref<?x?xf32>, %B: memref<8x?xf32>, %C: memref<?x8xf32>) {
  tile.matmul %A, %B, %C transpose_b : memref<?x?xf32>, memref<8x?xf32>, memref<?x8xf32>
  return
}

// -----

// Static shapes are the verifier's: nothing to assert.
// CHECK-LABEL: func.func @static(
// CHECK-NOT: cf.assert
// CHECK: tile.matmul
func.func @static(%A: memref<4x5xf32>, %B: memref<5x3xf32>, %C: memref<4x3xf32>) {
  tile.matmul %A, %B, %C : memref<4x5xf32>, memref<5x3xf32>, memref<4x3xf32>
  return
}

// -----

// A batched matmul: the batch dimensions of B and C against A's.
// CHECK-LABEL: func.func @batch(
// CHECK: cf.assert %{{.+}}, "'tile.matmul' op batch dimension 0 of B differs from A's at run time"
// CHECK: cf.assert %{{.+}}, "'tile.matmul' op batch dimension 0 of C differs from A's at run time"
func.func @batch(%A: memref<?x4x5xf32>, %B: memref<?x5x3xf32>, %C: memref<?x4x3xf32>) {
  tile.matmul %A, %B, %C : memref<?x4x5xf32>, memref<?x5x3xf32>, memref<?x4x3xf32>
  return
}

// -----

// A map with a broadcast row vector: its one dimension against iteration dimension d1 (output
// #0's dimension 1); an intermediate's size is the one its allocation was given (no memref.dim
// of the buffer, which tile-fuse keeps in registers when only the fused ops use it).
// CHECK-LABEL: func.func @broadcast(
// CHECK-SAME: %[[X:.+]]: memref<?x?xf32>, %[[V:.+]]: memref<?xf32>, %[[Y:.+]]: memref<?x?xf32>, %[[N:.+]]: index)
// CHECK: %[[T:.+]] = memref.alloc(%{{.+}}, %[[N]])
// CHECK: %[[VN:.+]] = memref.dim %[[V]], %c0
// CHECK: %[[OK:.+]] = arith.cmpi eq, %[[VN]], %[[N]]
// CHECK: cf.assert %[[OK]], "'tile.map' op input #1 dimension 0 differs at run time from iteration dimension d1 (dimension 1 of output #0)"
// CHECK-NOT: memref.dim %[[T]]
// CHECK: tile.map indexing_maps
func.func @broadcast(%X: memref<?x?xf32>, %V: memref<?xf32>, %Y: memref<?x?xf32>, %n: index) {
  %c0 = arith.constant 0 : index
  %m = memref.dim %X, %c0 : memref<?x?xf32>
  %T = memref.alloc(%m, %n) : memref<?x?xf32>
  tile.map indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d1)>, affine_map<(d0, d1) -> (d0, d1)>] ins(%X, %V : memref<?x?xf32>, memref<?xf32>) outs(%T : memref<?x?xf32>) {
  ^bb0(%x: f32, %v: f32):
    %s = arith.addf %x, %v : f32
    tile.yield %s : f32
  }
  tile.map ins(%T : memref<?x?xf32>) outs(%Y : memref<?x?xf32>) {
  ^bb0(%t: f32):
    tile.yield %t : f32
  }
  memref.dealloc %T : memref<?x?xf32>
  return
}

// -----

// A reduction: the output's dimensions against the input's kept ones.
// CHECK-LABEL: func.func @rows(
// CHECK: cf.assert %{{.+}}, "'tile.reduction' op output dimension 0 differs at run time from input dimension 0"
// CHECK-NOT: cf.assert
// CHECK: tile.reduction
func.func @rows(%X: memref<?x?xf32>, %R: memref<?xf32>) {
  tile.reduction max ins(%X : memref<?x?xf32>) outs(%R : memref<?xf32>) dimensions = [1]
  return
}
