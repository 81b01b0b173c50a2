// RUN: tile-opt %s --split-input-file -p 'tile-fuse' | FileCheck %s
// RUN: tile-opt %s --split-input-file -p 'tile-fuse{remarks=true}' --verify-diagnostics >/dev/null
// RUN: tile-opt %s --split-input-file -p 'tile-fuse{rows=false epilogues=false}' | FileCheck %s --check-prefix=OFF

// tile-fuse groups runs of whole-problem ops, each reading what an earlier one wrote, into a
// tile.fusion; the allocations only the run uses (and their frees) move inside it.

#rows = affine_map<(d0, d1) -> (d0, d1)>
#row = affine_map<(d0, d1) -> (d0)>
// CHECK-LABEL: func.func @softmax(
// CHECK:      %[[M:.*]] = memref.dim
// CHECK-NEXT: tile.fusion {
// CHECK-NEXT:   %[[MAX:.*]] = memref.alloc(%[[M]]) : memref<?xf32>
// CHECK-NEXT:   %[[SUM:.*]] = memref.alloc(%[[M]]) : memref<?xf32>
// CHECK-NEXT:   tile.reduction max ins(%{{.*}} : memref<?x?xf32>) outs(%[[MAX]] : memref<?xf32>) dimensions = [1]
// CHECK-NEXT:   tile.map
// CHECK:        tile.reduction add ins(%{{.*}} : memref<?x?xf32>) outs(%[[SUM]] : memref<?xf32>) dimensions = [1]
// CHECK-NEXT:   tile.map
// CHECK:        memref.dealloc %[[MAX]] : memref<?xf32>
// CHECK-NEXT:   memref.dealloc %[[SUM]] : memref<?xf32>
// CHECK-NEXT: }
// CHECK-NEXT: return
// OFF-LABEL: func.func @softmax(
// OFF-NOT: tile.fusion
func.func @softmax(%X: memref<?x?xf32>, %Y: memref<?x?xf32>) {
  %c0 = arith.constant 0 : index
  %M = memref.dim %X, %c0 : memref<?x?xf32>
  %max = memref.alloc(%M) : memref<?xf32>
  %sum = memref.alloc(%M) : memref<?xf32>
  // expected-remark@+1 {{fused 4 ops into one row kernel: tile.reduction, tile.map, tile.reduction, tile.map}}
  tile.reduction max ins(%X : memref<?x?xf32>) outs(%max : memref<?xf32>) dimensions = [1]
  tile.map indexing_maps = [#rows, #row, #rows] ins(%X, %max : memref<?x?xf32>, memref<?xf32>) outs(%Y : memref<?x?xf32>) {
  ^bb0(%x: f32, %m: f32):
    %d = arith.subf %x, %m : f32
    %e = math.exp %d : f32
    tile.yield %e : f32
  }
  tile.reduction add ins(%Y : memref<?x?xf32>) outs(%sum : memref<?xf32>) dimensions = [1]
  tile.map indexing_maps = [#rows, #row, #rows] ins(%Y, %sum : memref<?x?xf32>, memref<?xf32>) outs(%Y : memref<?x?xf32>) {
  ^bb0(%e: f32, %s: f32):
    %q = arith.divf %e, %s : f32
    tile.yield %q : f32
  }
  memref.dealloc %max : memref<?xf32>
  memref.dealloc %sum : memref<?xf32>
  return
}

// -----

