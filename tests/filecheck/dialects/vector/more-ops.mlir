// RUN: tile-opt %s --allow-unregistered-dialect | FileCheck %s
// RUN: tile-opt %s --allow-unregistered-dialect --mlir-print-op-generic | tile-opt --allow-unregistered-dialect | FileCheck %s

// The vector ops of MLIR 19 beyond load/store/broadcast/extract/insert/reduction/transfer: each custom
// form round-trips, and the expected text is mlir-opt 19 output for this input (contract prints its
// trait dictionary with iterator types as strings, outerproduct its attributes only after an
// accumulator, mask its op inline without results, deinterleave and scan their result names).

#matmat = {indexing_maps = [affine_map<(i, j, k) -> (i, k)>, affine_map<(i, j, k) -> (k, j)>, affine_map<(i, j, k) -> (i, j)>], iterator_types = ["parallel", "parallel", "reduction"]}
"test.func"() ({
^bb0(%i: index, %f: f32, %v4: vector<4xf32>, %v8: vector<8xf32>, %m23: vector<2x3xf32>, %m34: vector<3x4xf32>, %m24: vector<2x4xf32>, %v0: vector<f32>, %mask4: vector<4xi1>, %mem: memref<?x?xf32>, %iv: vector<4xi32>, %m2: vector<2x4xi1>, %t: vector<4x8xf32>):
  %0 = vector.transpose %m23, [1, 0] : vector<2x3xf32> to vector<3x2xf32>
  %1 = vector.shape_cast %m23 : vector<2x3xf32> to vector<6xf32>
  %2 = vector.bitcast %v4 : vector<4xf32> to vector<8xf16>
  %3 = vector.extract_strided_slice %m34 {offsets = [1], sizes = [2], strides = [1]} : vector<3x4xf32> to vector<2x4xf32>
  %4 = vector.insert_strided_slice %m24, %m34 {offsets = [1, 0], strides = [1, 1]} : vector<2x4xf32> into vector<3x4xf32>
  %5 = vector.shuffle %v4, %v8 [0, 11, 3] : vector<4xf32>, vector<8xf32>
  %6 = vector.shuffle %v0, %v0 [1, 0] : vector<f32>, vector<f32>
  %7 = vector.interleave %v4, %v4 : vector<4xf32> -> vector<8xf32>
  %8, %9 = vector.deinterleave %v8 : vector<8xf32> -> vector<4xf32>
  %10 = vector.from_elements %f, %f : vector<2xf32>
  %11 = vector.step : vector<4xindex>
  %12 = vector.extractelement %v4[%i : index] : vector<4xf32>
  %13 = vector.extractelement %v0[] : vector<f32>
  %14 = vector.insertelement %f, %v4[%i : index] : vector<4xf32>
  %15 = vector.constant_mask [2, 3] : vector<4x8xi1>
  %16 = vector.create_mask %i, %i : vector<4x8xi1>
  %17 = vector.gather %mem[%i, %i] [%iv], %mask4, %v4 : memref<?x?xf32>, vector<4xi32>, vector<4xi1>, vector<4xf32> into vector<4xf32>
  vector.scatter %mem[%i, %i] [%iv], %mask4, %v4 : memref<?x?xf32>, vector<4xi32>, vector<4xi1>, vector<4xf32>
  %18 = vector.maskedload %mem[%i, %i], %mask4, %v4 : memref<?x?xf32>, vector<4xi1>, vector<4xf32> into vector<4xf32>
  vector.maskedstore %mem[%i, %i], %mask4, %v4 : memref<?x?xf32>, vector<4xi1>, vector<4xf32>
  %19 = vector.expandload %mem[%i, %i], %mask4, %v4 : memref<?x?xf32>, vector<4xi1>, vector<4xf32> into vector<4xf32>
  vector.compressstore %mem[%i, %i], %mask4, %v4 : memref<?x?xf32>, vector<4xi1>, vector<4xf32>
  %20 = vector.multi_reduction <add>, %m24, %v4 [0] : vector<2x4xf32> to vector<4xf32>
  %21 = vector.multi_reduction <maxnumf>, %m24, %f [0, 1] : vector<2x4xf32> to f32
  %22 = vector.outerproduct %v4, %v8 : vector<4xf32>, vector<8xf32>
  %23 = vector.outerproduct %v4, %v8, %t {kind = #vector.kind<mul>} : vector<4xf32>, vector<8xf32>
  %24 = vector.outerproduct %v4, %f : vector<4xf32>, f32
  %25 = vector.contract #matmat %m23, %m34, %m24 : vector<2x3xf32>, vector<3x4xf32> into vector<2x4xf32>
  %26, %27 = vector.scan <add>, %m24, %v4 {inclusive = true, reduction_dim = 0} : vector<2x4xf32>, vector<4xf32>
  %28 = vector.vscale
  %29 = vector.mask %mask4 { vector.reduction <add>, %v4 : vector<4xf32> into f32 } : vector<4xi1> -> f32
  %30 = vector.mask %m2 { vector.multi_reduction <add>, %m24, %v4 [0] : vector<2x4xf32> to vector<4xf32> } : vector<2x4xi1> -> vector<4xf32>
  %31 = vector.mask %mask4 { vector.yield %v4 : vector<4xf32> } : vector<4xi1> -> vector<4xf32>
  "test.use"(%0, %1, %2, %3, %4, %5, %6, %7, %8, %9, %10, %11, %12, %13, %14, %15, %16, %17, %18, %19, %20, %21, %22, %23, %24, %25, %26, %27, %28, %29, %30, %31) : (vector<3x2xf32>, vector<6xf32>, vector<8xf16>, vector<2x4xf32>, vector<3x4xf32>, vector<3xf32>, vector<2xf32>, vector<8xf32>, vector<4xf32>, vector<4xf32>, vector<2xf32>, vector<4xindex>, f32, f32, vector<4xf32>, vector<4x8xi1>, vector<4x8xi1>, vector<4xf32>, vector<4xf32>, vector<4xf32>, vector<4xf32>, f32, vector<4x8xf32>, vector<4x8xf32>, vector<4xf32>, vector<2x4xf32>, vector<2x4xf32>, vector<4xf32>, index, f32, vector<4xf32>, vector<4xf32>) -> ()
  "test.return"() : () -> ()
}) : () -> ()

// CHECK: #map = affine_map<(d0, d1, d2) -> (d0, d2)>
// CHECK-NEXT: #map1 = affine_map<(d0, d1, d2) -> (d2, d1)>
// CHECK-NEXT: #map2 = affine_map<(d0, d1, d2) -> (d0, d1)>
// CHECK-NEXT: module {
// CHECK-NEXT:   "test.func"() ({
// CHECK-NEXT:   ^bb0(%arg0: index, %arg1: f32, %arg2: vector<4xf32>, %arg3: vector<8xf32>, %arg4: vector<2x3xf32>, %arg5: vector<3x4xf32>, %arg6: vector<2x4xf32>, %arg7: vector<f32>, %arg8: vector<4xi1>, %arg9: memref<?x?xf32>, %arg10: vector<4xi32>, %arg11: vector<2x4xi1>, %arg12: vector<4x8xf32>):
// CHECK-NEXT:     %0 = vector.transpose %arg4, [1, 0] : vector<2x3xf32> to vector<3x2xf32>
// CHECK-NEXT:     %1 = vector.shape_cast %arg4 : vector<2x3xf32> to vector<6xf32>
// CHECK-NEXT:     %2 = vector.bitcast %arg2 : vector<4xf32> to vector<8xf16>
// CHECK-NEXT:     %3 = vector.extract_strided_slice %arg5 {offsets = [1], sizes = [2], strides = [1]} : vector<3x4xf32> to vector<2x4xf32>
// CHECK-NEXT:     %4 = vector.insert_strided_slice %arg6, %arg5 {offsets = [1, 0], strides = [1, 1]} : vector<2x4xf32> into vector<3x4xf32>
// CHECK-NEXT:     %5 = vector.shuffle %arg2, %arg3 [0, 11, 3] : vector<4xf32>, vector<8xf32>
// CHECK-NEXT:     %6 = vector.shuffle %arg7, %arg7 [1, 0] : vector<f32>, vector<f32>
// CHECK-NEXT:     %7 = vector.interleave %arg2, %arg2 : vector<4xf32> -> vector<8xf32>
// CHECK-NEXT:     %res1, %res2 = vector.deinterleave %arg3 : vector<8xf32> -> vector<4xf32>
// CHECK-NEXT:     %8 = vector.from_elements %arg1, %arg1 : vector<2xf32>
// CHECK-NEXT:     %9 = vector.step : vector<4xindex>
// CHECK-NEXT:     %10 = vector.extractelement %arg2[%arg0 : index] : vector<4xf32>
// CHECK-NEXT:     %11 = vector.extractelement %arg7[] : vector<f32>
// CHECK-NEXT:     %12 = vector.insertelement %arg1, %arg2[%arg0 : index] : vector<4xf32>
// CHECK-NEXT:     %13 = vector.constant_mask [2, 3] : vector<4x8xi1>
// CHECK-NEXT:     %14 = vector.create_mask %arg0, %arg0 : vector<4x8xi1>
// CHECK-NEXT:     %15 = vector.gather %arg9[%arg0, %arg0] [%arg10], %arg8, %arg2 : memref<?x?xf32>, vector<4xi32>, vector<4xi1>, vector<4xf32> into vector<4xf32>
// CHECK-NEXT:     vector.scatter %arg9[%arg0, %arg0] [%arg10], %arg8, %arg2 : memref<?x?xf32>, vector<4xi32>, vector<4xi1>, vector<4xf32>
// CHECK-NEXT:     %16 = vector.maskedload %arg9[%arg0, %arg0], %arg8, %arg2 : memref<?x?xf32>, vector<4xi1>, vector<4xf32> into vector<4xf32>
// CHECK-NEXT:     vector.maskedstore %arg9[%arg0, %arg0], %arg8, %arg2 : memref<?x?xf32>, vector<4xi1>, vector<4xf32>
// CHECK-NEXT:     %17 = vector.expandload %arg9[%arg0, %arg0], %arg8, %arg2 : memref<?x?xf32>, vector<4xi1>, vector<4xf32> into vector<4xf32>
// CHECK-NEXT:     vector.compressstore %arg9[%arg0, %arg0], %arg8, %arg2 : memref<?x?xf32>, vector<4xi1>, vector<4xf32>
// CHECK-NEXT:     %18 = vector.multi_reduction <add>, %arg6, %arg2 [0] : vector<2x4xf32> to vector<4xf32>
// CHECK-NEXT:     %19 = vector.multi_reduction <maxnumf>, %arg6, %arg1 [0, 1] : vector<2x4xf32> to f32
// CHECK-NEXT:     %20 = vector.outerproduct %arg2, %arg3 : vector<4xf32>, vector<8xf32>
// CHECK-NEXT:     %21 = vector.outerproduct %arg2, %arg3, %arg12 {kind = #vector.kind<mul>} : vector<4xf32>, vector<8xf32>
// CHECK-NEXT:     %22 = vector.outerproduct %arg2, %arg1 : vector<4xf32>, f32
// CHECK-NEXT:     %23 = vector.contract {indexing_maps = [#map, #map1, #map2], iterator_types = ["parallel", "parallel", "reduction"], kind = #vector.kind<add>} %arg4, %arg5, %arg6 : vector<2x3xf32>, vector<3x4xf32> into vector<2x4xf32>
// CHECK-NEXT:     %dest, %accumulated_value = vector.scan <add>, %arg6, %arg2 {inclusive = true, reduction_dim = 0 : i64} : vector<2x4xf32>, vector<4xf32>
// CHECK-NEXT:     %vscale = vector.vscale
// CHECK-NEXT:     %24 = vector.mask %arg8 { vector.reduction <add>, %arg2 : vector<4xf32> into f32 } : vector<4xi1> -> f32
// CHECK-NEXT:     %25 = vector.mask %arg11 { vector.multi_reduction <add>, %arg6, %arg2 [0] : vector<2x4xf32> to vector<4xf32> } : vector<2x4xi1> -> vector<4xf32>
// CHECK-NEXT:     %26 = vector.mask %arg8 { vector.yield %arg2 : vector<4xf32> } : vector<4xi1> -> vector<4xf32>
// CHECK-NEXT:     "test.use"(%0, %1, %2, %3, %4, %5, %6, %7, %res1, %res2, %8, %9, %10, %11, %12, %13, %14, %15, %16, %17, %18, %19, %20, %21, %22, %23, %dest, %accumulated_value, %vscale, %24, %25, %26) : (vector<3x2xf32>, vector<6xf32>, vector<8xf16>, vector<2x4xf32>, vector<3x4xf32>, vector<3xf32>, vector<2xf32>, vector<8xf32>, vector<4xf32>, vector<4xf32>, vector<2xf32>, vector<4xindex>, f32, f32, vector<4xf32>, vector<4x8xi1>, vector<4x8xi1>, vector<4xf32>, vector<4xf32>, vector<4xf32>, vector<4xf32>, f32, vector<4x8xf32>, vector<4x8xf32>, vector<4xf32>, vector<2x4xf32>, vector<2x4xf32>, vector<4xf32>, index, f32, vector<4xf32>, vector<4xf32>) -> ()
// CHECK-NEXT:     "test.return"() : () -> ()
// CHECK-NEXT:   }) : () -> ()
// CHECK-NEXT: }
// CHECK-EMPTY:
