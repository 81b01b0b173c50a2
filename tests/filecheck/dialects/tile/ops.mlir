// RUN: tile-opt %s | tile-opt | FileCheck %s
// RUN: tile-opt %s --mlir-print-op-generic | tile-opt | FileCheck %s
// RUN: tile-opt %s --mlir-print-op-generic | FileCheck %s --check-prefix=GENERIC

// Every tile op in its custom form; the generic form must read back to the same custom text.

#blocked = #tile.blocked<sizePerThread = [1, 4], threadsPerWarp = [8, 4], warpsPerGroup = [4, 1], order = [1, 0]>
#shared = #tile.shared<vec = 8, perPhase = 2, maxPhase = 4, order = [1, 0]>

// CHECK-LABEL: func.func @memory(
// CHECK-SAME:      %[[A:.*]]: memref<1000x2000xf32>, %[[I:.*]]: index, %[[J:.*]]: index)
func.func @memory(%A: memref<1000x2000xf32>, %i: index, %j: index) {
  // CHECK-NEXT: %[[T:.*]] = tile.load %[[A]][%[[I]], %[[J]]] : memref<1000x2000xf32> -> tensor<32x64xf32>
  %t = tile.load %A[%i, %j] : memref<1000x2000xf32> -> tensor<32x64xf32>
  // CHECK-NEXT: tile.load %[[A]][%[[I]], %[[J]]] in_bounds padding(1.000000e+00 : f32) : memref<1000x2000xf32> -> tensor<32x64xf32, #tile.blocked<sizePerThread = [1, 4], threadsPerWarp = [8, 4], warpsPerGroup = [4, 1], order = [1, 0]>>
  %t2 = tile.load %A[%i, %j] in_bounds padding(1.0 : f32) : memref<1000x2000xf32> -> tensor<32x64xf32, #blocked>
  // CHECK-NEXT: tile.load %[[A]][%[[I]], %[[J]]] padding(-1.000000e+00 : f32) {foo} : memref<1000x2000xf32> -> tensor<64xf32>
  %row = tile.load %A[%i, %j] padding(-1.0 : f32) {foo} : memref<1000x2000xf32> -> tensor<64xf32>
  // CHECK-NEXT: tile.store %[[T]], %[[A]][%[[I]], %[[J]]] : tensor<32x64xf32> -> memref<1000x2000xf32>
  tile.store %t, %A[%i, %j] : tensor<32x64xf32> -> memref<1000x2000xf32>
  // CHECK-NEXT: tile.store %[[T]], %[[A]][%[[I]], %[[J]]] in_bounds : tensor<32x64xf32> -> memref<1000x2000xf32>
  tile.store %t, %A[%i, %j] in_bounds : tensor<32x64xf32> -> memref<1000x2000xf32>
  // CHECK-NEXT: %[[BUF:.*]] = tile.alloc : memref<2x64x32xf16, #gpu.address_space<workgroup>>
  %buf = tile.alloc : memref<2x64x32xf16, #gpu.address_space<workgroup>>
  // CHECK-NEXT: tile.alloc layout #tile.shared<vec = 8, perPhase = 2, maxPhase = 4, order = [1, 0]> : memref<64x32xf16, #gpu.address_space<workgroup>>
  %sbuf = tile.alloc layout #shared : memref<64x32xf16, #gpu.address_space<workgroup>>
  // CHECK-NEXT: %[[H:.*]] = tile.load %[[BUF]][%[[I]], %[[I]], %[[J]]] : memref<2x64x32xf16, #gpu.address_space<workgroup>> -> tensor<64x32xf16>
  %h = tile.load %buf[%i, %i, %j] : memref<2x64x32xf16, #gpu.address_space<workgroup>> -> tensor<64x32xf16>
  // CHECK-NEXT: tile.store %[[H]], %[[BUF]][%[[J]], %[[I]], %[[J]]] : tensor<64x32xf16> -> memref<2x64x32xf16, #gpu.address_space<workgroup>>
  tile.store %h, %buf[%j, %i, %j] : tensor<64x32xf16> -> memref<2x64x32xf16, #gpu.address_space<workgroup>>
  // CHECK-NEXT: tile.view %[[A]][%[[I]], %[[J]]] tile [32, 64] : memref<1000x2000xf32> -> memref<?x?xf32, strided<[2000, 1], offset: ?>>
  %v = tile.view %A[%i, %j] tile [32, 64] : memref<1000x2000xf32> -> memref<?x?xf32, strided<[2000, 1], offset: ?>>
  // CHECK-NEXT: tile.view %[[A]][%[[I]], %[[J]]] tile [40, 80] : memref<1000x2000xf32> -> memref<40x80xf32, strided<[2000, 1], offset: ?>>
  %v2 = tile.view %A[%i, %j] tile [40, 80] : memref<1000x2000xf32> -> memref<40x80xf32, strided<[2000, 1], offset: ?>>
  // CHECK-NEXT: return
  return
}

