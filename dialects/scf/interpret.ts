/** Semantics of the scf dialect; scf.yield and scf.condition are read by their parent ops. */
import type { Operation } from '../../core/ir/operation.js';
import type { DialectSemantics, ExecContext, OpHandler } from '../../core/interpret/engine.js';
import { opError } from '../../core/interpret/errors.js';
import { fromBig, intFormat, type Scalar } from '../../core/interpret/numeric.js';
import type { RtValue } from '../../core/interpret/values.js';
import { forallOp, indexSwitch, parallelOp } from './interpret-parallel.js';

/** Iterates lb, lb+step, ... while below ub (signed comparison, as MLIR's scf.for). */
const forOp: OpHandler = function* (op: Operation, [lb, ub, step, ...inits]: readonly RtValue[], ctx: ExecContext) {
  const body = op.region(0);
  let iter: readonly RtValue[] = inits;
  if (typeof lb === 'number') {
    const [u, s] = [ub as number, step as number];
    if (s <= 0) throw opError(op, `step must be positive, got ${s}`);
    for (let i = lb; i < u; i += s) iter = (yield* ctx.runRegion(body, [i, ...iter])).values;
    return iter;
  }
  // bigint (i33..i64) or i1 bounds: iterate on bigints, wrapping as the type does.
  const f = intFormat(op.operandSlots[0]!.value.type);
  const big = (v: RtValue) => (typeof v === 'boolean' ? (v ? -1n : 0n) : BigInt(v as number | bigint));
  const [l, u, s] = [big(lb!), big(ub!), big(step!)];
  if (s <= 0n) throw opError(op, `step must be positive, got ${s}`);
  for (let i = l; i < u; i = BigInt.asIntN(f.width, i + s)) {
    iter = (yield* ctx.runRegion(body, [fromBig(i, f) as Scalar, ...iter])).values;
    if (i + s !== BigInt.asIntN(f.width, i + s)) break;
  }
  return iter;
};

const ifOp: OpHandler = function* (op: Operation, [cond]: readonly RtValue[], ctx: ExecContext) {
  const region = op.region(cond ? 0 : 1);
  if (region.empty) return [];
  return (yield* ctx.runRegion(region, [])).values;
};

const whileOp: OpHandler = function* (op: Operation, inits: readonly RtValue[], ctx: ExecContext) {
  let args: readonly RtValue[] = inits;
  for (;;) {
    const [cond, ...forwarded] = (yield* ctx.runRegion(op.region(0), args)).values;
    if (!cond) return forwarded;
    args = (yield* ctx.runRegion(op.region(1), forwarded)).values;
  }
};

const executeRegion: OpHandler = function* (op: Operation, _args: readonly RtValue[], ctx: ExecContext) {
  return (yield* ctx.runRegion(op.region(0), [])).values;
};

export const scfSemantics: DialectSemantics = {
  dialect: 'scf',
  ops: {
    'scf.for': forOp,
    'scf.if': ifOp,
    'scf.while': whileOp,
    'scf.execute_region': executeRegion,
    'scf.parallel': parallelOp,
    'scf.forall': forallOp,
    'scf.index_switch': indexSwitch,
  },
};
