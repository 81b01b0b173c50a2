// keepsNegativeInfinity (passes/tile/tiling/negative-infinity.ts): which score maps after a causal
// mask keep masked scores at -inf, so that FlashAttention may still skip the key blocks past the
// diagonal. Every "keeps" below is -inf in, -inf out for all values of the other operands; every
// "breaks" has a value of them for which it is not (or is not provably so).
import { describe, expect, it } from 'vitest';
import type { Operation } from '../../../../../core/ir/operation.js';
import { parseProgram } from '../../../../../testing/fuzz/harness.js';
import { keepsNegativeInfinity } from '../../../../../passes/tile/tiling/negative-infinity.js';

/** The score map of a function whose body (yielding %y from the score %s) is `body`. */
function scoreMap(body: string[], outside: string[] = []): Operation {
  const text = [
    'func.func @f(%S: memref<?x?xf32>, %p: f32) {',
    '  %c1 = arith.constant 1 : index',
    '  %N = memref.dim %S, %c1 : memref<?x?xf32>',
    '  %Ni = arith.index_cast %N : index to i32',
    '  %Nf = arith.sitofp %Ni : i32 to f32',
    ...outside.map((l) => `  ${l}`),
    '  tile.map ins(%S : memref<?x?xf32>) outs(%S : memref<?x?xf32>) {',
    '  ^bb0(%s: f32):',
    ...body.map((l) => `    ${l}`),
    '    tile.yield %y : f32',
    '  }',
    '  return',
    '}',
  ].join('\n');
  let map: Operation | undefined;
  parseProgram(text).walk((op) => {
    if (op.name === 'tile.map') map = op;
  });
  return map!;
}

const KEEPS: Record<string, [string[], string[]?]> = {
  'a scale by a positive constant': [['%c = arith.constant 0.125 : f32', '%y = arith.mulf %s, %c : f32']],
  'a scale by rsqrt of a size': [['%y = arith.mulf %r, %s : f32'], ['%r = math.rsqrt %Nf : f32']],
  'a division by a positive constant': [['%c = arith.constant 2.0 : f32', '%y = arith.divf %s, %c : f32']],
  'a bias from the indices (ALiBi)': [
    [
      '%i = tile.index 0 : index',
      '%j = tile.index 1 : index',
      '%d = arith.subi %j, %i : index',
      '%di = arith.index_cast %d : index to i32',
      '%df = arith.sitofp %di : i32 to f32',
      '%k = arith.constant -0.0625 : f32',
      '%b = arith.mulf %df, %k : f32',
      '%y = arith.addf %s, %b : f32',
    ],
  ],
  'a constant subtracted': [['%c = arith.constant 3.0 : f32', '%y = arith.subf %s, %c : f32']],
  'a minimum with a constant': [['%c = arith.constant 1.0 : f32', '%y = arith.minimumf %c, %s : f32']],
  'a select between two such values': [['%c = arith.constant 0.5 : f32', '%a = arith.mulf %s, %c : f32', '%t = arith.constant true', '%y = arith.select %t, %a, %s : f32']],
};

const BREAKS: Record<string, [string[], string[]?]> = {
  'a scale by a negative constant': [['%c = arith.constant -0.5 : f32', '%y = arith.mulf %s, %c : f32']],
  'a scale by zero (-inf * 0 is NaN)': [['%c = arith.constant 0.0 : f32', '%y = arith.mulf %s, %c : f32']],
  'a scale by a scalar argument of unknown sign': [['%y = arith.mulf %s, %p : f32']],
  'a scale by rsqrt of a value of unknown sign': [['%y = arith.mulf %s, %r : f32'], ['%r = math.rsqrt %p : f32']],
  'a floor': [['%c = arith.constant -2.0 : f32', '%y = arith.maximumf %s, %c : f32']],
  'a tanh soft cap': [['%c = arith.constant 5.0 : f32', '%q = arith.divf %s, %c : f32', '%t = math.tanh %q : f32', '%y = arith.mulf %t, %c : f32']],
  'the score subtracted from a constant': [['%c = arith.constant 1.0 : f32', '%y = arith.subf %c, %s : f32']],
  'a negation': [['%y = arith.negf %s : f32']],
  'a bias of +inf': [['%c = arith.constant 0x7F800000 : f32', '%y = arith.addf %s, %c : f32']],
  'a division by rsqrt of a size (maybe +inf)': [['%y = arith.divf %s, %r : f32'], ['%r = math.rsqrt %Nf : f32']],
  'a constant yielded': [['%y = arith.constant -1.0 : f32']],
  'a scale by a product of small positive constants (rounds to zero)': [['%y = arith.mulf %s, %r : f32'], ['%k = arith.constant 1.0e-20 : f32', '%r = arith.mulf %k, %k : f32']],
  'a scale by a subnormal constant (flushed to zero on GPUs)': [['%c = arith.constant 1.0e-40 : f32', '%y = arith.mulf %s, %c : f32']],
  'a select with a finite branch': [['%c = arith.constant 0.5 : f32', '%t = arith.constant true', '%y = arith.select %t, %c, %s : f32']],
};

describe('keepsNegativeInfinity', () => {
  for (const [what, [body, outside]] of Object.entries(KEEPS)) it(`keeps -inf: ${what}`, () => expect(keepsNegativeInfinity(scoreMap(body, outside))).toBe(true));
  for (const [what, [body, outside]] of Object.entries(BREAKS)) it(`breaks -inf: ${what}`, () => expect(keepsNegativeInfinity(scoreMap(body, outside))).toBe(false));
});
