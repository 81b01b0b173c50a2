/** memref.atomic_rmw (MLIR 19): a read-modify-write of one element, returning the old value. */
import type { IntegerAttr } from '../../core/ir/attributes.js';
import { AnyMemRef, AnySignlessIntegerOrFloat, AnyType, Index, required, typeConstraint, variadic } from '../../core/ir/constraints.js';
import { Diagnostic } from '../../core/ir/diagnostics.js';
import { defineOp } from '../../core/ir/op-definition.js';
import type { Operation } from '../../core/ir/operation.js';
import { Region } from '../../core/ir/region.js';
import { AllTypesMatch, HasParent, memoryEffectsOf, MemoryEffects, Pure, SingleBlockImplicitTerminator, Terminator } from '../../core/ir/traits.js';
import { FloatType, IntegerType, MemRefType, type Type } from '../../core/ir/types.js';
import { Tok } from '../../core/syntax/parser.js';
import { ATOMIC_RMW_KINDS, AtomicRMWKindAttr } from '../arith/attributes.js';
import { memrefFolders } from './canonicalization.js';
import { elementTypeOf } from './types.js';

const isIntOrFloat = (t: Type) => (t instanceof IntegerType && t.isSignless) || t instanceof FloatType;
const IntOrFloatMemRef = typeConstraint(
  'memref of signless integer or floating-point values',
  (t) => t instanceof MemRefType && isIntOrFloat(t.elementType),
  undefined,
  (t) => t instanceof MemRefType,
);

const FLOAT_KINDS = new Set(['addf', 'maximumf', 'minimumf', 'mulf']);
const INT_KINDS = new Set(['addi', 'maxs', 'maxu', 'mins', 'minu', 'muli', 'ori', 'andi']);

export const kindOf = (a: IntegerAttr): string => ATOMIC_RMW_KINDS[Number(a.value)]!;

export const AtomicRMWOp = defineOp({
  name: 'memref.atomic_rmw',
  summary: 'atomic read-modify-write operation',
  operands: { value: AnySignlessIntegerOrFloat, memref: IntOrFloatMemRef, indices: variadic(Index) },
  results: { result: AnySignlessIntegerOrFloat },
  attributes: { kind: required(AtomicRMWKindAttr) },
  traits: [MemoryEffects('read', 'write'), AllTypesMatch('value', 'result')],
  fold: memrefFolders['memref.atomic_rmw'],
  typeRelations: [{ from: 'memref', to: 'value', transform: elementTypeOf }],
  assemblyFormat: '$kind $value `,` $memref `[` $indices `]` attr-dict `:` `(` type($value) `,` type($memref) `)` `->` type($result)',
  verify(op) {
    const value = op.operand(0).type;
    const mem = op.operand(1).type as MemRefType;
    if (value !== mem.elementType) return 'failed to verify that value type matches element type of memref';
    if (mem.rank !== op.numOperands - 2) return 'expects the number of subscripts to be equal to memref rank';
    const kind = kindOf(op.properties.get('kind') as IntegerAttr);
    if (FLOAT_KINDS.has(kind) && !(value instanceof FloatType)) return `with kind '${kind}' expects a floating-point type`;
    if (INT_KINDS.has(kind) && !(value instanceof IntegerType)) return `with kind '${kind}' expects an integer type`;
  },
});

/** The first op in `region` that may have side effects, if any (MLIR's isMemoryEffectFree on each nested op). */
function firstEffectfulOp(region: Region): Operation | undefined {
  for (const block of region.blocks) {
    for (let op = block.first; op; op = op.next) {
      const effects = memoryEffectsOf(op);
      const recursive = op.hasTrait('RecursiveMemoryEffects');
      if (!(effects?.length === 0 || (effects === undefined && recursive))) return op;
      for (const r of op.regions) {
        const nested = firstEffectfulOp(r);
        if (nested) return nested;
      }
    }
  }
  return undefined;
}

export const GenericAtomicRMWOp = defineOp({
  name: 'memref.generic_atomic_rmw',
  summary: 'atomic read-modify-write operation with a region',
  operands: { memref: AnyMemRef, indices: variadic(Index) },
  results: { result: AnySignlessIntegerOrFloat },
  regions: { atomic_body: {} },
  traits: [MemoryEffects('read', 'write'), SingleBlockImplicitTerminator('memref.atomic_yield')],
  verify(op) {
    const mem = op.operand(0).type as MemRefType;
    if (op.resultTypes[0] !== mem.elementType) return 'failed to verify that result type matches element type of memref';
    const body = op.region(0);
    const args = body.entry?.arguments ?? [];
    if (args.length !== 1) return 'expected single number of entry block arguments';
    if (op.resultTypes[0] !== args[0]!.type) return 'expected block argument of the same type result type';
    const bad = firstEffectfulOp(body);
    if (bad) return new Diagnostic('error', bad.loc, "body of 'memref.generic_atomic_rmw' should contain only operations with no side effects");
  },
  print(p, op) {
    p.write(' ');
    p.printOperand(op.operand(0));
    p.write('[');
    p.printOperands(op.operands.slice(1));
    p.write('] : ');
    p.printType(op.operand(0).type);
    p.write(' ');
    p.printRegion(op.region(0));
    p.printOptionalAttrDict(op);
  },
  parse(parser, state) {
    const memref = parser.parseOperand();
    parser.expect(Tok.LSquare);
    const indices = parser.parseOperandList();
    parser.expect(Tok.RSquare);
    const typeOffset = parser.offset;
    const type = parser.parseColonType();
    parser.resolveOperands([memref], [type], typeOffset, state.operands);
    parser.resolveIndexOperands(indices, state.operands);
    const body = new Region();
    parser.parseRegion(body, []);
    state.regions.push(body);
    parser.parseOptionalAttrDict(state);
    state.types.push((type as MemRefType).elementType);
  },
});

export const AtomicYieldOp = defineOp({
  name: 'memref.atomic_yield',
  summary: 'yield operation for GenericAtomicRMWOp',
  operands: { result: AnyType },
  traits: [HasParent('memref.generic_atomic_rmw'), Pure, Terminator],
  assemblyFormat: '$result attr-dict `:` type($result)',
  verify(op) {
    const parent = op.parentOp!.resultTypes[0];
    const type = op.operand(0).type;
    if (parent !== type) return `types mismatch between yield op: '${type}' and its parent: '${parent}'`;
  },
});
