// tile-tiling's automatic attention configuration (no tile-sizes): a FlashAttention kernel per BD
// of 32, 64 and 128, each the largest blocks that fit max-workgroup-memory (64 x 32 on 4 warps in
// WebGPU's default 16 KiB, 64 x 64 on 8 warps in 48 KiB), the head dimension in chunks (BK of 32
// or 64), its key loop loading K and V into registers (tile.register_stages = 1: not copied into
// workgroup memory, not pipelined).
// A dynamic head dimension chooses at run time (an scf.if per BD, the unfused ops past the
// last); a static one gets the kernel it fits alone, or the unfused ops alone.
// RUN: tile-opt %s -p '@tile-tiled' | FileCheck %s
// RUN: tile-opt %S/../../../../examples/attention.mlir -p '@tile-tiled' | FileCheck %s --check-prefix=DYN
// RUN: tile-opt %S/../../../../examples/attention.mlir -p '@tile-tiled{max-workgroup-memory=49152}' | FileCheck %s --check-prefix=BIG

// CHECK-LABEL: gpu.func @static_d64_64x32x64x32_attention(
// CHECK:         scf.for
// CHECK:           tile.dot
// CHECK:         } {tile.register_stages = 1 : i64}
// CHECK-NOT:   gpu.func @static_d64
// CHECK-NOT:   _attention
// CHECK-LABEL: func.func @static_d64(
// CHECK-NOT:     scf.if
// CHECK:         gpu.launch_func @kernels::@static_d64_64x32x64x32_attention blocks in (%{{.*}}, %c2, %c1) threads in (%c128, %c1, %c1)
// CHECK-NEXT:    return
// CHECK-LABEL: func.func @static_d256(
// CHECK-NOT:     scf.if
// CHECK-COUNT-7: gpu.launch_func @kernels::@static_d256
// CHECK-NOT:     gpu.launch_func

// DYN-LABEL: gpu.func @attention_64x32x32x32_attention(
// DYN:         } {tile.register_stages = 1 : i64}
// DYN-LABEL: gpu.func @attention_64x32x64x32_attention(
// DYN-LABEL: gpu.func @attention_64x32x128x32_attention(
// DYN-LABEL: func.func @attention(
// DYN:         %[[D:.*]] = memref.dim %Q, %c3
// DYN:         %[[FITS32:.*]] = arith.cmpi ule, %[[D]], %c32
// DYN-NEXT:    scf.if %[[FITS32]] {
// DYN:           gpu.launch_func @kernels::@attention_64x32x32x32_attention blocks in ({{.*}}) threads in (%c128, %c1, %c1)
// DYN-NEXT:    } else {
// DYN-NEXT:      %[[FITS64:.*]] = arith.cmpi ule, %[[D]], %c64
// DYN-NEXT:      scf.if %[[FITS64]] {
// DYN:             gpu.launch_func @kernels::@attention_64x32x64x32_attention
// DYN-NEXT:      } else {
// DYN-NEXT:        %[[FITS128:.*]] = arith.cmpi ule, %[[D]], %c128
// DYN-NEXT:        scf.if %[[FITS128]] {
// DYN:               gpu.launch_func @kernels::@attention_64x32x128x32_attention
// DYN-NEXT:        } else {
// DYN:               gpu.launch_func @kernels::@attention blocks
// DYN-COUNT-6:       gpu.launch_func @kernels::@attention_{{[0-5]}} blocks
// DYN-LABEL: func.func @attention_causal(

// BIG-LABEL: gpu.func @attention_64x64x32x32_attention(
// BIG-LABEL: gpu.func @attention_64x64x64x64_attention(
// BIG-LABEL: gpu.func @attention_64x64x128x64_attention(
// BIG-LABEL: func.func @attention(
// BIG:         gpu.launch_func @kernels::@attention_64x64x32x32_attention blocks in ({{.*}}) threads in (%c256, %c1, %c1)

