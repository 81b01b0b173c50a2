/** gpu.wait, gpu.memcpy and gpu.memset (MLIR 19): host-side ops ordered by async tokens. */
import { optional, variadic, AnyType } from '../../core/ir/constraints.js';
import { defineOp } from '../../core/ir/op-definition.js';
import type { Operation } from '../../core/ir/operation.js';
import { MemoryEffects } from '../../core/ir/traits.js';
import type { MemRefType, Type } from '../../core/ir/types.js';
import { Tok, type Parser } from '../../core/syntax/parser.js';
import type { ParseState } from '../../core/syntax/parser-state.js';
import type { OpAsmPrinter } from '../../core/syntax/printer.js';
import { parseAsyncDependencies, printAsyncDependencies } from './alloc.js';
import { AsyncTokenType } from './attributes.js';
import { AsyncToken } from './ops.js';
import { EraseRedundantGpuWaitOpPairs, SimplifyGpuWaitOp } from './canonicalization.js';
import { foldCastOperands } from '../memref/canonicalization.js';

import { AnyMemRef } from '../../core/ir/constraints.js';
const isAsync = (op: Operation) => op.results.length > 0;

/** `[async] [%deps]`, as MLIR's custom<AsyncDependencies> (after the space a format puts before it). */
function printDeps(p: OpAsmPrinter, op: Operation, count: number): void {
  p.write(' ');
  printAsyncDependencies(p, isAsync(op), op.operands.slice(0, count));
}

function parseDeps(parser: Parser, state: ParseState): number {
  const offset = parser.offset;
  const { isAsync: async, deps } = parseAsyncDependencies(parser, state);
  parser.resolveOperands(
    deps,
    deps.map(() => AsyncTokenType.get()),
    offset,
    state.operands,
  );
  if (async) state.types.push(AsyncTokenType.get());
  return deps.length;
}

export const WaitOp = defineOp({
  name: 'gpu.wait',
  summary: 'Wait for async gpu ops to complete.',
  operands: { asyncDependencies: variadic(AsyncToken) },
  results: { asyncToken: optional(AsyncToken) },
  traits: [MemoryEffects('read', 'write')],
  canonicalize: [EraseRedundantGpuWaitOpPairs, SimplifyGpuWaitOp],
  print(p: OpAsmPrinter, op: Operation) {
    printDeps(p, op, op.numOperands);
    p.printOptionalAttrDict(op);
  },
  parse: ((parser: Parser, state: ParseState) => {
    parseDeps(parser, state);
    parser.parseOptionalAttrDict(state);
  }) as never,
});

/** `[async] [%deps] %a, %b {attrs} : typeA, typeB` of memcpy and memset. */
function binary(name: string, summary: string, second: 'src' | 'value', verify: (op: Operation, dst: MemRefType, other: Type) => string | void) {
  return defineOp({
    name,
    summary,
    operands: { asyncDependencies: variadic(AsyncToken), dst: AnyMemRef, [second]: second === 'src' ? AnyMemRef : AnyType },
    results: { asyncToken: optional(AsyncToken) },
    traits: [MemoryEffects('read', 'write')],
    // MLIR's MemcpyOp::fold and MemsetOp::fold: memref.cast operands read through (foldMemRefCast).
    fold: foldCastOperands,
    verify(op) {
      const n = op.numOperands;
      return verify(op, op.operand(n - 2).type as MemRefType, op.operand(n - 1).type);
    },
    print(p: OpAsmPrinter, op: Operation) {
      const n = op.numOperands;
      printDeps(p, op, n - 2);
      p.write(' ');
      p.printOperand(op.operand(n - 2));
      p.write(', ');
      p.printOperand(op.operand(n - 1));
      p.printOptionalAttrDict(op);
      p.write(' : ');
      p.printType(op.operand(n - 2).type);
      p.write(', ');
      p.printType(op.operand(n - 1).type);
    },
    parse: ((parser: Parser, state: ParseState) => {
      parseDeps(parser, state);
      const a = parser.parseOperand();
      parser.expect(Tok.Comma, "','");
      const b = parser.parseOperand();
      parser.parseOptionalAttrDict(state);
      const ta = parser.parseColonType();
      parser.expect(Tok.Comma, "','");
      const tb = parser.parseType();
      state.operands.push(parser.resolveOperand(a, ta), parser.resolveOperand(b, tb));
    }) as never,
  });
}

export const MemcpyOp = binary('gpu.memcpy', 'GPU memcpy operation', 'src', (_op, dst, src) => {
  const s = src as MemRefType;
  if (dst.elementType !== s.elementType) return 'arguments have incompatible element type';
  if (dst.shape.length !== s.shape.length || dst.shape.some((d, i) => d >= 0 && s.shape[i]! >= 0 && d !== s.shape[i])) return 'arguments have incompatible shape';
});

export const MemsetOp = binary('gpu.memset', 'GPU memset operation', 'value', (_op, dst, value) => {
  if (dst.elementType !== value) return 'failed to verify that all of {dst, value} have same element type';
});
