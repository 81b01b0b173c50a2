import type { AffineMap } from './affine.js';
import { formatFloatMLIR, type FloatKind } from './float-format.js';
import { quoteString } from './location.js';
import { FloatType, i64, IndexType, IntegerType, NoneType, RankedTensorType, type ShapedType, type Type } from './types.js';
import { Attribute } from './type-attr-base.js';
import { Uniquer } from './uniquer.js';
import { AttrMap } from './attr-map.js';
import { type AttrTypeWriter, type TypeElision, writeList } from './writer.js';
import { resourceKey, type ResourceHandle } from './resources.js';

export { Attribute } from './type-attr-base.js';

const uniquer = new Uniquer<Attribute>();

function writeTypeSuffix(w: AttrTypeWriter, type: Type, elision: TypeElision): void {
  if (elision === 'must' || type instanceof NoneType) return;
  w.write(' : ');
  w.type(type);
}

/** Reduce `value` to `width` bits, in two's complement, signed or unsigned view. */
export function wrapInteger(value: bigint, width: number, signed: boolean): bigint {
  return signed ? BigInt.asIntN(width, value) : BigInt.asUintN(width, value);
}

export function integerWidth(type: Type): number {
  return type instanceof IntegerType ? type.width : 64;
}

export class IntegerAttr extends Attribute {
  private constructor(
    private readonly valueType: Type,
    readonly value: bigint,
  ) {
    super();
  }
  /** `value` is stored canonically: signed view, except for unsigned integer types. */
  static get(type: Type, value: bigint | number): IntegerAttr {
    const width = integerWidth(type);
    const unsigned = type instanceof IntegerType && (type.signedness === 'unsigned' || width === 1);
    const v = wrapInteger(BigInt(value), width, !unsigned);
    return uniquer.get(`int${type.id}:${v}`, () => new IntegerAttr(type, v)) as IntegerAttr;
  }
  override get type(): Type {
    return this.valueType;
  }
  get number(): number {
    return Number(this.value);
  }
  print(w: AttrTypeWriter, elision: TypeElision): void {
    const t = this.valueType;
    if (t instanceof IntegerType && t.width === 1 && t.isSignless) {
      w.write(this.value ? 'true' : 'false');
      return;
    }
    w.write(this.value.toString());
    if (elision === 'may' && t === i64) return;
    writeTypeSuffix(w, t, elision);
  }
}

// biome-ignore lint/complexity/noStaticOnlyClass: MLIR's BoolAttr::get, which builds an i1 IntegerAttr.
export class BoolAttr {
  static get(value: boolean): IntegerAttr {
    return IntegerAttr.get(IntegerType.get(1), value ? 1n : 0n);
  }
}

export function floatKindOf(type: Type): FloatKind {
  if (type instanceof FloatType && (type.kind === 'f16' || type.kind === 'bf16' || type.kind === 'f32')) return type.kind;
  return 'f64';
}

export class FloatAttr extends Attribute {
  private constructor(
    private readonly valueType: Type,
    readonly value: number,
  ) {
    super();
  }
  static get(type: Type, value: number): FloatAttr {
    const key = `flt${type.id}:${elementKey(value)}`;
    return uniquer.get(key, () => new FloatAttr(type, value)) as FloatAttr;
  }
  override get type(): Type {
    return this.valueType;
  }
  print(w: AttrTypeWriter, elision: TypeElision): void {
    w.write(formatFloatMLIR(this.value, floatKindOf(this.valueType)));
    if (elision === 'may' && this.valueType instanceof FloatType && this.valueType.kind === 'f64') return;
    writeTypeSuffix(w, this.valueType, elision);
  }
}

export class StringAttr extends Attribute {
  private constructor(
    readonly value: string,
    private readonly valueType: Type | undefined,
  ) {
    super();
  }
  static get(value: string, type?: Type): StringAttr {
    return uniquer.get(`str${type?.id ?? 0}:${value}`, () => new StringAttr(value, type)) as StringAttr;
  }
  override get type(): Type | undefined {
    return this.valueType;
  }
  print(w: AttrTypeWriter, elision: TypeElision): void {
    w.write(quoteString(this.value));
    if (this.valueType) writeTypeSuffix(w, this.valueType, elision);
  }
}

