#map = affine_map<(d0, d1)[s0] -> (d0 * 4 + d1 + s0)>
"builtin.module"() ({
  "func.func"() <{function_type = (index, !gpu.async.token, !gpu.async.token) -> index, sym_name = "alloc"}> ({
  ^bb0(%arg0: index, %arg1: !gpu.async.token, %arg2: !gpu.async.token):
    %0 = "gpu.alloc"(%arg0) <{operandSegmentSizes = array<i32: 0, 1, 0>}> : (index) -> memref<?x4xf32>
    %1 = "gpu.alloc"() <{hostShared, operandSegmentSizes = array<i32: 0, 0, 0>}> : () -> memref<8xf32, 1>
    %2:2 = "gpu.alloc"(%arg1, %arg2, %arg0) <{operandSegmentSizes = array<i32: 2, 1, 0>}> : (!gpu.async.token, !gpu.async.token, index) -> (memref<?xf32>, !gpu.async.token)
    %3:2 = "gpu.alloc"(%arg0) <{operandSegmentSizes = array<i32: 0, 1, 0>}> : (index) -> (memref<?xf32>, !gpu.async.token)
    %4 = "gpu.alloc"(%arg1) <{operandSegmentSizes = array<i32: 1, 0, 0>}> : (!gpu.async.token) -> memref<4xf32>
    %5 = "gpu.alloc"(%arg0, %arg0) <{operandSegmentSizes = array<i32: 0, 1, 1>}> : (index, index) -> memref<?x4xf32, #map>
    %6 = "arith.constant"() <{value = 0 : index}> : () -> index
    %7 = "memref.dim"(%0, %6) : (memref<?x4xf32>, index) -> index
    "func.return"(%7) : (index) -> ()
  }) : () -> ()
}) : () -> ()

