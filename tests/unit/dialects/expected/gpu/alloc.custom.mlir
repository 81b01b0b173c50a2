#map = affine_map<(d0, d1)[s0] -> (d0 * 4 + d1 + s0)>
module {
  func.func @alloc(%arg0: index, %arg1: !gpu.async.token, %arg2: !gpu.async.token) -> index {
    %memref = gpu.alloc  (%arg0) : memref<?x4xf32>
    %memref_0 = gpu.alloc  host_shared () : memref<8xf32, 1>
    %memref_1, %asyncToken = gpu.alloc async [%arg1, %arg2] (%arg0) : memref<?xf32>
    %memref_2, %asyncToken_3 = gpu.alloc async (%arg0) : memref<?xf32>
    %memref_4 = gpu.alloc [%arg1] () : memref<4xf32>
    %memref_5 = gpu.alloc  (%arg0)[%arg0] : memref<?x4xf32, #map>
    %c0 = arith.constant 0 : index
    %dim = memref.dim %memref, %c0 : memref<?x4xf32>
    return %dim : index
  }
}

