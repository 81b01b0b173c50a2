import { Block } from '../../../../core/ir/block.js';
import type { Operation } from '../../../../core/ir/operation.js';
import type { Type } from '../../../../core/ir/types.js';
import type { Value } from '../../../../core/ir/value.js';
import type { ConversionPatternRewriter, OpAdaptor } from '../../../../core/rewrite/conversion.js';
import { IfOp } from '../../../../dialects/scf/index.js';
import type { ArithBuilder } from '../../../../dialects/arith/builder.js';
import { TilePattern, tileType } from './tile-pattern.js';
import { rebuildFor } from '../../scf-for.js';

abstract class ScalarCarryingPattern extends TilePattern {
  /** The types of the values `v` becomes: its element type once per element the thread holds of a tile, else its own type. */
  protected scalarTypes(b: ArithBuilder, v: Value): Type[] {
    const t = tileType(v);
    return t ? new Array<Type>(this.lowering.elementsOf(b, t).count).fill(t.elementType) : [v.type];
  }

  /** The flat `values` of the op that replaces one with results `old`, as one list per result. */
  protected regroup(b: ArithBuilder, old: readonly Value[], values: readonly Value[]): Value[][] {
    let k = 0;
    return old.map((v) => values.slice(k, (k += this.scalarTypes(b, v).length)));
  }
}

/** An scf.for carrying tiles: the same loop carrying the scalars the thread holds of them; its body moves into it. */
export class ForLowering extends ScalarCarryingPattern {
  readonly name = 'scf-for-carrying-tiles-to-simt';
  readonly root = 'scf.for';

  protected lower(op: Operation, adaptor: OpAdaptor, rewriter: ConversionPatternRewriter, b: ArithBuilder): void {
    const newInits = adaptor.operandValues.slice(3).flat();
    const { loop, body, oldBody, oldArgs } = rebuildFor(op, adaptor, rewriter, b, newInits);
    for (const arg of oldArgs) {
      const args = this.scalarTypes(b, arg).map((t) => body.addArgument(t, op.loc));
      if (tileType(arg)) rewriter.replaceUsesOfBlockArgument(arg, args);
      else rewriter.replaceAllValueUsesWith(arg, args[0]!);
    }
    rewriter.inlineBlockBefore(oldBody, body, undefined, oldBody.arguments);
    rewriter.replaceOpWithMultiple(op, this.regroup(b, op.results, loop.results));
  }
}

/** An scf.if yielding tiles: the same if yielding the scalars the thread holds of them; its branches move into it. */
export class IfLowering extends ScalarCarryingPattern {
  readonly name = 'scf-if-yielding-tiles-to-simt';
  readonly root = 'scf.if';

  protected lower(op: Operation, adaptor: OpAdaptor, rewriter: ConversionPatternRewriter, b: ArithBuilder): void {
    const types = op.results.flatMap((r) => this.scalarTypes(b, r));
    const ifOp = b.build(IfOp, { operands: { condition: adaptor.operand(0) }, resultTypes: { results: types } }).op;
    op.regions.forEach((region, i) => {
      const block = ifOp.region(i).appendBlock(new Block());
      if (region.entry) rewriter.inlineBlockBefore(region.entry, block, undefined, region.entry.arguments);
    });
    rewriter.replaceOpWithMultiple(op, this.regroup(b, op.results, ifOp.results));
  }
}

/** An scf.yield of tiles: the scalars the thread holds of them. */
export class YieldLowering extends TilePattern {
  readonly name = 'scf-yield-of-tiles-to-simt';
  readonly root = 'scf.yield';

  protected lower(op: Operation, adaptor: OpAdaptor, rewriter: ConversionPatternRewriter): void {
    rewriter.modifyOpInPlace(op, () => op.setOperands(adaptor.operands));
  }
}
