// RUN: tile-opt %s --emit=wgsl | FileCheck %s

// Arrays that 4-lane vector accesses touch are arrays of vec4. Workgroup memory: addresses are
// split at compile time from their affine form (whole vectors where the lane is 0, a lane where
// not). Storage: only where the access promises `alignment = 16` (the address is then split the
// same way where its form allows, else `>> 2u` at run time), and scalar accesses to the same
// buffer pick a lane. A buffer without such an access stays scalar, its vector loads go lane by
// lane. The manifest marks the vec4 bindings.
module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @copy(%src: memref<?xf32>, %dst: memref<?xf32>, %plain: memref<?xf32>) workgroup(%buf : memref<4x8xf32, #gpu.address_space<workgroup>>) kernel attributes {known_block_size = array<i32: 8, 1, 1>} {
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %c4 = arith.constant 4 : index
      %tx = gpu.thread_id x
      %i = arith.muli %tx, %c4 : index
      %v = vector.load %src[%i] {alignment = 16 : i64} : memref<?xf32>, vector<4xf32>
      %row = arith.remui %tx, %c4 : index
      %col = arith.muli %c1, %c4 : index
      vector.store %v, %buf[%row, %col] : memref<4x8xf32, #gpu.address_space<workgroup>>, vector<4xf32>
      gpu.barrier
      %w = vector.load %buf[%row, %c0] : memref<4x8xf32, #gpu.address_space<workgroup>>, vector<4xf32>
      %odd = arith.addi %col, %c1 : index
      %x = memref.load %buf[%row, %odd] : memref<4x8xf32, #gpu.address_space<workgroup>>
      vector.store %w, %dst[%i] {alignment = 16 : i64} : memref<?xf32>, vector<4xf32>
      %j = arith.addi %i, %c1 : index
      memref.store %x, %dst[%j] : memref<?xf32>
      %p = vector.load %plain[%j] : memref<?xf32>, vector<4xf32>
      vector.store %p, %plain[%i] : memref<?xf32>, vector<4xf32>
      gpu.return
    }
  }
}

// CHECK:       var<storage, read> [[SRC:arg0]]: array<vec4<f32>>;
// CHECK:       var<storage, read_write> [[DST:arg1]]: array<vec4<f32>>;
// CHECK:       var<storage, read_write> [[PLAIN:arg2]]: array<f32>;
// CHECK:       var<workgroup> [[BUF:arg3]]: array<vec4<f32>, 8>;
// CHECK:       let [[V:v[0-9]+]] = [[SRC]][thread_id_x];
// CHECK:       let [[ROW:v[0-9]+]] =
// CHECK:       [[BUF]][[[ROW]] * 2 + 1] = [[V]];
// CHECK:       workgroupBarrier();
// CHECK:       let [[W:v[0-9]+]] = [[BUF]][[[ROW]] * 2];
// CHECK:       let [[X:v[0-9]+]] = [[BUF]][[[ROW]] * 2 + 1][1];
// CHECK:       [[DST]][thread_id_x] = [[W]];
// CHECK:       [[DST]][thread_id_x][1] = [[X]];
// CHECK:       = vec4<f32>([[PLAIN]][[[J:v[0-9]+]]], [[PLAIN]][[[J]] + 1], [[PLAIN]][[[J]] + 2], [[PLAIN]][[[J]] + 3]);
// CHECK:       "name": "arg0",
// CHECK:       "lanes": 4
// CHECK:       "name": "arg2",
// CHECK-NOT:   "lanes"
// CHECK:       "uniforms"
