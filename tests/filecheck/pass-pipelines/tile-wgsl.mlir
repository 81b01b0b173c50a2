// @tile-wgsl, the README's first command: whole-problem tile programs to WGSL. The kernels are
// per-thread code (no tile or async op is left), with workgroup buffers for the pipelined tiles
// and workgroup barriers around the register-staged copies' stores. Workgroup buffers that threads
// read and write 4 consecutive elements of are arrays of vec4: the dot reads its operands as whole
// vectors, and FMAs a run of 4 accumulator columns at a time (the splat A value times B's vec4).
// RUN: tile-opt %S/../../../examples/matmul.mlir -p '@tile-wgsl{tile-sizes=32,32,16 num-stages=3}' --emit=wgsl | FileCheck %s
// RUN: tile-opt %S/../../../examples/add.mlir -p '@tile-wgsl{tile-sizes=4,64 num-stages=2}' --emit=wgsl | FileCheck %s --check-prefix=ADD
// RUN: tile-opt %S/../../../examples/matmul.mlir -p '@tile-wgsl{tile-sizes=32,32,16 num-stages=3}' | FileCheck %s --check-prefix=SIMT
// With 4 elements per thread, interior tiles whose rows start on a 16-byte boundary (a uniform
// test) load and store whole vec4s of the storage buffers; the rest go element by element.
// RUN: tile-opt %S/../../../examples/add.mlir -p '@tile-wgsl{tile-sizes=1,1024 num-warps=8 num-stages=1}' --emit=wgsl | FileCheck %s --check-prefix=VEC

// CHECK: // ----- kernel @kernels::@matmul_f32
// CHECK: var<workgroup> {{.*}}: array<vec4<f32>, 256>;
// CHECK: @compute @workgroup_size(128, 1, 1)
// CHECK: workgroupBarrier();
// CHECK: let {{.*}} = arg{{[0-9]+}}[{{[^]]*}}];
// CHECK: let [[AS:v[0-9_]+]] = vec4<f32>(v{{[0-9_]+(\.[xyzw])?}});
// CHECK-NEXT: let {{v[0-9_]+}} = fma([[AS]], v{{[0-9_]+}}, v{{[0-9_]+}});
// CHECK: // ----- kernel @kernels::@matmul_f16
// CHECK: enable f16;
// CHECK: // ----- manifest
// CHECK: "entryPoint": "matmul_f32"

// ADD: // ----- kernel @kernels::@add
// ADD: var<workgroup> {{.*}}: array<f32, 256>;
// ADD: @compute @workgroup_size(128, 1, 1)

// VEC: var<storage, read> [[X:arg[0-9]+]]: array<vec4<f32>>;
// VEC: var<storage, read_write> [[Z:arg[0-9]+]]: array<vec4<f32>>;
// VEC: if ([[FAST:v[0-9]+]]) {
// VEC: let {{v[_0-9]+}} = [[X]][[[AT:at[_0-9]*]] >> 2u];
// VEC: } else {
// VEC: = [[X]][[[AT2:at[_0-9]*]] >> 2u][[[AT2]] & 3];
// VEC: [[Z]][{{at[_0-9]*}} >> 2u] = {{v[_0-9]+}};

// SIMT-NOT: tile.
// SIMT-NOT: async.
// SIMT: gpu.func @matmul_f32(
// SIMT-SAME: workgroup(
// SIMT: gpu.barrier