// CHECK-LABEL: func.func @compute(
// CHECK-SAME:      %[[T:.*]]: tensor<32x64xf32>, %[[S:.*]]: f32, %[[X:.*]]: tensor<8xi32>)
func.func @compute(%t: tensor<32x64xf32>, %s: f32, %x: tensor<8xi32>) -> f32 {
  // CHECK-NEXT: %[[R:.*]] = tile.reduce add %[[T]] axis 1 : tensor<32x64xf32> -> tensor<32xf32>
  %r = tile.reduce add %t axis 1 : tensor<32x64xf32> -> tensor<32xf32>
  // CHECK-NEXT: tile.reduce xor %[[X]] axis 0 : tensor<8xi32> -> i32
  %xr = tile.reduce xor %x axis 0 : tensor<8xi32> -> i32
  // CHECK-NEXT: %[[M:.*]] = tile.reduce %[[R]] axis 0 : tensor<32xf32> -> f32 {
  // CHECK-NEXT: ^bb0(%[[P:.*]]: f32, %[[Q:.*]]: f32):
  // CHECK-NEXT:   %[[MX:.*]] = arith.maximumf %[[P]], %[[Q]] : f32
  // CHECK-NEXT:   tile.yield %[[MX]] : f32
  // CHECK-NEXT: }
  %m = tile.reduce %r axis 0 : tensor<32xf32> -> f32 {
  ^bb0(%a: f32, %b: f32):
    %mx = arith.maximumf %a, %b : f32
    tile.yield %mx : f32
  }
  // CHECK-NEXT: %[[B:.*]] = tile.broadcast %[[R]] dims [1] : tensor<32xf32> -> tensor<32x64xf32>
  %b = tile.broadcast %r dims [1] : tensor<32xf32> -> tensor<32x64xf32>
  // CHECK-NEXT: tile.broadcast %[[R]] : tensor<32xf32> -> tensor<16x32xf32>
  %b2 = tile.broadcast %r : tensor<32xf32> -> tensor<16x32xf32>
  // CHECK-NEXT: %[[Z:.*]] = tile.splat %[[S]] : tensor<32x64xf32>
  %z = tile.splat %s : tensor<32x64xf32>
  // CHECK-NEXT: %[[TR:.*]] = tile.transpose %[[Z]] : tensor<32x64xf32> -> tensor<64x32xf32, #tile.blocked<sizePerThread = [1, 4], threadsPerWarp = [8, 4], warpsPerGroup = [4, 1], order = [1, 0]>>
  %tr = tile.transpose %z : tensor<32x64xf32> -> tensor<64x32xf32, #blocked>
  // CHECK-NEXT: tile.transpose %[[TR]] : tensor<64x32xf32, #tile.blocked<{{.*}}>> -> tensor<32x64xf32>
  %tr2 = tile.transpose %tr : tensor<64x32xf32, #blocked> -> tensor<32x64xf32>
  // CHECK-NEXT: tile.cast %[[Z]] : tensor<32x64xf32> to tensor<32x64xf16, #tile.blocked<sizePerThread = [1, 4], threadsPerWarp = [8, 4], warpsPerGroup = [4, 1], order = [1, 0]>>
  %c = tile.cast %z : tensor<32x64xf32> to tensor<32x64xf16, #blocked>
  // Elementwise math on tiles is arith/math on tensors.
  // CHECK-NEXT: %[[SUM:.*]] = arith.addf %[[T]], %[[B]] : tensor<32x64xf32>
  %sum = arith.addf %t, %b : tensor<32x64xf32>
  // CHECK-NEXT: math.exp %[[SUM]] : tensor<32x64xf32>
  %e = math.exp %sum : tensor<32x64xf32>
  // CHECK-NEXT: return %[[M]] : f32
  return %m : f32
}

