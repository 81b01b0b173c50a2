/** memref.atomic_rmw (MLIR 19): a read-modify-write of one element, returning the old value. */
import type { IntegerAttr } from '../../core/ir/attributes.js';
import { required, typeConstraint, variadic } from '../../core/ir/constraints.js';
import { defineOp } from '../../core/ir/op-definition.js';
import { MemoryEffects } from '../../core/ir/traits.js';
import { FloatType, IntegerType, MemRefType, type Type } from '../../core/ir/types.js';
import { ATOMIC_RMW_KINDS, AtomicRMWKindAttr } from '../arith/attributes.js';
import { memrefFolders } from './canonicalization.js';
import { elementTypeOf, Index } from './types.js';

const isIntOrFloat = (t: Type) => (t instanceof IntegerType && t.isSignless) || t instanceof FloatType;
const IntOrFloat = typeConstraint('signless integer or floating-point', isIntOrFloat);
const IntOrFloatMemRef = typeConstraint('memref of signless integer or floating-point values', (t) => t instanceof MemRefType && isIntOrFloat(t.elementType), undefined, (t) => t instanceof MemRefType);

const FLOAT_KINDS = new Set(['addf', 'maximumf', 'minimumf', 'mulf']);
const INT_KINDS = new Set(['addi', 'maxs', 'maxu', 'mins', 'minu', 'muli', 'ori', 'andi']);

export const kindOf = (a: IntegerAttr): string => ATOMIC_RMW_KINDS[Number(a.value)]!;

export const AtomicRMWOp = defineOp({
  name: 'memref.atomic_rmw',
  summary: 'atomic read-modify-write operation',
  operands: { value: IntOrFloat, memref: IntOrFloatMemRef, indices: variadic(Index) },
  results: { result: IntOrFloat },
  attributes: { kind: required(AtomicRMWKindAttr) },
  traits: [MemoryEffects('read', 'write')],
  fold: memrefFolders['memref.atomic_rmw'],
  typeRelations: [{ allMatch: ['value', 'result'] }, { from: 'memref', to: 'value', transform: elementTypeOf }],
  assemblyFormat: '$kind $value `,` $memref `[` $indices `]` attr-dict `:` `(` type($value) `,` type($memref) `)` `->` type($result)',
  verify(op) {
    const value = op.operand(0).type;
    const mem = op.operand(1).type as MemRefType;
    if (value !== op.resultTypes[0]) return 'failed to verify that all of {value, result} have same type';
    if (value !== mem.elementType) return 'failed to verify that value type matches element type of memref';
    if (mem.rank !== op.numOperands - 2) return 'expects the number of subscripts to be equal to memref rank';
    const kind = kindOf(op.properties.get('kind') as IntegerAttr);
    if (FLOAT_KINDS.has(kind) && !(value instanceof FloatType)) return `with kind '${kind}' expects a floating-point type`;
    if (INT_KINDS.has(kind) && !(value instanceof IntegerType)) return `with kind '${kind}' expects an integer type`;
  },
});
