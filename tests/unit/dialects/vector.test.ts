import { describe, expect, it } from 'vitest';
import { firstError, invalidSuite, roundTripSuite } from './structured-helpers.js';

const wrap = (body: string) =>
  `"test.func"() ({\n^bb0(%v: vector<4xf32>, %f: f32, %m: memref<4xf32>, %i: index, %vi: vector<4xi32>, %v2: vector<2x4xf32>):\n${body}\n  "test.return"() : () -> ()\n}) : () -> ()\n`;

describe('vector dialect', () => {
  roundTripSuite('vector');
  roundTripSuite('vector', 'loops');
  invalidSuite('vector');

  // Messages and locations below are mlir-opt 19's.
  it('checks extract/insert positions', () => {
    expect(firstError(wrap('  %0 = vector.extract %v[4] : f32 from vector<4xf32>'))).toBe(
      "3:8: 'vector.extract' op expected position attribute #1 to be a non-negative integer smaller than the corresponding vector dimension",
    );
    expect(firstError(wrap('  %0 = vector.extract %v[0] : vector<4xf32> from vector<4xf32>'))).toBe(
      "3:8: 'vector.extract' op inferred type(s) 'f32' are incompatible with return type(s) of operation 'vector<4xf32>'",
    );
    expect(firstError(wrap('  %0 = vector.insert %f, %v2[0] : f32 into vector<2x4xf32>'))).toBe("3:8: 'vector.insert' op expected position attribute rank to match the dest vector rank");
  });
  it('checks broadcasts and reductions', () => {
    expect(firstError(wrap('  %0 = vector.broadcast %v : vector<4xf32> to vector<3xf32>'))).toBe("3:8: 'vector.broadcast' op dimension mismatch (4 vs. 3)");
    expect(firstError(wrap('  %0 = vector.reduction <xor>, %v : vector<4xf32> into f32'))).toBe("3:8: 'vector.reduction' op unsupported reduction type ''f32'' for kind 'xor'");
    expect(firstError(wrap('  %0 = vector.reduction <foo>, %v : vector<4xf32> into f32'))).toBe(
      '3:26: expected ::mlir::vector::CombiningKind to be one of: add, mul, minui, minsi, minnumf, maxui, maxsi, maxnumf, and, or, xor, maximumf, minimumf',
    );
  });
  it('checks loads and stores', () => {
    expect(firstError(wrap('  %0 = vector.load %m[%i] : memref<4xf32>, vector<4xi32>'))).toBe("3:8: 'vector.load' op base and result element types should match");
    expect(firstError(wrap('  vector.store %v, %m[%i, %i] : memref<4xf32>, vector<4xf32>'))).toBe("3:3: 'vector.store' op requires 1 indices");
  });
});
