// RUN: tile-run %s --entry rearrange | FileCheck %s
// RUN: tile-run %s --entry masks | FileCheck %s
// RUN: tile-run %s --entry elements | FileCheck %s
// RUN: tile-run %s --entry flat_transpose | FileCheck %s
// RUN: tile-opt %s --canonicalize | tile-run - --entry rearrange | FileCheck %s

// Interpreter semantics of the vector ops of tests/filecheck/dialects/vector/more-ops.mlir: each function compares the ops'
// results with constants written out by hand (MLIR's documented semantics) and returns whether all
// are equal.
// CHECK: result#0: i1 = true

func.func private @all2(%eq: vector<2x2xi1>) -> i1 {
  %f = vector.shape_cast %eq : vector<2x2xi1> to vector<4xi1>
  %r = vector.reduction <and>, %f : vector<4xi1> into i1
  return %r : i1
}

func.func private @all6(%eq: vector<6xi1>) -> i1 {
  %r = vector.reduction <and>, %eq : vector<6xi1> into i1
  return %r : i1
}

func.func @rearrange() -> i1 {
  %c = arith.constant dense<[[0, 1, 2], [3, 4, 5]]> : vector<2x3xi32>
  // transpose: [[0, 3], [1, 4], [2, 5]]
  %t = vector.transpose %c, [1, 0] : vector<2x3xi32> to vector<3x2xi32>
  %tf = vector.shape_cast %t : vector<3x2xi32> to vector<6xi32>
  %tw = arith.constant dense<[0, 3, 1, 4, 2, 5]> : vector<6xi32>
  %t_ok = arith.cmpi eq, %tf, %tw : vector<6xi32>
  %a = func.call @all6(%t_ok) : (vector<6xi1>) -> i1
  // extract_strided_slice [0:2, 1:3]: [[1, 2], [4, 5]]
  %e = vector.extract_strided_slice %c {offsets = [0, 1], sizes = [2, 2], strides = [1, 1]} : vector<2x3xi32> to vector<2x2xi32>
  %ew = arith.constant dense<[[1, 2], [4, 5]]> : vector<2x2xi32>
  %e_ok = arith.cmpi eq, %e, %ew : vector<2x2xi32>
  %b = func.call @all2(%e_ok) : (vector<2x2xi1>) -> i1
  // insert_strided_slice of that slice at [0, 0] into 9s: [[1, 2, 9], [4, 5, 9]]
  %z = arith.constant dense<9> : vector<2x3xi32>
  %i = vector.insert_strided_slice %e, %z {offsets = [0, 0], strides = [1, 1]} : vector<2x2xi32> into vector<2x3xi32>
  %if = vector.shape_cast %i : vector<2x3xi32> to vector<6xi32>
  %iw = arith.constant dense<[1, 2, 9, 4, 5, 9]> : vector<6xi32>
  %i_ok = arith.cmpi eq, %if, %iw : vector<6xi32>
  %d = func.call @all6(%i_ok) : (vector<6xi1>) -> i1
  // shuffle rows [1, 3, 0] of c ++ z: [[3, 4, 5], [9, 9, 9], [0, 1, 2]] (rows 1 and 0 checked)
  %s = vector.shuffle %c, %z [1, 3, 0] : vector<2x3xi32>, vector<2x3xi32>
  %s0 = vector.extract %s[0, 2] : i32 from vector<3x3xi32>
  %s1 = vector.extract %s[1, 0] : i32 from vector<3x3xi32>
  %s2 = vector.extract %s[2, 1] : i32 from vector<3x3xi32>
  %c5 = arith.constant 5 : i32
  %c9 = arith.constant 9 : i32
  %c1 = arith.constant 1 : i32
  %s0_ok = arith.cmpi eq, %s0, %c5 : i32
  %s1_ok = arith.cmpi eq, %s1, %c9 : i32
  %s2_ok = arith.cmpi eq, %s2, %c1 : i32
  %r0 = arith.andi %a, %b : i1
  %r1 = arith.andi %r0, %d : i1
  %r2 = arith.andi %r1, %s0_ok : i1
  %r3 = arith.andi %r2, %s1_ok : i1
  %r4 = arith.andi %r3, %s2_ok : i1
  return %r4 : i1
}

