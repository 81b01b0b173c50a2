// RUN: tile-opt %s | tile-opt | FileCheck %s
// RUN: tile-opt %s --mlir-print-op-generic | tile-opt | FileCheck %s
// RUN: tile-opt %s --mlir-print-op-generic | FileCheck %s --check-prefix=GENERIC

// CHECK-LABEL: func.func @copies(
// CHECK-SAME:      %[[A:.*]]: memref<1000x512xf16>, %[[BUF:.*]]: memref<3x64x32xf16, #gpu.address_space<workgroup>>, %[[I:.*]]: index, %[[K:.*]]: index, %[[S:.*]]: index, %[[G:.*]]: memref<8xf32, #gpu.address_space<global>>, %[[W:.*]]: memref<8xf32, #gpu.address_space<workgroup>>)
func.func @copies(%A: memref<1000x512xf16>, %buf: memref<3x64x32xf16, #gpu.address_space<workgroup>>, %i: index, %k: index, %s: index,
                  %g: memref<8xf32, #gpu.address_space<global>>, %w: memref<8xf32, #gpu.address_space<workgroup>>) {
  // CHECK-NEXT: %[[C0:.*]] = arith.constant 0 : index
  %c0 = arith.constant 0 : index
  // CHECK-NEXT: %[[T0:.*]] = async.copy %[[A]][%[[I]], %[[K]]], %[[BUF]][%[[S]], %[[C0]], %[[C0]]] shape [64, 32] : memref<1000x512xf16> to memref<3x64x32xf16, #gpu.address_space<workgroup>>
  %t0 = async.copy %A[%i, %k], %buf[%s, %c0, %c0] shape [64, 32] : memref<1000x512xf16> to memref<3x64x32xf16, #gpu.address_space<workgroup>>
  // CHECK-NEXT: %[[T1:.*]] = async.copy %[[A]][%[[I]], %[[K]]], %[[BUF]][%[[S]], %[[C0]], %[[C0]]] shape [64, 32] masked : memref<1000x512xf16> to memref<3x64x32xf16, #gpu.address_space<workgroup>>
  %t1 = async.copy %A[%i, %k], %buf[%s, %c0, %c0] shape [64, 32] masked : memref<1000x512xf16> to memref<3x64x32xf16, #gpu.address_space<workgroup>>
  // A copy chained after two earlier ones (a DMA chain).
  // CHECK-NEXT: %[[T2:.*]] = async.copy %[[G]][%[[C0]]], %[[W]][%[[C0]]] shape [8] masked after %[[T0]], %[[T1]] {foo} : memref<8xf32, #gpu.address_space<global>> to memref<8xf32, #gpu.address_space<workgroup>>
  %t2 = async.copy %g[%c0], %w[%c0] shape [8] masked after %t0, %t1 {foo} : memref<8xf32, #gpu.address_space<global>> to memref<8xf32, #gpu.address_space<workgroup>>
  // CHECK-NEXT: %[[G0:.*]] = async.commit %[[T0]], %[[T1]]
  %g0 = async.commit %t0, %t1
  // CHECK-NEXT: %[[G1:.*]] = async.commit %[[T2]]
  %g1 = async.commit %t2
  // An empty group keeps wait counts uniform in a pipeline's epilogue.
  // CHECK-NEXT: %[[G2:.*]] = async.commit{{$}}
  %g2 = async.commit
  // CHECK-NEXT: async.wait 2 for %[[G0]]{{$}}
  async.wait 2 for %g0
  // CHECK-NEXT: async.wait 1 for %[[G0]], %[[G1]]{{$}}
  async.wait 1 for %g0, %g1
  // CHECK-NEXT: async.wait 0{{$}}
  async.wait 0
  // CHECK-NEXT: async.wait all{{$}}
  async.wait all
  // CHECK-NEXT: async.wait all for %[[G2]] {foo}
  async.wait all for %g2 {foo}
  return
}

