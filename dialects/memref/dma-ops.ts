/**
 * memref.dma_start and memref.dma_wait (MLIR 19): a non-blocking copy of a slice between two
 * memrefs, its completion signalled through an element of a tag memref, and the wait for it.
 */
import { AnyMemRef, Index, variadic } from '../../core/ir/constraints.js';
import { defineOp } from '../../core/ir/op-definition.js';
import type { Operation } from '../../core/ir/operation.js';
import { MemoryEffects } from '../../core/ir/traits.js';
import { IndexType, MemRefType, type Type } from '../../core/ir/types.js';
import type { Value } from '../../core/ir/value.js';
import { Tok } from '../../core/syntax/parser.js';
import type { OpAsmPrinter } from '../../core/syntax/printer.js';
import { memrefFolders } from './canonicalization.js';

const rankOf = (t: Type) => (t as MemRefType).rank;
const isIndex = (v: Value) => v.type instanceof IndexType;

/**
 * Operand layout of a dma_start (MLIR's DmaStartOp accessors): source memref and indices,
 * destination memref and indices, number of elements, tag memref and indices, then optionally
 * stride and elements per stride.
 */
function dmaLayout(op: Operation) {
  const srcRank = rankOf(op.operand(0).type);
  const dst = 1 + srcRank;
  const dstRank = rankOf(op.operand(dst).type);
  const numElements = dst + 1 + dstRank;
  const tag = numElements + 1;
  const tagRank = rankOf(op.operand(tag).type);
  return { srcRank, dst, dstRank, numElements, tag, tagRank, end: tag + 1 + tagRank };
}

/**
 * The source, destination and tag operands with their indices (for the printer), or the same
 * parts of `ops`, values in operand order (for the interpreter).
 */
export function dmaStartParts<T = Value>(op: Operation, ops: readonly T[] = op.operands as unknown as readonly T[]) {
  const l = dmaLayout(op);
  return {
    src: ops[0]!,
    srcIndices: ops.slice(1, l.dst),
    dst: ops[l.dst]!,
    dstIndices: ops.slice(l.dst + 1, l.numElements),
    numElements: ops[l.numElements]!,
    tag: ops[l.tag]!,
    tagIndices: ops.slice(l.tag + 1, l.end),
    stride: ops.length > l.end ? ops.slice(l.end) : undefined,
  };
}

function verifyDmaStart(op: Operation): string | undefined {
  const n = op.numOperands;
  if (n < 4) return 'expected at least 4 operands';
  const ops = op.operands;
  const allIndex = (from: number, to: number) => ops.slice(from, to).every(isIndex);
  // 1. Source memref.
  if (!(ops[0]!.type instanceof MemRefType)) return 'expected source to be of memref type';
  const srcRank = rankOf(ops[0]!.type);
  if (n < srcRank + 4) return `expected at least ${srcRank + 4} operands`;
  if (!allIndex(1, 1 + srcRank)) return 'expected source indices to be of index type';
  // 2. Destination memref.
  const dst = 1 + srcRank;
  if (!(ops[dst]!.type instanceof MemRefType)) return 'expected destination to be of memref type';
  const dstRank = rankOf(ops[dst]!.type);
  let expected = srcRank + dstRank + 4;
  if (n < expected) return `expected at least ${expected} operands`;
  if (!allIndex(dst + 1, dst + 1 + dstRank)) return 'expected destination indices to be of index type';
  // 3. Number of elements.
  const numElements = dst + 1 + dstRank;
  if (!isIndex(ops[numElements]!)) return 'expected num elements to be of index type';
  // 4. Tag memref.
  const tag = numElements + 1;
  if (!(ops[tag]!.type instanceof MemRefType)) return 'expected tag to be of memref type';
  const tagRank = rankOf(ops[tag]!.type);
  expected += tagRank;
  if (n < expected) return `expected at least ${expected} operands`;
  if (!allIndex(tag + 1, tag + 1 + tagRank)) return 'expected tag indices to be of index type';
  // Stride and elements per stride come together or not at all.
  if (n !== expected && n !== expected + 2) return 'incorrect number of operands';
  if (n === expected + 2 && !allIndex(expected, n)) return 'expected stride and num elements per stride to be of type index';
  return undefined;
}

