/**
 * scf.forall canonicalization patterns of MLIR 19: ForallOpControlOperandsFolder (constant
 * bounds become static) and ForallOpIterArgsFolder (shared outputs that are unused or never
 * inserted into are dropped). Ops are built by name (the op declarations import this module).
 */
import type { DenseArrayAttr } from '../../core/ir/attributes.js';
import { segmentSizesAttr } from '../../core/ir/op-definition.js';
import type { Operation } from '../../core/ir/operation.js';
import type { Value } from '../../core/ir/value.js';
import { constantInt } from '../../core/rewrite/folder.js';
import { definePattern, type RewritePattern } from '../../core/rewrite/pattern.js';
import { denseI64, isDynamicIndex } from '../memref/dynamic-index-list.js';
import { mergeBlocks } from './rewrite-helpers.js';

const BOUNDS = ['staticLowerBound', 'staticUpperBound', 'staticStep'] as const;
const segments = (op: Operation): number[] => (op.properties.get('operandSegmentSizes') as DenseArrayAttr).numbers;
const rankOf = (op: Operation) => (op.properties.get('staticLowerBound') as DenseArrayAttr).values.length;

/** Dynamic bounds defined by constants move into the static lists. */
const controlOperandsFolder = definePattern({
  name: 'ForallOpControlOperandsFolder',
  root: 'scf.forall',
  matchAndRewrite(op, rw) {
    const seg = segments(op);
    const operands = op.operands;
    let at = 0;
    let changed = false;
    const kept: Value[][] = [];
    const statics = BOUNDS.map((name, g) => {
      const dynamic = operands.slice(at, at + seg[g]!);
      at += seg[g]!;
      let k = 0;
      const group: Value[] = [];
      const values = (op.properties.get(name) as DenseArrayAttr).values.map((v) => {
        if (!isDynamicIndex(v)) return BigInt(v);
        const operand = dynamic[k++]!;
        const c = constantInt(operand);
        if (c !== undefined) {
          changed = true;
          return c;
        }
        group.push(operand);
        return BigInt(v);
      });
      kept.push(group);
      return values;
    });
    if (!changed) return false;
    const outs = operands.slice(at);
    rw.modifyOpInPlace(op, () => {
      op.setOperands([...kept.flat(), ...outs]);
      BOUNDS.forEach((name, g) => op.properties.set(name, denseI64(statics[g]!)));
      op.properties.set('operandSegmentSizes', segmentSizesAttr([...kept.map((g) => g.length), outs.length]));
    });
    return true;
  },
});

/** The ops of the in_parallel terminator that insert into `arg` (their destination is operand 1). */
function combiningOps(op: Operation, arg: Value): Operation[] {
  const terminator = op.region(0).entry!.last!;
  return [...(terminator.region(0).entry?.ops ?? [])].filter((o) => o.numOperands > 1 && o.operand(1) === arg);
}

/** Results without uses, or whose output no op inserts into, are dropped; their uses take the init. */
const iterArgsFolder = definePattern({
  name: 'ForallOpIterArgsFolder',
  root: 'scf.forall',
  matchAndRewrite(op, rw) {
    const rank = rankOf(op);
    const body = op.region(0).entry!;
    const seg = segments(op);
    const control = seg[0]! + seg[1]! + seg[2]!;
    const inits = op.operands.slice(control);
    const drop = op.results.map((r, i) => r.uses.length === 0 || combiningOps(op, body.arguments[rank + i]!).length === 0);
    if (!drop.some(Boolean)) return false;
    drop.forEach((d, i) => {
      if (d) for (const c of combiningOps(op, body.arguments[rank + i]!)) rw.eraseOp(c);
    });
    const keptInits = inits.filter((_, i) => !drop[i]);
    rw.setInsertionPointBefore(op);
    const loop = rw.create({
      name: 'scf.forall',
      operands: [...op.operands.slice(0, control), ...keptInits],
      resultTypes: keptInits.map((v) => v.type),
      properties: new Map([...op.properties, ['operandSegmentSizes', segmentSizesAttr([seg[0]!, seg[1]!, seg[2]!, keptInits.length])]]),
      attributes: op.attributes,
      regions: 1,
      loc: op.loc,
    });
    const newBody = loop.region(0).ensureEntry();
    const ivs = body.arguments.slice(0, rank).map((a) => newBody.addArgument(a.type, a.loc));
    const outs = keptInits.map((v) => newBody.addArgument(v.type, op.loc));
    let next = 0;
    const args = inits.map((v, i) => (drop[i] ? v : outs[next++]!));
    const results = op.results;
    mergeBlocks(rw, body, newBody, [...ivs, ...args]);
    next = 0;
    results.forEach((r, i) => rw.replaceAllValueUsesWith(r, drop[i] ? inits[i]! : loop.results[next++]!));
    return true;
  },
});

export const forallPatterns: readonly RewritePattern[] = [controlOperandsFolder, iterArgsFolder];