export class UnitAttr extends Attribute {
  static get(): UnitAttr {
    return uniquer.get('unit', () => new UnitAttr()) as UnitAttr;
  }
  print(w: AttrTypeWriter): void {
    w.write('unit');
  }
}

export class TypeAttr extends Attribute {
  private constructor(readonly value: Type) {
    super();
  }
  static get(value: Type): TypeAttr {
    return uniquer.get(`type${value.id}`, () => new TypeAttr(value)) as TypeAttr;
  }
  print(w: AttrTypeWriter): void {
    w.type(this.value);
  }
}

export class ArrayAttr extends Attribute {
  private constructor(readonly elements: readonly Attribute[]) {
    super();
  }
  static get(elements: readonly Attribute[]): ArrayAttr {
    return uniquer.get(`arr[${elements.map((e) => e.id).join(',')}]`, () => new ArrayAttr([...elements])) as ArrayAttr;
  }
  print(w: AttrTypeWriter): void {
    w.write('[');
    writeList(w, this.elements, (e) => w.attr(e, 'may'));
    w.write(']');
  }
}

const BARE_ID = /^[A-Za-z_][A-Za-z0-9_$.]*$/;

/** A name as MLIR prints it in dictionaries and symbol references: bare if it can be, else quoted. */
export function printKeyword(name: string): string {
  return BARE_ID.test(name) ? name : quoteString(name);
}

export interface NamedAttribute {
  readonly name: string;
  readonly value: Attribute;
}

export function printNamedAttributes(w: AttrTypeWriter, entries: readonly NamedAttribute[]): void {
  writeList(w, entries, (e) => {
    w.write(printKeyword(e.name));
    if (!(e.value instanceof UnitAttr)) {
      w.write(' = ');
      w.attr(e.value);
    }
  });
}

export class DictionaryAttr extends Attribute {
  private readonly byName: Map<string, Attribute>;
  private constructor(readonly entries: readonly NamedAttribute[]) {
    super();
    this.byName = new Map(entries.map((e) => [e.name, e.value]));
  }
  /** Entries are sorted by name; duplicates must be rejected by the caller. */
  static get(entries: Iterable<NamedAttribute> | ReadonlyMap<string, Attribute> | Record<string, Attribute>): DictionaryAttr {
    const list: NamedAttribute[] =
      entries instanceof Map || entries instanceof AttrMap
        ? [...entries].map(([name, value]) => ({ name, value }))
        : Symbol.iterator in entries
          ? [...(entries as Iterable<NamedAttribute>)]
          : Object.entries(entries as Record<string, Attribute>).map(([name, value]) => ({ name, value }));
    list.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
    const key = `dict{${list.map((e) => `${e.name.length}:${e.name}=${e.value.id}`).join(',')}}`;
    return uniquer.get(key, () => new DictionaryAttr(list)) as DictionaryAttr;
  }
  static empty(): DictionaryAttr {
    return DictionaryAttr.get([]);
  }
  get(name: string): Attribute | undefined {
    return this.byName.get(name);
  }
  get size(): number {
    return this.entries.length;
  }
  print(w: AttrTypeWriter): void {
    w.write('{');
    printNamedAttributes(w, this.entries);
    w.write('}');
  }
}

export function printSymbolName(name: string): string {
  return '@' + printKeyword(name);
}

export class SymbolRefAttr extends Attribute {
  private constructor(
    readonly root: string,
    readonly nested: readonly string[],
  ) {
    super();
  }
  static get(root: string, nested: readonly string[] = []): SymbolRefAttr {
    return uniquer.get(`sym@${[root, ...nested].map((s) => `${s.length}:${s}`).join('')}`, () => new SymbolRefAttr(root, [...nested])) as SymbolRefAttr;
  }
  get leaf(): string {
    return this.nested.length ? this.nested[this.nested.length - 1]! : this.root;
  }
  get isFlat(): boolean {
    return this.nested.length === 0;
  }
  print(w: AttrTypeWriter): void {
    w.write([this.root, ...this.nested].map(printSymbolName).join('::'));
  }
}

/** Element values of dense attributes: bigint for integers and index, number for floats. */
export type ElementValue = bigint | number;

const keyView = new DataView(new ArrayBuffer(8));
/** A uniquing key for an element value: floats by their bits, so that -0 and NaN payloads differ. */
function elementKey(v: ElementValue): string {
  if (typeof v === 'bigint' || (!Number.isNaN(v) && v !== 0)) return String(v);
  keyView.setFloat64(0, v);
  return 'x' + keyView.getBigUint64(0).toString(16);
}

