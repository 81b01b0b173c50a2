import { IntegerAttr } from '../core/ir/attributes.js';
import type { Context } from '../core/ir/dialect.js';
import { IRMapping, type Operation } from '../core/ir/operation.js';
import { IntegerType } from '../core/ir/types.js';
import type { Value } from '../core/ir/value.js';
import { definePass } from '../core/pass/pass.js';
import { AddIOp, ConstantOp, DivSIOp, MulIOp, RemSIOp, SubIOp } from '../dialects/arith/index.js';
import { ForOp } from '../dialects/scf/index.js';
import { ArithBuilder } from '../dialects/arith/builder.js';
import { constantInt } from '../core/rewrite/folder.js';
import { constantTripCount } from './loops/trip-count.js';

/** The discardable attribute that asks for a loop to be unrolled by a factor (0: fully). */
export const UNROLL_FACTOR_ATTR = 'unroll_factor';

/**
 * Replace a loop that runs exactly once by its body (MLIR's ForOp::promoteIfSingleIteration):
 * the induction variable becomes the lower bound, the iter_args the inits.
 */
export function promoteIfSingleIteration(forOp: Operation): boolean {
  if (constantTripCount(forOp) !== 1n) return false;
  const body = forOp.region(0).entry!;
  const yieldOp = body.last!;
  forOp.replaceAllUsesWith(yieldOp.operands);
  body.arguments.forEach((arg, i) => arg.replaceAllUsesWith(forOp.operand(i === 0 ? 0 : 2 + i)));
  for (const op of body.ops) {
    if (op === yieldOp) break;
    op.moveBefore(forOp);
  }
  forOp.erase();
  return true;
}

export interface UnrollOptions {
  /** Tag each op of copy `i` of the body with `unrolled_iteration = i : ui32` (as mlir-opt's test pass). */
  annotate?: boolean;
}

/**
 * Unroll an scf.for by `factor` (MLIR's loopUnrollByFactor): the body is copied `factor` times with
 * the induction variable advanced by `step * i` in copy `i` and iter_args threaded from copy to copy;
 * the iterations that do not fill a whole unrolled step run in an epilogue loop after it (promoted
 * to straight-line code when it runs once). Bounds may be constant or dynamic.
 * Returns false when the loop was left alone (a constant step that is not positive).
 */
export function unrollByFactor(context: Context, forOp: Operation, factor: number, options: UnrollOptions = {}): boolean {
  if (factor < 1) throw new Error(`unroll factor must be positive, got ${factor}`);
  const body = forOp.region(0).entry!;
  if (body.first === body.last) return true;
  const b = new ArithBuilder(context);
  b.loc = forOp.loc;
  b.setInsertionPointBefore(forOp);
  const [lb, ub, step] = [forOp.operand(0), forOp.operand(1), forOp.operand(2)];
  const type = lb.type;
  let upperUnrolled: Value;
  let stepUnrolled: Value;
  let epilogue = true;
  const [lbC, ubC, stepC] = [constantInt(lb), constantInt(ub), constantInt(step)];
  if (lbC !== undefined && ubC !== undefined && stepC !== undefined) {
    if (stepC <= 0n) return false;
    const tripCount = constantTripCount(forOp)!;
    if (factor === 1) {
      if (tripCount === 1n) promoteIfSingleIteration(forOp);
      return true;
    }
    const f = BigInt(factor);
    const upperC = lbC + (tripCount - (tripCount % f)) * stepC;
    epilogue = upperC < ubC;
    upperUnrolled = epilogue ? b.constant(ub.type, upperC) : ub;
    stepUnrolled = stepC * f === stepC ? step : b.constant(step.type, stepC * f);
  } else {
    // tripCount = ceildiv(ub - lb, step). Signed division (mlir-opt 19 divides unsigned, which
    // runs epilogue iterations when ub < lb).
    const diff = b.binary(SubIOp, ub, lb);
    const stepMinusOne = b.binary(SubIOp, step, b.constant(type, 1));
    const tripCount = b.binary(DivSIOp, b.binary(AddIOp, diff, stepMinusOne), step);
    const factorC = b.constant(type, factor);
    const evenTrips = b.binary(SubIOp, tripCount, b.binary(RemSIOp, tripCount, factorC));
    upperUnrolled = b.binary(AddIOp, lb, b.binary(MulIOp, evenTrips, step));
    stepUnrolled = b.binary(MulIOp, step, factorC);
  }

  if (epilogue) {
    const epilogueLoop = forOp.clone();
    forOp.parent!.insertBefore(epilogueLoop, forOp.next);
    epilogueLoop.setOperand(0, upperUnrolled);
    forOp.results.forEach((r, i) => {
      r.replaceAllUsesWith(epilogueLoop.results[i]!);
      epilogueLoop.setOperand(3 + i, r);
    });
    promoteIfSingleIteration(epilogueLoop);
  }

  forOp.setOperand(1, upperUnrolled);
  forOp.setOperand(2, stepUnrolled);
  copyBody(b, forOp, factor, step, options);
  promoteIfSingleIteration(forOp);
  return true;
}

