import { arithPatterns } from './canonicalization.js';
import { arithFolders } from './folders.js';
import { AnyType } from '../../core/ir/constraints.js';
import { defineOp } from '../../core/ir/op-definition.js';
import type { Operation } from '../../core/ir/operation.js';
import { AllTypesMatch, predTrait, Pure } from '../../core/ir/traits.js';
import { i1, RankedTensorType, UnrankedTensorType, VectorType, type Type } from '../../core/ir/types.js';
import type { Parser } from '../../core/syntax/parser.js';
import { Tok } from '../../core/syntax/parser.js';
import type { ParseState } from '../../core/syntax/parser-state.js';
import type { OpAsmPrinter } from '../../core/syntax/printer.js';
import { sameShape } from './common.js';
import { BoolLike, getI1SameShape } from './types.js';

const isShaped = (t: Type) => t instanceof VectorType || t instanceof RankedTensorType || t instanceof UnrankedTensorType;

/** `arith.select %c, %a, %b : i32`, or `: vector<4xi1>, vector<4xi32>` for a mask. */
function printSelect(p: OpAsmPrinter, op: Operation): void {
  p.write(' ');
  p.printOperandRange(op, 0, op.numOperands);
  p.printOptionalAttrDict(op);
  p.write(' : ');
  const cond = op.operand(0).type;
  if (isShaped(cond)) {
    p.printType(cond);
    p.write(', ');
  }
  p.printType(op.results[0]!.type);
}

function parseSelect(parser: Parser, state: ParseState): void {
  const offset = parser.offset;
  const operands = parser.parseOperandList();
  if (operands.length !== 3) throw parser.opError(`expected 3 operands`, offset);
  parser.parseOptionalAttrDict(state);
  let resultType = parser.parseColonType();
  let conditionType: Type = i1;
  if (parser.consumeIf(Tok.Comma)) {
    conditionType = resultType;
    resultType = parser.parseType();
  }
  state.types.push(resultType);
  parser.resolveOperands(operands, [conditionType, resultType, resultType], offset, state.operands);
}

export const SelectOp = defineOp({
  name: 'arith.select',
  summary: 'select operation',
  operands: { condition: BoolLike, true_value: AnyType, false_value: AnyType },
  results: { result: AnyType },
  traits: [
    AllTypesMatch('true_value', 'false_value', 'result'),
    predTrait('condition is signless i1 or has matching shape', (op) => {
      const cond = op.operand(0).type;
      return cond === i1 || sameShape(cond, op.results[0]!.type);
    }),
    Pure,
  ],
  print: printSelect,
  parse: parseSelect,
  fold: arithFolders['arith.select'],
  canonicalize: arithPatterns['arith.select'],
  verify: (op) => {
    const cond = op.operands[0]!.type;
    if (cond === i1) return undefined;
    const result = op.resultTypes[0]!;
    if (!isShaped(result)) return `expected condition to be a signless i1, but got '${cond}'`;
    const expected = getI1SameShape(result);
    if (cond !== expected) return `expected condition type to have the same shape as the result type, expected '${expected}', but got '${cond}'`;
    return undefined;
  },
});
