import { parseAffineMap, parseAffineMapAt, AffineParseError, type AffineMap } from '../ir/affine.js';
import {
  AffineMapAttr, ArrayAttr, Attribute, BoolAttr, DenseArrayAttr, DenseElementsAttr, DenseResourceElementsAttr, DialectAttr, DictionaryAttr, type ElementValue,
  FloatAttr, floatKindOf, IntegerAttr, OpaqueDialectAttr, StridedLayoutAttr, StringAttr, SymbolRefAttr, TypeAttr, UnitAttr,
  type NamedAttribute,
} from '../ir/attributes.js';
import type { Context } from '../ir/dialect.js';
import { parseFloatLiteral, parseHexFloatBits } from '../ir/float-format.js';
import {
  CallSiteLoc, FileLineColLoc, FusedLoc, Location, NameLoc, UnknownLoc,
} from '../ir/location.js';
import {
  ComplexType, FLOAT_KINDS, FloatType, FunctionType, IndexType, IntegerType, kDynamic, MemRefType, NoneType, OpaqueDialectType,
  RankedTensorType, ShapedType, TupleType, Type, UnrankedMemRefType, UnrankedTensorType, VectorType, type FloatKindName,
} from '../ir/types.js';
import { decodeStringToken, Tok } from './lexer.js';
import { MAX_NESTING, ParserBase } from './parser-base.js';
import type { SourceFile } from './source.js';

const INT_TYPE = /^(i|si|ui)([0-9]+)$/;
/** mlir-opt reads decimal literals as f64 and then converts; doing the same keeps outputs identical. */
const MLIR_FLOAT_PARSING = { viaF64: true } as const;
const MAX_INT_WIDTH = 16777215;
const INT64_MAX = (1n << 63n) - 1n;

/** Keyword types already parsed (`i32`, `f16`, `index`, ...), by spelling; bounded in size. */
const SIMPLE_TYPES = new Map<string, Type>();
function rememberSimpleType(word: string, t: Type): Type {
  if (SIMPLE_TYPES.size < 1024) SIMPLE_TYPES.set(word, t);
  return t;
}

/** Parses MLIR's builtin types, attributes and locations, plus dialect ones through dialect hooks. */
export class TypeAttrParser extends ParserBase {
  readonly typeAliases = new Map<string, Type>();
  readonly attrAliases = new Map<string, Attribute>();
  /** Uses of location aliases not defined yet; resolved once the whole file is read. */
  protected readonly deferredLocs: DeferredLoc[] = [];
  /** Shaped types by their spelling (see `simpleShapedTypeEnd`). */
  private readonly shapedTypes = new Map<string, Type>();

  constructor(source: SourceFile, readonly context: Context) {
    super(source);
  }

  // ================================================================ types
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
      case 'index': this.advance(); return rememberSimpleType(word, IndexType.get());
      case 'none': this.advance(); return rememberSimpleType(word, NoneType.get());
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
      case 'vector': return this.parseVectorType();
      case 'tensor': return this.parseTensorType();
      case 'memref': return this.parseMemRefType();
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

  /** A bare affine map, `(d0, d1)[s0] -> (d1, d0)`, as in custom op forms (MLIR's OpAsmParser::parseAffineMap). */
  parseAffineMap(): AffineMap {
    const start = this.tok.start;
    try {
      const { map, end } = parseAffineMapAt(this.source.text, start);
      this.resetTo(end);
      return map;
    } catch (e) {
      if (e instanceof AffineParseError) throw this.error(e.message, e.offset);
      throw e;
    }
  }

