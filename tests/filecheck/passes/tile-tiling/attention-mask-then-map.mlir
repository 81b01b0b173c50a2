// RUN: tile-opt %s -p '@tile-tiled{tile-sizes=16,16,32}' | FileCheck %s
// RUN: tile-run %s --entry attention_causal --arg Q=rand:1x1x40x32xf32 --arg K=rand:1x1x40x32xf32 --arg V=rand:1x1x40x32xf32 --arg O=zeros:1x1x40x32xf32 --compare-pipeline '@tile-wgsl{tile-sizes=16,16,32}' --tolerance 1e-5 | FileCheck %s --check-prefix=SAME

// A causal mask followed by a score map that makes the masked scores finite again (max(s, -2)):
// the masked keys count in the softmax, so the FlashAttention kernel walks every key block
// (no early end at the diagonal, which needs every map after the mask to keep -inf,
// attention-mask-then-scale.mlir). Before, the
// key loop ended at the diagonal and @tile-wgsl computed another attention (max_abs 0.14 at
// 130 queries and keys).

// CHECK-LABEL: gpu.func @attention_causal_attention(
// CHECK-NOT:     arith.minsi
// CHECK:         scf.for
// CHECK:           tile.dot
// CHECK:           arith.maximumf
// CHECK-LABEL: func.func @attention_causal(

// SAME: compare %O: max_abs=

#bhst = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>
#bhs = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2)>
func.func @attention_causal(%Q: memref<?x?x?x?xf32>, %K: memref<?x?x?x?xf32>, %V: memref<?x?x?x?xf32>, %O: memref<?x?x?x?xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %B = memref.dim %Q, %c0 : memref<?x?x?x?xf32>
  %H = memref.dim %Q, %c1 : memref<?x?x?x?xf32>
  %S = memref.dim %Q, %c2 : memref<?x?x?x?xf32>
  %D = memref.dim %Q, %c3 : memref<?x?x?x?xf32>
  %T = memref.dim %K, %c2 : memref<?x?x?x?xf32>
  %Di = arith.index_cast %D : index to i32
  %Df = arith.sitofp %Di : i32 to f32
  %scale = math.rsqrt %Df : f32
  %ninf = arith.constant 0xFF800000 : f32
  %offset = arith.subi %T, %S : index
  %scores = memref.alloc(%B, %H, %S, %T) : memref<?x?x?x?xf32>
  %max = memref.alloc(%B, %H, %S) : memref<?x?x?xf32>
  %sum = memref.alloc(%B, %H, %S) : memref<?x?x?xf32>
  tile.matmul %Q, %K, %scores transpose_b : memref<?x?x?x?xf32>, memref<?x?x?x?xf32>, memref<?x?x?x?xf32>
  tile.map ins(%scores : memref<?x?x?x?xf32>) outs(%scores : memref<?x?x?x?xf32>) {
  ^bb0(%s: f32):
    %i = tile.index 2 : index
    %j = tile.index 3 : index
    %last = arith.addi %i, %offset : index
    %future = arith.cmpi sgt, %j, %last : index
    %x = arith.mulf %s, %scale : f32
    %y = arith.select %future, %ninf, %x : f32
    tile.yield %y : f32
  }
  tile.map ins(%scores : memref<?x?x?x?xf32>) outs(%scores : memref<?x?x?x?xf32>) {
  ^bb0(%s: f32):
    %floor = arith.constant -2.0 : f32
    %y = arith.maximumf %s, %floor : f32
    tile.yield %y : f32
  }
  tile.reduction max ins(%scores : memref<?x?x?x?xf32>) outs(%max : memref<?x?x?xf32>) dimensions = [3]
  tile.map indexing_maps = [#bhst, #bhs, #bhst] ins(%scores, %max : memref<?x?x?x?xf32>, memref<?x?x?xf32>) outs(%scores : memref<?x?x?x?xf32>) {
  ^bb0(%x: f32, %m: f32):
    %d = arith.subf %x, %m : f32
    %e = math.exp %d : f32
    tile.yield %e : f32
  }
  tile.reduction add ins(%scores : memref<?x?x?x?xf32>) outs(%sum : memref<?x?x?xf32>) dimensions = [3]
  tile.map indexing_maps = [#bhst, #bhs, #bhst] ins(%scores, %sum : memref<?x?x?x?xf32>, memref<?x?x?xf32>) outs(%scores : memref<?x?x?x?xf32>) {
  ^bb0(%e: f32, %l: f32):
    %p = arith.divf %e, %l : f32
    tile.yield %p : f32
  }
  tile.matmul %scores, %V, %O : memref<?x?x?x?xf32>, memref<?x?x?x?xf32>, memref<?x?x?x?xf32>
  memref.dealloc %scores : memref<?x?x?x?xf32>
  memref.dealloc %max : memref<?x?x?xf32>
  memref.dealloc %sum : memref<?x?x?xf32>
  return
}
