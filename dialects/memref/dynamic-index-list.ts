import { DenseArrayAttr } from '../../core/ir/attributes.js';
import { DenseI64ArrayAttr, Index, required, variadic } from '../../core/ir/constraints.js';
import { Diagnostic } from '../../core/ir/diagnostics.js';
import type { Operation } from '../../core/ir/operation.js';
import { IntegerType } from '../../core/ir/types.js';
import type { Value } from '../../core/ir/value.js';
import type { CustomDirective } from '../../core/syntax/assembly-format.js';
import { Tok, type Parser } from '../../core/syntax/parser.js';
import type { UnresolvedOperand } from '../../core/syntax/parser-state.js';
import type { OpAsmPrinter } from '../../core/syntax/printer.js';

/** MLIR's ShapedType::kDynamic as stored in static index arrays. */
export const kDynamicIndex = -(2n ** 63n);

export function isDynamicIndex(v: bigint | number): boolean {
  return BigInt(v) === kDynamicIndex;
}

export function denseI64(values: readonly (bigint | number)[]): DenseArrayAttr {
  return DenseArrayAttr.get(
    IntegerType.get(64),
    values.map((v) => BigInt(v)),
  );
}

/** `[%a, 4, %b]`: MLIR's printDynamicIndexList, static values with kDynamic placeholders for operands. */
export function printDynamicIndexList(p: OpAsmPrinter, values: readonly Value[], statics: DenseArrayAttr | undefined, delimiters = '[]'): void {
  p.write(delimiters[0]!);
  let next = 0;
  (statics?.values ?? []).forEach((v, i) => {
    if (i) p.write(', ');
    if (isDynamicIndex(v)) {
      const value = values[next++];
      if (value) p.printOperand(value);
    } else p.write(String(v));
  });
  p.write(delimiters[1]!);
}

/** MLIR's parseDynamicIndexList: operands and integers, the integers with kDynamic for each operand. */
export function parseDynamicIndexList(parser: Parser, open = Tok.LSquare, close = Tok.RSquare): { operands: UnresolvedOperand[]; statics: DenseArrayAttr } {
  const operands: UnresolvedOperand[] = [];
  const statics: bigint[] = [];
  parser.parseCommaSeparated(
    open,
    close,
    () => {
      const u = parser.parseOptionalOperand();
      if (u) {
        operands.push(u);
        statics.push(kDynamicIndex);
        return;
      }
      const v = parser.parseOptionalInteger();
      // (MLIR then adds "expected SSA value or integer" at the op name; we report the first error.)
      if (v === undefined) throw parser.opError('expected integer value');
      statics.push(v);
    },
    ' in dynamic index list',
  );
  return { operands, statics: denseI64(statics) };
}

/** The `custom<DynamicIndexList>($values, $static_values)` directive. */
export const DynamicIndexList: CustomDirective = {
  print(p: OpAsmPrinter, _op: Operation, args: readonly unknown[]) {
    printDynamicIndexList(p, (args[0] as Value[] | undefined) ?? [], args[1] as DenseArrayAttr | undefined);
  },
  parse(parser: Parser) {
    const { operands, statics } = parseDynamicIndexList(parser);
    return [operands, statics];
  },
};

/** Static values with kDynamic placeholders filled, in order, from `dynamic` (runtime values). */
export function mixedValues(statics: DenseArrayAttr, dynamic: readonly unknown[]): number[] {
  let k = 0;
  return statics.values.map((v) => (isDynamicIndex(v) ? (dynamic[k++] as number) : Number(v)));
}

/** MLIR's verifyListOfOperandsOrIntegers: `count` values, as many operands as kDynamic entries (reported without the op-name prefix). */
export function verifyMixedList(op: Operation, what: string, count: number, values: readonly bigint[], dynamic: number): Diagnostic | undefined {
  if (values.length !== count) return new Diagnostic('error', op.loc, `expected ${count} ${what} values, got ${values.length}.`);
  const n = values.filter(isDynamicIndex).length;
  if (n !== dynamic) return new Diagnostic('error', op.loc, `expected ${n} dynamic ${what} values`);
  return undefined;
}

/**
 * The operands after an op's source and the attributes of MLIR's OffsetSizeAndStrideOpInterface
 * (subview, reinterpret_cast): dynamic offsets, sizes and strides, and their static lists with a
 * kDynamic entry for each dynamic one.
 */
export const offsetSizeStrideOperands = { offsets: variadic(Index), sizes: variadic(Index), strides: variadic(Index) };
export const offsetSizeStrideAttributes = { static_offsets: required(DenseI64ArrayAttr), static_sizes: required(DenseI64ArrayAttr), static_strides: required(DenseI64ArrayAttr) };

/** The static offsets, sizes and strides of an op declared with offsetSizeStrideAttributes. */
export function staticOffsetsSizesStrides(op: Operation): [bigint[], bigint[], bigint[]] {
  const list = (name: string) => [...((op.properties.get(name) as DenseArrayAttr).values as bigint[])];
  return [list('static_offsets'), list('static_sizes'), list('static_strides')];
}

/**
 * MLIR's verifyOffsetSizeAndStrideOp (reported without the op-name prefix): as many offsets as sizes
 * (or a single offset where at most one is allowed) and as many sizes as strides, then each list of
 * `maxRanks` values with an operand per kDynamic entry.
 */
export function verifyOffsetSizeAndStride(op: Operation, maxRanks: readonly [number, number, number]): Diagnostic | undefined {
  const [offsets, sizes, strides] = staticOffsetsSizesStrides(op);
  const [, nOffsets, nSizes, nStrides] = (op.properties.get('operandSegmentSizes') as DenseArrayAttr).numbers;
  if (!(offsets.length === 1 && maxRanks[0] === 1) && offsets.length !== sizes.length) {
    return new Diagnostic('error', op.loc, `expected mixed offsets rank to match mixed sizes rank (${offsets.length} vs ${sizes.length}) so the rank of the result type is well-formed.`);
  }
  if (sizes.length !== strides.length) {
    return new Diagnostic('error', op.loc, `expected mixed sizes rank to match mixed strides rank (${sizes.length} vs ${strides.length}) so the rank of the result type is well-formed.`);
  }
  return (
    verifyMixedList(op, 'offset', maxRanks[0], offsets, nOffsets!) ??
    verifyMixedList(op, 'size', maxRanks[1], sizes, nSizes!) ??
    verifyMixedList(op, 'stride', maxRanks[2], strides, nStrides!)
  );
}