#bhst = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>
#bhs = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2)>
func.func @static_d64(%Q: memref<1x2x?x64xf32>, %K: memref<1x2x?x64xf32>, %V: memref<1x2x?x64xf32>, %O: memref<1x2x?x64xf32>) {
  %c2 = arith.constant 2 : index
  %S = memref.dim %Q, %c2 : memref<1x2x?x64xf32>
  %T = memref.dim %K, %c2 : memref<1x2x?x64xf32>
  %scale = arith.constant 0.125 : f32
  %scores = memref.alloc(%S, %T) : memref<1x2x?x?xf32>
  %max = memref.alloc(%S) : memref<1x2x?xf32>
  %sum = memref.alloc(%S) : memref<1x2x?xf32>
  tile.matmul %Q, %K, %scores transpose_b : memref<1x2x?x64xf32>, memref<1x2x?x64xf32>, memref<1x2x?x?xf32>
  tile.map ins(%scores : memref<1x2x?x?xf32>) outs(%scores : memref<1x2x?x?xf32>) {
  ^bb0(%s: f32):
    %x = arith.mulf %s, %scale : f32
    tile.yield %x : f32
  }
  tile.reduction max ins(%scores : memref<1x2x?x?xf32>) outs(%max : memref<1x2x?xf32>) dimensions = [3]
  tile.map indexing_maps = [#bhst, #bhs, #bhst] ins(%scores, %max : memref<1x2x?x?xf32>, memref<1x2x?xf32>) outs(%scores : memref<1x2x?x?xf32>) {
  ^bb0(%x: f32, %m: f32):
    %d = arith.subf %x, %m : f32
    %e = math.exp %d : f32
    tile.yield %e : f32
  }
  tile.reduction add ins(%scores : memref<1x2x?x?xf32>) outs(%sum : memref<1x2x?xf32>) dimensions = [3]
  tile.map indexing_maps = [#bhst, #bhs, #bhst] ins(%scores, %sum : memref<1x2x?x?xf32>, memref<1x2x?xf32>) outs(%scores : memref<1x2x?x?xf32>) {
  ^bb0(%e: f32, %l: f32):
    %p = arith.divf %e, %l : f32
    tile.yield %p : f32
  }
  tile.matmul %scores, %V, %O : memref<1x2x?x?xf32>, memref<1x2x?x64xf32>, memref<1x2x?x64xf32>
  memref.dealloc %scores : memref<1x2x?x?xf32>
  memref.dealloc %max : memref<1x2x?xf32>
  memref.dealloc %sum : memref<1x2x?xf32>
  return
}
func.func @static_d256(%Q: memref<1x2x?x256xf32>, %K: memref<1x2x?x256xf32>, %V: memref<1x2x?x256xf32>, %O: memref<1x2x?x256xf32>) {
  %c2 = arith.constant 2 : index
  %S = memref.dim %Q, %c2 : memref<1x2x?x256xf32>
  %T = memref.dim %K, %c2 : memref<1x2x?x256xf32>
  %scale = arith.constant 0.125 : f32
  %scores = memref.alloc(%S, %T) : memref<1x2x?x?xf32>
  %max = memref.alloc(%S) : memref<1x2x?xf32>
  %sum = memref.alloc(%S) : memref<1x2x?xf32>
  tile.matmul %Q, %K, %scores transpose_b : memref<1x2x?x256xf32>, memref<1x2x?x256xf32>, memref<1x2x?x?xf32>
  tile.map ins(%scores : memref<1x2x?x?xf32>) outs(%scores : memref<1x2x?x?xf32>) {
  ^bb0(%s: f32):
    %x = arith.mulf %s, %scale : f32
    tile.yield %x : f32
  }
  tile.reduction max ins(%scores : memref<1x2x?x?xf32>) outs(%max : memref<1x2x?xf32>) dimensions = [3]
  tile.map indexing_maps = [#bhst, #bhs, #bhst] ins(%scores, %max : memref<1x2x?x?xf32>, memref<1x2x?xf32>) outs(%scores : memref<1x2x?x?xf32>) {
  ^bb0(%x: f32, %m: f32):
    %d = arith.subf %x, %m : f32
    %e = math.exp %d : f32
    tile.yield %e : f32
  }
  tile.reduction add ins(%scores : memref<1x2x?x?xf32>) outs(%sum : memref<1x2x?xf32>) dimensions = [3]
  tile.map indexing_maps = [#bhst, #bhs, #bhst] ins(%scores, %sum : memref<1x2x?x?xf32>, memref<1x2x?xf32>) outs(%scores : memref<1x2x?x?xf32>) {
  ^bb0(%e: f32, %l: f32):
    %p = arith.divf %e, %l : f32
    tile.yield %p : f32
  }
  tile.matmul %scores, %V, %O : memref<1x2x?x?xf32>, memref<1x2x?x256xf32>, memref<1x2x?x256xf32>
  memref.dealloc %scores : memref<1x2x?x?xf32>
  memref.dealloc %max : memref<1x2x?xf32>
  memref.dealloc %sum : memref<1x2x?xf32>
  return
}
