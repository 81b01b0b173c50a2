/**
 * The parser of MLIR's builtin types (integer, float, index, none, complex, tuple, function,
 * vector, tensor, memref) and, through dialect hooks, of dialect types and type aliases: the
 * first level of the syntax parsers, which attribute-parser.ts and the others extend (a tensor's
 * encoding and a memref's layout or memory space are attributes, parsed by the subclass).
 */
import { AffineMapAttr, type Attribute, DialectAttr, DictionaryAttr, IntegerAttr, OpaqueDialectAttr, StridedLayoutAttr, StringAttr } from '../ir/attributes.js';
import type { Context } from '../ir/dialect.js';
import {
  ComplexType,
  FLOAT_KINDS,
  FloatType,
  FunctionType,
  IndexType,
  IntegerType,
  kDynamic,
  MemRefType,
  NoneType,
  OpaqueDialectType,
  RankedTensorType,
  ShapedType,
  TupleType,
  type Type,
  UnrankedMemRefType,
  UnrankedTensorType,
  VectorType,
  type FloatKindName,
} from '../ir/types.js';
import { Tok } from './lexer.js';
import { MAX_NESTING, ParserBase } from './parser-base.js';
import type { SourceFile } from './source.js';

const INT_TYPE = /^(i|si|ui)([0-9]+)$/;
const MAX_INT_WIDTH = 16777215;
const INT64_MAX = (1n << 63n) - 1n;

/** Keyword types already parsed (`i32`, `f16`, `index`, ...), by spelling; bounded in size. */
const SIMPLE_TYPES = new Map<string, Type>();
function rememberSimpleType(word: string, t: Type): Type {
  if (SIMPLE_TYPES.size < 1024) SIMPLE_TYPES.set(word, t);
  return t;
}

/** Parses MLIR's builtin types, plus dialect ones through dialect hooks. */
export abstract class TypeParser extends ParserBase {
  readonly typeAliases = new Map<string, Type>();
  /** Shaped types by their spelling (see `simpleShapedTypeEnd`). */
  private readonly shapedTypes = new Map<string, Type>();

  constructor(
    source: SourceFile,
    readonly context: Context,
  ) {
    super(source);
  }

  /** An attribute value (attribute-parser.ts), for a tensor's encoding and a memref's layout and memory space. */
  abstract parseAttribute(type?: Type, dialectTrailingType?: boolean): Attribute;

  parseType(): Type {
    const t = this.parseOptionalType();
    if (!t) throw this.expectedError('expected non-function type');
    return t;
  }

  parseOptionalType(): Type | undefined {
    if (this.tok.kind === Tok.BareId && this.depth < MAX_NESTING) {
      // Fast path for the common keyword types (i32, f32, index, ...), seen before.
      const simple = SIMPLE_TYPES.get(this.tokenText);
      if (simple) {
        this.advance();
        return simple;
      }
      // `memref<?xf32>` and the like: parsed once per spelling. Parsing one takes at most two
      // more nesting levels (the type, its element type), hence the depth bound.
      const end = this.depth < MAX_NESTING - 1 ? this.simpleShapedTypeEnd() : -1;
      if (end >= 0) {
        const key = this.source.text.slice(this.tok.start, end);
        const seen = this.shapedTypes.get(key);
        if (seen) {
          this.resetTo(end);
          return seen;
        }
        const t = this.nested(() => this.parseOptionalTypeInner());
        if (t && this.prevEnd === end) this.shapedTypes.set(key, t);
        return t;
      }
    }
    return this.nested(() => this.parseOptionalTypeInner());
  }

  /**
   * Where a `memref<...>`/`tensor<...>`/`vector<...>` at the current token ends (after its `>`),
   * when its body is only dimensions and a keyword element type (`?x4xf32`): such a type's
   * meaning depends on its text alone. -1 otherwise.
   */
  private simpleShapedTypeEnd(): number {
    const { start, end } = this.tok;
    const text = this.source.text;
    if (end - start !== 6 || text.charCodeAt(end) !== 60 /* < */) return -1;
    if (!text.startsWith('memref', start) && !text.startsWith('tensor', start) && !text.startsWith('vector', start)) return -1;
    for (let i = end + 1; i < text.length && i < end + 64; i++) {
      const c = text.charCodeAt(i);
      if (c === 62 /* > */) return i > end + 1 ? i + 1 : -1;
      const ok = (c >= 48 && c <= 57) || (c >= 65 && c <= 90) || (c >= 97 && c <= 122) || c === 95 /* _ */ || c === 63 /* ? */;
      if (!ok) return -1;
    }
    return -1;
  }

