// RUN: tile-opt %S/Inputs/elementwise-add.mlir --emit=wgsl | FileCheck %s

// One thread per element, threads past n do nothing; a and b are only read.

// CHECK-LABEL: // ----- kernel @kernels::@add
// CHECK:       struct Params {
// CHECK-NEXT:    arg0_dim0: i32,
// CHECK-NEXT:    arg1_dim0: i32,
// CHECK-NEXT:    arg2_dim0: i32,
// CHECK-NEXT:    arg3: i32,
// CHECK-NEXT:  }
// CHECK:       @group(0) @binding(0) var<storage, read> arg0: array<f32>;
// CHECK-NEXT:  @group(0) @binding(1) var<storage, read> arg1: array<f32>;
// CHECK-NEXT:  @group(0) @binding(2) var<storage, read_write> arg2: array<f32>;
// CHECK-NEXT:  @group(0) @binding(3) var<uniform> params: Params;
// CHECK:       @compute @workgroup_size(256, 1, 1)
// CHECK-NEXT:  fn add(@builtin(local_invocation_id) local_id: vec3<u32>, @builtin(workgroup_id) workgroup_id: vec3<u32>) {
// CHECK-NEXT:    let arg3 = params.arg3;
// CHECK-NEXT:    let thread_id_x = i32(local_id.x);
// CHECK-NEXT:    let block_id_x = i32(workgroup_id.x);
// CHECK-NEXT:    let block_dim_x = 256i;
// CHECK-NEXT:    let [[BASE:v[0-9]+]] = block_id_x * block_dim_x;
// CHECK-NEXT:    let [[I:v[0-9]+]] = [[BASE]] + thread_id_x;
// CHECK-NEXT:    let [[IN:v[0-9]+]] = [[I]] < arg3;
// CHECK-NEXT:    if ([[IN]]) {
// CHECK-NEXT:      let [[X:v[0-9]+]] = arg0[[[I]]];
// CHECK-NEXT:      let [[Y:v[0-9]+]] = arg1[[[I]]];
// CHECK-NEXT:      let [[S:v[0-9]+]] = [[X]] + [[Y]];
// CHECK-NEXT:      arg2[[[I]]] = [[S]];
// CHECK-NEXT:    }
// CHECK-NEXT:  }

// CHECK-LABEL: // ----- manifest
// CHECK:         "symbol": "@kernels::@add",
// CHECK-NEXT:    "entryPoint": "add",
// CHECK-NEXT:    "shader": "add.wgsl",
// CHECK-NEXT:    "workgroupSize": [256, 1, 1],
// CHECK:         "access": "read",
// CHECK:         "access": "read",
// CHECK:         "access": "read_write",
// CHECK:       "uniforms": {
// CHECK-NEXT:    "binding": 3,
// CHECK-NEXT:    "size": 16,
// CHECK:         "name": "arg3",
// CHECK-NEXT:    "type": "i32",
// CHECK-NEXT:    "offset": 12,
// CHECK-NEXT:    "source": {
// CHECK-NEXT:      "argIndex": 3
// CHECK-NEXT:    }
// CHECK:       "enables": [],
