import { describe, expect, it } from 'vitest';
import { errorOf, run } from './helpers.js';

const section = `{-#
  dialect_resources: {
    builtin: {
      ints: "0x04000000FFFFFFFF0200000003000000",
      halves: "0x02000000003C00C0",
      bytes: "0x01000000FF0180",
      wide: "0x08000000FFFFFFFFFFFFFFFF"
    }
  }
#-}`;

describe('dense_resource elements in the interpreter', () => {
  it('reads blobs as little-endian elements of the type (arith.constant and memref.global)', () => {
    const text = `memref.global "private" constant @g : memref<3xi32> = dense_resource<ints>
func.func @f() -> (tensor<3xi32>, tensor<2xf16>, tensor<3xi8>, tensor<1xi64>, i32) {
  %a = arith.constant dense_resource<ints> : tensor<3xi32>
  %b = arith.constant dense_resource<halves> : tensor<2xf16>
  %c = arith.constant dense_resource<bytes> : tensor<3xi8>
  %d = arith.constant dense_resource<wide> : tensor<1xi64>
  %m = memref.get_global @g : memref<3xi32>
  %c2 = arith.constant 2 : index
  %x = memref.load %m[%c2] : memref<3xi32>
  return %a, %b, %c, %d, %x : tensor<3xi32>, tensor<2xf16>, tensor<3xi8>, tensor<1xi64>, i32
}
${section}`;
    const [a, b, c, d, x] = run(text, 'f');
    const arr = (v: unknown) => (v as { toArray(): unknown[] }).toArray();
    expect(arr(a)).toEqual([-1, 2, 3]);
    expect(arr(b)).toEqual([1, -2]);
    expect(arr(c)).toEqual([-1, 1, -128]);
    expect(arr(d)).toEqual([-1n]);
    expect(x).toBe(3);
  });

  it('an elided blob, or one of the wrong size, is an error at the op', () => {
    const elided = `func.func @f() -> tensor<2xi32> {
  %a = arith.constant dense_resource<__elided__> : tensor<2xi32>
  return %a : tensor<2xi32>
}`;
    expect(errorOf(() => run(elided, 'f'))).toMatch(/^2:8: .*dense_resource<__elided__> without a blob/);
    const short = `func.func @f() -> tensor<4xi32> {
  %a = arith.constant dense_resource<ints> : tensor<4xi32>
  return %a : tensor<4xi32>
}
${section}`;
    expect(errorOf(() => run(short, 'f'))).toMatch(/^2:8: .*dense_resource<ints> holds 12 bytes, not the 16 of tensor<4xi32>/);
  });
});
