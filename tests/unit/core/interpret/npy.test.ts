import { describe, expect, it } from 'vitest';
import { bf16, f16, i1, i64, i8 } from '../../../../core/ir/types.js';
import { formatNpy, npyToStorage, parseNpy, storageToNpy } from '../../../../core/interpret/npy.js';

describe('.npy files', () => {
  it('writes NumPy v1.0 headers padded to 64 bytes', () => {
    const bytes = formatNpy(storageToNpy(new Float32Array([1, 0.5, -2]), f16, [3]));
    const headerLen = new DataView(bytes.buffer).getUint16(8, true);
    const header = new TextDecoder('latin1').decode(bytes.subarray(10, 10 + headerLen));
    expect(header.startsWith("{'descr': '<f2', 'fortran_order': False, 'shape': (3,), }")).toBe(true);
    expect(header.endsWith('\n')).toBe(true);
    expect((10 + headerLen) % 64).toBe(0);
    // f16 bits of 1, 0.5, -2, little-endian
    expect([...bytes.subarray(10 + headerLen)]).toEqual([0x00, 0x3c, 0x00, 0x38, 0x00, 0xc0]);
  });
  it('round-trips each element type', () => {
    const cases = [
      [f16, new Float32Array([0.333251953125, -65504, 0])],
      [bf16, new Float32Array([0.333984375, 1])],
      [i64, new BigInt64Array([-(2n ** 63n), 5n])],
      [i8, new Int8Array([-128, 127])],
      [i1, new Uint8Array([1, 0, 1])],
    ] as const;
    for (const [type, data] of cases) {
      const parsed = parseNpy(formatNpy(storageToNpy(data, type, [data.length])));
      expect(parsed.shape).toEqual([data.length]);
      expect([...npyToStorage(parsed, type)]).toEqual([...data]);
    }
  });
  it('rejects other dtypes and malformed files', () => {
    const a = parseNpy(formatNpy(storageToNpy(new Float32Array([1]), f16, [1, 1])));
    expect(a.shape).toEqual([1, 1]);
    expect(() => npyToStorage(a, i8)).toThrow("dtype '<f2' does not match i8 (expected '|i1')");
    expect(() => parseNpy(new Uint8Array([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11]))).toThrow('not a .npy file');
  });
});
