import { Attribute, DenseArrayAttr, IntegerAttr } from './attributes.js';
import { FloatType, IndexType, IntegerType, MemRefType, RankedTensorType, ShapedType, UnrankedTensorType, VectorType, type Type } from './types.js';

/** A predicate on types, with the phrase MLIR uses in "must be ..." errors. */
export interface TypeConstraint {
  readonly description: string;
  test(t: Type): boolean;
  /** The one type this constraint allows, so custom formats may omit it (MLIR's buildable types). */
  readonly buildable?: Type;
  /**
   * The class of types this constraint is a subset of, where MLIR's is not plain `Type` (its
   * cppType: MemRefType, VectorType, ...): a custom format's `type($x)` parses a type of that class
   * ("invalid kind of type specified" otherwise).
   */
  readonly typeClass?: (t: Type) => boolean;
}

export function typeConstraint(description: string, test: (t: Type) => boolean, buildable?: Type, typeClass?: (t: Type) => boolean): TypeConstraint {
  return { description, test, buildable, typeClass };
}

export const AnyType = typeConstraint('any type', () => true);

// Type constraints several dialects use (MLIR's CommonTypeConstraints.td), declared once here: a
// dialect imports these and declares only the constraints that are its own.
const isIndexType = (t: Type): boolean => t instanceof IndexType;
const isMemRefType = (t: Type): boolean => t instanceof MemRefType;
export const isSignlessInteger = (t: Type): boolean => t instanceof IntegerType && t.isSignless;
export const isSignlessIntegerOrIndex = (t: Type): boolean => isSignlessInteger(t) || t instanceof IndexType;
export const isFloat = (t: Type): t is FloatType => t instanceof FloatType;
export const Index = typeConstraint('index', isIndexType, IndexType.get(), isIndexType);
export const I1 = typeConstraint('1-bit signless integer', (t) => t === IntegerType.get(1), IntegerType.get(1));
export const I32 = typeConstraint('32-bit signless integer', (t) => t === IntegerType.get(32), IntegerType.get(32));
export const AnyMemRef = typeConstraint('memref of any type values', isMemRefType, undefined, isMemRefType);
/** MLIR's MemRefRankOf<[I8], [1]>: a buffer of bytes (memref.view's source, gpu.dynamic_shared_memory's result). */
export const I8MemRefOfRank1 = typeConstraint(
  '1D memref of 8-bit signless integer values',
  (t) => t instanceof MemRefType && t.rank === 1 && t.elementType === IntegerType.get(8),
  undefined,
  isMemRefType,
);
export const AnySignlessIntegerOrIndex = typeConstraint('signless integer or index', isSignlessIntegerOrIndex);
export const AnySignlessIntegerOrFloat = typeConstraint('signless integer or floating-point', (t) => isSignlessInteger(t) || isFloat(t));

export interface VariadicSpec {
  readonly kind: 'variadic';
  readonly constraint: TypeConstraint;
}
export interface OptionalSpec {
  readonly kind: 'optional';
  readonly constraint: TypeConstraint;
}
export type ValueSpec = TypeConstraint | VariadicSpec | OptionalSpec;

export function variadic(constraint: TypeConstraint = AnyType): VariadicSpec {
  return { kind: 'variadic', constraint };
}
export function optional(constraint: TypeConstraint = AnyType): OptionalSpec {
  return { kind: 'optional', constraint };
}
export function valueSpecKind(spec: ValueSpec): 'single' | 'variadic' | 'optional' {
  return 'kind' in spec ? spec.kind : 'single';
}
export function valueSpecConstraint(spec: ValueSpec): TypeConstraint {
  return 'kind' in spec ? spec.constraint : spec;
}

/**
 * An attribute constraint. `print`/`parse` give the form used by custom assembly formats when it
 * differs from the full attribute syntax (e.g. an i64 attribute printed without `: i64`).
 */