// A predicate switches a copy off (a pipeline's iterations past the end); it comes after
// `masked` and before `after`.
// CHECK-LABEL: func.func @predicated(
// CHECK-SAME:      %[[A:.*]]: memref<64x32xf16>, %[[BUF:.*]]: memref<64x32xf16, #gpu.address_space<workgroup>>, %[[I:.*]]: index, %[[P:.*]]: i1)
func.func @predicated(%A: memref<64x32xf16>, %buf: memref<64x32xf16, #gpu.address_space<workgroup>>, %i: index, %p: i1) {
  // CHECK-NEXT: %[[T0:.*]] = async.copy %[[A]][%[[I]], %[[I]]], %[[BUF]][%[[I]], %[[I]]] shape [64, 32] if %[[P]] : memref<64x32xf16> to memref<64x32xf16, #gpu.address_space<workgroup>>
  %t0 = async.copy %A[%i, %i], %buf[%i, %i] shape [64, 32] if %p : memref<64x32xf16> to memref<64x32xf16, #gpu.address_space<workgroup>>
  // CHECK-NEXT: %[[T1:.*]] = async.copy %[[A]][%[[I]], %[[I]]], %[[BUF]][%[[I]], %[[I]]] shape [64, 32] masked if %[[P]] after %[[T0]] {foo} : memref<64x32xf16> to memref<64x32xf16, #gpu.address_space<workgroup>>
  %t1 = async.copy %A[%i, %i], %buf[%i, %i] shape [64, 32] masked if %p after %t0 {foo} : memref<64x32xf16> to memref<64x32xf16, #gpu.address_space<workgroup>>
  // CHECK-NEXT: async.commit %[[T0]], %[[T1]]
  %g = async.commit %t0, %t1
  async.wait 0
  return
}

// Tokens and groups are ordinary values: they cross function boundaries and loop iterations.
// CHECK-LABEL: func.func @values(
// CHECK-SAME:      %{{.*}}: !async.token, %{{.*}}: !async.group) -> (!async.token, !async.group)
func.func @values(%t: !async.token, %g: !async.group) -> (!async.token, !async.group) {
  return %t, %g : !async.token, !async.group
}

// GENERIC-LABEL: "func.func"() <{function_type = (memref<1000x512xf16>
// GENERIC: "async.copy"(%{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}) <{operandSegmentSizes = array<i32: 1, 2, 1, 3, 0, 0>, shape = array<i64: 64, 32>}> : (memref<1000x512xf16>, index, index, memref<3x64x32xf16, #gpu.address_space<workgroup>>, index, index, index) -> !async.token
// GENERIC: "async.copy"({{.*}}) <{masked, operandSegmentSizes = array<i32: 1, 1, 1, 1, 2, 0>, shape = array<i64: 8>}> {foo} : (memref<8xf32, #gpu.address_space<global>>, index, memref<8xf32, #gpu.address_space<workgroup>>, index, !async.token, !async.token) -> !async.token
// GENERIC: "async.commit"(%{{.*}}, %{{.*}}) : (!async.token, !async.token) -> !async.group
// GENERIC: "async.commit"() : () -> !async.group
// GENERIC: "async.wait"(%{{.*}}) <{pending = 2 : i64}> : (!async.group) -> ()
// GENERIC: "async.wait"() <{pending = 0 : i64}> : () -> ()
// GENERIC: "async.wait"() : () -> ()
// GENERIC-LABEL: sym_name = "predicated"
// GENERIC: "async.copy"({{.*}}) <{operandSegmentSizes = array<i32: 1, 2, 1, 2, 0, 1>, shape = array<i64: 64, 32>}> : (memref<64x32xf16>, index, index, memref<64x32xf16, #gpu.address_space<workgroup>>, index, index, i1) -> !async.token
// GENERIC: "async.copy"({{.*}}) <{masked, operandSegmentSizes = array<i32: 1, 2, 1, 2, 1, 1>, shape = array<i64: 64, 32>}> {foo} : (memref<64x32xf16>, index, index, memref<64x32xf16, #gpu.address_space<workgroup>>, index, index, !async.token, i1) -> !async.token
