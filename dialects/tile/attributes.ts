import { DenseArrayAttr, DialectAttr, EnumDialectAttr, UnitAttr, uniqueDialectAttr, type Attribute } from '../../core/ir/attributes.js';
import { attrConstraint } from '../../core/ir/constraints.js';
import { IntegerType } from '../../core/ir/types.js';
import type { AttrTypeWriter } from '../../core/ir/writer.js';
import { parseAngledEnumKeyword, parseEnumKeyword } from '../../core/syntax/enum-keyword.js';
import { Tok, type Parser } from '../../core/syntax/parser.js';

const list = (xs: readonly number[]): string => `[${xs.join(', ')}]`;

/** Why `order` is not a permutation of 0..rank-1, or undefined. */
function checkOrder(order: readonly number[], rank: number): string | undefined {
  const sorted = [...order].sort((a, b) => a - b);
  if (order.length !== rank || sorted.some((d, i) => d !== i)) return `'order' ${list(order)} must be a permutation of 0..${rank - 1}`;
  return undefined;
}

export interface BlockedLayoutParams {
  readonly sizePerThread: readonly number[];
  readonly threadsPerWarp: readonly number[];
  readonly warpsPerGroup: readonly number[];
  readonly order: readonly number[];
}
const BLOCKED_FIELDS = ['sizePerThread', 'threadsPerWarp', 'warpsPerGroup', 'order'] as const;

/**
 * `#tile.blocked<sizePerThread = [1, 4], threadsPerWarp = [8, 4], warpsPerGroup = [4, 1], order = [1, 0]>`:
 * how a register tile is spread over the threads of a workgroup (Triton/Gluon's blocked layout;
 * docs/dialects/tile.md gives the exact mapping).
 */
export class BlockedLayoutAttr extends DialectAttr {
  readonly dialect = 'tile';
  readonly mnemonic = 'blocked';
  private constructor(
    readonly sizePerThread: readonly number[],
    readonly threadsPerWarp: readonly number[],
    readonly warpsPerGroup: readonly number[],
    readonly order: readonly number[],
  ) {
    super();
  }
  /** Why the parameters do not make a layout, or undefined. */
  static check(p: BlockedLayoutParams): string | undefined {
    const rank = p.order.length;
    for (const f of BLOCKED_FIELDS) {
      if (p[f].length !== rank) return `'${f}' has ${p[f].length} entries but 'order' has ${rank}`;
      if (f !== 'order' && p[f].some((v) => !Number.isInteger(v) || v < 1)) return `'${f}' entries must be positive, got ${list(p[f])}`;
    }
    if (rank === 0) return 'a blocked layout needs rank >= 1';
    return checkOrder(p.order, rank);
  }
  static get(p: BlockedLayoutParams): BlockedLayoutAttr {
    const why = BlockedLayoutAttr.check(p);
    if (why) throw new Error(`invalid #tile.blocked: ${why}`);
    return uniqueDialectAttr(BlockedLayoutAttr.keyOf(p), () => new BlockedLayoutAttr([...p.sizePerThread], [...p.threadsPerWarp], [...p.warpsPerGroup], [...p.order]));
  }
  private static keyOf(p: BlockedLayoutParams): string {
    return `tile.blocked:${BLOCKED_FIELDS.map((f) => p[f].join(',')).join(';')}`;
  }
  /** The unique key of this layout. */
  get key(): string {
    return BlockedLayoutAttr.keyOf(this);
  }
  get rank(): number {
    return this.order.length;
  }
  /** Threads the layout spreads a tile over (the workgroup size it expects). */
  get numThreads(): number {
    return [...this.threadsPerWarp, ...this.warpsPerGroup].reduce((a, b) => a * b, 1);
  }
  /** Extent along each dimension covered once by all threads together. */
  get shapePerGroup(): number[] {
    return this.order.map((_, d) => this.sizePerThread[d]! * this.threadsPerWarp[d]! * this.warpsPerGroup[d]!);
  }
  printBody(w: AttrTypeWriter): void {
    w.write(`<${BLOCKED_FIELDS.map((f) => `${f} = ${list(this[f])}`).join(', ')}>`);
  }
}