// A matmul epilogue; the ops without memory effects between the run's ops move before it.
#id = affine_map<(d0, d1) -> (d0, d1)>
#col = affine_map<(d0, d1) -> (d1)>
// CHECK-LABEL: func.func @bias_relu(
// CHECK:      %[[ZERO:.*]] = arith.constant 0.0{{.*}} : f32
// CHECK-NEXT: tile.fusion {
// CHECK-NEXT:   %[[AB:.*]] = memref.alloc
// CHECK-NEXT:   tile.matmul %{{.*}}, %{{.*}}, %[[AB]]
// CHECK-NEXT:   tile.map indexing_maps = [#{{.*}}, #{{.*}}, #{{.*}}] ins(%[[AB]], %{{.*}} : memref<?x?xf32>, memref<?xf32>)
// CHECK:          arith.maximumf %{{.*}}, %[[ZERO]] : f32
// CHECK:        memref.dealloc %[[AB]]
// CHECK-NEXT: }
func.func @bias_relu(%A: memref<?x?xf32>, %B: memref<?x?xf32>, %bias: memref<?xf32>, %C: memref<?x?xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %M = memref.dim %A, %c0 : memref<?x?xf32>
  %N = memref.dim %B, %c1 : memref<?x?xf32>
  %AB = memref.alloc(%M, %N) : memref<?x?xf32>
  // expected-remark@+1 {{fused 2 ops into one matmul kernel with an epilogue: tile.matmul, tile.map}}
  tile.matmul %A, %B, %AB : memref<?x?xf32>, memref<?x?xf32>, memref<?x?xf32>
  %zero = arith.constant 0.0 : f32
  tile.map indexing_maps = [#id, #col, #id] ins(%AB, %bias : memref<?x?xf32>, memref<?xf32>) outs(%C : memref<?x?xf32>) {
  ^bb0(%p: f32, %b: f32):
    %x = arith.addf %p, %b : f32
    %y = arith.maximumf %x, %zero : f32
    tile.yield %y : f32
  }
  memref.dealloc %AB : memref<?x?xf32>
  return
}

// -----

// What cannot be fused stays as it is: a row reduction of a matmul's result needs whole rows,
// which a matmul's tile does not have; the matmul and the reduction are tiled on their own.
// CHECK-LABEL: func.func @matmul_then_row_sum(
// CHECK-NOT: tile.fusion
// CHECK: return
func.func @matmul_then_row_sum(%A: memref<?x?xf32>, %B: memref<?x?xf32>, %S: memref<?xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %M = memref.dim %A, %c0 : memref<?x?xf32>
  %N = memref.dim %B, %c1 : memref<?x?xf32>
  %AB = memref.alloc(%M, %N) : memref<?x?xf32>
  tile.matmul %A, %B, %AB : memref<?x?xf32>, memref<?x?xf32>, memref<?x?xf32>
  // expected-remark@+1 {{not fused with the ops before it: 'tile.reduction' cannot join a matmul epilogue (only elementwise tile.map ops can)}}
  tile.reduction add ins(%AB : memref<?x?xf32>) outs(%S : memref<?xf32>) dimensions = [1]
  memref.dealloc %AB : memref<?x?xf32>
  return
}

// -----

// A column reduction (dimension 0) is not a row program; an op with memory effects between two
// ops ends the run; a result that is read after the run is stored, not kept in registers.
// CHECK-LABEL: func.func @not_fused(
// CHECK-NOT: tile.fusion
// CHECK: return
func.func @not_fused(%X: memref<?x?xf32>, %C: memref<?xf32>, %Y: memref<?x?xf32>, %i: index, %v: f32) {
  tile.reduction add ins(%X : memref<?x?xf32>) outs(%C : memref<?xf32>) dimensions = [0]
  // expected-remark@+1 {{not fused with the ops before it: 'tile.reduction' must reduce the last dimension of a rank-2 input to join a row kernel, got dimensions [0] of rank 2}}
  tile.map indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d1)>, affine_map<(d0, d1) -> (d0, d1)>]
      ins(%X, %C : memref<?x?xf32>, memref<?xf32>) outs(%Y : memref<?x?xf32>) {
  ^bb0(%x: f32, %c: f32):
    %d = arith.divf %x, %c : f32
    tile.yield %d : f32
  }
  memref.store %v, %C[%i] : memref<?xf32>
  tile.map indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d1)>, affine_map<(d0, d1) -> (d0, d1)>]
      ins(%Y, %C : memref<?x?xf32>, memref<?xf32>) outs(%Y : memref<?x?xf32>) {
  ^bb0(%y: f32, %c: f32):
    %d = arith.mulf %y, %c : f32
    tile.yield %d : f32
  }
  return
}

// -----