// CHECK-LABEL: func.func @dot(
// CHECK-SAME:      %[[A:.*]]: tensor<64x32xf16>, %[[B:.*]]: tensor<32x64xf16>, %[[C:.*]]: tensor<64x64xf32>, %[[F:.*]]: tensor<16x8xf32>, %[[G:.*]]: tensor<8x16xf32>)
func.func @dot(%a: tensor<64x32xf16>, %b: tensor<32x64xf16>, %c: tensor<64x64xf32>, %f: tensor<16x8xf32>, %g: tensor<8x16xf32>) {
  // CHECK-NEXT: tile.dot %[[A]], %[[B]], %[[C]] : tensor<64x32xf16>, tensor<32x64xf16> -> tensor<64x64xf32>
  %d = tile.dot %a, %b, %c : tensor<64x32xf16>, tensor<32x64xf16> -> tensor<64x64xf32>
  // CHECK-NEXT: %[[ACC:.*]] = arith.constant dense<0.000000e+00> : tensor<16x16xf32>
  // CHECK-NEXT: tile.dot %[[F]], %[[G]], %[[ACC]] : tensor<16x8xf32>, tensor<8x16xf32> -> tensor<16x16xf32>
  %acc = arith.constant dense<0.0> : tensor<16x16xf32>
  %d2 = tile.dot %f, %g, %acc : tensor<16x8xf32>, tensor<8x16xf32> -> tensor<16x16xf32>
  return
}

// CHECK-LABEL: func.func @whole_problem(
// CHECK-SAME:      %[[A:.*]]: memref<128x64xf16>, %[[B:.*]]: memref<128x64xf16>, %[[C:.*]]: memref<128x128xf32>, %[[D:.*]]: memref<64x128xf32>, %[[E:.*]]: memref<?x?xf32>)
func.func @whole_problem(%A: memref<128x64xf16>, %B: memref<128x64xf16>, %C: memref<128x128xf32>, %D: memref<64x128xf32>, %E: memref<?x?xf32>) {
  // CHECK-NEXT: tile.matmul %[[A]], %[[B]], %[[C]] transpose_b accumulate : memref<128x64xf16>, memref<128x64xf16>, memref<128x128xf32>
  tile.matmul %A, %B, %C transpose_b accumulate : memref<128x64xf16>, memref<128x64xf16>, memref<128x128xf32>
  // CHECK-NEXT: tile.matmul %[[D]], %[[D]], %[[E]] transpose_a : memref<64x128xf32>, memref<64x128xf32>, memref<?x?xf32>
  tile.matmul %D, %D, %E transpose_a : memref<64x128xf32>, memref<64x128xf32>, memref<?x?xf32>
  // CHECK-NEXT: tile.map ins(%[[D]] : memref<64x128xf32>) outs(%[[D]], %[[E]] : memref<64x128xf32>, memref<?x?xf32>) attributes {tile.note = "in place"} {
  // CHECK-NEXT: ^bb0(%[[IN:.*]]: f32):
  // CHECK-NEXT:   %[[N:.*]] = arith.negf %[[IN]] : f32
  // CHECK-NEXT:   tile.yield %[[N]], %[[IN]] : f32, f32
  // CHECK-NEXT: }
  tile.map ins(%D : memref<64x128xf32>) outs(%D, %E : memref<64x128xf32>, memref<?x?xf32>) attributes {tile.note = "in place"} {
  ^bb0(%x: f32):
    %n = arith.negf %x : f32
    tile.yield %n, %x : f32, f32
  }
  // A fill: no inputs.
  // CHECK-NEXT: tile.map outs(%[[E]] : memref<?x?xf32>) {
  // CHECK-NEXT:   %[[Z:.*]] = arith.constant 0.000000e+00 : f32
  // CHECK-NEXT:   tile.yield %[[Z]] : f32
  // CHECK-NEXT: }
  tile.map outs(%E : memref<?x?xf32>) {
    %z = arith.constant 0.0 : f32
    tile.yield %z : f32
  }
  return
}

