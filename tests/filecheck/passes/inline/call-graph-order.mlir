// RUN: tile-opt %s --inline | FileCheck %s
// The order and bookkeeping of mlir-opt 19's inliner (mlir/lib/Transforms/Utils/Inliner.cpp):
// SCCs bottom-up from the external node in LLVM scc_iterator order, canonicalize on each SCC
// before inlining into it, calls around cycles inlined until the inline history repeats a
// callee, and CGUseList's use counts deciding what is erased. These checks also pass on
// `mlir-opt --inline` of this file.

// A private function whose only caller is itself unused: the caller is found dead and erased;
// the callee is kept (the uses held by a callable found dead are not dropped).
// CHECK-LABEL: func.func private @scale(
// CHECK-NOT:   @unused
func.func private @scale(%x: i32) -> i32 {
  %c5 = arith.constant 5 : i32
  %0 = arith.muli %x, %c5 : i32
  return %0 : i32
}
func.func private @unused(%x: i32) -> i32 {
  %0 = call @scale(%x) : (i32) -> i32
  return %0 : i32
}

// Two functions calling each other form one SCC, visited as [@pong, @ping]: @ping is inlined
// into @pong first, which then calls itself and is left so; @pong is inlined into @ping once per
// round (max-iterations = 4), and canonicalize folds the additions in between.
// CHECK-LABEL: func.func @ping(
// CHECK-SAME:      %[[X:.*]]: i32) -> i32 {
// CHECK-NEXT:    %[[C3:.*]] = arith.constant 3 : i32
// CHECK-NEXT:    %[[A:.*]] = arith.addi %[[X]], %[[C3]] : i32
// CHECK-NEXT:    %[[C1:.*]] = arith.constant 1 : i32
// CHECK-NEXT:    %[[B:.*]] = arith.addi %[[A]], %[[C1]] : i32
// CHECK-NEXT:    %[[R:.*]] = call @pong(%[[B]]) : (i32) -> i32
// CHECK-NEXT:    return %[[R]] : i32
func.func @ping(%x: i32) -> i32 {
  %0 = call @pong(%x) : (i32) -> i32
  return %0 : i32
}
// CHECK-LABEL: func.func @pong(
// CHECK-SAME:      %[[Y:.*]]: i32) -> i32 {
// CHECK-NEXT:    %[[C1:.*]] = arith.constant 1 : i32
// CHECK-NEXT:    %[[A:.*]] = arith.addi %[[Y]], %[[C1]] : i32
// CHECK-NEXT:    %[[R:.*]] = call @pong(%[[A]]) : (i32) -> i32
// CHECK-NEXT:    return %[[R]] : i32
func.func @pong(%x: i32) -> i32 {
  %c1 = arith.constant 1 : i32
  %0 = arith.addi %x, %c1 : i32
  %1 = call @ping(%0) : (i32) -> i32
  return %1 : i32
}

// Members of a cycle are inlined into each other and into their callers outside it. @down,
// private, is inlined in place at its last use and erased; @up then calls itself.
// CHECK-NOT:   @down
// CHECK-LABEL: func.func private @up(
// CHECK-SAME:      %[[Z:.*]]: i32) -> i32 {
// CHECK:         %[[M:.*]] = arith.muli %[[Z]], %{{.*}} : i32
// CHECK-NEXT:    %[[S:.*]] = arith.subi %[[M]], %{{.*}} : i32
// CHECK-NEXT:    %[[R:.*]] = call @up(%[[S]]) : (i32) -> i32
// CHECK-NEXT:    return %[[R]] : i32
func.func private @down(%x: i32) -> i32 {
  %c2 = arith.constant 2 : i32
  %0 = arith.subi %x, %c2 : i32
  %1 = call @up(%0) : (i32) -> i32
  return %1 : i32
}
func.func private @up(%x: i32) -> i32 {
  %c3 = arith.constant 3 : i32
  %0 = arith.muli %x, %c3 : i32
  %1 = call @down(%0) : (i32) -> i32
  return %1 : i32
}
// Each round inlines the current @down, and the copies of @up calls in it, into @start.
// CHECK-LABEL: func.func @start(
// CHECK-NOT:     call
// CHECK-COUNT-8: arith.subi
// CHECK-NOT:     call @down
// CHECK:         call @up(
// CHECK-NOT:     call
func.func @start(%x: i32) -> i32 {
  %0 = call @down(%x) : (i32) -> i32
  return %0 : i32
}
