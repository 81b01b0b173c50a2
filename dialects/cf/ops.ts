import { attrConstraint, required, variadic } from '../../core/ir/constraints.js';
import { StringAttr } from '../../core/ir/attributes.js';
import type { Block } from '../../core/ir/block.js';
import { Diagnostic } from '../../core/ir/diagnostics.js';
import { defineOp } from '../../core/ir/op-definition.js';
import type { Operation } from '../../core/ir/operation.js';
import { MemoryEffects, Pure, Terminator } from '../../core/ir/traits.js';
import type { Value } from '../../core/ir/value.js';
import { cfPatterns } from './canonicalization.js';

import { I1 } from '../../core/ir/constraints.js';
const StrAttr = attrConstraint('string attribute', (a): a is StringAttr => a instanceof StringAttr);

/**
 * MLIR's BranchOpInterface check: the operands forwarded to successor #i match its block
 * arguments. Its errors are the interface's, without the `'cf.br' op` prefix.
 */
function checkSuccessorOperands(op: Operation, index: number, dest: Block, operands: readonly Value[]): Diagnostic | undefined {
  const error = (message: string) => Object.assign(new Diagnostic('error', op.loc, message), { op });
  if (operands.length !== dest.numArguments) return error(`branch has ${operands.length} operands for successor #${index}, but target block has ${dest.numArguments}`);
  for (let i = 0; i < operands.length; i++) {
    if (operands[i]!.type !== dest.arguments[i]!.type) return error(`type mismatch for bb argument #${i} of successor #${index}`);
  }
  return undefined;
}

export const BranchOp = defineOp({
  name: 'cf.br',
  summary: 'branch operation',
  operands: { destOperands: variadic() },
  successors: { dest: {} },
  traits: [Pure, Terminator],
  canonicalize: cfPatterns['cf.br'],
  successorOperands: (op) => [0, op.numOperands],
  assemblyFormat: '$dest (`(` $destOperands^ `:` type($destOperands) `)`)? attr-dict',
  verify(op) {
    return checkSuccessorOperands(op, 0, op.successors[0]!, op.operands);
  },
});

export const CondBranchOp = defineOp({
  name: 'cf.cond_br',
  summary: 'conditional branch operation',
  operands: { condition: I1, trueDestOperands: variadic(), falseDestOperands: variadic() },
  successors: { trueDest: {}, falseDest: {} },
  traits: [Pure, Terminator],
  canonicalize: cfPatterns['cf.cond_br'],
  successorOperands: (op, index) => {
    const sizes = (op.getProperty('operandSegmentSizes') as { numbers?: number[] } | undefined)?.numbers ?? [1, 0, 0];
    return index === 0 ? [1, sizes[1]!, 1] : [1 + sizes[1]!, sizes[2]!, 2];
  },
  assemblyFormat: '$condition `,` $trueDest (`(` $trueDestOperands^ `:` type($trueDestOperands) `)`)? `,` $falseDest (`(` $falseDestOperands^ `:` type($falseDestOperands) `)`)? attr-dict',
  verify(op) {
    const sizes = (op.getProperty('operandSegmentSizes') as { numbers?: number[] } | undefined)?.numbers ?? [1, 0, 0];
    const trueOps = op.operands.slice(1, 1 + sizes[1]!);
    const falseOps = op.operands.slice(1 + sizes[1]!);
    return checkSuccessorOperands(op, 0, op.successors[0]!, trueOps) ?? checkSuccessorOperands(op, 1, op.successors[1]!, falseOps);
  },
});

export const AssertOp = defineOp({
  name: 'cf.assert',
  summary: 'Assert operation with message attribute',
  operands: { arg: I1 },
  attributes: { msg: required(StrAttr) },
  traits: [MemoryEffects('write')],
  canonicalize: cfPatterns['cf.assert'],
  assemblyFormat: '$arg `,` $msg attr-dict',
});
