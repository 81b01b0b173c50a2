/** scf.index_switch canonicalization of MLIR 19: FoldConstantCase. */
import { type DenseArrayAttr, IntegerAttr } from '../../core/ir/attributes.js';
import { constantValue } from '../../core/rewrite/folder.js';
import { definePattern, type RewritePattern } from '../../core/rewrite/pattern.js';

/** A switch on a constant is replaced by the region of its case (or the default region). */
const foldConstantCase = definePattern({
  name: 'FoldConstantCase',
  root: 'scf.index_switch',
  matchAndRewrite(op, rw) {
    const c = constantValue(op.operand(0));
    if (!(c instanceof IntegerAttr)) return false;
    const cases = op.properties.get('cases') as DenseArrayAttr;
    const k = cases.values.findIndex((v) => BigInt(v) === c.value);
    const block = op.region(k < 0 ? 0 : k + 1).entry!;
    const terminator = block.last!;
    const results = terminator.operands;
    rw.inlineBlockBefore(block, op.parent!, op);
    rw.eraseOp(terminator);
    rw.replaceOp(op, results);
    return true;
  },
});

export const indexSwitchPatterns: readonly RewritePattern[] = [foldConstantCase];
