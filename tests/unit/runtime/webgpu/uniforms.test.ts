import { describe, expect, it } from 'vitest';
import type { KernelManifest, UniformField } from '../../../../targets/wgsl/manifest.js';
import { checkArguments, type KernelArgValue } from '../../../../runtime/webgpu/arguments.js';
import { RuntimeError } from '../../../../runtime/webgpu/errors.js';
import { packUniforms } from '../../../../runtime/webgpu/uniforms.js';

function manifest(fields: UniformField[], size = 32): KernelManifest {
  return {
    symbol: '@m::@k',
    entryPoint: 'main',
    shader: 'k.wgsl',
    workgroupSize: [64, 1, 1],
    bindings: [{ binding: 0, argIndex: 0, name: 'a', elementType: 'f32', access: 'read', shape: [null, 4, null] }],
    uniforms: { binding: 1, size, fields },
    enables: [],
    arguments: [
      { kind: 'memref', type: 'memref<?x4x?xf32>' },
      { kind: 'scalar', type: 'f32' },
      { kind: 'scalar', type: 'i32' },
      { kind: 'scalar', type: 'f16' },
    ],
  };
}

function pack(m: KernelManifest, args: KernelArgValue[]): DataView {
  const bytes = packUniforms(m, checkArguments(m, args))!;
  return new DataView(bytes.buffer);
}

const memref = { data: new Float32Array(2 * 4 * 3), shape: [2, 4, 3] };

describe('packUniforms', () => {
  it('writes each field at its offset in its type, little-endian', () => {
    const m = manifest([
      { name: 'd0', type: 'u32', offset: 0, source: { argIndex: 0, dim: 0 } },
      { name: 'x', type: 'f32', offset: 4, source: { argIndex: 1 } },
      { name: 'k', type: 'i32', offset: 12, source: { argIndex: 2 } },
      { name: 'd2', type: 'u32', offset: 16, source: { argIndex: 0, dim: 2 } },
      { name: 'h', type: 'f16', offset: 22, source: { argIndex: 3 } },
    ]);
    const v = pack(m, [memref, 0.1, -3, 1.5]);
    expect(v.byteLength).toBe(32);
    expect(v.getUint32(0, true)).toBe(2);
    expect(v.getFloat32(4, true)).toBe(Math.fround(0.1));
    expect(v.getUint32(8, true)).toBe(0); // padding untouched
    expect(v.getInt32(12, true)).toBe(-3);
    expect(v.getUint32(16, true)).toBe(3);
    expect(v.getUint16(22, true)).toBe(0x3e00); // 1.5 in binary16
  });

  it('returns undefined for a kernel without uniforms', () => {
    const m = { ...manifest([]), uniforms: undefined };
    expect(packUniforms(m, checkArguments(m, [memref, 0, 0, 0]))).toBeUndefined();
  });

  it('rejects out-of-range integers with the field named', () => {
    const m = manifest([{ name: 'k', type: 'i32', offset: 0, source: { argIndex: 2 } }]);
    expect(() => pack(m, [memref, 0, 2 ** 31, 0])).toThrow(/uniform field k \(i32, argument 2\) must be an integer in \[-2\^31, 2\^31\), got 2147483648/);
    expect(() => pack(m, [memref, 0, 1.5, 0])).toThrow(RuntimeError);
    const u = manifest([{ name: 'n', type: 'u32', offset: 0, source: { argIndex: 1 } }]);
    expect(() => pack(u, [memref, -1, 0, 0])).toThrow(/must be an integer in \[0, 2\^32\)/);
  });

  it('rejects an inconsistent manifest: misaligned or overflowing fields, bad sources', () => {
    const kind = (f: () => unknown) => {
      try {
        f();
      } catch (e) {
        return e instanceof RuntimeError ? `${e.kind}: ${e.message}` : String(e);
      }
      return 'no error';
    };
    expect(kind(() => pack(manifest([{ name: 'x', type: 'f32', offset: 2, source: { argIndex: 1 } }]), [memref, 0, 0, 0]))).toMatch(/^manifest: .*x \(f32\) at offset 2 is misaligned/);
    expect(kind(() => pack(manifest([{ name: 'x', type: 'f32', offset: 32, source: { argIndex: 1 } }]), [memref, 0, 0, 0]))).toMatch(/^manifest: .*outside the 32-byte block/);
    expect(kind(() => pack(manifest([], 20), [memref, 0, 0, 0]))).toMatch(/^manifest: .*size 20 is not a positive multiple of 16/);
    expect(kind(() => pack(manifest([{ name: 'x', type: 'u32', offset: 0, source: { argIndex: 0 } }]), [memref, 0, 0, 0]))).toMatch(/^manifest: .*reads argument 0, which is not a scalar/);
    expect(kind(() => pack(manifest([{ name: 'x', type: 'u32', offset: 0, source: { argIndex: 1, dim: 0 } }]), [memref, 0, 0, 0]))).toMatch(/^manifest: .*not a memref/);
    expect(kind(() => pack(manifest([{ name: 'x', type: 'u32', offset: 0, source: { argIndex: 0, dim: 3 } }]), [memref, 0, 0, 0]))).toMatch(/^manifest: .*dimension 3 of a rank-3 memref/);
  });
});