// The per-row maximum is also an output: it is stored by the fused kernel.
// CHECK-LABEL: func.func @max_also_stored(
// CHECK: tile.fusion {
// CHECK-NEXT: tile.reduction max ins(%{{.*}}) outs(%[[MAX:[^ ]*]] : memref<?xf32>)
// CHECK-NEXT: tile.map
func.func @max_also_stored(%X: memref<?x?xf32>, %MAX: memref<?xf32>, %Y: memref<?x?xf32>) {
  // expected-remark@+1 {{fused 2 ops into one row kernel: tile.reduction, tile.map}}
  tile.reduction max ins(%X : memref<?x?xf32>) outs(%MAX : memref<?xf32>) dimensions = [1]
  tile.map indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0)>, affine_map<(d0, d1) -> (d0, d1)>]
      ins(%X, %MAX : memref<?x?xf32>, memref<?xf32>) outs(%Y : memref<?x?xf32>) {
  ^bb0(%x: f32, %m: f32):
    %d = arith.subf %x, %m : f32
    tile.yield %d : f32
  }
  return
}

// -----

// A buffer the run writes and a later run reads is not an intermediate: its allocation, between
// the run's ops, moves before the fusion (the fusion uses it) and stays outside (fuzzer seed 11).
#rows = affine_map<(d0, d1) -> (d0, d1)>
#row = affine_map<(d0, d1) -> (d0)>
// CHECK-LABEL: func.func @shared_buffer(
// CHECK:      %[[N:.*]] = arith.sitofp
// CHECK-NEXT: %[[MEAN:.*]] = memref.alloc(%{{.*}}) : memref<?xf32>
// CHECK-NEXT: tile.fusion {
// CHECK-NEXT:   %[[SUM:.*]] = memref.alloc
// CHECK-NEXT:   tile.reduction add ins(%{{.*}} : memref<?x?xf32>) outs(%[[SUM]] : memref<?xf32>) dimensions = [1]
// CHECK-NEXT:   tile.map ins(%[[SUM]] : memref<?xf32>) outs(%[[MEAN]] : memref<?xf32>)
// CHECK:        memref.dealloc %[[SUM]]
// CHECK-NEXT: }
// CHECK-NEXT: tile.map ins(%{{.*}} : memref<?x?xf32>) outs(%{{.*}} : memref<?x?xf32>)
// CHECK:      tile.map indexing_maps = [#{{.*}}, #{{.*}}, #{{.*}}] ins(%{{.*}}, %[[MEAN]] :
// CHECK:      memref.dealloc %[[MEAN]]
// OFF-LABEL: func.func @shared_buffer(
// OFF-NOT: tile.fusion
func.func @shared_buffer(%X: memref<?x?xf32>, %B: memref<?x?xf32>, %Z: memref<?x?xf32>, %Y: memref<?x?xf32>) {
  %c0 = arith.constant 0 : index
  %M = memref.dim %X, %c0 : memref<?x?xf32>
  %c1 = arith.constant 1 : index
  %N = memref.dim %X, %c1 : memref<?x?xf32>
  %Ni = arith.index_cast %N : index to i32
  %n = arith.sitofp %Ni : i32 to f32
  %sum = memref.alloc(%M) : memref<?xf32>
  // expected-remark@+1 {{fused 2 ops into one row kernel: tile.reduction, tile.map}}
  tile.reduction add ins(%X : memref<?x?xf32>) outs(%sum : memref<?xf32>) dimensions = [1]
  %mean = memref.alloc(%M) : memref<?xf32>
  tile.map ins(%sum : memref<?xf32>) outs(%mean : memref<?xf32>) {
  ^bb0(%s: f32):
    %m = arith.divf %s, %n : f32
    tile.yield %m : f32
  }
  // Reads neither what the run wrote nor what it read: the run ends (one elementwise map, left
  // alone), and the map after it, which reads %mean, starts another (one op: left alone).
  tile.map ins(%B : memref<?x?xf32>) outs(%Z : memref<?x?xf32>) {
  ^bb0(%b: f32):
    %t = math.tanh %b : f32
    tile.yield %t : f32
  }
  tile.map indexing_maps = [#rows, #row, #rows] ins(%X, %mean : memref<?x?xf32>, memref<?xf32>) outs(%Y : memref<?x?xf32>) {
  ^bb0(%x: f32, %m: f32):
    %d = arith.subf %x, %m : f32
    tile.yield %d : f32
  }
  memref.dealloc %sum : memref<?xf32>
  memref.dealloc %mean : memref<?xf32>
  return
}