/**
 * `#tile.slice<dim = 1, parent = #tile.blocked<...>>`: the layout of a tile with the parent's
 * dimension `dim` removed (Triton's slice layout): each thread holds the elements whose remaining
 * coordinates its parent elements have, so the threads along `dim` hold copies of the same
 * elements. The result of a reduction along `dim` in this layout stays with the threads that
 * held its rows, and broadcasting it back along `dim` needs no data movement.
 */
export class SliceLayoutAttr extends DialectAttr {
  readonly dialect = 'tile';
  readonly mnemonic = 'slice';
  private constructor(
    readonly dim: number,
    readonly parent: BlockedLayoutAttr,
  ) {
    super();
  }
  static check(dim: number, parent: BlockedLayoutAttr): string | undefined {
    if (parent.rank < 2) return `the parent layout must have rank >= 2, got ${parent.rank}`;
    if (!Number.isInteger(dim) || dim < 0 || dim >= parent.rank) return `'dim' must be in [0, ${parent.rank}), got ${dim}`;
    return undefined;
  }
  static get(dim: number, parent: BlockedLayoutAttr): SliceLayoutAttr {
    const why = SliceLayoutAttr.check(dim, parent);
    if (why) throw new Error(`invalid #tile.slice: ${why}`);
    return uniqueDialectAttr(`tile.slice:${dim};${parent.key}`, () => new SliceLayoutAttr(dim, parent));
  }
  get rank(): number {
    return this.parent.rank - 1;
  }
  get numThreads(): number {
    return this.parent.numThreads;
  }
  printBody(w: AttrTypeWriter): void {
    w.write(`<dim = ${this.dim}, parent = `);
    w.attr(this.parent);
    w.write('>');
  }
}

/** The layouts of register tiles. */
export type RegisterLayout = BlockedLayoutAttr | SliceLayoutAttr;

export const isRegisterLayout = (a: unknown): a is RegisterLayout => a instanceof BlockedLayoutAttr || a instanceof SliceLayoutAttr;

/**
 * A register layout as its blocked layout and, per tile dimension, the blocked layout's
 * dimension it is (a slice skips the parent's dimension `dim`).
 */
export function blockedDims(layout: RegisterLayout): { blocked: BlockedLayoutAttr; dims: number[]; sliced?: number } {
  if (layout instanceof BlockedLayoutAttr) return { blocked: layout, dims: layout.order.map((_, d) => d) };
  const dims = layout.parent.order.map((_, d) => d).filter((d) => d !== layout.dim);
  return { blocked: layout.parent, dims, sliced: layout.dim };
}

export interface SharedLayoutParams {
  readonly vec: number;
  readonly perPhase: number;
  readonly maxPhase: number;
  readonly order: readonly number[];
}

/**
 * `#tile.shared<vec = 8, perPhase = 1, maxPhase = 8, order = [1, 0]>`: the XOR swizzle of a
 * workgroup buffer (Triton's swizzled shared layout). It changes where elements are placed,
 * never which element an index names.
 */
export class SharedLayoutAttr extends DialectAttr {
  readonly dialect = 'tile';
  readonly mnemonic = 'shared';
  private constructor(
    readonly vec: number,
    readonly perPhase: number,
    readonly maxPhase: number,
    readonly order: readonly number[],
  ) {
    super();
  }
  static check(p: SharedLayoutParams): string | undefined {
    for (const f of ['vec', 'perPhase', 'maxPhase'] as const) {
      if (!Number.isInteger(p[f]) || p[f] < 1) return `'${f}' must be positive, got ${p[f]}`;
    }
    if (p.order.length === 0) return 'a shared layout needs rank >= 1';
    return checkOrder(p.order, p.order.length);
  }
  static get(p: SharedLayoutParams): SharedLayoutAttr {
    const why = SharedLayoutAttr.check(p);
    if (why) throw new Error(`invalid #tile.shared: ${why}`);
    return uniqueDialectAttr(`tile.shared:${p.vec};${p.perPhase};${p.maxPhase};${p.order.join(',')}`, () => new SharedLayoutAttr(p.vec, p.perPhase, p.maxPhase, [...p.order]));
  }
  get rank(): number {
    return this.order.length;
  }
  printBody(w: AttrTypeWriter): void {
    w.write(`<vec = ${this.vec}, perPhase = ${this.perPhase}, maxPhase = ${this.maxPhase}, order = ${list(this.order)}>`);
  }
}

