/** memref.prefetch and memref.assume_alignment (MLIR 19): hints that compute nothing. */
import { IntegerAttr } from '../../core/ir/attributes.js';
import { AnyMemRef, attrConstraint, Index, required, variadic } from '../../core/ir/constraints.js';
import { defineOp } from '../../core/ir/op-definition.js';
import { i1, IntegerType, type MemRefType } from '../../core/ir/types.js';
import { Tok } from '../../core/syntax/parser.js';
import { memrefFolders } from './canonicalization.js';
import { BoolAttr } from './ops.js';

const i32 = IntegerType.get(32);
const LocalityHintAttr = attrConstraint(
  '32-bit signless integer attribute whose minimum value is 0 whose maximum value is 3',
  (a): a is IntegerAttr => a instanceof IntegerAttr && a.type === i32 && a.value >= 0n && a.value <= 3n,
  { literalType: i32 },
);
const PositiveI32Attr = attrConstraint('32-bit signless integer attribute whose value is positive', (a): a is IntegerAttr => a instanceof IntegerAttr && a.type === i32 && a.value > 0n, {
  literalType: i32,
  storageTest: (a) => a instanceof IntegerAttr && a.type === i32,
});

const flag = (a: unknown) => a instanceof IntegerAttr && a.value !== 0n;

export const PrefetchOp = defineOp({
  name: 'memref.prefetch',
  summary: 'prefetch operation',
  operands: { memref: AnyMemRef, indices: variadic(Index) },
  attributes: { isWrite: required(BoolAttr), localityHint: required(LocalityHintAttr), isDataCache: required(BoolAttr) },
  fold: memrefFolders['memref.prefetch'],
  unprintedAttributes: () => ['isWrite', 'localityHint', 'isDataCache'],
  print(p, op) {
    p.write(' ');
    p.printOperand(op.operand(0));
    p.write('[');
    p.printOperands(op.operands.slice(1));
    p.write(`], ${flag(op.getAttr('isWrite')) ? 'write' : 'read'}, locality<${(op.getAttr('localityHint') as IntegerAttr).value}>, ${flag(op.getAttr('isDataCache')) ? 'data' : 'instr'}`);
    p.printOptionalAttrDict(op, ['localityHint', 'isWrite', 'isDataCache']);
    p.write(' : ');
    p.printType(op.operand(0).type);
  },
  parse(parser, state) {
    const memref = parser.parseOperand();
    parser.expect(Tok.LSquare);
    const indices = parser.parseOperandList();
    parser.expect(Tok.RSquare);
    parser.expect(Tok.Comma);
    const readOrWrite = parser.parseKeyword();
    parser.expect(Tok.Comma);
    parser.parseKeyword('locality');
    parser.expect(Tok.Less);
    const hint = parser.parseAttribute(i32);
    parser.expect(Tok.Greater);
    parser.expect(Tok.Comma);
    const cacheType = parser.parseKeyword();
    const typeOffset = parser.offset;
    const type = parser.parseColonType();
    parser.resolveOperands([memref], [type], typeOffset, state.operands);
    parser.resolveIndexOperands(indices, state.operands);
    if (readOrWrite !== 'read' && readOrWrite !== 'write') throw parser.opError("rw specifier has to be 'read' or 'write'", parser.nameOffset);
    if (cacheType !== 'data' && cacheType !== 'instr') throw parser.opError("cache type has to be 'data' or 'instr'", parser.nameOffset);
    state.properties.set('localityHint', hint);
    state.properties.set('isWrite', IntegerAttr.get(i1, readOrWrite === 'write' ? 1 : 0));
    state.properties.set('isDataCache', IntegerAttr.get(i1, cacheType === 'data' ? 1 : 0));
  },
  verify(op) {
    if (op.numOperands !== 1 + (op.operand(0).type as MemRefType).rank) return 'too few indices';
  },
});

export const AssumeAlignmentOp = defineOp({
  name: 'memref.assume_alignment',
  summary: 'assertion that gives alignment information to the input memref',
  operands: { memref: AnyMemRef },
  attributes: { alignment: required(PositiveI32Attr) },
  assemblyFormat: '$memref `,` $alignment attr-dict `:` type($memref)',
  verify(op) {
    const a = (op.getAttr('alignment') as IntegerAttr).value;
    if ((a & (a - 1n)) !== 0n) return 'alignment must be power of 2';
  },
});