// -----

// Siblings: an op that reads what the run reads (a second reduction of the same rows) joins it
// where one kernel computes both, so the rows are read once (fuzzer seed 42; before, the second
// reduction started a run of its own and the map of the first's result was left alone).
#rows = affine_map<(d0, d1) -> (d0, d1)>
#row = affine_map<(d0, d1) -> (d0)>
// CHECK-LABEL: func.func @siblings(
// CHECK:      tile.fusion {
// CHECK:        tile.reduction max
// CHECK-NEXT:   tile.reduction min
// CHECK-NEXT:   tile.map indexing_maps
// CHECK:        memref.dealloc
// CHECK-NEXT:   memref.dealloc
// CHECK-NEXT: }
// CHECK-NEXT: return
// OFF-LABEL: func.func @siblings(
// OFF-NOT: tile.fusion
func.func @siblings(%X: memref<?x?xf32>, %Y: memref<?x?xf32>) {
  %c0 = arith.constant 0 : index
  %M = memref.dim %X, %c0 : memref<?x?xf32>
  %hi = memref.alloc(%M) : memref<?xf32>
  %lo = memref.alloc(%M) : memref<?xf32>
  // expected-remark@+1 {{fused 3 ops into one row kernel: tile.reduction, tile.reduction, tile.map}}
  tile.reduction max ins(%X : memref<?x?xf32>) outs(%hi : memref<?xf32>) dimensions = [1]
  tile.reduction min ins(%X : memref<?x?xf32>) outs(%lo : memref<?xf32>) dimensions = [1]
  tile.map indexing_maps = [#rows, #row, #row, #rows] ins(%X, %hi, %lo : memref<?x?xf32>, memref<?xf32>, memref<?xf32>) outs(%Y : memref<?x?xf32>) {
  ^bb0(%x: f32, %h: f32, %l: f32):
    %d = arith.subf %x, %l : f32
    %r = arith.subf %h, %l : f32
    %q = arith.divf %d, %r : f32
    tile.yield %q : f32
  }
  memref.dealloc %hi : memref<?xf32>
  memref.dealloc %lo : memref<?xf32>
  return
}

// -----