func.func @masks() -> i1 {
  // constant_mask [1, 2] of 2x2: [[1, 1], [0, 0]]; create_mask (2, 1): [[1, 0], [1, 0]]
  %m = vector.constant_mask [1, 2] : vector<2x2xi1>
  %mw = arith.constant dense<[[true, true], [false, false]]> : vector<2x2xi1>
  %m_ok = arith.cmpi eq, %m, %mw : vector<2x2xi1>
  %a = func.call @all2(%m_ok) : (vector<2x2xi1>) -> i1
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %n = vector.create_mask %c2, %c1 : vector<2x2xi1>
  %nw = arith.constant dense<[[true, false], [true, false]]> : vector<2x2xi1>
  %n_ok = arith.cmpi eq, %n, %nw : vector<2x2xi1>
  %b = func.call @all2(%n_ok) : (vector<2x2xi1>) -> i1
  %r = arith.andi %a, %b : i1
  return %r : i1
}

func.func @elements() -> i1 {
  %a = arith.constant dense<[1, 2, 3]> : vector<3xi32>
  %b = arith.constant dense<[7, 8, 9]> : vector<3xi32>
  // interleave: [1, 7, 2, 8, 3, 9]; deinterleave gives a and b back
  %il = vector.interleave %a, %b : vector<3xi32> -> vector<6xi32>
  %ilw = arith.constant dense<[1, 7, 2, 8, 3, 9]> : vector<6xi32>
  %il_ok = arith.cmpi eq, %il, %ilw : vector<6xi32>
  %x = func.call @all6(%il_ok) : (vector<6xi1>) -> i1
  %ev, %od = vector.deinterleave %il : vector<6xi32> -> vector<3xi32>
  %both = vector.interleave %od, %ev : vector<3xi32> -> vector<6xi32>
  %bw = arith.constant dense<[7, 1, 8, 2, 9, 3]> : vector<6xi32>
  %b_ok = arith.cmpi eq, %both, %bw : vector<6xi32>
  %y = func.call @all6(%b_ok) : (vector<6xi1>) -> i1
  // step: [0, 1, 2, 3, 4, 5]; from_elements; extractelement/insertelement
  %st = vector.step : vector<6xindex>
  %stw = arith.constant dense<[0, 1, 2, 3, 4, 5]> : vector<6xindex>
  %st_ok = arith.cmpi eq, %st, %stw : vector<6xindex>
  %z = func.call @all6(%st_ok) : (vector<6xi1>) -> i1
  %c4 = arith.constant 4 : i32
  %c6 = arith.constant 6 : i32
  %fe = vector.from_elements %c4, %c6, %c4, %c6, %c6, %c4 : vector<6xi32>
  %few = arith.constant dense<[4, 6, 4, 6, 6, 4]> : vector<6xi32>
  %fe_ok = arith.cmpi eq, %fe, %few : vector<6xi32>
  %w = func.call @all6(%fe_ok) : (vector<6xi1>) -> i1
  %i1 = arith.constant 1 : index
  %ins = vector.insertelement %c4, %a[%i1 : index] : vector<3xi32>
  %got = vector.extractelement %ins[%i1 : index] : vector<3xi32>
  %g_ok = arith.cmpi eq, %got, %c4 : i32
  %r0 = arith.andi %x, %y : i1
  %r1 = arith.andi %r0, %z : i1
  %r2 = arith.andi %r1, %w : i1
  %r3 = arith.andi %r2, %g_ok : i1
  return %r3 : i1
}

// flat_transpose: [0..5] as a 2x3 matrix stored column-major (columns [0, 1], [2, 3], [4, 5]),
// transposed into a 3x2 one stored column-major: [0, 2, 4, 1, 3, 5].
func.func @flat_transpose() -> i1 {
  %m = arith.constant dense<[0, 1, 2, 3, 4, 5]> : vector<6xi32>
  %t = vector.flat_transpose %m {rows = 2 : i32, columns = 3 : i32} : vector<6xi32> -> vector<6xi32>
  %w = arith.constant dense<[0, 2, 4, 1, 3, 5]> : vector<6xi32>
  %eq = arith.cmpi eq, %t, %w : vector<6xi32>
  %r = call @all6(%eq) : (vector<6xi1>) -> i1
  return %r : i1
}