/** Combining functions of `tile.reduce`, in enum order. */
export const REDUCE_KINDS = ['add', 'mul', 'max', 'min', 'and', 'or', 'xor'] as const;
export type ReduceKind = (typeof REDUCE_KINDS)[number];

/** `#tile.reduce_kind<add>`; custom op formats print the bare keyword. */
export class ReduceKindAttr extends EnumDialectAttr<ReduceKind> {
  readonly dialect = 'tile';
  readonly mnemonic = 'reduce_kind';
  static get(kind: ReduceKind): ReduceKindAttr {
    return uniqueDialectAttr(`tile.reduce_kind:${kind}`, () => new ReduceKindAttr(kind));
  }
}

// ---------------------------------------------------------------------------------------- parsing

/** `[1, 2, 3]` */
export function parseIntegerList(parser: Parser): number[] {
  const out: number[] = [];
  parser.parseCommaSeparated(Tok.LSquare, Tok.RSquare, () => out.push(Number(parser.parseInteger())));
  return out;
}

/** `name = value` pairs up to `>`, each name once; `parseValue` reads the value. */
function parseParams<T>(parser: Parser, what: string, names: readonly string[], parseValue: (name: string) => T): Map<string, T> {
  const seen = new Map<string, T>();
  parser.expect(Tok.Less, "'<'");
  parser.parseCommaSeparated(
    undefined,
    Tok.Greater,
    () => {
      const offset = parser.offset;
      const name = parser.isKeyword() ? parser.parseKeyword() : '';
      if (!names.includes(name)) throw parser.emitError(`expected one of ${names.map((n) => `'${n}'`).join(', ')} in #tile.${what}`, offset);
      if (seen.has(name)) throw parser.emitError(`duplicate '${name}' in #tile.${what}`, offset);
      parser.expect(Tok.Equal, "'='");
      seen.set(name, parseValue(name));
    },
    `#tile.${what} parameters`,
  );
  const missing = names.filter((n) => !seen.has(n));
  if (missing.length) throw parser.emitError(`#tile.${what} is missing '${missing[0]}'`);
  return seen;
}

function parseBlocked(parser: Parser): BlockedLayoutAttr {
  const start = parser.offset;
  const p = parseParams(parser, 'blocked', BLOCKED_FIELDS, () => parseIntegerList(parser));
  const params = { sizePerThread: p.get('sizePerThread')!, threadsPerWarp: p.get('threadsPerWarp')!, warpsPerGroup: p.get('warpsPerGroup')!, order: p.get('order')! };
  const why = BlockedLayoutAttr.check(params);
  if (why) throw parser.emitError(`invalid #tile.blocked: ${why}`, start);
  return BlockedLayoutAttr.get(params);
}

function parseShared(parser: Parser): SharedLayoutAttr {
  const start = parser.offset;
  const p = parseParams<number | number[]>(parser, 'shared', ['vec', 'perPhase', 'maxPhase', 'order'], (n) => (n === 'order' ? parseIntegerList(parser) : Number(parser.parseInteger())));
  const params = { vec: p.get('vec') as number, perPhase: p.get('perPhase') as number, maxPhase: p.get('maxPhase') as number, order: p.get('order') as number[] };
  const why = SharedLayoutAttr.check(params);
  if (why) throw parser.emitError(`invalid #tile.shared: ${why}`, start);
  return SharedLayoutAttr.get(params);
}

