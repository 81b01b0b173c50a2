import { StringAttr } from '../core/ir/attributes.js';
import type { Operation } from '../core/ir/operation.js';
import { type DimEquality, runtimeChecksOf, type OperandDim } from '../core/ir/runtime-verification.js';
import { IndexType, type MemRefType } from '../core/ir/types.js';
import type { Value } from '../core/ir/value.js';
import { definePass } from '../core/pass/pass.js';
import { ArithBuilder } from '../dialects/arith/builder.js';
import { AssertOp } from '../dialects/cf/index.js';
import { AllocOp, DimOp } from '../dialects/memref/index.js';

/**
 * MLIR's generate-runtime-verification, for shapes: before each op that declares run-time shape
 * checks (RuntimeVerifiable), a `cf.assert` that the two dimensions are equal, for each check with
 * a dynamic side (static sizes are the verifier's). Once whole-problem ops are tiled into kernels
 * that trust their sizes, these host-side assertions are what still reports a call with
 * mismatched shapes, at the op's location.
 */
export const generateRuntimeVerificationPass = definePass({
  name: 'generate-runtime-verification',
  displayName: 'GenerateRuntimeVerification',
  summary: 'Assert before each op what it needs of its operands at run time (equal dynamic dimensions)',
  description:
    'For every op with run-time checks (tile.matmul, tile.map, tile.reduction: the dimensions their verifiers compare), inserts memref.dim, arith.cmpi eq and cf.assert "\'OP\' op ..." before it, at its location, for each pair of dimensions one of which is dynamic.',
  dependentDialects: ['arith', 'memref', 'cf'],
  statistics: { 'num-assertions': 'Number of cf.assert ops inserted' },
  run(root, pass) {
    const checked: [Operation, readonly DimEquality[]][] = [];
    root.walk((op) => {
      const checks = runtimeChecksOf(op);
      if (checks) checked.push([op, checks]);
    });
    const b = new ArithBuilder(pass.context);
    for (const [op, checks] of checked) {
      const dynamic = ([operand, d]: OperandDim) => (op.operand(operand).type as MemRefType).shape[d]! < 0;
      b.loc = op.loc;
      b.setInsertionPointBefore(op);
      const sizes = new Map<string, Value>();
      const size = ([operand, d]: OperandDim): Value => {
        const key = `${operand}:${d}`;
        let v = sizes.get(key);
        if (!v) sizes.set(key, (v = sizeOf(b, op.operand(operand), d)));
        return v;
      };
      for (const check of checks) {
        if (!dynamic(check.a) && !dynamic(check.b)) continue;
        const equal = b.compare('eq', size(check.a), size(check.b));
        b.build(AssertOp, { operands: { arg: equal }, attributes: { msg: StringAttr.get(`'${op.name}' op ${check.message}`) } });
        pass.addStatistic('num-assertions');
      }
    }
  },
});

/**
 * Dimension `d` of `memref`: the size an allocation was given (no use of the buffer, which
 * tile-fuse would count against keeping an intermediate in registers), else a memref.dim.
 */
function sizeOf(b: ArithBuilder, memref: Value, d: number): Value {
  const index = IndexType.get();
  const alloc = memref.definingOp;
  const shape = (memref.type as MemRefType).shape;
  if (alloc && AllocOp.isa(alloc)) {
    const dynamicBefore = shape.slice(0, d).filter((s) => s < 0).length;
    return alloc.operand(dynamicBefore);
  }
  return b.build(DimOp, { operands: { source: memref, index: b.constant(index, d) }, resultTypes: [index] }).result;
}