// Maps over one value per row first (a per-row scale computed from an input vector, then bounded
// by tanh), then the rows that read it: one row kernel, the per-row maps computed in it. Before,
// the run began with the rank-1 map, whose iteration space set the rank, and the rows could not
// join it ("a row kernel needs an iteration space of rank 2 or more, got rank 1"): the first map
// and the second, then the rows, were tiled apart.
#rows = affine_map<(d0, d1) -> (d0, d1)>
#row = affine_map<(d0, d1) -> (d0)>
// CHECK-LABEL: func.func @row_map_first(
// CHECK:      tile.fusion {
// CHECK-NEXT:   memref.alloc
// CHECK-NEXT:   memref.alloc
// CHECK-NEXT:   tile.map ins(%{{.*}} : memref<?xf32>)
// CHECK:        tile.map ins(%{{.*}} : memref<?xf32>)
// CHECK:        math.tanh
// CHECK:        tile.map indexing_maps
// CHECK:        tile.reduction max
// CHECK:        tile.map indexing_maps
// CHECK:        memref.dealloc
// CHECK-NEXT:   memref.dealloc
// CHECK-NEXT: }
// CHECK-NEXT: return
// OFF-LABEL: func.func @row_map_first(
// OFF-NOT: tile.fusion
func.func @row_map_first(%X: memref<?x?xf32>, %t: memref<?xf32>, %Y: memref<?x?xf32>) {
  %c0 = arith.constant 0 : index
  %M = memref.dim %X, %c0 : memref<?x?xf32>
  %s = memref.alloc(%M) : memref<?xf32>
  %max = memref.alloc(%M) : memref<?xf32>
  // expected-remark@+1 {{fused 5 ops into one row kernel: tile.map, tile.map, tile.map, tile.reduction, tile.map}}
  tile.map ins(%t : memref<?xf32>) outs(%s : memref<?xf32>) {
  ^bb0(%a: f32):
    %c = arith.constant 2.0 : f32
    %b = arith.mulf %a, %c : f32
    tile.yield %b : f32
  }
  tile.map ins(%s : memref<?xf32>) outs(%s : memref<?xf32>) {
  ^bb0(%a: f32):
    %b = math.tanh %a : f32
    tile.yield %b : f32
  }
  tile.map indexing_maps = [#rows, #row, #rows] ins(%X, %s : memref<?x?xf32>, memref<?xf32>) outs(%Y : memref<?x?xf32>) {
  ^bb0(%x: f32, %m: f32):
    %d = arith.mulf %x, %m : f32
    tile.yield %d : f32
  }
  tile.reduction max ins(%Y : memref<?x?xf32>) outs(%max : memref<?xf32>) dimensions = [1]
  tile.map indexing_maps = [#rows, #row, #rows] ins(%Y, %max : memref<?x?xf32>, memref<?xf32>) outs(%Y : memref<?x?xf32>) {
  ^bb0(%x: f32, %m: f32):
    %d = arith.subf %x, %m : f32
    tile.yield %d : f32
  }
  memref.dealloc %s : memref<?xf32>
  memref.dealloc %max : memref<?xf32>
  return
}

// -----

// A map over a vector as long as the rows (gamma scaled), read along the columns: not a value per
// row, so the rows do not join it.
#rows = affine_map<(d0, d1) -> (d0, d1)>
#col = affine_map<(d0, d1) -> (d1)>
#row = affine_map<(d0, d1) -> (d0)>
// CHECK-LABEL: func.func @column_map_first(
// CHECK:      tile.map ins(%{{.*}} : memref<?xf32>)
// CHECK-NEXT:   ^bb0
// CHECK:      tile.fusion {
// OFF-LABEL: func.func @column_map_first(
// OFF-NOT: tile.fusion
func.func @column_map_first(%X: memref<?x?xf32>, %gamma: memref<?xf32>, %Y: memref<?x?xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %M = memref.dim %X, %c0 : memref<?x?xf32>
  %N = memref.dim %X, %c1 : memref<?x?xf32>
  %g = memref.alloc(%N) : memref<?xf32>
  %max = memref.alloc(%M) : memref<?xf32>
  tile.map ins(%gamma : memref<?xf32>) outs(%g : memref<?xf32>) {
  ^bb0(%a: f32):
    %c = arith.constant 2.0 : f32
    %b = arith.mulf %a, %c : f32
    tile.yield %b : f32
  }
  // expected-remark@+2 {{not fused with the ops before it: 'tile.map' reads a value computed in the kernel through indexing map affine_map<(d0, d1) -> (d1)>, which a row kernel cannot provide}}
  // expected-remark@+1 {{fused 3 ops into one row kernel: tile.map, tile.reduction, tile.map}}
  tile.map indexing_maps = [#rows, #col, #rows] ins(%X, %g : memref<?x?xf32>, memref<?xf32>) outs(%Y : memref<?x?xf32>) {
  ^bb0(%x: f32, %m: f32):
    %d = arith.mulf %x, %m : f32
    tile.yield %d : f32
  }
  tile.reduction max ins(%Y : memref<?x?xf32>) outs(%max : memref<?xf32>) dimensions = [1]
  tile.map indexing_maps = [#rows, #row, #rows] ins(%Y, %max : memref<?x?xf32>, memref<?xf32>) outs(%Y : memref<?x?xf32>) {
  ^bb0(%x: f32, %m: f32):
    %d = arith.subf %x, %m : f32
    tile.yield %d : f32
  }
  memref.dealloc %g : memref<?xf32>
  memref.dealloc %max : memref<?xf32>
  return
}
