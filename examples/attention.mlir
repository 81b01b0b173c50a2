// Scaled dot-product attention over [batch, heads, sequence, head dim] memrefs, written with
// whole-problem ops: O = softmax(Q·Kᵀ / √D) · V, each row of the S x T score matrix softmaxed
// (its maximum subtracted). @attention_causal masks key j out for query i when j > i + (T − S)
// (the queries are the last S positions of a sequence of T); @attention_f16 takes f16 Q, K, V,
// accumulates in f32 and writes f32 O (the probabilities are rounded to f16 for the second
// matmul, as FlashAttention kernels do). @tile-wgsl's tile-fuse recognizes the matmul → softmax →
// matmul chain and makes one FlashAttention kernel of it: the scores never reach global memory.
//   tile-run examples/attention.mlir --entry attention --arg Q=rand:2x3x70x64xf32 --arg K=rand:2x3x77x64xf32 \
//     --arg V=rand:2x3x77x64xf32 --arg O=zeros:2x3x70x64xf32 --compare-pipeline '@tile-wgsl' --tolerance 1e-5
#bhst = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>
#bhs = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2)>
func.func @attention(%Q: memref<?x?x?x?xf32>, %K: memref<?x?x?x?xf32>, %V: memref<?x?x?x?xf32>, %O: memref<?x?x?x?xf32>) {
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
  %scores = memref.alloc(%B, %H, %S, %T) : memref<?x?x?x?xf32>
  %max = memref.alloc(%B, %H, %S) : memref<?x?x?xf32>
  %sum = memref.alloc(%B, %H, %S) : memref<?x?x?xf32>
  tile.matmul %Q, %K, %scores transpose_b : memref<?x?x?x?xf32>, memref<?x?x?x?xf32>, memref<?x?x?x?xf32>
  tile.map ins(%scores : memref<?x?x?x?xf32>) outs(%scores : memref<?x?x?x?xf32>) {
  ^bb0(%s: f32):
    %x = arith.mulf %s, %scale : f32
    tile.yield %x : f32
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

func.func @attention_f16(%Q: memref<?x?x?x?xf16>, %K: memref<?x?x?x?xf16>, %V: memref<?x?x?x?xf16>, %O: memref<?x?x?x?xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %B = memref.dim %Q, %c0 : memref<?x?x?x?xf16>
  %H = memref.dim %Q, %c1 : memref<?x?x?x?xf16>
  %S = memref.dim %Q, %c2 : memref<?x?x?x?xf16>
  %D = memref.dim %Q, %c3 : memref<?x?x?x?xf16>
  %T = memref.dim %K, %c2 : memref<?x?x?x?xf16>
  %Di = arith.index_cast %D : index to i32
  %Df = arith.sitofp %Di : i32 to f32
  %scale = math.rsqrt %Df : f32
  %scores = memref.alloc(%B, %H, %S, %T) : memref<?x?x?x?xf32>
  %max = memref.alloc(%B, %H, %S) : memref<?x?x?xf32>
  %sum = memref.alloc(%B, %H, %S) : memref<?x?x?xf32>
  %probs = memref.alloc(%B, %H, %S, %T) : memref<?x?x?x?xf16>
  tile.matmul %Q, %K, %scores transpose_b : memref<?x?x?x?xf16>, memref<?x?x?x?xf16>, memref<?x?x?x?xf32>
  tile.map ins(%scores : memref<?x?x?x?xf32>) outs(%scores : memref<?x?x?x?xf32>) {
  ^bb0(%s: f32):
    %x = arith.mulf %s, %scale : f32
    tile.yield %x : f32
  }
  tile.reduction max ins(%scores : memref<?x?x?x?xf32>) outs(%max : memref<?x?x?xf32>) dimensions = [3]
  tile.map indexing_maps = [#bhst, #bhs, #bhst] ins(%scores, %max : memref<?x?x?x?xf32>, memref<?x?x?xf32>) outs(%scores : memref<?x?x?x?xf32>) {
  ^bb0(%x: f32, %m: f32):
    %d = arith.subf %x, %m : f32
    %e = math.exp %d : f32
    tile.yield %e : f32
  }
  tile.reduction add ins(%scores : memref<?x?x?x?xf32>) outs(%sum : memref<?x?x?xf32>) dimensions = [3]
  tile.map indexing_maps = [#bhst, #bhs, #bhst] ins(%scores, %sum : memref<?x?x?x?xf32>, memref<?x?x?xf32>) outs(%probs : memref<?x?x?x?xf16>) {
  ^bb0(%e: f32, %l: f32):
    %p = arith.divf %e, %l : f32
    %h = arith.truncf %p : f32 to f16
    tile.yield %h : f16
  }
  tile.matmul %probs, %V, %O : memref<?x?x?x?xf16>, memref<?x?x?x?xf16>, memref<?x?x?x?xf32>
  memref.dealloc %scores : memref<?x?x?x?xf32>
  memref.dealloc %max : memref<?x?x?xf32>
  memref.dealloc %sum : memref<?x?x?xf32>
  memref.dealloc %probs : memref<?x?x?x?xf16>
  return
}
