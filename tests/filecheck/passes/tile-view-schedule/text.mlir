// RUN: tile-opt %s -p 'tile-view-schedule' -o /dev/null 2>&1 | FileCheck %s --strict-whitespace
// RUN: tile-opt %s -p 'tile-view-schedule{output=%t.txt}' -o /dev/null 2>&1 | FileCheck %s --strict-whitespace --check-prefix=QUIET --allow-empty
// RUN: FileCheck %s --strict-whitespace < %t.txt
// RUN: tile-opt %s -p 'tile-view-schedule{peel-epilogue=false}' -o /dev/null 2>&1 | FileCheck %s --strict-whitespace --check-prefix=PRED
// RUN: tile-opt %s -p 'tile-view-schedule{peel-epilogue=false peel-prologue=false}' -o /dev/null 2>&1 | FileCheck %s --strict-whitespace --check-prefix=PRO
// RUN: tile-opt %s -p 'tile-view-schedule{trip-count=1}' -o /dev/null 2>&1 | FileCheck %s --strict-whitespace --check-prefix=ONE
// RUN: tile-opt %s -p 'tile-view-schedule{trip-count=100}' -o /dev/null 2>&1 | FileCheck %s --strict-whitespace --check-prefix=LONG
// The IR is unchanged.
// RUN: tile-opt %s > %t.before.mlir
// RUN: tile-opt %s -p 'tile-view-schedule{output=%t.txt}' > %t.after.mlir
// RUN: diff %t.before.mlir %t.after.mlir

// With output=FILE nothing goes to stderr.
// QUIET-NOT: {{.}}

// A 3-stage matmul K loop before pipelining: stage 0 computes the slot, issues the copies of A and
// B into it and commits them; stage 2 waits for that group, loads the tiles and accumulates. The
// orders put stage 2 first, as in the pipelined kernel (examples/matmul-async-3stage.mlir).

// CHECK:       Schedule of scf.for at {{.*}}text.mlir:[[@LINE+87]]:8
// CHECK-NEXT:    3 stages, trip count 5, epilogue peeled
// CHECK-EMPTY:
// CHECK-NEXT:    order  stage  op
// CHECK-NEXT:        0      2  async.wait %group
// CHECK-NEXT:        1      2  %tile = tile.load %buf, %2, %c0, %c0
// CHECK-NEXT:        2      2  %tile_2 = tile.load %buf_0, %2, %c0, %c0
// CHECK-NEXT:        3      2  %3 = tile.dot %tile, %tile_2, %arg5
// CHECK-NEXT:        4      0  %1 = arith.muli %arg4, %c16
// CHECK-NEXT:        5      0  %2 = arith.remui %arg4, %c3
// CHECK-NEXT:        6      0  %token = async.copy %A, %m0, %1, %buf, %2, %c0, %c0
// CHECK-NEXT:        7      0  %token_1 = async.copy %B, %1, %n0, %buf_0, %2, %c0, %c0
// CHECK-NEXT:        8      0  %group = async.commit %token, %token_1
// CHECK-EMPTY:
// CHECK-NEXT:    region    time  i0    i1    i2    i3    i4
// CHECK-NEXT:    prologue  t=0   S0
// CHECK-NEXT:    prologue  t=1   S1    S0
// CHECK-NEXT:    kernel    t=2   S2    S1    S0
// CHECK-NEXT:    kernel    t=3         S2    S1    S0
// CHECK-NEXT:    kernel    t=4               S2    S1    S0
// CHECK-NEXT:    epilogue  t=5                     S2    S1
// CHECK-NEXT:    epilogue  t=6                           S2
// CHECK-EMPTY:
// CHECK-NEXT:    S<k>: the iteration (column) runs its stage k in the time slot (row)
// CHECK-NEXT:    (S<k>): emitted in the slot but predicated off (iteration >= trip count)