/** Append `factor - 1` copies of the loop body before its yield (MLIR's generateUnrolledLoop). */
function copyBody(b: ArithBuilder, forOp: Operation, factor: number, step: Value, options: UnrollOptions): void {
  const body = forOp.region(0).entry!;
  const yieldOp = body.last!;
  const original = body.ops.slice(0, -1);
  const [iv, ...iterArgs] = body.arguments;
  const yielded = yieldOp.operands;
  let last = yielded;
  const annotate = (i: number, op: Operation) => {
    if (options.annotate) op.setAttr('unrolled_iteration', IntegerAttr.get(IntegerType.get(32, 'unsigned'), i));
  };
  b.setInsertionPointBefore(yieldOp);
  for (let i = 1; i < factor; i++) {
    const mapping = new IRMapping();
    iterArgs.forEach((arg, j) => mapping.map(arg, last[j]!));
    if (iv!.hasUses) mapping.map(iv!, b.binary(AddIOp, iv!, b.binary(MulIOp, step, b.constant(iv!.type, i))));
    for (const op of original) annotate(i, b.insert(op.clone(mapping)));
    // A yielded iter_arg or induction variable stands for its value in this copy (mlir-opt 19 keeps
    // the original block argument, which is wrong when a loop yields its iter_args permuted).
    last = yielded.map((v) => mapping.lookupOrSelf(v));
  }
  for (const op of original) annotate(0, op);
  yieldOp.setOperands(last);
}

/**
 * Unroll a loop with a constant trip count completely; a loop that never runs is replaced by its
 * inits. Returns false when the trip count is not a constant.
 */
export function unrollFull(context: Context, forOp: Operation, options: UnrollOptions = {}): boolean {
  const tripCount = constantTripCount(forOp);
  if (tripCount === undefined) return false;
  if (tripCount === 0n) {
    forOp.replaceAllUsesWith(forOp.operands.slice(3));
    forOp.erase();
    return true;
  }
  const before = forOp.prev;
  const block = forOp.parent!;
  unrollByFactor(context, forOp, Number(tripCount), options);
  // The unrolled step is a constant nothing uses once the loop is gone.
  const created = before ? before.next : block.first;
  if (tripCount > 1n && created && ConstantOp.isa(created) && !created.hasResultsUsed) created.erase();
  return true;
}

/** How many scf.for ops enclose `op` (MLIR's getNestingDepth). */
function loopDepth(op: Operation): number {
  let depth = 0;
  for (let p = op.parentOp; p; p = p.parentOp) if (ForOp.isa(p)) depth++;
  return depth;
}

export const scfUnrollPass = definePass({
  name: 'scf-unroll',
  displayName: 'SCFUnroll',
  summary: 'Unroll scf.for loops by a factor, or fully',
  description:
    "Unrolls scf.for loops as MLIR's loopUnrollByFactor (mlir-opt --test-loop-unrolling): by `factor` with an epilogue " +
    'loop for the remaining iterations, or completely (`full`) when the trip count is constant. A loop carrying ' +
    `\`${UNROLL_FACTOR_ATTR} = N\` is unrolled by N (0: fully) whatever the options say, and loses the attribute.`,
  options: {
    factor: { type: 'uint', default: 2, help: 'Unroll factor' },
    full: { type: 'bool', default: false, help: 'Unroll loops with a constant trip count completely' },
    'loop-depth': { type: 'int', default: -1, help: 'Only unroll loops nested in this many scf.for ops (-1: loops at any depth)' },
    annotate: { type: 'bool', default: false, help: 'Annotate each op with the unrolled iteration it belongs to' },
    'annotated-only': { type: 'bool', default: false, help: `Only unroll loops that carry '${UNROLL_FACTOR_ATTR}'` },
  },
  statistics: { 'num-unrolled': 'Number of loops unrolled' },
  dependentDialects: ['arith', 'scf'],
  run(root, pass) {
    const { factor, full, annotate } = pass.options;
    const depth = pass.options['loop-depth'];
    // Innermost loops first (post-order), as mlir-opt's walk; collected before any change.
    const loops: Operation[] = [];
    root.walk((op) => {
      if (ForOp.isa(op) && op !== root) loops.push(op);
    });
    for (const loop of loops) {
      const requested = loop.attributes.get(UNROLL_FACTOR_ATTR);
      let unrolled: boolean;
      if (requested !== undefined) {
        if (!(requested instanceof IntegerAttr) || requested.value < 0n) {
          pass.fail(loop.loc, `'${UNROLL_FACTOR_ATTR}' must be a non-negative integer`);
          return;
        }
        loop.attributes.delete(UNROLL_FACTOR_ATTR);
        unrolled = requested.value === 0n ? unrollFull(pass.context, loop, { annotate }) : unrollByFactor(pass.context, loop, Number(requested.value), { annotate });
      } else {
        if (pass.options['annotated-only'] || (depth >= 0 && loopDepth(loop) !== depth)) continue;
        unrolled = full ? unrollFull(pass.context, loop, { annotate }) : unrollByFactor(pass.context, loop, Math.max(1, factor), { annotate });
      }
      if (unrolled) pass.addStatistic('num-unrolled');
    }
  },
});
