// RUN: tile-opt %S/Inputs/rgb2gray.mlir --emit=wgsl | FileCheck %s

// The workgroup size comes from the host's gpu.launch_func; the channel planes are subviews.

// CHECK-LABEL: // ----- kernel @kernels::@rgb2gray
// CHECK:       @group(0) @binding(0) var<storage, read> arg0: array<f32>;
// CHECK-NEXT:  @group(0) @binding(1) var<storage, read_write> arg1: array<f32>;
// CHECK:       @compute @workgroup_size(256, 1, 1)
// CHECK-NEXT:  fn rgb2gray(
// CHECK-NEXT:    let [[S0:arg0_stride0]] = 3 * params.arg0_dim2 * params.arg0_dim3;
// CHECK-NEXT:    let [[S1:arg0_stride1]] = params.arg0_dim2 * params.arg0_dim3;
// CHECK:         let [[N:v[0-9]+]] = bitcast<i32>(bitcast<u32>({{v[0-9]+}}) / bitcast<u32>({{v[0-9]+}}));
// CHECK:         let [[R:subview_offset]] = [[N]] * [[S0]];
// CHECK-NEXT:    let [[G:subview_[0-9]+_offset]] = [[N]] * [[S0]] + [[S1]];
// CHECK-NEXT:    let [[B:subview_[0-9]+_offset]] = [[N]] * [[S0]] + 2 * [[S1]];
// CHECK-NEXT:    {{.*}} = arg0[[[R]] + [[H:v[0-9]+]] * params.arg0_dim3 + [[W:v[0-9]+]]];
// CHECK-NEXT:    {{.*}} = arg0[[[G]] + [[H]] * params.arg0_dim3 + [[W]]];
// CHECK-NEXT:    {{.*}} = arg0[[[B]] + [[H]] * params.arg0_dim3 + [[W]]];
// CHECK:         let cst = 0.299f;
// CHECK:         arg1[[[N]] * arg1_stride0 + [[H]] * params.arg1_dim2 + [[W]]] = {{v[0-9]+}};

// CHECK-LABEL: // ----- manifest
// CHECK:       "workgroupSize": [256, 1, 1],
// CHECK:       "shape": [null, 3, null, null]