// Schedule annotations are discardable attributes and survive round trips.
// CHECK-LABEL: func.func @annotations(
// CHECK:       tile.load {{.*}} {tile.order = 1 : i64, tile.stage = 0 : i64} : memref<64xf32> -> tensor<16xf32>
func.func @annotations(%A: memref<64xf32>, %i: index) {
  %t = tile.load %A[%i] {tile.stage = 0, tile.order = 1} : memref<64xf32> -> tensor<16xf32>
  return
}

// GENERIC: "tile.load"(%{{.*}}, %{{.*}}, %{{.*}}) <{in_bounds, padding = 1.000000e+00 : f32}> : (memref<1000x2000xf32>, index, index) -> tensor<32x64xf32, #tile.blocked<sizePerThread = [1, 4], threadsPerWarp = [8, 4], warpsPerGroup = [4, 1], order = [1, 0]>>
// GENERIC: "tile.alloc"() <{layout = #tile.shared<vec = 8, perPhase = 2, maxPhase = 4, order = [1, 0]>}> : () -> memref<64x32xf16, #gpu.address_space<workgroup>>
// GENERIC: "tile.view"(%{{.*}}, %{{.*}}, %{{.*}}) <{tile = array<i64: 32, 64>}>
// GENERIC: "tile.reduce"(%{{.*}}) <{axis = 1 : i64, kind = #tile.reduce_kind<add>}> ({
// GENERIC-NEXT: }) : (tensor<32x64xf32>) -> tensor<32xf32>
// GENERIC: "tile.broadcast"(%{{.*}}) <{dims = array<i64: 1>}> : (tensor<32xf32>) -> tensor<32x64xf32>
// GENERIC: "tile.transpose"(%{{.*}}) : (tensor<32x64xf32>) -> tensor<64x32xf32, #tile.blocked<sizePerThread = [1, 4], threadsPerWarp = [8, 4], warpsPerGroup = [4, 1], order = [1, 0]>>
// GENERIC: "tile.matmul"(%{{.*}}, %{{.*}}, %{{.*}}) <{accumulate, transpose_b}> : (memref<128x64xf16>, memref<128x64xf16>, memref<128x128xf32>) -> ()
// GENERIC: "tile.map"(%{{.*}}, %{{.*}}, %{{.*}}) <{operandSegmentSizes = array<i32: 1, 2>}> ({

// A row reduction's result in the slice of its input's layout along the reduced axis, and its
// broadcast back: the parent layout prints in full inside the slice.
// CHECK-LABEL: func.func @slice_layout(
// CHECK-NEXT: tile.reduce max %{{.*}} axis 1 : tensor<32x64xf32, #tile.blocked<sizePerThread = [4, 4], threadsPerWarp = [2, 16], warpsPerGroup = [4, 1], order = [1, 0]>> -> tensor<32xf32, #tile.slice<dim = 1, parent = #tile.blocked<sizePerThread = [4, 4], threadsPerWarp = [2, 16], warpsPerGroup = [4, 1], order = [1, 0]>>>
// CHECK-NEXT: tile.broadcast %{{.*}} dims [1] : tensor<32xf32, #tile.slice<dim = 1, parent = #tile.blocked<{{.*}}>>> -> tensor<32x64xf32, #tile.blocked<{{.*}}>>
#rows = #tile.blocked<sizePerThread = [4, 4], threadsPerWarp = [2, 16], warpsPerGroup = [4, 1], order = [1, 0]>
func.func @slice_layout(%t: tensor<32x64xf32, #rows>) -> tensor<32x64xf32, #rows> {
  %m = tile.reduce max %t axis 1 : tensor<32x64xf32, #rows> -> tensor<32xf32, #tile.slice<dim = 1, parent = #rows>>
  %b = tile.broadcast %m dims [1] : tensor<32xf32, #tile.slice<dim = 1, parent = #rows>> -> tensor<32x64xf32, #rows>
  return %b : tensor<32x64xf32, #rows>
}
