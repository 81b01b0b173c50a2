// RUN: tile-opt %S/../../../examples/matmul-transposed-a.mlir -p '@tile-wgsl{tile-sizes=128,128,16 num-warps=8 num-stages=1}' --emit=wgsl | FileCheck %s
// RUN: tile-run %S/../../../examples/matmul-transposed-a.mlir --entry matmul_f32_transposed_a --arg A=ones:5x3xf32 --arg B=ones:5x2xf32 --arg C=zeros:3x2xf32 | FileCheck %s --check-prefix=ONES

// A given K x M: each K step copies A's 16x128 tile into workgroup memory as it lies in global
// memory and the dot reads it through the transpose. Only A's and B's tiles live in workgroup
// memory (no staging buffer for Aᵀ), two barriers per K step (none for a relayout), and a thread's
// 8 rows of A at each k are two runs of 4 consecutive words of A's buffer: 16 x 2 vec4 reads,
// each with k as a literal index of the buffer declared with its shape (no bounds clamp on it).
// CHECK-LABEL: // ----- kernel @kernels::@matmul_f32_transposed_a
// CHECK:       var<workgroup> [[AS:arg[0-9]+]]: array<array<vec4<f32>, 32>, 16>;
// CHECK-NEXT:  var<workgroup> [[BS:arg[0-9]+]]: array<array<vec4<f32>, 32>, 16>;
// CHECK-NOT:   var<workgroup>
// CHECK:       @compute @workgroup_size(256, 1, 1)
// CHECK-COUNT-2: workgroupBarrier();
// CHECK-NOT:   workgroupBarrier();
// CHECK-NOT:   = [[AS]][
// CHECK-COUNT-32: let {{v[0-9]+}} = [[AS]][{{[0-9]+}}][{{.*}}];
// CHECK-NOT:   = [[AS]][
// CHECK-NOT:   workgroupBarrier();
// f16 operands: the same, in vec4<f16>.
// CHECK-LABEL: // ----- kernel @kernels::@matmul_f16_transposed_a
// CHECK:       var<workgroup> [[AS:arg[0-9]+]]: array<array<vec4<f16>, 32>, 16>;
// CHECK-NEXT:  var<workgroup> [[BS:arg[0-9]+]]: array<array<vec4<f16>, 32>, 16>;
// CHECK-NOT:   var<workgroup>
// CHECK:       @compute @workgroup_size(256, 1, 1)
// CHECK-COUNT-2: workgroupBarrier();
// CHECK-NOT:   workgroupBarrier();
// CHECK-NOT:   = [[AS]][
// CHECK-COUNT-32: let {{v[0-9]+}} = [[AS]][{{[0-9]+}}][{{.*}}];
// CHECK-NOT:   = [[AS]][
// CHECK-NOT:   workgroupBarrier();
// CHECK-LABEL: // ----- manifest

// Ones: every element of C = Aᵀ·B is K = 5 (A is 5x3, C is 3x2).
// ONES: %C: memref<?x?xf32> shape=3x2 dtype=f32 min=5 max=5 mean=5
