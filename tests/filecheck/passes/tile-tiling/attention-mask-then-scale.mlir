// RUN: tile-opt %s -p '@tile-tiled{tile-sizes=16,16,32}' | FileCheck %s
// RUN: tile-run %s --entry mask_scale_bias --arg Q=rand:2x40x32xf32 --arg K=rand:2x50x32xf32 --arg V=rand:2x50x32xf32 --arg O=zeros:2x40x32xf32 --compare-pipeline '@tile-wgsl{tile-sizes=16,16,32}' --tolerance 1e-5 | FileCheck %s --check-prefix=SAME
// RUN: tile-run %s --entry mask_softcap --arg Q=rand:2x40x32xf32 --arg K=rand:2x50x32xf32 --arg V=rand:2x50x32xf32 --arg O=zeros:2x40x32xf32 --compare-pipeline '@tile-wgsl{tile-sizes=16,16,32}' --tolerance 1e-5 | FileCheck %s --check-prefix=SAME

// Score maps after a causal mask: the key loop ends at the diagonal (arith.minsi) when every later
// map keeps a masked score at -inf (passes/tile/tiling/negative-infinity.ts): a scale by
// rsqrt(D) (positive) and an ALiBi-style bias from the indices (finite). Before, only a mask in the
// last score map ended the loop, and these walked every key block. A tanh soft cap makes masked
// scores finite (-5): those keys count, and the loop walks them all (as after a floor,
// attention-mask-then-map.mlir).

// CHECK-LABEL: gpu.func @mask_scale_bias_attention(
// CHECK:         arith.minsi
// CHECK:         scf.for
// CHECK:           tile.dot
// CHECK-LABEL: gpu.func @mask_softcap_attention(
// CHECK-NOT:     arith.minsi
// CHECK:         scf.for
// CHECK:           tile.dot
// CHECK:           math.tanh

// SAME: compare %O: max_abs=

#bst = affine_map<(d0, d1, d2) -> (d0, d1, d2)>
#bs = affine_map<(d0, d1, d2) -> (d0, d1)>
func.func @mask_scale_bias(%Q: memref<?x?x?xf32>, %K: memref<?x?x?xf32>, %V: memref<?x?x?xf32>, %O: memref<?x?x?xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %B = memref.dim %Q, %c0 : memref<?x?x?xf32>
  %S = memref.dim %Q, %c1 : memref<?x?x?xf32>
  %D = memref.dim %Q, %c2 : memref<?x?x?xf32>
  %T = memref.dim %K, %c1 : memref<?x?x?xf32>
  %Di = arith.index_cast %D : index to i32
  %Df = arith.sitofp %Di : i32 to f32
  %scale = math.rsqrt %Df : f32
  %offset = arith.subi %T, %S : index
  %ninf = arith.constant 0xFF800000 : f32
  %scores = memref.alloc(%B, %S, %T) : memref<?x?x?xf32>
  %max = memref.alloc(%B, %S) : memref<?x?xf32>
  %sum = memref.alloc(%B, %S) : memref<?x?xf32>
  tile.matmul %Q, %K, %scores transpose_b : memref<?x?x?xf32>, memref<?x?x?xf32>, memref<?x?x?xf32>
  tile.map ins(%scores : memref<?x?x?xf32>) outs(%scores : memref<?x?x?xf32>) {
  ^bb0(%s: f32):
    %i = tile.index 1 : index
    %j = tile.index 2 : index
    %last = arith.addi %i, %offset : index
    %future = arith.cmpi sgt, %j, %last : index
    %y = arith.select %future, %ninf, %s : f32
    tile.yield %y : f32
  }
  tile.map ins(%scores : memref<?x?x?xf32>) outs(%scores : memref<?x?x?xf32>) {
  ^bb0(%s: f32):
    %y = arith.mulf %s, %scale : f32
    tile.yield %y : f32
  }
  tile.map ins(%scores : memref<?x?x?xf32>) outs(%scores : memref<?x?x?xf32>) {
  ^bb0(%s: f32):
    %i = tile.index 1 : index
    %j = tile.index 2 : index
    %d = arith.subi %j, %i : index
    %di = arith.index_cast %d : index to i32
    %df = arith.sitofp %di : i32 to f32
    %slope = arith.constant 0.0625 : f32
    %b = arith.mulf %df, %slope : f32
    %y = arith.addf %s, %b : f32
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

func.func @mask_softcap(%Q: memref<?x?x?xf32>, %K: memref<?x?x?xf32>, %V: memref<?x?x?xf32>, %O: memref<?x?x?xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %B = memref.dim %Q, %c0 : memref<?x?x?xf32>
  %S = memref.dim %Q, %c1 : memref<?x?x?xf32>
  %D = memref.dim %Q, %c2 : memref<?x?x?xf32>
  %T = memref.dim %K, %c1 : memref<?x?x?xf32>
  %Di = arith.index_cast %D : index to i32
  %Df = arith.sitofp %Di : i32 to f32
  %scale = math.rsqrt %Df : f32
  %offset = arith.subi %T, %S : index
  %ninf = arith.constant 0xFF800000 : f32
  %scores = memref.alloc(%B, %S, %T) : memref<?x?x?xf32>
  %max = memref.alloc(%B, %S) : memref<?x?xf32>
  %sum = memref.alloc(%B, %S) : memref<?x?xf32>
  tile.matmul %Q, %K, %scores transpose_b : memref<?x?x?xf32>, memref<?x?x?xf32>, memref<?x?x?xf32>
  tile.map ins(%scores : memref<?x?x?xf32>) outs(%scores : memref<?x?x?xf32>) {
  ^bb0(%s: f32):
    %i = tile.index 1 : index
    %j = tile.index 2 : index
    %last = arith.addi %i, %offset : index
    %future = arith.cmpi sgt, %j, %last : index
    %y = arith.select %future, %ninf, %s : f32
    tile.yield %y : f32
  }
  tile.map ins(%scores : memref<?x?x?xf32>) outs(%scores : memref<?x?x?xf32>) {
  ^bb0(%s: f32):
    %c = arith.constant 5.0 : f32
    %q = arith.divf %s, %c : f32
    %t = math.tanh %q : f32
    %y = arith.mulf %t, %c : f32
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
