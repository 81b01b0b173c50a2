import { describe, expect, it } from 'vitest';
import { describeParity, firstError, UNREGISTERED } from './harness.js';

const wrap = (body: string) =>
  `"test.func"() ({\n^bb0(%v: vector<4xf32>, %f: f32, %m: memref<4xf32>, %i: index, %vi: vector<4xi32>, %v2: vector<2x4xf32>):\n${body}\n  "test.return"() : () -> ()\n}) : () -> ()\n`;
/** The first error line for `source`, unregistered ops allowed (they supply the values). */
const error = (source: string) => firstError(source, [UNREGISTERED]);

// Expected texts under expected/vector/ were produced by mlir-opt 19 with --allow-unregistered-dialect and reviewed.
describeParity('vector', { flags: [UNREGISTERED] });

describe('vector dialect diagnostics', () => {
  // Messages and locations below are mlir-opt 19's.
  it('checks extract/insert positions', () => {
    expect(error(wrap('  %0 = vector.extract %v[4] : f32 from vector<4xf32>'))).toBe(
      "<stdin>:3:8: error: 'vector.extract' op expected position attribute #1 to be a non-negative integer smaller than the corresponding vector dimension",
    );
    expect(error(wrap('  %0 = vector.extract %v[0] : vector<4xf32> from vector<4xf32>'))).toBe(
      "<stdin>:3:8: error: 'vector.extract' op inferred type(s) 'f32' are incompatible with return type(s) of operation 'vector<4xf32>'",
    );
    expect(error(wrap('  %0 = vector.insert %f, %v2[0] : f32 into vector<2x4xf32>'))).toBe(
      "<stdin>:3:8: error: 'vector.insert' op expected position attribute rank to match the dest vector rank",
    );
  });
  it('checks broadcasts and reductions', () => {
    expect(error(wrap('  %0 = vector.broadcast %v : vector<4xf32> to vector<3xf32>'))).toBe("<stdin>:3:8: error: 'vector.broadcast' op dimension mismatch (4 vs. 3)");
    expect(error(wrap('  %0 = vector.reduction <xor>, %v : vector<4xf32> into f32'))).toBe("<stdin>:3:8: error: 'vector.reduction' op unsupported reduction type ''f32'' for kind 'xor'");
    expect(error(wrap('  %0 = vector.reduction <foo>, %v : vector<4xf32> into f32'))).toBe(
      "<stdin>:3:26: error: custom op 'vector.reduction' expected ::mlir::vector::CombiningKind to be one of: add, mul, minui, minsi, minnumf, maxui, maxsi, maxnumf, and, or, xor, maximumf, minimumf",
    );
  });
  it('checks loads and stores', () => {
    expect(error(wrap('  %0 = vector.load %m[%i] : memref<4xf32>, vector<4xi32>'))).toBe("<stdin>:3:8: error: 'vector.load' op base and result element types should match");
    expect(error(wrap('  vector.store %v, %m[%i, %i] : memref<4xf32>, vector<4xf32>'))).toBe("<stdin>:3:3: error: 'vector.store' op requires 1 indices");
  });
});