function printElement(type: Type, v: ElementValue): string {
  if (type instanceof IntegerType && type.width === 1) return v ? 'true' : 'false';
  if (type instanceof FloatType) return formatFloatMLIR(v as number, floatKindOf(type));
  return v.toString();
}

export class DenseElementsAttr extends Attribute {
  private constructor(
    private readonly shapedType: ShapedType,
    readonly values: readonly ElementValue[],
    readonly isSplat: boolean,
  ) {
    super();
  }
  /** A single value is a splat; otherwise `values` holds every element in row-major order. */
  static get(type: ShapedType, values: readonly ElementValue[]): DenseElementsAttr {
    const first = values.length > 0 ? elementKey(values[0]!) : '';
    const splat = values.length === 1 || (values.length > 0 && values.every((v) => elementKey(v) === first));
    const data = splat ? [values[0]!] : [...values];
    const key = `dense${type.id}:${data.map(elementKey).join(',')}`;
    return uniquer.get(key, () => new DenseElementsAttr(type, data, splat)) as DenseElementsAttr;
  }
  override get type(): ShapedType {
    return this.shapedType;
  }
  get elementType(): Type {
    return this.shapedType.elementType;
  }
  element(i: number): ElementValue {
    return this.isSplat ? this.values[0]! : this.values[i]!;
  }
  print(w: AttrTypeWriter, elision: TypeElision): void {
    w.write('dense<');
    this.printValues(w);
    w.write('>');
    writeTypeSuffix(w, this.shapedType, elision);
  }
  private printValues(w: AttrTypeWriter): void {
    const elem = this.shapedType.elementType;
    if (this.isSplat) {
      w.write(printElement(elem, this.values[0]!));
      return;
    }
    const shape = this.shapedType.shape ?? [];
    if (this.values.length === 0) {
      w.write('');
      return;
    }
    let index = 0;
    const rec = (dim: number): string => {
      if (dim === shape.length) return printElement(elem, this.values[index++]!);
      const parts: string[] = [];
      for (let i = 0; i < shape[dim]!; i++) parts.push(rec(dim + 1));
      return `[${parts.join(', ')}]`;
    };
    w.write(rec(0));
  }
}

/**
 * The zero of an integer, index or float type, or a splat zero of a ranked tensor of one; undefined
 * for other types. (Arith's folders have their own, which also covers vectors and refuses dynamic shapes.)
 */
export function zeroAttr(type: Type): Attribute | undefined {
  if (type instanceof IntegerType || type instanceof IndexType) return IntegerAttr.get(type, 0n);
  if (type instanceof FloatType) return FloatAttr.get(type, 0);
  if (type instanceof RankedTensorType) {
    const e = type.elementType;
    if (e instanceof IntegerType || e instanceof IndexType) return DenseElementsAttr.get(type, [0n]);
    if (e instanceof FloatType) return DenseElementsAttr.get(type, [0]);
  }
  return undefined;
}

/** `dense_resource<name> : type`: elements held by a resource blob (MLIR's DenseResourceElementsAttr). */
export class DenseResourceElementsAttr extends Attribute {
  private constructor(
    private readonly shapedType: ShapedType,
    readonly handle: ResourceHandle,
  ) {
    super();
  }
  /** How many have been created: none means no IR can hold one (the printer skips its resource walk). */
  static created = 0;
  static get(type: ShapedType, handle: ResourceHandle): DenseResourceElementsAttr {
    return uniquer.get(`dres${type.id}:${handle.id}`, () => {
      DenseResourceElementsAttr.created++;
      return new DenseResourceElementsAttr(type, handle);
    }) as DenseResourceElementsAttr;
  }
  override get type(): ShapedType {
    return this.shapedType;
  }
  print(w: AttrTypeWriter, elision: TypeElision): void {
    w.write(`dense_resource<${resourceKey(this.handle.name)}>`);
    writeTypeSuffix(w, this.shapedType, elision);
  }
}

