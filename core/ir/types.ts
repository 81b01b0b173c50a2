import { type Attribute, Type } from './type-attr-base.js';
import { Uniquer } from './uniquer.js';
import { type AttrTypeWriter, writeList } from './writer.js';

export { Type } from './type-attr-base.js';

const uniquer = new Uniquer<Type>();
const DYNAMIC = -1;
export { DYNAMIC as kDynamic };

export type Signedness = 'signless' | 'signed' | 'unsigned';

const SIGNLESS_CACHED = 129;
const signlessIntegers: (IntegerType | undefined)[] = new Array<IntegerType | undefined>(SIGNLESS_CACHED).fill(undefined);

export class IntegerType extends Type {
  private constructor(
    readonly width: number,
    readonly signedness: Signedness,
  ) {
    super();
  }
  static get(width: number, signedness: Signedness = 'signless'): IntegerType {
    // Signless types of the usual widths by index: folders and verifiers ask for i1/i32/i64 all
    // the time, and the uniquer's key is a new string each call.
    if (signedness === 'signless' && width < SIGNLESS_CACHED) return (signlessIntegers[width] ??= IntegerType.unique(width, signedness));
    return IntegerType.unique(width, signedness);
  }
  private static unique(width: number, signedness: Signedness): IntegerType {
    return uniquer.get(`i${signedness}${width}`, () => new IntegerType(width, signedness)) as IntegerType;
  }
  get isSignless(): boolean {
    return this.signedness === 'signless';
  }
  print(w: AttrTypeWriter): void {
    w.write((this.signedness === 'signless' ? 'i' : this.signedness === 'signed' ? 'si' : 'ui') + this.width);
  }
}

export class IndexType extends Type {
  static get(): IndexType {
    return uniquer.get('index', () => new IndexType()) as IndexType;
  }
  print(w: AttrTypeWriter): void {
    w.write('index');
  }
}

export const FLOAT_KINDS = ['f16', 'bf16', 'f32', 'f64', 'tf32', 'f80', 'f128'] as const;
export type FloatKindName = (typeof FLOAT_KINDS)[number];
const FLOAT_WIDTHS: Record<FloatKindName, number> = { f16: 16, bf16: 16, f32: 32, f64: 64, tf32: 19, f80: 80, f128: 128 };

export class FloatType extends Type {
  private constructor(readonly kind: FloatKindName) {
    super();
  }
  static get(kind: FloatKindName): FloatType {
    return uniquer.get(kind, () => new FloatType(kind)) as FloatType;
  }
  get width(): number {
    return FLOAT_WIDTHS[this.kind];
  }
  print(w: AttrTypeWriter): void {
    w.write(this.kind);
  }
}

export class NoneType extends Type {
  static get(): NoneType {
    return uniquer.get('none', () => new NoneType()) as NoneType;
  }
  print(w: AttrTypeWriter): void {
    w.write('none');
  }
}

function idsKey(types: readonly Type[]): string {
  return types.map((t) => t.id).join(',');
}

export class ComplexType extends Type {
  private constructor(readonly elementType: Type) {
    super();
  }
  static get(elementType: Type): ComplexType {
    return uniquer.get(`complex${elementType.id}`, () => new ComplexType(elementType)) as ComplexType;
  }
  print(w: AttrTypeWriter): void {
    w.write('complex<');
    w.type(this.elementType);
    w.write('>');
  }
}

export class FunctionType extends Type {
  private constructor(
    readonly inputs: readonly Type[],
    readonly results: readonly Type[],
  ) {
    super();
  }
  static get(inputs: readonly Type[], results: readonly Type[]): FunctionType {
    return uniquer.get(`fn(${idsKey(inputs)})(${idsKey(results)})`, () => new FunctionType([...inputs], [...results])) as FunctionType;
  }
  print(w: AttrTypeWriter): void {
    w.write('(');
    writeList(w, this.inputs, (t) => w.type(t));
    w.write(') -> ');
    printResultTypes(w, this.results);
  }
}

