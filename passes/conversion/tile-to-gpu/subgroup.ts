import { IntegerType } from '../../../core/ir/types.js';
import type { Value } from '../../../core/ir/value.js';
import { ShuffleModeAttr, ShuffleOp } from '../../../dialects/gpu/index.js';
import type { ArithBuilder } from '../../../dialects/arith/builder.js';

/** The value of the lane whose id is this lane's xor `mask`, in segments of `width` lanes (gpu.shuffle xor). */
export function shuffleXor(b: ArithBuilder, value: Value, mask: number, width: number): Value {
  const i32 = IntegerType.get(32);
  return b.build(ShuffleOp, {
    operands: { value, offset: b.constant(i32, mask), width: b.constant(i32, width) },
    attributes: { mode: ShuffleModeAttr.get('xor') },
  }).op.results[0]!;
}
