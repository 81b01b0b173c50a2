/**
 * Hand-written WGSL kernels with their launch manifests, standing in for targets/wgsl output in
 * the GPU tests (and tests/gpu/device-check.ts).
 */
import type { KernelManifest, StorageBinding } from '../../targets/wgsl/manifest.js';

export interface TestKernel {
  readonly manifest: KernelManifest;
  readonly wgsl: string;
}

const storage = (
  binding: number,
  argIndex: number,
  name: string,
  access: StorageBinding['access'],
  shape: (number | null)[],
  elementType: StorageBinding['elementType'] = 'f32',
): StorageBinding => ({
  binding,
  argIndex,
  name,
  elementType,
  access,
  shape,
});

function kernel(name: string, wg: [number, number, number], rest: Pick<KernelManifest, 'bindings' | 'arguments'> & Partial<KernelManifest>): KernelManifest {
  return { symbol: `@tests::@${name}`, entryPoint: 'main', shader: `${name}.wgsl`, workgroupSize: wg, enables: [], location: `tests/gpu/${name}.mlir:1:1`, ...rest };
}

/** c[i] = a[i] + b[i] for i < n; n is a scalar argument, c may be longer than n. */
export const addMasked: TestKernel = {
  manifest: kernel('add', [64, 1, 1], {
    bindings: [storage(0, 0, 'a', 'read', [null]), storage(1, 1, 'b', 'read', [null]), storage(2, 2, 'c', 'read_write', [null])],
    uniforms: { binding: 3, size: 16, fields: [{ name: 'n', type: 'u32', offset: 0, source: { argIndex: 3 } }] },
    arguments: [
      { kind: 'memref', type: 'memref<?xf32>' },
      { kind: 'memref', type: 'memref<?xf32>' },
      { kind: 'memref', type: 'memref<?xf32>' },
      { kind: 'scalar', type: 'index' },
    ],
  }),
  wgsl: `struct Uniforms { n: u32 }
@group(0) @binding(0) var<storage, read> a: array<f32>;
@group(0) @binding(1) var<storage, read> b: array<f32>;
@group(0) @binding(2) var<storage, read_write> c: array<f32>;
@group(0) @binding(3) var<uniform> u: Uniforms;
@compute @workgroup_size(64)
fn main(@builtin(global_invocation_id) gid: vec3u) {
  if (gid.x < u.n) { c[gid.x] = a[gid.x] + b[gid.x]; }
}
`,
};

/**
 * Copies each uniform field's bits into out[k]: scalars of every type at their offsets, and the
 * two dynamic dimensions of a 2-D memref.
 */
export const uniformFields: TestKernel = {
  manifest: kernel('fields', [1, 1, 1], {
    bindings: [storage(0, 0, 'm', 'read', [null, null]), storage(1, 1, 'out', 'read_write', [8], 'u32')],
    uniforms: {
      binding: 2,
      size: 32,
      fields: [
        { name: 'alpha', type: 'f32', offset: 0, source: { argIndex: 2 } },
        { name: 'count', type: 'u32', offset: 4, source: { argIndex: 3 } },
        { name: 'shift', type: 'i32', offset: 8, source: { argIndex: 4 } },
        { name: 'm_d0', type: 'u32', offset: 12, source: { argIndex: 0, dim: 0 } },
        { name: 'm_d1', type: 'u32', offset: 16, source: { argIndex: 0, dim: 1 } },
        { name: 'beta', type: 'f32', offset: 20, source: { argIndex: 5 } },
      ],
    },
    arguments: [
      { kind: 'memref', type: 'memref<?x?xf32>' },
      { kind: 'memref', type: 'memref<8xi32>' },
      { kind: 'scalar', type: 'f32' },
      { kind: 'scalar', type: 'index' },
      { kind: 'scalar', type: 'i32' },
      { kind: 'scalar', type: 'f32' },
    ],
  }),
  wgsl: `struct Uniforms { alpha: f32, count: u32, shift: i32, m_d0: u32, m_d1: u32, beta: f32 }
@group(0) @binding(0) var<storage, read> m: array<f32>;
@group(0) @binding(1) var<storage, read_write> out: array<u32>;
@group(0) @binding(2) var<uniform> u: Uniforms;
@compute @workgroup_size(1)
fn main() {
  out[0] = bitcast<u32>(u.alpha);
  out[1] = u.count;
  out[2] = bitcast<u32>(u.shift);
  out[3] = u.m_d0;
  out[4] = u.m_d1;
  out[5] = bitcast<u32>(u.beta);
  out[6] = bitcast<u32>(m[u.m_d0 * u.m_d1 - 1u]);
}
`,
};

/**
 * Bindings in a different order than the arguments: y = 2y + x and z = x*x (read_write, both
 * read back), x read-only (not read back).
 */