/** `-> i32`, `-> (i32, f32)`, `-> ()`; a lone function-typed result is parenthesized. */
export function printResultTypes(w: AttrTypeWriter, results: readonly Type[]): void {
  if (results.length === 1 && !(results[0] instanceof FunctionType)) {
    w.type(results[0]!);
    return;
  }
  w.write('(');
  writeList(w, results, (t) => w.type(t));
  w.write(')');
}

export class TupleType extends Type {
  private constructor(readonly types: readonly Type[]) {
    super();
  }
  static get(types: readonly Type[]): TupleType {
    return uniquer.get(`tuple(${idsKey(types)})`, () => new TupleType([...types])) as TupleType;
  }
  print(w: AttrTypeWriter): void {
    w.write('tuple<');
    writeList(w, this.types, (t) => w.type(t));
    w.write('>');
  }
}

/** Common to vector, tensor and memref types: a shape (-1 = dynamic) and an element type. */
export abstract class ShapedType extends Type {
  abstract readonly shape: readonly number[] | undefined;
  abstract readonly elementType: Type;
  get hasRank(): boolean {
    return this.shape !== undefined;
  }
  get rank(): number {
    return this.shape?.length ?? 0;
  }
  get numElements(): number {
    return (this.shape ?? []).reduce((a, b) => a * b, 1);
  }
  get hasStaticShape(): boolean {
    return this.shape !== undefined && this.shape.every((d) => d !== DYNAMIC);
  }
  isDynamicDim(i: number): boolean {
    return this.shape![i] === DYNAMIC;
  }
}

function printDims(w: AttrTypeWriter, shape: readonly number[], scalable?: readonly boolean[]): void {
  shape.forEach((d, i) => {
    const text = d === DYNAMIC ? '?' : String(d);
    w.write(scalable?.[i] ? `[${text}]x` : `${text}x`);
  });
}

export class VectorType extends ShapedType {
  private constructor(
    readonly shape: readonly number[],
    readonly elementType: Type,
    readonly scalableDims: readonly boolean[],
  ) {
    super();
  }
  static get(shape: readonly number[], elementType: Type, scalableDims?: readonly boolean[]): VectorType {
    const scalable = scalableDims ?? shape.map(() => false);
    const key = `vector${shape.join('x')}|${scalable.map(Number).join('')}|${elementType.id}`;
    return uniquer.get(key, () => new VectorType([...shape], elementType, [...scalable])) as VectorType;
  }
  print(w: AttrTypeWriter): void {
    w.write('vector<');
    printDims(w, this.shape, this.scalableDims);
    w.type(this.elementType);
    w.write('>');
  }
}

export class RankedTensorType extends ShapedType {
  private constructor(
    readonly shape: readonly number[],
    readonly elementType: Type,
    readonly encoding: Attribute | undefined,
  ) {
    super();
  }
  static get(shape: readonly number[], elementType: Type, encoding?: Attribute): RankedTensorType {
    const key = `tensor${shape.join('x')}|${elementType.id}|${encoding?.id ?? 0}`;
    return uniquer.get(key, () => new RankedTensorType([...shape], elementType, encoding)) as RankedTensorType;
  }
  print(w: AttrTypeWriter): void {
    w.write('tensor<');
    printDims(w, this.shape);
    w.type(this.elementType);
    if (this.encoding) {
      w.write(', ');
      w.attr(this.encoding);
    }
    w.write('>');
  }
}

export class UnrankedTensorType extends ShapedType {
  readonly shape = undefined;
  private constructor(readonly elementType: Type) {
    super();
  }
  static get(elementType: Type): UnrankedTensorType {
    return uniquer.get(`utensor${elementType.id}`, () => new UnrankedTensorType(elementType)) as UnrankedTensorType;
  }
  print(w: AttrTypeWriter): void {
    w.write('tensor<*x');
    w.type(this.elementType);
    w.write('>');
  }
}