// Not peeled: the kernel runs 5 + 2 slots, the last ones partly predicated off.
// PRED:       Schedule of scf.for at {{.*}}text.mlir:[[@LINE+60]]:8
// PRED-NEXT:    3 stages, trip count 5, epilogue predicated
// PRED:         region    time  i0    i1    i2    i3    i4    i5    i6
// PRED-NEXT:    prologue  t=0   S0
// PRED-NEXT:    prologue  t=1   S1    S0
// PRED-NEXT:    kernel    t=2   S2    S1    S0
// PRED-NEXT:    kernel    t=3         S2    S1    S0
// PRED-NEXT:    kernel    t=4               S2    S1    S0
// PRED-NEXT:    kernel    t=5                     S2    S1    (S0)
// PRED-NEXT:    kernel    t=6                           S2    (S1)  (S0)
// PRED-EMPTY:

// Without a prologue (tile-pipeline{peel-prologue=false}): the kernel starts two steps early, the
// stages of iterations -2 and -1 switched off.
// PRO:       Schedule of scf.for at {{.*}}text.mlir:[[@LINE+46]]:8
// PRO-NEXT:    3 stages, trip count 5, prologue predicated, epilogue predicated
// PRO:         region  time  i-2   i-1   i0    i1    i2    i3    i4    i5    i6
// PRO-NEXT:    kernel  t=0   (S2)  (S1)  S0
// PRO-NEXT:    kernel  t=1         (S2)  S1    S0
// PRO-NEXT:    kernel  t=2               S2    S1    S0
// PRO-NEXT:    kernel  t=3                     S2    S1    S0
// PRO-NEXT:    kernel  t=4                           S2    S1    S0
// PRO-NEXT:    kernel  t=5                                 S2    S1    (S0)
// PRO-NEXT:    kernel  t=6                                       S2    (S1)  (S0)
// PRO-EMPTY:
// PRO-NEXT:    S<k>: the iteration (column) runs its stage k in the time slot (row)
// PRO-NEXT:    (S<k>): emitted in the slot but predicated off (iteration < 0 or >= trip count)

// One iteration, 3 stages: the prologue and epilogue still run the slots of iteration 1, predicated off.
// ONE:       Schedule of scf.for at {{.*}}text.mlir:[[@LINE+31]]:8
// ONE-NEXT:    3 stages, trip count 1 (from the trip-count option), epilogue peeled
// ONE:         region    time  i0    i1
// ONE-NEXT:    prologue  t=0   S0
// ONE-NEXT:    prologue  t=1   S1    (S0)
// ONE-NEXT:    epilogue  t=2   S2    (S1)
// ONE-NEXT:    epilogue  t=3         (S2)
// ONE-EMPTY:

// 100 iterations: the prologue, two kernel slots at each end and the epilogue.
// LONG:       Schedule of scf.for at {{.*}}text.mlir:[[@LINE+21]]:8
// LONG-NEXT:    3 stages, trip count 100 (from the trip-count option), epilogue peeled
// LONG:         region    time     i0    i1    i2    i3    ...   i96   i97   i98   i99
// LONG-NEXT:    prologue  t=0      S0
// LONG-NEXT:    prologue  t=1      S1    S0
// LONG-NEXT:    kernel    t=2      S2    S1    S0
// LONG-NEXT:    kernel    t=3            S2    S1    S0
// LONG-NEXT:    kernel    t=4..97  ... 94 more kernel slots, each running every stage
// LONG-NEXT:    kernel    t=98                                   S2    S1    S0
// LONG-NEXT:    kernel    t=99                                         S2    S1    S0
// LONG-NEXT:    epilogue  t=100                                              S2    S1
// LONG-NEXT:    epilogue  t=101                                                    S2
func.func @matmul_3stage(%A: memref<?x?xf16>, %B: memref<?x?xf16>, %m0: index, %n0: index) -> tensor<32x32xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %c5 = arith.constant 5 : index
  %c16 = arith.constant 16 : index
  %As = tile.alloc : memref<3x32x16xf16, #gpu.address_space<workgroup>>
  %Bs = tile.alloc : memref<3x16x32xf16, #gpu.address_space<workgroup>>
  %init = arith.constant dense<0.0> : tensor<32x32xf32>
  %r = scf.for %k = %c0 to %c5 step %c1 iter_args(%acc = %init) -> (tensor<32x32xf32>) {
    %kk = arith.muli %k, %c16 {tile.stage = 0, tile.order = 4} : index
    %s = arith.remui %k, %c3 {tile.stage = 0, tile.order = 5} : index
    %ta = async.copy %A[%m0, %kk], %As[%s, %c0, %c0] shape [32, 16] masked {tile.stage = 0, tile.order = 6} : memref<?x?xf16> to memref<3x32x16xf16, #gpu.address_space<workgroup>>
    %tb = async.copy %B[%kk, %n0], %Bs[%s, %c0, %c0] shape [16, 32] masked {tile.stage = 0, tile.order = 7} : memref<?x?xf16> to memref<3x16x32xf16, #gpu.address_space<workgroup>>
    %g = async.commit %ta, %tb {tile.stage = 0, tile.order = 8}
    async.wait 0 for %g {tile.stage = 2, tile.order = 0}
    %a = tile.load %As[%s, %c0, %c0] {tile.stage = 2, tile.order = 1} : memref<3x32x16xf16, #gpu.address_space<workgroup>> -> tensor<32x16xf16>
    %b = tile.load %Bs[%s, %c0, %c0] {tile.stage = 2, tile.order = 2} : memref<3x16x32xf16, #gpu.address_space<workgroup>> -> tensor<16x32xf16>
    %d = tile.dot %a, %b, %acc {tile.stage = 2, tile.order = 3} : tensor<32x16xf16>, tensor<16x32xf16> -> tensor<32x32xf32>
    scf.yield %d : tensor<32x32xf32>
  }
  return %r : tensor<32x32xf32>
}

