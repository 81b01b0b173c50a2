/** gpu.alloc (MLIR 19): a memref allocated on the device, optionally asynchronous and host-shared. */
import { AffineMapAttr, IntegerAttr, UnitAttr, type DenseArrayAttr } from '../../core/ir/attributes.js';
import { attrConstraint, Index, optional, optionalAttr, variadic } from '../../core/ir/constraints.js';
import { defineOp, segmentSizesAttr } from '../../core/ir/op-definition.js';
import type { Operation } from '../../core/ir/operation.js';
import { MemoryEffects } from '../../core/ir/traits.js';
import type { MemRefType } from '../../core/ir/types.js';
import { constantValue } from '../../core/rewrite/folder.js';
import { definePattern } from '../../core/rewrite/pattern.js';
import { Tok, type Parser } from '../../core/syntax/parser.js';
import type { ParseState, UnresolvedOperand } from '../../core/syntax/parser-state.js';
import type { OpAsmPrinter } from '../../core/syntax/printer.js';
import { AsyncTokenType } from './attributes.js';
import { AsyncToken } from './ops.js';

import { AnyMemRef } from '../../core/ir/constraints.js';
const UnitAttrC = attrConstraint('unit attribute', (a): a is UnitAttr => a instanceof UnitAttr, { unit: true });

const segments = (op: Operation): number[] => (op.properties.get('operandSegmentSizes') as DenseArrayAttr).numbers;

/** MLIR's printAsyncDependencies: `async`, then `[%deps]`. */
export function printAsyncDependencies(p: OpAsmPrinter, isAsync: boolean, deps: readonly Operation['operands'][number][]): void {
  if (isAsync) p.write('async');
  if (!deps.length) return;
  if (isAsync) p.write(' ');
  p.write('[');
  p.printOperands(deps);
  p.write(']');
}

/** MLIR's parseAsyncDependencies: whether `async` was given, and the dependencies. */
export function parseAsyncDependencies(parser: Parser, state: ParseState): { isAsync: boolean; deps: UnresolvedOperand[] } {
  const offset = parser.offset;
  const isAsync = parser.parseOptionalKeyword('async') !== undefined;
  if (isAsync && state.numResults === 0) throw parser.opError(`needs to be named when marked 'async'`, offset);
  const deps: UnresolvedOperand[] = [];
  if (parser.consumeIf(Tok.LSquare) && !parser.consumeIf(Tok.RSquare)) parser.parseCommaSeparated(undefined, Tok.RSquare, () => deps.push(parser.parseOperand()));
  return { isAsync, deps };
}

function parseOperandsIn(parser: Parser, open: Tok, close: Tok): UnresolvedOperand[] {
  const list: UnresolvedOperand[] = [];
  parser.expect(open);
  if (!parser.consumeIf(close)) parser.parseCommaSeparated(undefined, close, () => list.push(parser.parseOperand()));
  return list;
}

/** memref.dim of a gpu.alloc's dynamic dimension is the size operand (MLIR's SimplifyDimOfAllocOp). */
const simplifyDimOfAlloc = definePattern({
  name: 'SimplifyDimOfAllocOp',
  root: 'memref.dim',
  matchAndRewrite(op, rw) {
    const index = constantValue(op.operand(1));
    const alloc = op.operand(0).definingOp;
    if (!(index instanceof IntegerAttr) || alloc?.name !== 'gpu.alloc') return false;
    const type = alloc.results[0]!.type as MemRefType;
    const i = Number(index.value);
    if (i < 0 || i >= type.rank || type.shape[i]! >= 0) return false;
    const k = type.shape.slice(0, i).filter((d) => d < 0).length;
    rw.replaceOp(op, [alloc.operand(segments(alloc)[0]! + k)]);
    return true;
  },
});

export const AllocOp = defineOp({
  name: 'gpu.alloc',
  summary: 'GPU memory allocation operation.',
  operands: { asyncDependencies: variadic(AsyncToken), dynamicSizes: variadic(Index), symbolOperands: variadic(Index) },
  results: { memref: AnyMemRef, asyncToken: optional(AsyncToken) },
  attributes: { hostShared: optionalAttr(UnitAttrC) },
  traits: [MemoryEffects('allocate')],
  canonicalize: [simplifyDimOfAlloc],
  verify(op) {
    const t = op.resultTypes[0] as MemRefType;
    const [, dynamic, symbols] = segments(op);
    if (dynamic !== t.shape.filter((d) => d < 0).length) return 'dimension operand count does not equal memref dynamic dimension count';
    const numSymbols = t.layout instanceof AffineMapAttr ? t.layout.map.numSymbols : 0;
    if (symbols !== numSymbols) return 'symbol operand count does not equal memref symbol count';
  },
  print(p: OpAsmPrinter, op: Operation) {
    const [deps, dynamic] = segments(op);
    const operands = op.operands;
    p.write(' ');
    printAsyncDependencies(p, op.results.length > 1, operands.slice(0, deps));
    if (op.properties.get('hostShared')) p.write(' host_shared');
    p.write(' (');
    p.printOperands(operands.slice(deps, deps! + dynamic!));
    p.write(')');
    const symbols = operands.slice(deps! + dynamic!);
    if (symbols.length) {
      p.write('[');
      p.printOperands(symbols);
      p.write(']');
    }
    p.printOptionalAttrDict(op, ['hostShared', 'operandSegmentSizes']);
    p.write(' : ');
    p.printType(op.resultTypes[0]!);
  },
  parse: ((parser: Parser, state: ParseState) => {
    const depsOffset = parser.offset;
    const { isAsync, deps } = parseAsyncDependencies(parser, state);
    if (parser.parseOptionalKeyword('host_shared') !== undefined) state.properties.set('hostShared', UnitAttr.get());
    const sizes = parseOperandsIn(parser, Tok.LParen, Tok.RParen);
    const symbols = parser.peek(Tok.LSquare) ? parseOperandsIn(parser, Tok.LSquare, Tok.RSquare) : [];
    parser.parseOptionalAttrDict(state);
    const type = parser.parseColonType();
    parser.resolveOperands(
      deps,
      deps.map(() => AsyncTokenType.get()),
      depsOffset,
      state.operands,
    );
    parser.resolveIndexOperands(sizes, state.operands);
    parser.resolveIndexOperands(symbols, state.operands);
    state.properties.set('operandSegmentSizes', segmentSizesAttr([deps.length, sizes.length, symbols.length]));
    state.types.push(type);
    if (isAsync) state.types.push(AsyncTokenType.get());
  }) as never,
  resultNames: () => ['memref', 'asyncToken'],
});
