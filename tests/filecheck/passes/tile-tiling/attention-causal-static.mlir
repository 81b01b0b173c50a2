// RUN: tile-opt %s -p '@tile-tiled{tile-sizes=16,16,32}' | FileCheck %s
// RUN: tile-run %s --entry causal_constant_offset --arg Q=rand:2x40x32xf32 --arg K=rand:2x50x32xf32 --arg V=rand:2x50x32xf32 --arg O=zeros:2x40x32xf32 --compare-pipeline '@tile-wgsl{tile-sizes=16,16,32}' --tolerance 1e-5 | FileCheck %s --check-prefix=SAME
// RUN: tile-run %s --entry causal_inner_offset --arg Q=rand:2x40x32xf32 --arg K=rand:2x50x32xf32 --arg V=rand:2x50x32xf32 --arg O=zeros:2x40x32xf32 --compare-pipeline '@tile-wgsl{tile-sizes=16,16,32}' --tolerance 1e-5 | FileCheck %s --check-prefix=SAME
// RUN: tile-run %s --entry causal_static_queries --arg Q=rand:2x8x16xf32 --arg K=rand:2x65x16xf32 --arg V=rand:2x65x16xf32 --arg O=zeros:2x8x16xf32 --compare-pipeline '@tile-wgsl' --tolerance 1e-5 | FileCheck %s --check-prefix=SAME

// Causal FlashAttention kernels that tile-tiling could not build (found by the attention fuzzer,
// testing/fuzz/attention-programs.ts):
// - a mask whose offset is a constant (key j masked for query i when j > i + 3): constants are not
//   among the kernel's arguments, and the key loop's bound read the offset as one ("'arith.addi':
//   missing operand 'rhs'", an internal error);
// - a static number of queries (8): the grid's count of query blocks is a constant that
//   blockCoordinates discards, and the heaviest-first order then used the erased count ("using
//   value defined outside the region" after tile-tiling).
// Both now end the key loop at the diagonal (arith.minsi) and compute the whole-problem result;
// so does the constant offset defined inside the mask's map (before, only an offset from outside
// the map ended the loop).

// CHECK-LABEL: gpu.func @causal_constant_offset_attention(
// The loop ends at min(T, m0 + BM + 3), BM = 16:
// CHECK:         %[[C19:.*]] = arith.constant 19 : index
// CHECK:         %[[LAST:.*]] = arith.addi %{{.*}}, %[[C19]] : index
// CHECK:         arith.minsi %{{.*}}, %[[LAST]] : index
// CHECK:         scf.for
// CHECK:           tile.dot
// CHECK-LABEL: gpu.func @causal_static_queries_attention(
// CHECK:         arith.minsi
// CHECK:         scf.for
// CHECK:           tile.dot
// CHECK-LABEL: gpu.func @causal_inner_offset_attention(
// CHECK:         %[[C19B:.*]] = arith.constant 19 : index
// CHECK:         %[[LASTB:.*]] = arith.addi %{{.*}}, %[[C19B]] : index
// CHECK:         arith.minsi %{{.*}}, %[[LASTB]] : index

// SAME: compare %O: max_abs=

#bst = affine_map<(d0, d1, d2) -> (d0, d1, d2)>
#bs = affine_map<(d0, d1, d2) -> (d0, d1)>
func.func @causal_constant_offset(%Q: memref<?x?x?xf32>, %K: memref<?x?x?xf32>, %V: memref<?x?x?xf32>, %O: memref<?x?x?xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %B = memref.dim %Q, %c0 : memref<?x?x?xf32>
  %S = memref.dim %Q, %c1 : memref<?x?x?xf32>
  %T = memref.dim %K, %c1 : memref<?x?x?xf32>
  %ninf = arith.constant 0xFF800000 : f32
  %scores = memref.alloc(%B, %S, %T) : memref<?x?x?xf32>
  %max = memref.alloc(%B, %S) : memref<?x?xf32>
  %sum = memref.alloc(%B, %S) : memref<?x?xf32>
  tile.matmul %Q, %K, %scores transpose_b : memref<?x?x?xf32>, memref<?x?x?xf32>, memref<?x?x?xf32>
  tile.map ins(%scores : memref<?x?x?xf32>) outs(%scores : memref<?x?x?xf32>) {
  ^bb0(%s: f32):
    %i = tile.index 1 : index
    %j = tile.index 2 : index
    %last = arith.addi %i, %c3 : index
    %future = arith.cmpi sgt, %j, %last : index
    %y = arith.select %future, %ninf, %s : f32
    tile.yield %y : f32
  }
  tile.reduction max ins(%scores : memref<?x?x?xf32>) outs(%max : memref<?x?xf32>) dimensions = [2]
  tile.map indexing_maps = [#bst, #bs, #bst] ins(%scores, %max : memref<?x?x?xf32>, memref<?x?xf32>) outs(%scores : memref<?x?x?xf32>) {
  ^bb0(%x: f32, %m: f32):
    %d = arith.subf %x, %m : f32
    %e = math.exp %d : f32
    tile.yield %e : f32
  }
  tile.reduction add ins(%scores : memref<?x?x?xf32>) outs(%sum : memref<?x?xf32>) dimensions = [2]
  tile.map indexing_maps = [#bst, #bs, #bst] ins(%scores, %sum : memref<?x?x?xf32>, memref<?x?xf32>) outs(%scores : memref<?x?x?xf32>) {
  ^bb0(%e: f32, %l: f32):
    %p = arith.divf %e, %l : f32
    tile.yield %p : f32
  }
  tile.matmul %scores, %V, %O : memref<?x?x?xf32>, memref<?x?x?xf32>, memref<?x?x?xf32>
  memref.dealloc %scores : memref<?x?x?xf32>
  memref.dealloc %max : memref<?x?xf32>
  memref.dealloc %sum : memref<?x?xf32>
  return
}