function printIndexed(p: OpAsmPrinter, memref: Value, indices: readonly Value[]): void {
  p.printOperand(memref);
  p.write('[');
  p.printOperands(indices);
  p.write(']');
}

export const DmaStartOp = defineOp({
  name: 'memref.dma_start',
  summary: 'non-blocking DMA operation that starts a transfer',
  operands: { operands: variadic() },
  traits: [MemoryEffects('read', 'write')],
  fold: memrefFolders['memref.dma_start'],
  verify: verifyDmaStart,
  print(p, op) {
    const d = dmaStartParts(op);
    p.write(' ');
    printIndexed(p, d.src, d.srcIndices);
    p.write(', ');
    printIndexed(p, d.dst, d.dstIndices);
    p.write(', ');
    p.printOperand(d.numElements);
    p.write(', ');
    printIndexed(p, d.tag, d.tagIndices);
    if (d.stride) {
      p.write(', ');
      p.printOperands(d.stride);
    }
    p.printOptionalAttrDict(op);
    p.write(' : ');
    p.printTypes([d.src.type, d.dst.type, d.tag.type]);
  },
  parse(parser, state) {
    const indexed = () => {
      const memref = parser.parseOperand();
      parser.expect(Tok.LSquare);
      const indices = parser.parseOperandList();
      parser.expect(Tok.RSquare);
      return { memref, indices };
    };
    const src = indexed();
    parser.expect(Tok.Comma);
    const dst = indexed();
    parser.expect(Tok.Comma);
    const numElements = parser.parseOperand();
    parser.expect(Tok.Comma);
    const tag = indexed();
    // MLIR's parseTrailingOperandList: `, %a, %b` or nothing.
    const stride = parser.consumeIf(Tok.Comma) ? parser.parseOperandList() : [];
    if (stride.length !== 0 && stride.length !== 2) throw parser.opError('expected two stride related operands', parser.nameOffset);
    parser.parseOptionalAttrDict(state);
    const typesOffset = parser.offset;
    const types = parser.parseColonTypeList();
    if (types.length !== 3) throw parser.opError('fewer/more types expected', parser.nameOffset);
    const index = IndexType.get();
    const idx = (n: number) => new Array<Type>(n).fill(index);
    const into = state.operands;
    parser.resolveOperands([src.memref], [types[0]!], typesOffset, into);
    parser.resolveOperands(src.indices, idx(src.indices.length), typesOffset, into);
    parser.resolveOperands([dst.memref], [types[1]!], typesOffset, into);
    parser.resolveOperands(dst.indices, idx(dst.indices.length), typesOffset, into);
    parser.resolveOperands([numElements], [index], typesOffset, into);
    parser.resolveOperands([tag.memref], [types[2]!], typesOffset, into);
    parser.resolveOperands(tag.indices, idx(tag.indices.length), typesOffset, into);
    parser.resolveOperands(stride, idx(stride.length), typesOffset, into);
  },
});

export const DmaWaitOp = defineOp({
  name: 'memref.dma_wait',
  summary: 'blocking DMA operation that waits for transfer completion',
  operands: { tagMemRef: AnyMemRef, tagIndices: variadic(Index), numElements: Index },
  fold: memrefFolders['memref.dma_wait'],
  assemblyFormat: '$tagMemRef `[` $tagIndices `]` `,` $numElements attr-dict `:` type($tagMemRef)',
  verify(op) {
    const rank = rankOf(op.operand(0).type);
    const n = op.numOperands - 2;
    if (n !== rank) return `expected tagIndices to have the same number of elements as the tagMemRef rank, expected ${rank}, but got ${n}`;
  },
});