// A loop without a schedule is not drawn.
// CHECK-NOT: Schedule of scf.for at {{.*}}text.mlir:[[@LINE+4]]:
func.func @unscheduled(%n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  scf.for %i = %c0 to %n step %c1 {
    %x = arith.addi %i, %i : index
  }
  return
}

// A 2-stage loop with a dynamic trip count, without orders (the order is the body's): drawn for
// 2*2+1 iterations.
// CHECK:       Schedule of scf.for at {{.*}}text.mlir:[[@LINE+31]]:3
// CHECK-NEXT:    2 stages, trip count 5 (an example: the trip count is not constant), epilogue peeled
// CHECK-EMPTY:
// CHECK-NEXT:    order  stage  op
// CHECK-NEXT:        0      0  %1 = arith.muli %arg3, %c64
// CHECK-NEXT:        1      0  %tile = tile.load %X, %1
// CHECK-NEXT:        2      1  %2 = arith.addf %tile, %tile
// CHECK-NEXT:        3      1  tile.store %2, %Y, %1
// CHECK-EMPTY:
// CHECK-NEXT:    region    time  i0    i1    i2    i3    i4
// CHECK-NEXT:    prologue  t=0   S0
// CHECK-NEXT:    kernel    t=1   S1    S0
// CHECK-NEXT:    kernel    t=2         S1    S0
// CHECK-NEXT:    kernel    t=3               S1    S0
// CHECK-NEXT:    kernel    t=4                     S1    S0
// CHECK-NEXT:    epilogue  t=5                           S1

// PRED:       Schedule of scf.for at {{.*}}text.mlir:[[@LINE+14]]:3
// PRED-NEXT:    2 stages, trip count 5 (an example: the trip count is not constant), epilogue predicated
// PRED:         region    time  i0    i1    i2    i3    i4    i5
// PRED-NEXT:    prologue  t=0   S0
// PRED-NEXT:    kernel    t=1   S1    S0
// PRED-NEXT:    kernel    t=2         S1    S0
// PRED-NEXT:    kernel    t=3               S1    S0
// PRED-NEXT:    kernel    t=4                     S1    S0
// PRED-NEXT:    kernel    t=5                           S1    (S0)
func.func @add_2stage(%X: memref<?xf32>, %Y: memref<?xf32>, %n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c64 = arith.constant 64 : index
  %steps = arith.ceildivui %n, %c64 : index
  scf.for %j = %c0 to %steps step %c1 {
    %col = arith.muli %j, %c64 {tile.stage = 0} : index
    %x = tile.load %X[%col] {tile.stage = 0} : memref<?xf32> -> tensor<64xf32>
    %y = arith.addf %x, %x {tile.stage = 1} : tensor<64xf32>
    tile.store %y, %Y[%col] {tile.stage = 1} : tensor<64xf32> -> memref<?xf32>
  }
  return
}