function parseSlice(parser: Parser): SliceLayoutAttr {
  const start = parser.offset;
  const p = parseParams<number | Attribute>(parser, 'slice', ['dim', 'parent'], (n) => (n === 'dim' ? Number(parser.parseInteger()) : parser.parseAttribute(undefined, false)));
  const parent = p.get('parent');
  if (!(parent instanceof BlockedLayoutAttr)) throw parser.emitError(`invalid #tile.slice: 'parent' must be a #tile.blocked layout, got ${parent}`, start);
  const why = SliceLayoutAttr.check(p.get('dim') as number, parent);
  if (why) throw parser.emitError(`invalid #tile.slice: ${why}`, start);
  return SliceLayoutAttr.get(p.get('dim') as number, parent);
}

export function parseReduceKindKeyword(parser: Parser, inOp = false): ReduceKindAttr {
  return ReduceKindAttr.get(parseEnumKeyword(parser, REDUCE_KINDS, 'tile reduction kind', inOp));
}

/** The dialect's attribute hook: `#tile.blocked<...>`, `#tile.slice<...>`, `#tile.shared<...>`, `#tile.reduce_kind<...>`. */
export function parseTileAttribute(parser: Parser, mnemonic: string): Attribute {
  if (mnemonic === 'blocked') return parseBlocked(parser);
  if (mnemonic === 'shared') return parseShared(parser);
  if (mnemonic === 'slice') return parseSlice(parser);
  if (mnemonic === 'reduce_kind') return ReduceKindAttr.get(parseAngledEnumKeyword(parser, REDUCE_KINDS, 'tile reduction kind'));
  throw parser.emitError(`unknown attribute \`${mnemonic}\` in dialect \`tile\``, parser.offset - mnemonic.length);
}

// ---------------------------------------------------------------------------------------- constraints

/** A unit flag printed as its keyword in custom formats (`in_bounds`, `masked`). */
export const UnitAttrC = attrConstraint('unit attribute', (a): a is UnitAttr => a instanceof UnitAttr, { unit: true });

/** An i64 array printed `[1, 2]` in custom formats (as MLIR's DenseI64ArrayAttr). */
export const I64ListAttr = attrConstraint('i64 dense array attribute', (a): a is DenseArrayAttr => a instanceof DenseArrayAttr && a.elementType === IntegerType.get(64), {
  formatPrint: (p: AttrTypeWriter, a: DenseArrayAttr) => p.write(list(a.numbers)),
  formatParse: (parser: Parser) => i64List(parseIntegerList(parser)),
  formatStartsHere: (parser: Parser) => parser.peek(Tok.LSquare),
});

export function i64List(values: readonly number[]): DenseArrayAttr {
  return DenseArrayAttr.get(
    IntegerType.get(64),
    values.map((v) => BigInt(v)),
  );
}

/** Printed in full (`#tile.shared<...>`) in custom formats. */
export const SharedLayoutConstraint = attrConstraint('#tile.shared layout', (a): a is SharedLayoutAttr => a instanceof SharedLayoutAttr, {
  formatPrint: (p: AttrTypeWriter, a: SharedLayoutAttr) => p.attr(a),
  // A wrong kind of attribute is reported by the format ('invalid kind of attribute specified').
  formatParse: (parser: Parser) => parser.parseAttribute(undefined, false) as SharedLayoutAttr,
  formatStartsHere: (parser: Parser) => parser.peek(Tok.HashId),
});

export const ReduceKindConstraint = attrConstraint('tile reduction kind', (a): a is ReduceKindAttr => a instanceof ReduceKindAttr, {
  formatPrint: (p: AttrTypeWriter, a: ReduceKindAttr) => p.write(a.value),
  formatParse: (parser: Parser) => parseReduceKindKeyword(parser, true),
  formatStartsHere: (parser: Parser) => parser.peek(Tok.BareId) && (REDUCE_KINDS as readonly string[]).includes(parser.tokenText),
});
