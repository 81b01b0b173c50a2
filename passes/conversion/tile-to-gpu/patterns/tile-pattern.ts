import type { Operation } from '../../../../core/ir/operation.js';
import { RankedTensorType } from '../../../../core/ir/types.js';
import type { Value } from '../../../../core/ir/value.js';
import type { ConversionPatternRewriter, OpAdaptor } from '../../../../core/rewrite/conversion.js';
import type { ArithBuilder } from '../../../../dialects/arith/builder.js';
import { LoweringPattern } from '../../lowering-pattern.js';
import type { TileLowering } from '../tile-lowering.js';
import { tileTypeError } from '../tile-type-converter.js';

/** The register tile type of a value, if it has one. */
export const tileType = (v: Value): RankedTensorType | undefined => (v.type instanceof RankedTensorType ? v.type : undefined);

/** Whether an op takes or makes register tiles (asked of every op the conversion visits: no arrays made). */
export function touchesTiles(op: Operation): boolean {
  const slots = op.operandSlots;
  for (let i = 0; i < slots.length; i++) if (slots[i]!.value.type instanceof RankedTensorType) return true;
  const results = op.results;
  for (let i = 0; i < results.length; i++) if (results[i]!.type instanceof RankedTensorType) return true;
  return false;
}

/**
 * A pattern of convert-tile-to-gpu (one per source op). Before `lower` runs, the op's own checks
 * (`problem`) and its result tiles' types are checked, so that a pattern that fails has changed
 * nothing; `lower` builds with a builder at the op, through the rewriter.
 */
export abstract class TilePattern extends LoweringPattern<TileLowering> {
  protected rewriteMatched(op: Operation, adaptor: OpAdaptor, rewriter: ConversionPatternRewriter): boolean {
    const problem = this.problem(op) ?? op.results.map((r) => tileTypeError(r.type)).find((why) => why !== undefined);
    if (problem) return rewriter.notifyMatchFailure(op, problem);
    this.lower(op, adaptor, rewriter, this.lowering.builder(rewriter));
    return true;
  }

  /** Why `op` cannot be lowered (before its result types are checked), or undefined. */
  protected problem(_op: Operation): string | undefined {
    return undefined;
  }

  protected abstract lower(op: Operation, adaptor: OpAdaptor, rewriter: ConversionPatternRewriter, b: ArithBuilder): void;
}
