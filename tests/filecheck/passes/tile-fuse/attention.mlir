// RUN: tile-opt %S/../../../../examples/attention.mlir -p 'tile-fuse{remarks=true}' 2>&1 >/dev/null | FileCheck %s --check-prefix=REMARK
// RUN: tile-opt %S/../../../../examples/attention.mlir -p '@tile-tiled{tile-sizes=16,16,64}' | FileCheck %s --check-prefix=TILED
// RUN: tile-opt %s -p 'tile-fuse{remarks=true}' 2>&1 >/dev/null | FileCheck %s

// tile-fuse recognizes attention (matmul by Kᵀ → elementwise maps of the scores → row softmax →
// matmul by V, every buffer between them an intermediate) and fuses the seven ops into one
// tile.fusion, which tile-tiling makes a FlashAttention kernel: launched when the head dimension
// fits BD (else the same ops unfused), its key loop ending early under a causal mask. Without
// the mask the grid is (query blocks, heads, batch); with it (heads, batch, query blocks), the
// block of queries taken from the last: the blocks that walk the most keys start first.

// REMARK-COUNT-3: remark: 'tile.matmul' op fused 7 ops into one FlashAttention kernel: tile.matmul, tile.map, tile.reduction, tile.map, tile.reduction, tile.map, tile.matmul

// TILED-LABEL: gpu.func @attention_attention(
// TILED:         %[[M0:.*]] = arith.muli %block_id_x, %c16
// TILED:         tile.load %arg0[%block_id_z, %block_id_y, %[[M0]], %c0]
// TILED-LABEL: gpu.func @attention_causal_attention(
// TILED:         %[[NQ:.*]] = arith.ceildivui %{{.*}}, %c16
// TILED-NEXT:    %[[LASTQ:.*]] = arith.subi %[[NQ]], %c1
// TILED-NEXT:    %[[QB:.*]] = arith.subi %[[LASTQ]], %block_id_z
// TILED-NEXT:    %[[QM0:.*]] = arith.muli %[[QB]], %c16
// TILED-NEXT:    tile.load %arg0[%block_id_y, %block_id_x, %[[QM0]], %c0]
// TILED:         %[[LIMIT:.*]] = arith.minsi
// TILED:         scf.for %{{.*}} = %{{.*}} to %[[LIMIT]] step %c16
// TILED:           tile.transpose
// TILED:           tile.dot
// TILED:           tile.reduce max
// TILED:           tile.reduce add
// TILED:           tile.dot
// TILED:         tile.store
// TILED-LABEL: func.func @attention(
// TILED:         %[[NQ:.*]] = arith.ceildivui %{{.*}}, %c16
// TILED-NEXT:    gpu.launch_func @kernels::@attention_attention blocks in (%[[NQ]], %{{.*}}, %{{.*}})
// TILED-LABEL: func.func @attention_causal(
// TILED:         %[[FITS:.*]] = arith.cmpi ule, %{{.*}}, %c64 : index
// TILED-NEXT:    scf.if %[[FITS]] {
// TILED-NEXT:      %[[NQ:.*]] = arith.ceildivui
// TILED-NEXT:      gpu.launch_func @kernels::@attention_causal_attention blocks in (%{{.*}}, %{{.*}}, %[[NQ]])
// TILED-NEXT:    } else {

// The scores are read after the chain: no intermediate, no fusion into attention (the row
// softmax still fuses).
#bhst = affine_map<(d0, d1, d2) -> (d0, d1, d2)>
#bhs = affine_map<(d0, d1, d2) -> (d0, d1)>
// CHECK-NOT: FlashAttention
// CHECK: remark: 'tile.reduction' op fused 4 ops into one row kernel: tile.reduction, tile.map, tile.reduction, tile.map
// CHECK-NOT: FlashAttention
func.func @scores_escape(%Q: memref<?x?x?xf32>, %K: memref<?x?x?xf32>, %V: memref<?x?x?xf32>, %O: memref<?x?x?xf32>, %P: memref<?x?x?xf32>, %max: memref<?x?xf32>, %sum: memref<?x?xf32>) {
  tile.matmul %Q, %K, %P transpose_b : memref<?x?x?xf32>, memref<?x?x?xf32>, memref<?x?x?xf32>
  tile.reduction max ins(%P : memref<?x?x?xf32>) outs(%max : memref<?x?xf32>) dimensions = [2]
  tile.map indexing_maps = [#bhst, #bhs, #bhst] ins(%P, %max : memref<?x?x?xf32>, memref<?x?xf32>) outs(%P : memref<?x?x?xf32>) {
  ^bb0(%x: f32, %m: f32):
    %d = arith.subf %x, %m : f32
    %e = math.exp %d : f32
    tile.yield %e : f32
  }
  tile.reduction add ins(%P : memref<?x?x?xf32>) outs(%sum : memref<?x?xf32>) dimensions = [2]
  tile.map indexing_maps = [#bhst, #bhs, #bhst] ins(%P, %sum : memref<?x?x?xf32>, memref<?x?xf32>) outs(%P : memref<?x?x?xf32>) {
  ^bb0(%e: f32, %l: f32):
    %p = arith.divf %e, %l : f32
    tile.yield %p : f32
  }
  tile.matmul %P, %V, %O : memref<?x?x?xf32>, memref<?x?x?xf32>, memref<?x?x?xf32>
  return
}
