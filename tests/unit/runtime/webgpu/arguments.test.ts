import { describe, expect, it } from 'vitest';
import type { KernelManifest } from '../../../../targets/wgsl/manifest.js';
import { checkArguments, typedArrayOf, type KernelArgValue } from '../../../../runtime/webgpu/arguments.js';
import { RuntimeError } from '../../../../runtime/webgpu/errors.js';

const m: KernelManifest = {
  symbol: '@m::@k',
  entryPoint: 'main',
  shader: 'k.wgsl',
  workgroupSize: [64, 1, 1],
  bindings: [
    { binding: 0, argIndex: 0, name: 'a', elementType: 'f32', access: 'read', shape: [null, 8] },
    { binding: 1, argIndex: 1, name: 'b', elementType: 'f16', access: 'read_write', shape: [null] },
    { binding: 2, argIndex: 3, name: 'c', elementType: 'i32', access: 'read_write', shape: [2, 3] },
  ],
  enables: ['f16'],
  arguments: [
    { kind: 'memref', type: 'memref<?x8xf32>' },
    { kind: 'memref', type: 'memref<?xf16>' },
    { kind: 'scalar', type: 'index' },
    { kind: 'memref', type: 'memref<2x3xi32>' },
  ],
};

const good = (): KernelArgValue[] => [{ data: new Float32Array(24), shape: [3, 8] }, new Uint16Array(5), 7, new Int32Array(6)];

function error(args: KernelArgValue[]): string {
  try {
    checkArguments(m, args);
  } catch (e) {
    if (e instanceof RuntimeError) return `${e.kind}: ${e.message}`;
    throw e;
  }
  return 'no error';
}

describe('checkArguments', () => {
  it('accepts matching arguments and infers 1-D and fully static shapes', () => {
    const c = checkArguments(m, good());
    expect(c.memrefs.get(0)!.shape).toEqual([3, 8]);
    expect(c.memrefs.get(1)!.shape).toEqual([5]);
    expect(c.memrefs.get(3)!.shape).toEqual([2, 3]);
    expect(c.scalars.get(2)).toBe(7);
    expect([...c.memrefs.keys()].sort()).toEqual([0, 1, 3]);
  });

  it('rejects a wrong argument count, listing the expected types', () => {
    expect(error(good().slice(0, 3))).toBe('argument: kernel @m::@k: expected 4 argument(s) (memref<?x8xf32>, memref<?xf16>, index, memref<2x3xi32>), got 3');
  });

  it('rejects a scalar where a memref goes and the reverse', () => {
    const a = good();
    a[2] = new Float32Array(1);
    expect(error(a)).toBe('argument: kernel @m::@k: argument 2 (index) must be a number, got Float32Array');
    const b = good();
    b[1] = 3;
    expect(error(b)).toMatch(/^argument: kernel @m::@k: argument 1 \(memref<\?xf16>\) must be a typed array or \{ data, shape \}, got number$/);
  });

  it('rejects the wrong element type (f16 travels as Uint16Array bits)', () => {
    const a = good();
    a[1] = new Float32Array(5);
    expect(error(a)).toMatch(/argument 1 .* holds f16 elements: pass a Uint16Array \(f16 bits\), got Float32Array/);
    const b = good();
    b[3] = new Uint32Array(6);
    expect(error(b)).toMatch(/argument 3 .* holds i32 elements: pass a Int32Array, got Uint32Array/);
  });

  it('needs a shape for a dynamic multi-dimensional memref', () => {
    const a = good();
    a[0] = new Float32Array(24);
    expect(error(a)).toMatch(/argument 0 .* has the dynamic shape \[\?x8\]: pass \{ data, shape \}/);
  });

  it('checks rank, static dimensions and element count against the data', () => {
    const rank = good();
    rank[0] = { data: new Float32Array(24), shape: [24] };
    expect(error(rank)).toMatch(/argument 0 .* has rank 2, got shape \[24\]/);
    const dim = good();
    dim[0] = { data: new Float32Array(24), shape: [6, 4] };
    expect(error(dim)).toMatch(/argument 0 .* has shape \[\?x8\], got \[6x4\]/);
    const count = good();
    count[0] = { data: new Float32Array(20), shape: [3, 8] };
    expect(error(count)).toMatch(/argument 0 .* of shape \[3x8\] needs 24 element\(s\), got 20/);
    const neg = good();
    neg[0] = { data: new Float32Array(0), shape: [-1, 8] };
    expect(error(neg)).toMatch(/invalid shape/);
  });

  it('rejects a manifest whose binding points at a scalar argument', () => {
    const bad: KernelManifest = { ...m, bindings: [...m.bindings, { binding: 3, argIndex: 2, name: 'n', elementType: 'u32', access: 'read', shape: [1] }] };
    expect(() => checkArguments(bad, good())).toThrow(/binding 3 \(n\) refers to argument 2, which is not a memref/);
  });
});

describe('typedArrayOf', () => {
  it('views read-back bytes as the element type, on a copy', () => {
    const bytes = new Uint8Array(new Float32Array([1.5, -2]).buffer);
    const f = typedArrayOf('f32', bytes);
    expect(f).toBeInstanceOf(Float32Array);
    expect([...f]).toEqual([1.5, -2]);
    bytes.fill(0);
    expect(f[0]).toBe(1.5);
    expect(typedArrayOf('f16', new Uint8Array([0x00, 0x3c]))).toEqual(Uint16Array.of(0x3c00));
  });
});