func.func @causal_static_queries(%Q: memref<?x8x16xf32>, %K: memref<?x65x16xf32>, %V: memref<?x65x16xf32>, %O: memref<?x8x16xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %B = memref.dim %Q, %c0 : memref<?x8x16xf32>
  %S = memref.dim %Q, %c1 : memref<?x8x16xf32>
  %T = memref.dim %K, %c1 : memref<?x65x16xf32>
  %offset = arith.subi %T, %S : index
  %ninf = arith.constant 0xFF800000 : f32
  %scores = memref.alloc(%B) : memref<?x8x65xf32>
  %max = memref.alloc(%B) : memref<?x8xf32>
  %sum = memref.alloc(%B) : memref<?x8xf32>
  tile.matmul %Q, %K, %scores transpose_b : memref<?x8x16xf32>, memref<?x65x16xf32>, memref<?x8x65xf32>
  tile.map ins(%scores : memref<?x8x65xf32>) outs(%scores : memref<?x8x65xf32>) {
  ^bb0(%s: f32):
    %i = tile.index 1 : index
    %j = tile.index 2 : index
    %last = arith.addi %i, %offset : index
    %future = arith.cmpi sgt, %j, %last : index
    %y = arith.select %future, %ninf, %s : f32
    tile.yield %y : f32
  }
  tile.reduction max ins(%scores : memref<?x8x65xf32>) outs(%max : memref<?x8xf32>) dimensions = [2]
  tile.map indexing_maps = [#bst, #bs, #bst] ins(%scores, %max : memref<?x8x65xf32>, memref<?x8xf32>) outs(%scores : memref<?x8x65xf32>) {
  ^bb0(%x: f32, %m: f32):
    %d = arith.subf %x, %m : f32
    %e = math.exp %d : f32
    tile.yield %e : f32
  }
  tile.reduction add ins(%scores : memref<?x8x65xf32>) outs(%sum : memref<?x8xf32>) dimensions = [2]
  tile.map indexing_maps = [#bst, #bs, #bst] ins(%scores, %sum : memref<?x8x65xf32>, memref<?x8xf32>) outs(%scores : memref<?x8x65xf32>) {
  ^bb0(%e: f32, %l: f32):
    %p = arith.divf %e, %l : f32
    tile.yield %p : f32
  }
  tile.matmul %scores, %V, %O : memref<?x8x65xf32>, memref<?x65x16xf32>, memref<?x8x16xf32>
  memref.dealloc %scores : memref<?x8x65xf32>
  memref.dealloc %max : memref<?x8xf32>
  memref.dealloc %sum : memref<?x8xf32>
  return
}

func.func @causal_inner_offset(%Q: memref<?x?x?xf32>, %K: memref<?x?x?xf32>, %V: memref<?x?x?xf32>, %O: memref<?x?x?xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %B = memref.dim %Q, %c0 : memref<?x?x?xf32>
  %S = memref.dim %Q, %c1 : memref<?x?x?xf32>
  %T = memref.dim %K, %c1 : memref<?x?x?xf32>
  %ninf = arith.constant 0xFF800000 : f32
  %scores = memref.alloc(%B, %S, %T) : memref<?x?x?xf32>
  %max = memref.alloc(%B, %S) : memref<?x?xf32>
  %sum = memref.alloc(%B, %S) : memref<?x?xf32>
  tile.matmul %Q, %K, %scores transpose_b : memref<?x?x?xf32>, memref<?x?x?xf32>, memref<?x?x?xf32>
  tile.map ins(%scores : memref<?x?x?xf32>) outs(%scores : memref<?x?x?xf32>) {
  ^bb0(%s: f32):
    %i = tile.index 1 : index
    %j = tile.index 2 : index
    %c3 = arith.constant 3 : index
    %last = arith.addi %i, %c3 : index
    %future = arith.cmpi sgt, %j, %last : index
    %y = arith.select %future, %ninf, %s : f32
    tile.yield %y : f32
  }
  tile.reduction max ins(%scores : memref<?x?x?xf32>) outs(%max : memref<?x?xf32>) dimensions = [2]
  tile.map indexing_maps = [#bst, #bs, #bst] ins(%scores, %max : memref<?x?x?xf32>, memref<?x?xf32>) outs(%scores : memref<?x?x?xf32>) {
  ^bb0(%x: f32, %m: f32):
    %d = arith.subf %x, %m : f32
    %e = math.exp %d : f32
    tile.yield %e : f32
  }
  tile.reduction add ins(%scores : memref<?x?x?xf32>) outs(%sum : memref<?x?xf32>) dimensions = [2]
  tile.map indexing_maps = [#bst, #bs, #bst] ins(%scores, %sum : memref<?x?x?xf32>, memref<?x?xf32>) outs(%scores : memref<?x?x?xf32>) {
  ^bb0(%e: f32, %l: f32):
    %p = arith.divf %e, %l : f32
    tile.yield %p : f32
  }
  tile.matmul %scores, %V, %O : memref<?x?x?xf32>, memref<?x?x?xf32>, memref<?x?x?xf32>
  memref.dealloc %scores : memref<?x?x?xf32>
  memref.dealloc %max : memref<?x?xf32>
  memref.dealloc %sum : memref<?x?xf32>
  return
}
