// RUN: tile-opt %s | tile-opt | FileCheck %s
// RUN: tile-opt %s --mlir-print-op-generic | tile-opt | FileCheck %s
// RUN: tile-opt %s --mlir-print-op-generic | FileCheck %s --check-prefix=GENERIC
// RUN: tile-opt %s --canonicalize | FileCheck %s --check-prefix=CANON

// gpu.subgroup_reduce as mlir-opt 19 prints it (two spaces before the operation keyword: the
// custom directive prints its own), on scalars and 1-D vectors, with and without `uniform`.

// CHECK-LABEL: func.func @reductions(
// CHECK: gpu.subgroup_reduce  add %a : (f32) -> f32
// CHECK: gpu.subgroup_reduce  maxnumf %v uniform {tag} : (vector<4xf32>) -> vector<4xf32>
// CHECK: gpu.subgroup_reduce  xor %i : (vector<2xi32>) -> vector<2xi32>
// GENERIC: "gpu.subgroup_reduce"(%{{.*}}) <{op = #gpu<all_reduce_op add>}> : (f32) -> f32
// GENERIC: "gpu.subgroup_reduce"(%{{.*}}) <{op = #gpu<all_reduce_op maxnumf>, uniform}> {tag} : (vector<4xf32>) -> vector<4xf32>
func.func @reductions(%a: f32, %v: vector<4xf32>, %i: vector<2xi32>) -> (f32, vector<4xf32>, vector<2xi32>) {
  %0 = gpu.subgroup_reduce add %a : (f32) -> f32
  %1 = gpu.subgroup_reduce maxnumf %v uniform {tag} : (vector<4xf32>) -> vector<4xf32>
  %2 = "gpu.subgroup_reduce"(%i) {op = #gpu<all_reduce_op xor>} : (vector<2xi32>) -> vector<2xi32>
  return %0, %1, %2 : f32, vector<4xf32>, vector<2xi32>
}

// In the entry block of a gpu.launch every lane reaches the reduction: the fold marks it uniform.
// CANON-LABEL: func.func @in_launch(
// CANON: gpu.subgroup_reduce  mul %{{.*}} uniform : (i32) -> i32
// CANON: scf.if
// CANON: gpu.subgroup_reduce  mul %{{.*}} : (i32) -> i32
func.func @in_launch(%c: i1, %x: i32, %m: memref<2xi32>) {
  %c1 = arith.constant 1 : index
  %c0 = arith.constant 0 : index
  gpu.launch blocks(%bx, %by, %bz) in (%sbx = %c1, %sby = %c1, %sbz = %c1)
             threads(%tx, %ty, %tz) in (%stx = %c1, %sty = %c1, %stz = %c1) {
    %r = gpu.subgroup_reduce mul %x : (i32) -> i32
    memref.store %r, %m[%c0] : memref<2xi32>
    scf.if %c {
      %s = gpu.subgroup_reduce mul %x : (i32) -> i32
      memref.store %s, %m[%c1] : memref<2xi32>
    }
    gpu.terminator
  }
  return
}
