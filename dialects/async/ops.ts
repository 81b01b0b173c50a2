import { DenseArrayAttr, IntegerAttr } from '../../core/ir/attributes.js';
import { attrConstraint, I1, Index, optional, optionalAttr, required, variadic } from '../../core/ir/constraints.js';
import { defineOp } from '../../core/ir/op-definition.js';
import type { Operation } from '../../core/ir/operation.js';
import { MemoryEffects } from '../../core/ir/traits.js';
import { i64, type MemRefType } from '../../core/ir/types.js';
import { Tok, type Parser } from '../../core/syntax/parser.js';
import { I64ListAttr, UnitAttrC } from '../tile/attributes.js';
import { isGlobalMemRef, isWorkgroupMemRef, RankedMemRef, shapeText } from '../tile/types.js';
import { Group, GroupType, Token, TokenType } from './types.js';

/** Operand group sizes of async.copy: source, srcIndices, dest, dstIndices, deps, predicate. */
export function copySegments(op: Operation): [source: number, srcIndices: number, dest: number, dstIndices: number, deps: number, predicate: number] {
  const seg = op.properties.get('operandSegmentSizes');
  return (seg instanceof DenseArrayAttr ? seg.numbers : [1, 0, 1, 0, 0, 0]) as [number, number, number, number, number, number];
}

function verifyCopy(op: Operation): string | undefined {
  const [, nSrc, , nDst] = copySegments(op);
  const src = op.operands[0]!.type as MemRefType;
  const dst = op.operands[1 + nSrc]!.type as MemRefType;
  const shape = (op.properties.get('shape') as DenseArrayAttr).numbers;
  if (!isGlobalMemRef(src)) return `source must be in global memory (no memory space or #gpu.address_space<global>), got '${src}'`;
  if (!isWorkgroupMemRef(dst)) return `destination must be in workgroup memory (#gpu.address_space<workgroup>), got '${dst}'`;
  if (src.elementType !== dst.elementType) return `source and destination element types differ: '${src.elementType}' vs '${dst.elementType}'`;
  if (nSrc !== src.rank) return `expected ${src.rank} source indices (the source rank), got ${nSrc}`;
  if (nDst !== dst.rank) return `expected ${dst.rank} destination indices (the destination rank), got ${nDst}`;
  if (shape.length === 0 || shape.some((d) => d < 1)) return `shape must be a non-empty list of positive sizes, got [${shape.join(', ')}]`;
  if (shape.length > src.rank || shape.length > dst.rank) return `shape [${shape.join(', ')}] has more dimensions than the source (${src.rank}) or the destination (${dst.rank})`;
  const trailing = dst.shape.slice(dst.rank - shape.length);
  if (shape.some((d, i) => trailing[i]! >= 0 && d > trailing[i]!)) return `shape [${shape.join(', ')}] does not fit the destination's trailing dimensions ${shapeText(trailing)}`;
  return undefined;
}

/**
 * `%t = async.copy %A[%i, %k], %buf[%s, %c0, %c0] shape [64, 32] masked if %p after %t0 : memref<..> to memref<.., #gpu.address_space<workgroup>>`:
 * starts copying a tile of `shape` from global to workgroup memory; the token names the copy.
 * With a false predicate the copy does nothing and its token is complete at once.
 */
export const CopyOp = defineOp({
  name: 'async.copy',
  summary: 'asynchronous tile copy from global into workgroup memory',
  operands: { source: RankedMemRef, srcIndices: variadic(Index), dest: RankedMemRef, dstIndices: variadic(Index), deps: variadic(Token), predicate: optional(I1) },
  results: { token: Token },
  attributes: { shape: required(I64ListAttr), masked: optionalAttr(UnitAttrC) },
  traits: [MemoryEffects('read', 'write')],
  assemblyFormat:
    '$source `[` $srcIndices `]` `,` $dest `[` $dstIndices `]` `shape` $shape (`masked` $masked^)? (`if` $predicate^)? (`after` $deps^)? attr-dict `:` type($source) `to` type($dest)',
  resultNames: () => ['token'],
  inferResultTypes: () => [TokenType.get()],
  verify: verifyCopy,
});

/** `%g = async.commit %t0, %t1`: closes a group holding these copies. */
export const CommitOp = defineOp({
  name: 'async.commit',
  summary: 'commits copies into a group',
  operands: { tokens: variadic(Token) },
  results: { group: Group },
  traits: [MemoryEffects('read', 'write')],
  assemblyFormat: '($tokens^)? attr-dict',
  resultNames: () => ['group'],
  inferResultTypes: () => [GroupType.get()],
  verify(op) {
    const vs = op.operands;
    for (let i = 1; i < vs.length; i++) {
      const j = vs.indexOf(vs[i]!);
      if (j < i) return `token #${i} repeats token #${j}: a copy is committed once`;
    }
    return undefined;
  },
});

export const PendingAttr = attrConstraint('non-negative 64-bit integer attribute', (a): a is IntegerAttr => a instanceof IntegerAttr && a.type === i64 && a.value >= 0n, {
  literalType: i64,
  formatStartsHere: (parser: Parser) => parser.peek(Tok.Integer),
});

/** `async.wait 1 for %g` (at most one group still pending) or `async.wait all`. */
export const WaitOp = defineOp({
  name: 'async.wait',
  summary: 'waits until at most N committed groups are pending',
  operands: { groups: variadic(Group) },
  attributes: { pending: optionalAttr(PendingAttr) },
  traits: [MemoryEffects('read', 'write')],
  assemblyFormat: '($pending^):(`all`)? (`for` $groups^)? attr-dict',
});
