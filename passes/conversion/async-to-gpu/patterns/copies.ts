import type { DenseArrayAttr } from '../../../../core/ir/attributes.js';
import type { Operation } from '../../../../core/ir/operation.js';
import type { MemRefType, Type } from '../../../../core/ir/types.js';
import type { Value } from '../../../../core/ir/value.js';
import type { ConversionPatternRewriter, MatchFailure, OpAdaptor } from '../../../../core/rewrite/conversion.js';
import { CopyOp } from '../../../../dialects/async/index.js';
import { LoadOp as MemLoadOp } from '../../../../dialects/memref/index.js';
import { innermostContiguous } from '../../../../dialects/memref/types.js';
import type { ArithBuilder } from '../../../../dialects/arith/builder.js';
import { zeroAttr } from '../../../../core/ir/attributes.js';
import { buildIfThenElse } from '../../../../dialects/scf/builder.js';
import { accessLayoutFor } from '../../../tile/layouts.js';
import { elementIndices, fastPathTest, inBounds, withInteriorPath } from '../../memory-access.js';
import { elementCoords, unrollError } from '../../tile-to-gpu/thread-layout.js';
import { globalVectorizable, loadVector, VECTOR_WIDTH } from '../../vector-access.js';
import { type CopyRecord, isAsync } from '../async-lowering.js';
import { AsyncPattern, isFailure } from './async-pattern.js';

/**
 * async.copy: the global loads of the copy into registers, where it is issued (each thread its
 * share, spread as a coalesced access layout would; masked positions read 0; a copy switched off
 * loads nothing); the copy is pending until a wait stores it (at once with `synchronous`).
 */
export class CopyLowering extends AsyncPattern {
  readonly name = 'async-copy-to-registers';
  readonly root = 'async.copy';

  protected rewrite(op: Operation, _adaptor: OpAdaptor, rewriter: ConversionPatternRewriter, b: ArithBuilder): MatchFailure | undefined {
    const view = CopyOp.view(op);
    const remapped = (v: Value) => rewriter.getRemappedValue(v);
    const [src, dst] = [remapped(view.source), remapped(view.dest)];
    const shape = (op.properties.get('shape') as DenseArrayAttr).numbers;
    const viewPredicate = (view as unknown as { predicate: Value | undefined }).predicate;
    const predicate = viewPredicate && remapped(viewPredicate);
    const layout = accessLayoutFor(shape, this.lowering.numThreads, innermostContiguous(src.type));
    const why = unrollError(layout, shape);
    if (why) return { at: op, reason: `cannot stage this copy in registers: ${why}` };
    const elements = this.lowering.elementsOf(b, layout, shape);
    const masked = op.properties.has('masked');
    const elem = (src.type as MemRefType).elementType;
    const srcOrigin = view.srcIndices.map(remapped);
    const record: CopyRecord = { values: [], dest: dst, destIndices: view.dstIndices.map(remapped), elements, on: predicate, stored: false, copy: op };
    const srcIndices = Array.from({ length: elements.count }, (_, e) => elementIndices(b, srcOrigin, elementCoords(elements, e), (src.type as MemRefType).rank));
    const plainLoad = (indices: Value[]) => b.build(MemLoadOp, { operands: { memref: src, indices }, resultTypes: [elem] }).result;
    const guardedLoads = () =>
      srcIndices.map((indices) => {
        let load = masked ? inBounds(b, src, indices) : undefined;
        if (predicate) load = load ? b.and(load, predicate) : predicate;
        return load
          ? buildIfThenElse(
              b,
              load,
              [elem],
              () => [plainLoad(indices)],
              () => [b.constantOf(zeroAttr(elem)!)],
            ).results[0]!
          : plainLoad(indices);
      });
    // Interior tiles (whole tile in bounds, copy on) load without per-element tests, in aligned
    // vectors where the source allows (a uniform test: its row length and the tile's first
    // column are multiples of the vector width).
    const vectorGlobal = this.lowering.vectorize && globalVectorizable(src, elements.runs[elements.runs.length - 1]!);
    const fast = masked || vectorGlobal ? fastPathTest(b, src, srcOrigin, shape, masked, vectorGlobal, predicate) : undefined;
    const fastLoads = () => (vectorGlobal ? srcIndices.flatMap((indices, e) => (e % VECTOR_WIDTH === 0 ? loadVector(b, src, indices, true) : [])) : srcIndices.map(plainLoad));
    record.values.push(...(fast ? withInteriorPath(b, fast, new Array<Type>(elements.count).fill(elem), fastLoads, guardedLoads) : guardedLoads()));
    this.lowering.setGroup(op.results[0]!, [record]);
    this.lowering.issue(record);
    if (this.lowering.synchronous) this.lowering.store(b, [record]);
    rewriter.replaceOpWithMultiple(op, [[]]);
    return undefined;
  }
}

/** async.commit: nothing; the group is the registers of its copies. */
export class CommitLowering extends AsyncPattern {
  readonly name = 'async-commit-to-nothing';
  readonly root = 'async.commit';

  protected rewrite(op: Operation, _adaptor: OpAdaptor, rewriter: ConversionPatternRewriter): MatchFailure | undefined {
    const groups = this.groupsOf(op, op.operands);
    if (isFailure(groups)) return groups;
    this.lowering.setGroup(op.results[0]!, groups.flat());
    rewriter.replaceOpWithMultiple(op, [[]]);
    return undefined;
  }
}

/**
 * async.wait: the workgroup stores of the copies of the groups it names (or of every pending
 * copy: `all`, or no group named), in issue order (a copy chained `after` another is stored
 * after it), between barriers.
 */
export class WaitLowering extends AsyncPattern {
  readonly name = 'async-wait-to-stores';
  readonly root = 'async.wait';

  protected rewrite(op: Operation, _adaptor: OpAdaptor, rewriter: ConversionPatternRewriter, b: ArithBuilder): MatchFailure | undefined {
    if (!this.lowering.synchronous) {
      const groups = this.groupsOf(op, op.operands);
      if (isFailure(groups)) return groups;
      const named = groups.flat();
      const pending = this.lowering.pendingCopies;
      const all = op.properties.get('pending') === undefined || op.numOperands === 0;
      const records = all ? pending : pending.filter((r) => named.includes(r)).concat(named.filter((r) => !pending.includes(r)));
      this.lowering.store(b, records);
    }
    rewriter.eraseOp(op);
    return undefined;
  }
}

/** `arith.select %c, %t1, %t2` of tokens or groups: the copies of both complete here (early, which the semantics allow: either may be chosen); the result holds none. */
export class SelectLowering extends AsyncPattern {
  readonly name = 'async-select-to-stores';
  readonly root = 'arith.select';

  protected override matches(op: Operation): boolean {
    return isAsync(op.results[0]!.type);
  }

  protected rewrite(op: Operation, _adaptor: OpAdaptor, rewriter: ConversionPatternRewriter, b: ArithBuilder): MatchFailure | undefined {
    const groups = this.groupsOf(op, [op.operand(1), op.operand(2)]);
    if (isFailure(groups)) return groups;
    const chosen = new Set(groups.flat());
    const pending = this.lowering.pendingCopies;
    this.lowering.store(b, [...pending.filter((r) => chosen.has(r)), ...[...chosen].filter((r) => !pending.includes(r))]);
    this.lowering.setGroup(op.results[0]!, []);
    rewriter.replaceOpWithMultiple(op, [[]]);
    return undefined;
  }
}