  private parseOptionalTypeInner(): Type | undefined {
    switch (this.tok.kind) {
      case Tok.LParen:
        return this.parseFunctionType();
      case Tok.BangId:
        return this.parseDialectOrAliasType();
      case Tok.BareId:
        break;
      default:
        return undefined;
    }
    const word = this.tokenText;
    const m = INT_TYPE.exec(word);
    if (m) {
      const width = Number(m[2]);
      if (width > MAX_INT_WIDTH) throw this.error(`integer bitwidth is limited to ${MAX_INT_WIDTH} bits`);
      this.advance();
      return rememberSimpleType(word, IntegerType.get(width, m[1] === 'i' ? 'signless' : m[1] === 'si' ? 'signed' : 'unsigned'));
    }
    if ((FLOAT_KINDS as readonly string[]).includes(word)) {
      this.advance();
      return rememberSimpleType(word, FloatType.get(word as FloatKindName));
    }
    switch (word) {
      case 'index':
        this.advance();
        return rememberSimpleType(word, IndexType.get());
      case 'none':
        this.advance();
        return rememberSimpleType(word, NoneType.get());
      case 'complex': {
        this.advance();
        this.expect(Tok.Less, "'<' in complex type");
        const el = this.parseType();
        this.expect(Tok.Greater, "'>' in complex type");
        return ComplexType.get(el);
      }
      case 'tuple': {
        this.advance();
        const types: Type[] = [];
        this.expect(Tok.Less, "'<' in tuple type");
        if (!this.consumeIf(Tok.Greater)) {
          this.parseCommaSeparated(undefined, undefined, () => types.push(this.parseType()));
          this.expect(Tok.Greater, "'>' in tuple type");
        }
        return TupleType.get(types);
      }
      case 'vector':
        return this.parseVectorType();
      case 'tensor':
        return this.parseTensorType();
      case 'memref':
        return this.parseMemRefType();
    }
    return undefined;
  }

  private parseFunctionType(): Type {
    const inputs = this.parseTypeListParens();
    this.expect(Tok.Arrow, "'->' in function type");
    return FunctionType.get(inputs, this.parseFunctionResultTypes());
  }

  /** `(t, ...)` possibly empty. */
  parseTypeListParens(): Type[] {
    const types: Type[] = [];
    this.expect(Tok.LParen);
    if (this.consumeIf(Tok.RParen)) return types;
    this.parseCommaSeparated(undefined, Tok.RParen, () => types.push(this.parseType()));
    return types;
  }

  /** Results after `->`: a single non-function type, or a parenthesized list. */
  parseFunctionResultTypes(): Type[] {
    if (this.is(Tok.LParen)) return this.parseTypeListParens();
    return [this.parseType()];
  }

  parseTypeList(): Type[] {
    const types: Type[] = [];
    this.parseCommaSeparated(undefined, undefined, () => types.push(this.parseType()));
    return types;
  }

  private parseDialectOrAliasType(): Type {
    const start = this.tok.start;
    const name = this.tokenText.slice(1);
    const dot = name.indexOf('.');
    if (dot < 0) {
      this.advance();
      if (this.is(Tok.Less)) return this.parseDialectType(name, '', start);
      const t = this.typeAliases.get(name);
      if (!t) throw this.expectedError(`undefined symbol alias id '${name}'`);
      return t;
    }
    this.advance();
    return this.parseDialectType(name.slice(0, dot), name.slice(dot + 1), start);
  }

  private parseDialectType(dialectName: string, mnemonic: string, start: number): Type {
    const dialect = this.context.dialect(dialectName);
    if (dialect?.spec.parseType) {
      this.checkAngleBody();
      return dialect.spec.parseType(this, mnemonic);
    }
    if (!dialect && !this.context.allowUnregisteredDialects) {
      throw this.error(`dialect '${dialectName}' is unknown`, start);
    }
    if (dialect) throw this.error(`dialect '${dialectName}' provides no type parsing hook`, start);
    return OpaqueDialectType.get(dialectName, mnemonic, this.rawAngleBody());
  }

  /** MLIR's DialectAsmParser::parseDimensionList (with the trailing `x`), for dialect types. */
  parseDimensionList(allowDynamic: boolean): number[] {
    return this.parseDimensions(false, allowDynamic).shape;
  }

  /** `4x?x` dimension lists, splitting identifiers such as `x4xf32` as MLIR's lexer hack does. */
  private parseDimensions(allowScalable: boolean, allowDynamic: boolean): { shape: number[]; scalable: boolean[] } {
    const shape: number[] = [];
    const scalable: boolean[] = [];
    for (;;) {
      let isScalable = false;
      if (allowScalable && this.is(Tok.LSquare)) {
        this.advance();
        isScalable = true;
      }
      if (this.is(Tok.Integer)) {
        const text = this.tokenText;
        if (text.startsWith('0x')) {
          // `0x4` lexes as hex; it is the dimension 0 followed by `x4`.
          this.resetTo(this.tok.start + 1);
          shape.push(0);
        } else {
          const v = BigInt(text);
          if (v > INT64_MAX) throw this.error('invalid dimension');
          this.advance();
          shape.push(Number(v));
        }
      } else if (allowDynamic && this.is(Tok.Question)) {
        this.advance();
        shape.push(kDynamic);
      } else if (isScalable) {
        throw this.error('invalid dimension');
      } else {
        return { shape, scalable };
      }
      if (isScalable && !this.consumeIf(Tok.RSquare)) throw this.expectedError("missing ']' closing scalable dimension");
      scalable.push(isScalable);
      this.parseXInDimensionList();
    }
  }