  protected resetTo(offset: number): void {
    this.prevEnd = offset;
    this.lexer.pos = offset;
    this.lexer.next();
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
    if (el instanceof FunctionType || el instanceof ShapedType && !(el instanceof VectorType) || el instanceof NoneType) {
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

  // ================================================================ attributes
  /**
   * An attribute value. `dialectTrailingType`: a dialect attribute takes an optional trailing
   * `: type`, as in MLIR; custom formats whose attribute is followed by `:` turn it off.
   */
  parseAttribute(type?: Type, dialectTrailingType = true): Attribute {
    const a = this.parseOptionalAttribute(type, dialectTrailingType);
    if (!a) throw this.expectedError('expected attribute value');
    return a;
  }

  parseOptionalAttribute(type?: Type, dialectTrailingType = true): Attribute | undefined {
    return this.nested(() => this.parseOptionalAttributeInner(type, dialectTrailingType));
  }

  private parseOptionalAttributeInner(type: Type | undefined, dialectTrailingType: boolean): Attribute | undefined {
    switch (this.tok.kind) {
      case Tok.LSquare: {
        const elements: Attribute[] = [];
        this.advance();
        this.parseCommaSeparatedUntil(Tok.RSquare, () => elements.push(this.parseAttribute()));
        return ArrayAttr.get(elements);
      }
      case Tok.LBrace:
        return DictionaryAttr.get(this.parseAttributeDict());
      case Tok.AtId:
        return this.parseSymbolRef();
      case Tok.HashId:
        return this.parseDialectOrAliasAttr(dialectTrailingType);
      case Tok.String: {
        const s = decodeStringToken(this.takeText());
        if (!type && this.consumeIf(Tok.Colon)) return StringAttr.get(s, this.parseType());
        return StringAttr.get(s);
      }
      case Tok.Integer:
      case Tok.Float:
      case Tok.Minus:
        return this.parseNumberAttr(type);
      case Tok.BareId:
        break;
      default: {
        const t = this.parseOptionalType();
        return t ? TypeAttr.get(t) : undefined;
      }
    }
    switch (this.tokenText) {
      case 'true':
      case 'false': {
        // A bool attribute takes no type (`true : i1` is an error at the ':', as in MLIR).
        const v = this.tokenText === 'true';
        this.advance();
        return BoolAttr.get(v);
      }
      case 'unit':
        this.advance();
        return UnitAttr.get();
      case 'dense':
        return this.parseDenseElements(type);
      case 'dense_resource':
        return this.parseDenseResource(type);
      case 'array':
        return this.parseDenseArray();
      case 'affine_map':
        return this.parseAffineMapAttr();
      case 'strided':
        return this.parseStrided();
      case 'loc':
        throw this.error('location attributes are not supported here');
    }
    const t = this.parseOptionalType();
    if (t) return TypeAttr.get(t);
    throw this.expectedError('expected attribute value');
  }

  private parseNumberAttr(type: Type | undefined): Attribute {
    const negative = this.consumeIf(Tok.Minus);
    if (!this.is(Tok.Integer) && !this.is(Tok.Float)) throw this.expectedError('expected constant integer or floating point value');
    const litTok = this.take();
    const lit = this.text(litTok);
    // With a known type (e.g. an i64 attribute in a custom format), no `: type` follows.
    let t = type;
    if (!t && this.consumeIf(Tok.Colon)) t = this.parseType();
    if (litTok.kind === Tok.Float) {
      t ??= FloatType.get('f64');
      // MLIR reports this one at the token after the literal (and its type).
      if (!(t instanceof FloatType)) throw this.error('floating point value not valid for specified type');
      const v = parseFloatLiteral(lit, floatKindOf(t), MLIR_FLOAT_PARSING);
      return FloatAttr.get(t, negative ? -v : v);
    }
    t ??= IntegerType.get(64);
    if (t instanceof FloatType) {
      if (!lit.startsWith('0x')) {
        const d = this.error('unexpected decimal integer literal for a floating point value', litTok.start);
        d.diagnostic.attachNote("add a trailing dot to make the literal a float", this.locAt(litTok.start));
        throw d;
      }
      if (negative) throw this.error('hexadecimal float literal should not have a leading minus', litTok.start);
      return FloatAttr.get(t, this.hexFloat(lit, t, litTok.start));
    }
    // Integer errors point at the literal (after any '-'), as in MLIR's parseDecOrHexAttr.
    if (!(t instanceof IntegerType || t instanceof IndexType)) throw this.error('integer literal not valid for specified type', litTok.start);
    if (negative && t instanceof IntegerType && t.signedness === 'unsigned') {
      throw this.error('negative integer literal not valid for unsigned integer type', litTok.start);
    }
    const magnitude = BigInt(lit);
    if (!integerLiteralFits(magnitude, negative, t)) throw this.error('integer constant out of range for attribute', litTok.start);
    return IntegerAttr.get(t, negative ? -magnitude : magnitude);
  }

  private hexFloat(lit: string, t: FloatType, offset: number): number {
    try {
      return parseHexFloatBits(lit, floatKindOf(t));
    } catch (e) {
      throw this.error((e as Error).message, offset);
    }
  }

  /** `{a = 1, b, "c d" = 2}` as a list (duplicates rejected). */
  parseAttributeDict(): NamedAttribute[] {
    const entries: NamedAttribute[] = [];
    const seen = new Set<string>();
    this.parseCommaSeparated(Tok.LBrace, Tok.RBrace, () => {
      const start = this.tok.start;
      let name: string;
      if (this.is(Tok.String)) name = decodeStringToken(this.takeText());
      else if (this.is(Tok.BareId)) name = this.takeText();
      else throw this.expectedError('expected attribute name');
      if (name === '') throw this.error('expected valid attribute name', start);
      if (seen.has(name)) throw this.error(`duplicate key '${name}' in dictionary attribute`, start);
      seen.add(name);
      const value = this.consumeIf(Tok.Equal) ? this.parseAttribute() : UnitAttr.get();
      entries.push({ name, value });
    }, ' in attribute dictionary');
    return entries;
  }

  parseSymbolRef(): SymbolRefAttr {
    const names = [this.symbolText()];
    while (this.is(Tok.Colon) && this.source.text.charCodeAt(this.tok.end) === 58 /* '::' */) {
      this.advance();
      this.advance();
      if (!this.is(Tok.AtId)) throw this.expectedError('expected nested symbol reference identifier');
      names.push(this.symbolText());
    }
    return SymbolRefAttr.get(names[0]!, names.slice(1));
  }

  /** Consume an `@name` / `@"name"` token and return the name. */
  protected symbolText(): string {
    if (!this.is(Tok.AtId)) throw this.expectedError('expected symbol reference');
    const raw = this.takeText().slice(1);
    return raw.startsWith('"') ? decodeStringToken(raw) : raw;
  }

  private parseDialectOrAliasAttr(trailingType: boolean): Attribute {
    const start = this.tok.start;
    const name = this.tokenText.slice(1);
    this.advance();
    const dot = name.indexOf('.');
    if (dot < 0 && !this.is(Tok.Less)) {
      const a = this.attrAliases.get(name);
      if (!a) throw this.expectedError(`undefined symbol alias id '${name}'`);
      return a;
    }
    const dialectName = dot < 0 ? name : name.slice(0, dot);
    const mnemonic = dot < 0 ? '' : name.slice(dot + 1);
    const dialect = this.context.dialect(dialectName);
    if (dialect?.spec.parseAttribute) {
      this.checkAngleBody();
      const attr = dialect.spec.parseAttribute(this, mnemonic);
      // MLIR's parseExtendedAttr takes an optional trailing `: type` (which these dialects ignore).
      if (trailingType && this.consumeIf(Tok.Colon)) this.parseType();
      return attr;
    }
    if (!dialect && !this.context.allowUnregisteredDialects) throw this.error(`dialect '${dialectName}' is unknown`, start);
    if (dialect) throw this.error(`dialect '${dialectName}' provides no attribute parsing hook`, start);
    return OpaqueDialectAttr.get(dialectName, mnemonic, this.rawAngleBody());
  }

  private parseAffineMapAttr(): Attribute {
    this.advance();
    const open = this.expectToken(Tok.Less);
    // The map text runs to the matching '>' (a '->' inside it is one token).
    const bodyStart = open.end;
    let level = 1;
    let end = bodyStart;
    while (level > 0) {
      if (this.is(Tok.EOF)) throw this.error("expected '>' after affine map", bodyStart);
      if (this.is(Tok.Less)) level++;
      if (this.is(Tok.Greater)) level--;
      end = this.tok.start;
      this.advance();
    }
    const text = this.source.text.slice(bodyStart, end);
    try {
      return AffineMapAttr.get(parseAffineMap(text));
    } catch (e) {
      if (e instanceof AffineParseError) throw this.error(e.message, bodyStart + e.offset);
      throw e;
    }
  }

  /** MLIR's parseStridedLayoutAttr, and StridedLayoutAttr::verify at the keyword. */
  private parseStrided(): Attribute {
    const start = this.tok.start;
    this.advance();
    this.expect(Tok.Less, "'<' after 'strided'");
    this.expect(Tok.LSquare, "'['");
    // `?`, or an integer (an optional `-`, then at most the largest int64), reported where it starts.
    const strideOrOffset = (): number | null => {
      if (this.consumeIf(Tok.Question)) return null;
      const at = this.tok.start;
      const negative = this.consumeIf(Tok.Minus);
      const v = this.is(Tok.Integer) ? this.parseOptionalInteger() : undefined;
      if (v === undefined || v < 0n || v > INT64_MAX) throw this.error("expected a 64-bit signed integer or '?'", at);
      return Number(negative ? -v : v);
    };
    const strides: (number | null)[] = [];
    if (!this.is(Tok.RSquare)) this.parseCommaSeparated(undefined, undefined, () => strides.push(strideOrOffset()));
    this.expect(Tok.RSquare, "']'");
    let offset: number | null = 0;
    if (!this.consumeIf(Tok.Greater)) {
      this.expect(Tok.Comma, "','");
      this.expectKeyword('offset', "'offset' after comma");
      this.expect(Tok.Colon, "':' after 'offset'");
      offset = strideOrOffset();
      this.expect(Tok.Greater, "'>'");
    }
    if (strides.includes(0)) throw this.error('strides must not be zero', start);
    return StridedLayoutAttr.get(offset, strides);
  }

  private parseDenseArray(): Attribute {
    this.advance();
    this.expect(Tok.Less, "'<' after 'array'");
    const typeStart = this.tok.start;
    const t = this.parseType();
    if (!(t instanceof IntegerType || t instanceof FloatType)) throw this.error(`expected integer or float type, got: '${t}'`, typeStart);
    if (t instanceof IntegerType && t.width !== 1 && t.width % 8 !== 0) throw this.error('element type bitwidth must be a multiple of 8', typeStart);
    const values: ElementValue[] = [];
    if (!this.consumeIf(Tok.Greater)) {
      this.expect(Tok.Colon, "':' after dense array type");
      this.parseCommaSeparated(undefined, undefined, () => values.push(this.parseElementLiteral(t, 'array')));
      this.expect(Tok.Greater, "'>' to close an array attribute");
    }
    return DenseArrayAttr.get(t, values);
  }

  /**
   * One element of a dense array (`array`) or a dense elements literal (`dense`) of element type
   * `t`: integer, float, true/false, with the messages and locations of MLIR's two parsers.
   * `afterType`: where a dense literal's type ends, at which MLIR reports a non-float element of a
   * float type.
   */
  protected parseElementLiteral(t: Type, context: 'array' | 'dense', afterType = 0): ElementValue {
    const start = this.tok.start;
    const isI1 = t instanceof IntegerType && t.width === 1;
    if (this.isKeyword('true') || this.isKeyword('false')) {
      if (context === 'array' && t instanceof FloatType) throw this.error('expected integer or floating point literal');
      if (t instanceof FloatType) throw this.error('expected floating-point elements, but parsed integer', afterType);
      const v = this.tokenText === 'true';
      this.advance();
      if (!isI1) throw this.error('expected i1 type for \'true\' or \'false\' values', start);
      return v ? 1n : 0n;
    }
    const negative = this.consumeIf(Tok.Minus);
    const litStart = this.tok.start;
    if (t instanceof FloatType) {
      if (!this.is(Tok.Integer) && !this.is(Tok.Float)) {
        throw this.error(context === 'array' ? 'expected integer or floating point literal' : 'expected element literal of primitive type');
      }
      const litTok = this.take();
      const lit = this.text(litTok);
      if (litTok.kind === Tok.Integer) {
        if (lit.startsWith('0x')) {
          if (negative) throw this.error('hexadecimal float literal should not have a leading minus', litStart);
          return this.hexFloat(lit, t, litStart);
        }
        if (context === 'dense') throw this.error('expected floating-point elements, but parsed integer', afterType);
        const d = this.error('unexpected decimal integer literal for a floating point value', litStart);
        d.diagnostic.attachNote('add a trailing dot to make the literal a float', this.locAt(litStart));
        throw d;
      }
      const v = parseFloatLiteral(lit, floatKindOf(t), MLIR_FLOAT_PARSING);
      return negative ? -v : v;
    }
    if (context === 'array') {
      if (isI1) throw this.error("expected 'true' or 'false' values for i1 type");
      if (!this.is(Tok.Integer)) throw this.error('expected integer literal');
    } else if (!this.is(Tok.Integer) && !this.is(Tok.Float)) {
      throw this.error('expected element literal of primitive type');
    }
    const litTok = this.take();
    if (litTok.kind === Tok.Float) throw this.error('expected integer elements, but parsed floating-point', litStart);
    if (negative && t instanceof IntegerType && t.signedness === 'unsigned' && context === 'dense') {
      throw this.error('expected unsigned integer elements, but parsed negative value', litStart);
    }
    const magnitude = BigInt(this.text(litTok));
    if (!integerLiteralFits(magnitude, negative, t)) {
      // (MLIR's dense array parser reports it at the token after the literal.)
      throw context === 'array' ? this.error('integer constant out of range') : this.error('integer constant out of range for type', litStart);
    }
    return IntegerAttr.get(t, negative ? -magnitude : magnitude).value;
  }

  /** `dense_resource<name> : type`; the blob comes from the file's resource section (core/ir/resources.ts). */
  private parseDenseResource(type: Type | undefined): Attribute {
    this.advance();
    this.expect(Tok.Less, "'<'");
    let name: string;
    if (this.is(Tok.String)) name = this.parseString();
    else if (this.isKeyword()) name = this.parseKeyword();
    else throw this.error("expected identifier key for 'resource' entry");
    this.expect(Tok.Greater, "'>'");
    let t = type;
    if (!t) {
      this.expect(Tok.Colon, "':'");
      t = this.parseType();
    }
    if (!(t instanceof ShapedType)) throw this.error(`expected a shaped type for dense_resource elements, got '${t}'`);
    return DenseResourceElementsAttr.get(t, this.context.resources.handle(name));
  }

  private parseDenseElements(type: Type | undefined): Attribute {
    const start = this.tok.start;
    this.advance();
    this.expect(Tok.Less, "'<' after 'dense'");
    // Collect the literal structure first: the element type comes after the '>'.
    // `dims` is the literal's shape; as in MLIR's TensorLiteralParser, the elements of a list must
    // all have the first one's, which is checked right after each element.
    type Lit = { offset: number; list?: Lit[]; dims: number[] };
    let shapeSeen: Lit | undefined;
    const sameDims = (a: number[], b: number[]) => a.length === b.length && a.every((d, i) => d === b[i]);
    const skipLiteral = (): Lit => {
      const offset = this.tok.start;
      if (this.is(Tok.LSquare)) {
        const list: Lit[] = [];
        this.parseCommaSeparated(Tok.LSquare, Tok.RSquare, () => {
          const element = this.nested(skipLiteral);
          if (list.length > 0 && !sameDims(list[0]!.dims, element.dims)) throw this.error('tensor literal is invalid; ranks are not consistent between elements');
          list.push(element);
        });
        return { offset, list, dims: [list.length, ...(list[0]?.dims ?? [])] };
      }
      if (this.is(Tok.Minus)) this.advance();
      if (this.is(Tok.Integer) || this.is(Tok.Float) || this.isKeyword('true') || this.isKeyword('false') || this.is(Tok.String)) {
        this.advance();
        return { offset, dims: [] };
      }
      throw this.error('expected element literal of primitive type');
    };
    if (!this.is(Tok.Greater)) shapeSeen = skipLiteral();
    this.expect(Tok.Greater);
    // MLIR reports shape mismatches where the type (or its ':') starts, or at `dense` when the
    // type is given by the context (MLIR's parseDenseElementsAttr).
    const typeOffset = type ? start : this.tok.start;
    let t = type;
    if (this.consumeIf(Tok.Colon)) t = this.parseType();
    else if (t === undefined) throw this.expectedError("expected ':'");
    // Both reported at the token after the type, as MLIR's parseElementsLiteralType does.
    if (!(t instanceof ShapedType)) throw this.error('elements literal must be a shaped type');
    if (!t.hasStaticShape) throw this.error('elements literal type must have static shape');
    const shapedType = t;
    const endPos = this.tok.start;
    // Where parsing goes on once the elements are read (with the end of the type as the previous token's).
    const end = this.mark();
    const values: ElementValue[] = [];
    const readScalar = (lit: Lit) => {
      this.resetTo(lit.offset);
      values.push(this.parseElementLiteral(shapedType.elementType, 'dense', endPos));
    };
    if (shapeSeen) {
      if (!shapeSeen.list) readScalar(shapeSeen);
      else {
        const shape = shapeSeen.dims;
        const expected = shapedType.shape!;
        if (shape.length !== expected.length || shape.some((d, i) => d !== expected[i])) {
          throw this.error(`inferred shape of elements literal ([${shape.join(', ')}]) does not match type ([${expected.join(', ')}])`, typeOffset);
        }
        const walk = (l: Lit) => {
          if (l.list) for (const e of l.list) walk(e);
          else readScalar(l);
        };
        walk(shapeSeen);
      }
      this.restore(end);
    } else if (shapedType.numElements !== 0) {
      throw this.error('parsed zero elements, but type has ' + shapedType.numElements + ' elements', start);
    }
    return DenseElementsAttr.get(shapedType, values);
  }

  // ================================================================ locations
  /** `loc(...)` with the `loc` keyword already current. */
  parseLocation(): Location {
    this.expectKeyword('loc');
    this.expect(Tok.LParen, "'(' in location");
    const loc = this.parseLocationInstance();
    this.expect(Tok.RParen, "')' in location");
    return loc;
  }

  parseOptionalTrailingLocation(): Location | undefined {
    return this.isKeyword('loc') ? this.parseLocation() : undefined;
  }

  /** A FileLineColLoc's line or column: an integer token that fits in 32 bits unsigned, as MLIR's. */
  private parseLocationNumber(what: 'line' | 'column'): number {
    const v = this.is(Tok.Integer) ? BigInt(this.tokenText) : undefined;
    if (v === undefined || v > 0xffffffffn) throw this.expectedError(`expected integer ${what} number in FileLineColLoc`);
    this.advance();
    return Number(v);
  }

  private parseLocationInstance(): Location {
    return this.nested(() => {
      if (this.is(Tok.HashId)) {
        const start = this.tok.start;
        const name = this.tokenText.slice(1);
        this.advance();
        const a = this.attrAliases.get(name);
        if (a === undefined) {
          // Location aliases are usually defined at the end of the file (mlir-opt prints them there).
          const pending = new DeferredLoc(name, start);
          this.deferredLocs.push(pending);
          return pending;
        }
        if (!(a instanceof LocationAttr)) throw this.error(`expected location, but found '#${name}'`, start);
        return a.loc;
      }
      if (this.is(Tok.String)) {
        const s = decodeStringToken(this.takeText());
        if (this.consumeIf(Tok.Colon)) {
          const line = this.parseLocationNumber('line');
          this.expect(Tok.Colon, "':' in FileLineColLoc");
          const col = this.parseLocationNumber('column');
          return FileLineColLoc.get(s, line, col);
        }
        if (this.consumeIf(Tok.LParen)) {
          const child = this.parseLocationInstance();
          this.expect(Tok.RParen, "')' after child location of NameLoc");
          return NameLoc.get(s, child);
        }
        return NameLoc.get(s);
      }
      // As MLIR: anything else is reported (unconsumed) right after the previous token.
      const word = this.is(Tok.BareId) ? this.tokenText : '';
      if (word !== 'unknown' && word !== 'callsite' && word !== 'fused') throw this.expectedError('expected location instance');
      this.advance();
      if (word === 'unknown') return UnknownLoc.get();
      if (word === 'callsite') {
        this.expect(Tok.LParen, "'(' in callsite location");
        const callee = this.parseLocationInstance();
        this.expectKeyword('at', "'at' in callsite location");
        const caller = this.parseLocationInstance();
        this.expect(Tok.RParen, "')' in callsite location");
        return CallSiteLoc.get(callee, caller);
      }
      if (word === 'fused') {
        let meta: string | undefined;
        if (this.consumeIf(Tok.Less)) {
          meta = this.parseAttribute().toString();
          this.expect(Tok.Greater, "'>' after fused location metadata");
        }
        const locs: Location[] = [];
        this.parseCommaSeparated(Tok.LSquare, Tok.RSquare, () => locs.push(this.parseLocationInstance()), ' in fused location');
        return FusedLoc.get(locs, meta);
      }
      throw this.error('expected location instance');
    });
  }
}

/** A use of a location alias before its definition (`loc(#loc3)` with `#loc3` defined later). */
export class DeferredLoc extends Location {
  constructor(readonly alias: string, readonly offset: number) {
    super();
  }
  toString(): string {
    return `#${this.alias}`;
  }
  fileLineCol(): undefined {
    return undefined;
  }
}

/** A location used as an attribute value (e.g. an alias `#loc = loc(...)`). */
export class LocationAttr extends Attribute {
  private static readonly table = new Map<Location, LocationAttr>();
  private constructor(readonly loc: Location) {
    super();
  }
  static get(loc: Location): LocationAttr {
    let a = LocationAttr.table.get(loc);
    if (!a) LocationAttr.table.set(loc, (a = new LocationAttr(loc)));
    return a;
  }
  print(w: { write(s: string): void }): void {
    w.write(`loc(${this.loc})`);
  }
}

/** MLIR's isSupportedMemorySpace: integers, strings, dictionaries, and attributes of dialects other than builtin. */
function isSupportedMemorySpace(space: Attribute): boolean {
  if (space instanceof IntegerAttr || space instanceof StringAttr || space instanceof DictionaryAttr) return true;
  return space instanceof DialectAttr && !(space instanceof OpaqueDialectAttr);
}

/**
 * MLIR's buildAttributeAPInt: whether `[-]magnitude` is an integer of type `t` (index: 64 bits).
 * The magnitude must fit the width; a negated one must come out negative (so `-0` does not), and
 * a positive one of a signed or index type must not have the sign bit set.
 */
function integerLiteralFits(magnitude: bigint, negative: boolean, t: Type): boolean {
  const width = t instanceof IntegerType ? BigInt(t.width) : 64n;
  if (magnitude >> width !== 0n) return false;
  if (width === 0n) return !negative;
  const signBit = 1n << (width - 1n);
  if (negative) return ((-magnitude) & ((1n << width) - 1n) & signBit) !== 0n;
  const signed = t instanceof IndexType || (t instanceof IntegerType && t.signedness === 'signed');
  return !(signed && (magnitude & signBit) !== 0n);
}
