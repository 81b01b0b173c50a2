import { describe, expect, it } from 'vitest';
import { ubDialect } from '../../../dialects/ub/index.js';
import { run } from '../core/interpret/helpers.js';
import { describeParity } from './harness.js';

// Expected texts under expected/ub/ were produced by mlir-opt 19 and reviewed.
describeParity('ub', { ops: ubDialect.ops.keys() });

describe('ub.poison semantics', () => {
  it('poison is refined to zero of its type, scalars and vectors', () => {
    const text = `func.func @f() -> (i32, f32, index, i1, vector<2xf32>) {
  %0 = ub.poison : i32
  %1 = ub.poison : f32
  %2 = ub.poison : index
  %3 = ub.poison : i1
  %4 = ub.poison : vector<2xf32>
  return %0, %1, %2, %3, %4 : i32, f32, index, i1, vector<2xf32>
}`;
    const [a, b, c, d, v] = run(text, 'f');
    expect([a, b, c, d]).toEqual([0, 0, 0, false]);
    expect((v as { toArray(): unknown[] }).toArray()).toEqual([0, 0]);
  });
});