export class MemRefType extends ShapedType {
  private constructor(
    readonly shape: readonly number[],
    readonly elementType: Type,
    /** Undefined means the identity layout. */
    readonly layout: Attribute | undefined,
    readonly memorySpace: Attribute | undefined,
  ) {
    super();
  }
  static get(shape: readonly number[], elementType: Type, layout?: Attribute, memorySpace?: Attribute): MemRefType {
    const key = `memref${shape.join('x')}|${elementType.id}|${layout?.id ?? 0}|${memorySpace?.id ?? 0}`;
    return uniquer.get(key, () => new MemRefType([...shape], elementType, layout, memorySpace)) as MemRefType;
  }
  print(w: AttrTypeWriter): void {
    w.write('memref<');
    printDims(w, this.shape);
    w.type(this.elementType);
    if (this.layout) {
      w.write(', ');
      w.attr(this.layout);
    }
    if (this.memorySpace) {
      w.write(', ');
      w.attr(this.memorySpace, 'may');
    }
    w.write('>');
  }
}

export class UnrankedMemRefType extends ShapedType {
  readonly shape = undefined;
  private constructor(
    readonly elementType: Type,
    readonly memorySpace: Attribute | undefined,
  ) {
    super();
  }
  static get(elementType: Type, memorySpace?: Attribute): UnrankedMemRefType {
    const key = `umemref${elementType.id}|${memorySpace?.id ?? 0}`;
    return uniquer.get(key, () => new UnrankedMemRefType(elementType, memorySpace)) as UnrankedMemRefType;
  }
  print(w: AttrTypeWriter): void {
    w.write('memref<*x');
    w.type(this.elementType);
    if (this.memorySpace) {
      w.write(', ');
      w.attr(this.memorySpace, 'may');
    }
    w.write('>');
  }
}

/**
 * A type owned by a dialect, printed `!dialect.mnemonic<body>`. Dialects subclass it for
 * structured types; `OpaqueDialectType` keeps the body text of types of unregistered dialects.
 */
export abstract class DialectType extends Type {
  abstract readonly dialect: string;
  abstract readonly mnemonic: string;
  /** The text after the mnemonic, e.g. `<4xf32>`; empty by default. */
  printBody(_w: AttrTypeWriter): void {}
  print(w: AttrTypeWriter): void {
    w.write(`!${this.dialect}.${this.mnemonic}`);
    this.printBody(w);
  }
}

/** Singleton dialect types with no parameters (e.g. `!async.token`). */
export class SimpleDialectType extends DialectType {
  private constructor(
    readonly dialect: string,
    readonly mnemonic: string,
  ) {
    super();
  }
  static get(dialect: string, mnemonic: string): SimpleDialectType {
    return uniquer.get(`!${dialect}.${mnemonic}`, () => new SimpleDialectType(dialect, mnemonic)) as SimpleDialectType;
  }
}

export class OpaqueDialectType extends DialectType {
  private constructor(
    readonly dialect: string,
    readonly mnemonic: string,
    readonly body: string,
  ) {
    super();
  }
  static get(dialect: string, mnemonic: string, body: string): OpaqueDialectType {
    return uniquer.get(`?${dialect}.${mnemonic}${body}`, () => new OpaqueDialectType(dialect, mnemonic, body)) as OpaqueDialectType;
  }
  override print(w: AttrTypeWriter): void {
    w.write(this.mnemonic ? `!${this.dialect}.${this.mnemonic}${this.body}` : `!${this.dialect}${this.body}`);
  }
}

export const i1 = IntegerType.get(1);
export const i8 = IntegerType.get(8);
export const i16 = IntegerType.get(16);
export const i32 = IntegerType.get(32);
export const i64 = IntegerType.get(64);
export const index = IndexType.get();
export const f16 = FloatType.get('f16');
export const bf16 = FloatType.get('bf16');
export const f32 = FloatType.get('f32');
export const f64 = FloatType.get('f64');
export const none = NoneType.get();

export function isIntegerLike(t: Type): t is IntegerType | IndexType {
  return t instanceof IntegerType || t instanceof IndexType;
}

/** Element type of a shaped type, else the type itself. */
export function elementTypeOrSelf(t: Type): Type {
  return t instanceof ShapedType ? t.elementType : t;
}