export class DenseArrayAttr extends Attribute {
  private constructor(
    readonly elementType: Type,
    readonly values: readonly ElementValue[],
  ) {
    super();
  }
  static get(elementType: Type, values: readonly ElementValue[]): DenseArrayAttr {
    return uniquer.get(`darr${elementType.id}:${values.map(elementKey).join(',')}`, () => new DenseArrayAttr(elementType, [...values])) as DenseArrayAttr;
  }
  get numbers(): number[] {
    return this.values.map(Number);
  }
  print(w: AttrTypeWriter): void {
    w.write('array<');
    w.type(this.elementType);
    if (this.values.length) {
      w.write(': ');
      w.write(this.values.map((v) => printElement(this.elementType, v)).join(', '));
    }
    w.write('>');
  }
}

export class AffineMapAttr extends Attribute {
  private constructor(readonly map: AffineMap) {
    super();
  }
  /** How many have been created: none means no IR can hold one (the printer skips its alias walk). */
  static created = 0;
  static get(map: AffineMap): AffineMapAttr {
    return uniquer.get(`amap${map.toString()}`, () => {
      AffineMapAttr.created++;
      return new AffineMapAttr(map);
    }) as AffineMapAttr;
  }
  print(w: AttrTypeWriter): void {
    w.write(`affine_map<${this.map.toString()}>`);
  }
}

/** `null` marks a dynamic stride or offset (`?`). */
export class StridedLayoutAttr extends Attribute {
  private constructor(
    readonly offset: number | null,
    readonly strides: readonly (number | null)[],
  ) {
    super();
  }
  static get(offset: number | null, strides: readonly (number | null)[]): StridedLayoutAttr {
    // `?` for dynamic values: `[null].join()` would be '' as for an empty list.
    const dyn = (v: number | null) => (v === null ? '?' : String(v));
    return uniquer.get(`strided${dyn(offset)}:[${strides.map(dyn).join(',')}]`, () => new StridedLayoutAttr(offset, [...strides])) as StridedLayoutAttr;
  }
  print(w: AttrTypeWriter): void {
    const dyn = (v: number | null) => (v === null ? '?' : String(v));
    w.write(`strided<[${this.strides.map(dyn).join(', ')}]`);
    if (this.offset !== 0) w.write(`, offset: ${dyn(this.offset)}`);
    w.write('>');
  }
}

/**
 * An attribute owned by a dialect, printed `#dialect.mnemonic<body>`; dialects subclass it.
 * `printBody` prints what follows the mnemonic; in custom op formats the dialect prefix is
 * stripped (`fastmath<fast>`).
 */
export abstract class DialectAttr extends Attribute {
  abstract readonly dialect: string;
  abstract readonly mnemonic: string;
  abstract printBody(w: AttrTypeWriter): void;
  print(w: AttrTypeWriter): void {
    w.write(`#${this.dialect}.${this.mnemonic}`);
    this.printBody(w);
  }
  printStripped(w: AttrTypeWriter): void {
    w.write(this.mnemonic);
    this.printBody(w);
  }
}

/** `#dialect.mnemonic<value>`: one case of an enum (MLIR's EnumAttr in its pretty form). */
export abstract class EnumDialectAttr<T extends string> extends DialectAttr {
  protected constructor(readonly value: T) {
    super();
  }
  printBody(w: AttrTypeWriter): void {
    w.write(`<${this.value}>`);
  }
}

/** An attribute of an unregistered dialect, kept as text. */
export class OpaqueDialectAttr extends DialectAttr {
  private constructor(
    readonly dialect: string,
    readonly mnemonic: string,
    readonly body: string,
  ) {
    super();
  }
  static get(dialect: string, mnemonic: string, body: string): OpaqueDialectAttr {
    return uniquer.get(`#?${dialect}.${mnemonic}${body}`, () => new OpaqueDialectAttr(dialect, mnemonic, body)) as OpaqueDialectAttr;
  }
  printBody(w: AttrTypeWriter): void {
    w.write(this.body);
  }
  override print(w: AttrTypeWriter): void {
    w.write(this.mnemonic ? `#${this.dialect}.${this.mnemonic}${this.body}` : `#${this.dialect}${this.body}`);
  }
}

/** Uniquing table for dialect attribute subclasses. */
export function uniqueDialectAttr<T extends Attribute>(key: string, create: () => T): T {
  return uniquer.get(`#${key}`, create) as T;
}

export function isIndexOrInteger(t: Type | undefined): boolean {
  return t instanceof IntegerType || t instanceof IndexType;
}