export const accessMix: TestKernel = {
  manifest: kernel('mix', [32, 1, 1], {
    bindings: [storage(0, 2, 'z', 'read_write', [null]), storage(1, 0, 'x', 'read', [null]), storage(2, 1, 'y', 'read_write', [null])],
    uniforms: { binding: 3, size: 16, fields: [{ name: 'n', type: 'u32', offset: 0, source: { argIndex: 0, dim: 0 } }] },
    arguments: [
      { kind: 'memref', type: 'memref<?xf32>' },
      { kind: 'memref', type: 'memref<?xf32>' },
      { kind: 'memref', type: 'memref<?xf32>' },
    ],
  }),
  wgsl: `struct Uniforms { n: u32 }
@group(0) @binding(0) var<storage, read_write> z: array<f32>;
@group(0) @binding(1) var<storage, read> x: array<f32>;
@group(0) @binding(2) var<storage, read_write> y: array<f32>;
@group(0) @binding(3) var<uniform> u: Uniforms;
@compute @workgroup_size(32)
fn main(@builtin(global_invocation_id) gid: vec3u) {
  let i = gid.x;
  if (i < u.n) { y[i] = 2.0 * y[i] + x[i]; z[i] = x[i] * x[i]; }
}
`,
};

/** Reverses every block of 64 elements through workgroup memory (needs the barrier). */
export const blockReverse: TestKernel = {
  manifest: kernel('reverse', [64, 1, 1], {
    bindings: [storage(0, 0, 'src', 'read', [null], 'i32'), storage(1, 1, 'dst', 'read_write', [null], 'i32')],
    arguments: [
      { kind: 'memref', type: 'memref<?xi32>' },
      { kind: 'memref', type: 'memref<?xi32>' },
    ],
  }),
  wgsl: `@group(0) @binding(0) var<storage, read> src: array<i32>;
@group(0) @binding(1) var<storage, read_write> dst: array<i32>;
var<workgroup> tile: array<i32, 64>;
@compute @workgroup_size(64)
fn main(@builtin(workgroup_id) wg: vec3u, @builtin(local_invocation_index) t: u32) {
  let base = wg.x * 64u;
  tile[t] = src[base + t];
  workgroupBarrier();
  dst[base + t] = tile[63u - t];
}
`,
};

/** The add kernel with a misspelled identifier on line `badLine` (1-based). */
export const compileError: TestKernel & { readonly badLine: number; readonly badColumn: number } = (() => {
  const wgsl = addMasked.wgsl.replace('a[gid.x] + b[gid.x]', 'a[gid.x] + bb[gid.x]');
  const lines = wgsl.split('\n');
  const badLine = lines.findIndex((l) => l.includes('bb[')) + 1;
  return { manifest: { ...addMasked.manifest, location: 'tests/gpu/bad.mlir:7:3' }, wgsl, badLine, badColumn: lines[badLine - 1]!.indexOf('bb[') + 1 };
})();

/**
 * Each invocation applies an LCG step iters² times (a dependent chain the compiler cannot
 * remove). Two nested loops because llvmpipe stops any single loop after 65535 iterations.
 */
export const spin: TestKernel = {
  manifest: kernel('spin', [64, 1, 1], {
    bindings: [storage(0, 0, 'out', 'read_write', [null], 'u32')],
    uniforms: { binding: 1, size: 16, fields: [{ name: 'iters', type: 'u32', offset: 0, source: { argIndex: 1 } }] },
    arguments: [
      { kind: 'memref', type: 'memref<?xi32>' },
      { kind: 'scalar', type: 'index' },
    ],
  }),
  wgsl: `struct Uniforms { iters: u32 }
@group(0) @binding(0) var<storage, read_write> out: array<u32>;
@group(0) @binding(1) var<uniform> u: Uniforms;
@compute @workgroup_size(64)
fn main(@builtin(global_invocation_id) gid: vec3u) {
  var x = gid.x;
  for (var i = 0u; i < u.iters; i++) { for (var j = 0u; j < u.iters; j++) { x = x * 1664525u + 1013904223u; } }
  out[gid.x] = x;
}
`,
};

/** out[i] = a[i] * s + 1 in f16, with an f16 uniform field. */
export const halfScale: TestKernel = {
  manifest: kernel('half', [64, 1, 1], {
    bindings: [storage(0, 0, 'a', 'read', [null], 'f16'), storage(1, 1, 'out', 'read_write', [null], 'f16')],
    uniforms: {
      binding: 2,
      size: 16,
      fields: [
        { name: 'n', type: 'u32', offset: 0, source: { argIndex: 0, dim: 0 } },
        { name: 's', type: 'f16', offset: 4, source: { argIndex: 2 } },
      ],
    },
    enables: ['f16'],
    arguments: [
      { kind: 'memref', type: 'memref<?xf16>' },
      { kind: 'memref', type: 'memref<?xf16>' },
      { kind: 'scalar', type: 'f16' },
    ],
  }),
  wgsl: `enable f16;
struct Uniforms { n: u32, s: f16 }
@group(0) @binding(0) var<storage, read> a: array<f16>;
@group(0) @binding(1) var<storage, read_write> out: array<f16>;
@group(0) @binding(2) var<uniform> u: Uniforms;
@compute @workgroup_size(64)
fn main(@builtin(global_invocation_id) gid: vec3u) {
  if (gid.x < u.n) { out[gid.x] = a[gid.x] * u.s + 1.0h; }
}
`,
};
