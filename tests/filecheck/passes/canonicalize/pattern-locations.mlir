// RUN: tile-opt %s --canonicalize --mlir-print-debuginfo | FileCheck %s
// Where the ops that canonicalization patterns build are located. MLIR's declarative (DRR)
// patterns give them the fusion of the first N matched ops' locations, N being the number of op
// nodes in the source pattern, in DRR's order of recording: the root, then for each operand the
// ops matched inside it before the operand's own op, constants matched by ConstantLikeMatcher
// included. So `addi(x, muli(y, -1))` fuses the addi with the -1, not with the muli. C++
// patterns (SelectToExtUI) use the root's location. Checked against mlir-opt 19's output.

// CHECK-LABEL: func.func @add_mul_negative_one
// CHECK-NEXT: arith.subi {{.*}} loc([[ADD_C:#loc[0-9]+]])
func.func @add_mul_negative_one(%x: i32, %y: i32) -> i32 {
  %m1 = arith.constant -1 : i32 loc("c":1:1)
  %m = arith.muli %y, %m1 : i32 loc("mul":1:1)
  %r = arith.addi %x, %m : i32 loc("add":1:1)
  return %r : i32
}

// The constant operand of the root comes first when it is the root's first operand.
// CHECK-LABEL: func.func @subi_lhs_add_constant
// CHECK-NEXT: arith.constant 4 : i32 loc([[OUTER_C1:#loc[0-9]+]])
// CHECK-NEXT: arith.subi {{.*}} loc([[OUTER_C1]])
func.func @subi_lhs_add_constant(%x: i32) -> i32 {
  %c1 = arith.constant 7 : i32 loc("c1":1:1)
  %c0 = arith.constant 3 : i32 loc("c0":1:1)
  %a = arith.addi %x, %c0 : i32 loc("inner":1:1)
  %r = arith.subi %c1, %a : i32 loc("outer":1:1)
  return %r : i32
}

// CHECK-LABEL: func.func @xori_not_cmpi
// CHECK-NEXT: arith.cmpi sge, {{.*}} loc([[XOR_CMP:#loc[0-9]+]])
func.func @xori_not_cmpi(%a: i32, %b: i32) -> i1 {
  %t = arith.constant true loc("t":1:1)
  %c = arith.cmpi slt, %a, %b : i32 loc("cmp":1:1)
  %r = arith.xori %c, %t : i1 loc("xor":1:1)
  return %r : i1
}

// Three op nodes.
// CHECK-LABEL: func.func @and_of_extui
// CHECK-NEXT: arith.andi {{.*}} loc([[AND_EXTS:#loc[0-9]+]])
// CHECK-NEXT: arith.extui {{.*}} loc([[AND_EXTS]])
func.func @and_of_extui(%a: i8, %b: i8) -> i32 {
  %ea = arith.extui %a : i8 to i32 loc("ea":1:1)
  %eb = arith.extui %b : i8 to i32 loc("eb":1:1)
  %r = arith.andi %ea, %eb : i32 loc("and":1:1)
  return %r : i32
}

// CHECK-LABEL: func.func @select_not_cond
// CHECK-NEXT: arith.select {{.*}} loc([[SEL_T:#loc[0-9]+]])
func.func @select_not_cond(%p: i1, %a: i32, %b: i32) -> i32 {
  %t = arith.constant true loc("t2":1:1)
  %n = arith.xori %p, %t : i1 loc("not":1:1)
  %r = arith.select %n, %a, %b : i32 loc("sel":1:1)
  return %r : i32
}

// One op node: the root's own location.
// CHECK-LABEL: func.func @select_i1_to_not
// CHECK-NEXT: arith.constant true loc([[SEL3:#loc[0-9]+]])
// CHECK-NEXT: arith.xori {{.*}} loc([[SEL3]])
func.func @select_i1_to_not(%p: i1) -> i1 {
  %f = arith.constant false loc("f3":1:1)
  %t = arith.constant true loc("t3":1:1)
  %r = arith.select %p, %f, %t : i1 loc("sel3":1:1)
  return %r : i1
}

// CHECK-LABEL: func.func @subi_subi
// CHECK-NEXT: arith.constant 0 : i32 loc([[S2_S1:#loc[0-9]+]])
// CHECK-NEXT: arith.subi {{.*}} loc([[S2_S1]])
func.func @subi_subi(%x: i32, %y: i32) -> i32 {
  %s = arith.subi %x, %y : i32 loc("s1":1:1)
  %r = arith.subi %s, %x : i32 loc("s2":1:1)
  return %r : i32
}

// A C++ pattern in MLIR.
// CHECK-LABEL: func.func @select_to_extui
// CHECK-NEXT: arith.extui {{.*}} loc([[SEL4:#loc[0-9]+]])
func.func @select_to_extui(%p: i1) -> i32 {
  %one = arith.constant 1 : i32 loc("one":1:1)
  %zero = arith.constant 0 : i32 loc("zero":1:1)
  %r = arith.select %p, %one, %zero : i32 loc("sel4":1:1)
  return %r : i32
}

// CHECK-DAG: [[ADD:#loc[0-9]+]] = loc("add":1:1)
// CHECK-DAG: [[C:#loc[0-9]+]] = loc("c":1:1)
// CHECK-DAG: [[ADD_C]] = loc(fused[[[ADD]], [[C]]])
// CHECK-DAG: [[OUTER:#loc[0-9]+]] = loc("outer":1:1)
// CHECK-DAG: [[C1:#loc[0-9]+]] = loc("c1":1:1)
// CHECK-DAG: [[OUTER_C1]] = loc(fused[[[OUTER]], [[C1]]])
// CHECK-DAG: [[XOR:#loc[0-9]+]] = loc("xor":1:1)
// CHECK-DAG: [[CMP:#loc[0-9]+]] = loc("cmp":1:1)
// CHECK-DAG: [[XOR_CMP]] = loc(fused[[[XOR]], [[CMP]]])
// CHECK-DAG: [[AND:#loc[0-9]+]] = loc("and":1:1)
// CHECK-DAG: [[EA:#loc[0-9]+]] = loc("ea":1:1)
// CHECK-DAG: [[EB:#loc[0-9]+]] = loc("eb":1:1)
// CHECK-DAG: [[AND_EXTS]] = loc(fused[[[AND]], [[EA]], [[EB]]])
// CHECK-DAG: [[SEL:#loc[0-9]+]] = loc("sel":1:1)
// CHECK-DAG: [[T2:#loc[0-9]+]] = loc("t2":1:1)
// CHECK-DAG: [[SEL_T]] = loc(fused[[[SEL]], [[T2]]])
// CHECK-DAG: [[SEL3]] = loc("sel3":1:1)
// CHECK-DAG: [[S2:#loc[0-9]+]] = loc("s2":1:1)
// CHECK-DAG: [[S1:#loc[0-9]+]] = loc("s1":1:1)
// CHECK-DAG: [[S2_S1]] = loc(fused[[[S2]], [[S1]]])
// CHECK-DAG: [[SEL4]] = loc("sel4":1:1)