export interface AttrConstraint<T extends Attribute = Attribute> {
  readonly description: string;
  test(a: Attribute): a is T;
  /** The type a bare literal is given when parsed in a custom format (e.g. i64 for I64Attr). */
  readonly literalType?: Type;
  /** For enum attributes printed as a bare keyword in custom formats (`slt`), by integer value. */
  readonly enumCases?: readonly string[];
  /** `@name` in custom formats (MLIR's SymbolNameAttr). */
  readonly symbolName?: boolean;
  /** A TypeAttr printed as its bare type in custom formats. */
  readonly typeAttr?: boolean;
  /** A UnitAttr: an optional group anchor that prints nothing. */
  readonly unit?: boolean;
  /**
   * MLIR converts this attribute into its property storage (an enum) as the op is built from
   * text: a wrong one is reported then, before there is an op to show in a diagnostic.
   */
  readonly checkedWhenParsed?: boolean;
  /** Print/parse by hand in custom formats (dialect attributes printed without their prefix). */
  readonly formatPrint?: (printer: any, a: T) => void;
  readonly formatParse?: (parser: any) => T;
  /** Whether the next tokens start this attribute, for optional groups anchored on it. */
  readonly formatStartsHere?: (parser: any) => boolean;
  /**
   * What a custom format checks as it parses (MLIR converts to the storage type there; further
   * constraints, e.g. ConfinedAttr's, are the verifier's): `test` when absent.
   */
  readonly storageTest?: (a: Attribute) => boolean;
}

export interface AttrSpec<T extends Attribute = Attribute> {
  readonly constraint: AttrConstraint<T>;
  readonly optional: boolean;
  readonly defaultValue?: T | undefined;
  /** The default is stored on the op when absent (MLIR's DefaultValuedAttr, as opposed to DefaultValuedOptionalAttr). */
  readonly materializeDefault?: boolean;
}

export function attrConstraint<T extends Attribute>(description: string, test: (a: Attribute) => a is T, extra: Partial<AttrConstraint<T>> = {}): AttrConstraint<T> {
  return { description, test, ...extra };
}

export function required<T extends Attribute>(constraint: AttrConstraint<T>): AttrSpec<T> {
  return { constraint, optional: false };
}
export function optionalAttr<T extends Attribute>(constraint: AttrConstraint<T>): AttrSpec<T> {
  return { constraint, optional: true };
}
/** Always present: set to `defaultValue` when not given (MLIR's DefaultValuedAttr). */
export function defaultValued<T extends Attribute>(constraint: AttrConstraint<T>, defaultValue: T): AttrSpec<T> {
  return { constraint, optional: true, defaultValue, materializeDefault: true };
}
/** May be absent, and then reads as `defaultValue` (MLIR's DefaultValuedOptionalAttr). */
export function defaultValuedOptional<T extends Attribute>(constraint: AttrConstraint<T>, defaultValue: T): AttrSpec<T> {
  return { constraint, optional: true, defaultValue };
}

export const AnyAttr = attrConstraint('any attribute', (a): a is Attribute => a instanceof Attribute);

export function integerAttrOf(width: number, description = `${width}-bit signless integer attribute`): AttrConstraint<IntegerAttr> {
  const type = IntegerType.get(width);
  return attrConstraint(description, (a): a is IntegerAttr => a instanceof IntegerAttr && a.type === type, { literalType: type });
}
export const I32Attr = integerAttrOf(32);
export const I64Attr = integerAttrOf(64);
export const IndexAttr = attrConstraint('index attribute', (a): a is IntegerAttr => a instanceof IntegerAttr && a.type instanceof IndexType, {
  literalType: IndexType.get(),
});
export const DenseI32ArrayAttr = attrConstraint('i32 dense array attribute', (a): a is DenseArrayAttr => a instanceof DenseArrayAttr && a.elementType === IntegerType.get(32));
export const DenseI64ArrayAttr = attrConstraint('i64 dense array attribute', (a): a is DenseArrayAttr => a instanceof DenseArrayAttr && a.elementType === IntegerType.get(64));

/** Element-type predicate lifted to scalars and to vectors/tensors of such scalars. */
export function scalarOrShapedOf(description: string, scalar: (t: Type) => boolean, shapes: 'vector' | 'vector-tensor' = 'vector-tensor'): TypeConstraint {
  return typeConstraint(description, (t) => {
    if (scalar(t)) return true;
    if (!(t instanceof ShapedType) || !scalar(t.elementType)) return false;
    // By class, not by constructor.name: a minifying bundler (the playground's) renames classes.
    return t instanceof VectorType || (shapes === 'vector-tensor' && (t instanceof RankedTensorType || t instanceof UnrankedTensorType));
  });
}

/** Scalars, vectors of any rank and tensors (ranked or not) of signless integers or index (arith's and math's operands). */
export const SignlessIntegerLike = scalarOrShapedOf('signless-integer-like', isSignlessIntegerOrIndex);
export const FloatLike = scalarOrShapedOf('floating-point-like', isFloat);