  private parseXInDimensionList(): void {
    if (!this.is(Tok.BareId) || !this.tokenText.startsWith('x')) throw this.expectedError("expected 'x' in dimension list");
    if (this.tokenText.length > 1) this.resetTo(this.tok.start + 1);
    else this.advance();
  }

  private parseVectorType(): Type {
    this.advance();
    this.expect(Tok.Less, "'<' in vector type");
    const { shape, scalable } = this.parseDimensions(true, false);
    const elStart = this.tok.start;
    const el = this.parseType();
    this.expect(Tok.Greater, "'>' in vector type");
    // VectorType::verify, reported where the element type starts as mlir-opt 19 does.
    if (shape.some((d) => d <= 0)) throw this.error('vector types must have positive constant sizes', elStart);
    if (!(el instanceof IntegerType || el instanceof IndexType || el instanceof FloatType)) {
      throw this.error('vector elements must be int/index/float type', elStart);
    }
    return VectorType.get(shape, el, scalable);
  }

  private parseTensorType(): Type {
    this.advance();
    this.expect(Tok.Less, "'<' in tensor type");
    if (this.consumeIf(Tok.Star)) {
      this.parseXInDimensionList();
      const el = this.parseType();
      this.expect(Tok.Greater, "'>' in tensor type");
      return UnrankedTensorType.get(el);
    }
    const { shape } = this.parseDimensions(false, true);
    const elStart = this.tok.start;
    const el = this.parseType();
    let encoding: Attribute | undefined;
    if (this.consumeIf(Tok.Comma)) encoding = this.parseAttribute();
    this.expect(Tok.Greater, "'>' in tensor type");
    if (el instanceof FunctionType || (el instanceof ShapedType && !(el instanceof VectorType)) || el instanceof NoneType) {
      throw this.error(`invalid tensor element type: ${el}`, elStart);
    }
    return RankedTensorType.get(shape, el, encoding);
  }

  private parseMemRefType(): Type {
    const typeStart = this.tok.start;
    this.advance();
    this.expect(Tok.Less, "'<' in memref type");
    let unranked = false;
    let shape: number[] = [];
    if (this.consumeIf(Tok.Star)) {
      unranked = true;
      this.parseXInDimensionList();
    } else {
      shape = this.parseDimensions(false, true).shape;
    }
    const elStart = this.tok.start;
    const el = this.parseType();
    if (el instanceof FunctionType || el instanceof TupleType || el instanceof NoneType || el instanceof RankedTensorType || el instanceof UnrankedTensorType) {
      throw this.error('invalid memref element type', elStart);
    }
    // As MLIR's parser: a later layout replaces an earlier one; these errors point at the token
    // after the attribute, and the type's own checks (below) at `memref`.
    let layout: Attribute | undefined;
    let space: Attribute | undefined;
    if (!this.consumeIf(Tok.Greater)) {
      this.expect(Tok.Comma, "',' or '>' in memref type");
      this.parseCommaSeparatedUntil(Tok.Greater, () => {
        const a = this.parseAttribute();
        if (!(a instanceof AffineMapAttr || a instanceof StridedLayoutAttr)) {
          if (space) throw this.error('multiple memory spaces specified in memref type');
          space = a;
          return;
        }
        layout = a;
        if (unranked) throw this.error('cannot have affine map for unranked memref type');
        if (space) throw this.error('expected memory space to be last in memref type');
      });
    }
    if (layout instanceof AffineMapAttr && layout.map.numDims !== shape.length) {
      throw this.error('memref layout mismatch between rank and affine map: ' + shape.length + ' != ' + layout.map.numDims, typeStart);
    }
    if (layout instanceof StridedLayoutAttr && layout.strides.length !== shape.length) {
      throw this.error(`expected the number of strides to match the rank`, typeStart);
    }
    if (space && !isSupportedMemorySpace(space)) throw this.error('unsupported memory space Attribute', typeStart);
    if (layout instanceof AffineMapAttr && layout.map.isIdentity()) layout = undefined;
    if (space instanceof IntegerAttr && space.value === 0n) space = undefined;
    return unranked ? UnrankedMemRefType.get(el, space) : MemRefType.get(shape, el, layout, space);
  }
}

/** MLIR's isSupportedMemorySpace: integers, strings, dictionaries, and attributes of dialects other than builtin. */
function isSupportedMemorySpace(space: Attribute): boolean {
  if (space instanceof IntegerAttr || space instanceof StringAttr || space instanceof DictionaryAttr) return true;
  return space instanceof DialectAttr && !(space instanceof OpaqueDialectAttr);
}
