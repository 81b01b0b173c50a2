/**
 * Semantics of ub.poison: poison may be refined to any value of its type, and the interpreter
 * picks zero (false, 0, 0.0; vectors and tensors of zeros), so runs are deterministic.
 */
import { FloatType, IndexType, IntegerType, RankedTensorType, VectorType, type Type } from '../../core/ir/types.js';
import type { DialectSemantics } from '../../core/interpret/engine.js';
import { opError } from '../../core/interpret/errors.js';
import { scalarOf } from '../../core/interpret/numeric.js';
import { ShapedValue, type RtValue } from '../../core/interpret/values.js';

function zeroOf(t: Type): RtValue | undefined {
  if (t instanceof FloatType || t instanceof IntegerType || t instanceof IndexType) return scalarOf(t, 0);
  if ((t instanceof VectorType || t instanceof RankedTensorType) && t.hasStaticShape) return ShapedValue.zeros(t);
  return undefined;
}

export const ubSemantics: DialectSemantics = {
  dialect: 'ub',
  ops: {
    'ub.poison': (op) => {
      const t = op.results[0]!.type;
      const v = zeroOf(t);
      if (v === undefined) throw opError(op, `poison values of type ${t} are not supported by the interpreter`);
      return [v];
    },
  },
};
