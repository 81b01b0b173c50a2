// RUN: tile-opt %S/Inputs/matmul-tiled.mlir --emit=wgsl | FileCheck %s

// 16x16 tiles of A and B in workgroup memory, two barriers per step over K; M, N, K from the uniforms.

// CHECK-LABEL: // ----- kernel @kernels::@matmul
// CHECK:       @group(0) @binding(0) var<storage, read> arg0: array<f32>;
// CHECK-NEXT:  @group(0) @binding(1) var<storage, read> arg1: array<f32>;
// CHECK-NEXT:  @group(0) @binding(2) var<storage, read_write> arg2: array<f32>;
// CHECK-NEXT:  @group(0) @binding(3) var<uniform> params: Params;
// CHECK:       var<workgroup> [[AS:arg3]]: array<f32, 256>;
// CHECK-NEXT:  var<workgroup> [[BS:arg4]]: array<f32, 256>;
// The guarded store of C (rows and columns past M and N are not written) is a helper call.
// CHECK:       fn tile_store_arg2(at: i32, value: f32, ok: bool) {
// CHECK-NEXT:    if (ok) {
// CHECK-NEXT:      arg2[at] = value;
// CHECK:       @compute @workgroup_size(16, 16, 1)
// CHECK:         let [[K:dim_0]] = params.arg0_dim1;
// CHECK:         let [[TILES:v[0-9]+]] = select([[K]] / c16, [[K]] / c16 + 1i, ([[K]] % c16 != 0i) & (([[K]] < 0i) == (c16 < 0i)));
// CHECK:         var [[SUM:v[0-9]+]] = cst;
// CHECK-NEXT:    for (var [[T:arg[0-9]+]]: i32 = c0; [[T]] < [[TILES]]; [[T]] = [[T]] + c1) {
// CHECK:           [[AS]][thread_id_y * 16 + thread_id_x] = {{v[0-9]+}};
// CHECK:           [[BS]][thread_id_y * 16 + thread_id_x] = {{v[0-9]+}};
// CHECK-NEXT:      workgroupBarrier();
// CHECK:           for (var [[KK:arg[0-9]+]]: i32 = c0; [[KK]] < c16; [[KK]] = [[KK]] + c1) {
// CHECK:             {{.*}} = [[AS]][thread_id_y * 16 + [[KK]]];
// CHECK:             {{.*}} = [[BS]][[[KK]] * 16 + thread_id_x];
// CHECK:             {{.*}} = fma(
// CHECK:           }
// CHECK-NEXT:      workgroupBarrier();
// CHECK-NEXT:      [[SUM]] = {{v[0-9]+}};
// CHECK-NEXT:    }
// CHECK:         tile_store_arg2({{v[0-9]+}} * params.arg2_dim1 + {{v[0-9]+}}, [[SUM]], {{v[0-9]+}});
// CHECK-NOT:   storageBarrier

// CHECK-LABEL: // ----- manifest
// CHECK:       "workgroupSize": [16, 16, 1],
