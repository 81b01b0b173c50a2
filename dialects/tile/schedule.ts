import { IntegerAttr } from '../../core/ir/attributes.js';
import type { Operation } from '../../core/ir/operation.js';
import { i1, i64 } from '../../core/ir/types.js';

/**
 * TVM-style software-pipelining annotations (`software_pipeline_stage` / `_order`), as
 * discardable attributes on the ops of a loop body: `{tile.stage = 1, tile.order = 3}`.
 */
export const STAGE_ATTR = 'tile.stage';
export const ORDER_ATTR = 'tile.order';
/**
 * On an scf.for: how many stages to pipeline it over, chosen with its kernel's tile sizes
 * (tile-tiling's automatic configuration); tile-assign-stages uses it when not told otherwise.
 */
export const NUM_STAGES_ATTR = 'tile.num_stages';
/**
 * On an scf.for: whether tile-pipeline peels its epilogue (true) or predicates it inside the loop
 * (false), chosen with its kernel (split-K's short K loops are peeled); it wins over
 * tile-pipeline's `peel-epilogue`.
 */
export const PEEL_EPILOGUE_ATTR = 'tile.peel_epilogue';
/**
 * On an scf.for: its tile.loads stay loads into registers (tile-async-copy does not make them
 * copies) and tile-assign-stages pipelines it over this many stages (register double buffering
 * at 2) unless its `register-stages` option says otherwise. Chosen with its kernel, for loops
 * that stream data used once (a vector-matrix product's B).
 */
export const REGISTER_STAGES_ATTR = 'tile.register_stages';

function nonNegative(op: Operation, name: string): number | undefined {
  const a = op.getAttr(name);
  return a instanceof IntegerAttr && a.value >= 0n ? a.number : undefined;
}

/** The op's pipeline stage, if annotated with a non-negative integer. */
export const stageOf = (op: Operation): number | undefined => nonNegative(op, STAGE_ATTR);
/** The stages a loop is to be pipelined over, if annotated with a non-negative integer. */
export const numStagesOf = (loop: Operation): number | undefined => nonNegative(loop, NUM_STAGES_ATTR);
/** The register stages a loop asks for, if annotated with a non-negative integer. */
export const registerStagesOf = (loop: Operation): number | undefined => nonNegative(loop, REGISTER_STAGES_ATTR);
/** Whether a loop's epilogue is to be peeled, if annotated with a bool. */
export function peelEpilogueOf(loop: Operation): boolean | undefined {
  const a = loop.getAttr(PEEL_EPILOGUE_ATTR);
  return a instanceof IntegerAttr && a.type === i1 ? a.value !== 0n : undefined;
}
/** The op's position in the emitted loop body, if annotated with a non-negative integer. */
export const orderOf = (op: Operation): number | undefined => nonNegative(op, ORDER_ATTR);

export function setSchedule(op: Operation, stage: number, order?: number): void {
  op.setAttr(STAGE_ATTR, IntegerAttr.get(i64, stage));
  if (order !== undefined) op.setAttr(ORDER_ATTR, IntegerAttr.get(i64, order));
}

/** Why the op's annotations are malformed (not non-negative integers), or undefined. */
export function scheduleAnnotationError(op: Operation): string | undefined {
  for (const name of [STAGE_ATTR, ORDER_ATTR]) {
    const a = op.getAttr(name);
    if (a !== undefined && nonNegative(op, name) === undefined) return `'${name}' must be a non-negative integer, got ${a}`;
  }
  return undefined;
}
