/**
 * The parser of MLIR's builtin attributes (arrays, dictionaries, symbol references, strings,
 * numbers, booleans, unit, types, affine maps, strided layouts; dense literals through
 * elements-parser.ts) and, through dialect hooks, of dialect attributes and attribute aliases.
 */
import { AffineParseError, parseAffineMap, parseAffineMapAt, type AffineMap } from '../ir/affine.js';
import {
  AffineMapAttr,
  ArrayAttr,
  type Attribute,
  BoolAttr,
  DictionaryAttr,
  FloatAttr,
  floatKindOf,
  IntegerAttr,
  OpaqueDialectAttr,
  StridedLayoutAttr,
  StringAttr,
  SymbolRefAttr,
  TypeAttr,
  UnitAttr,
  type NamedAttribute,
} from '../ir/attributes.js';
import { parseFloatLiteral } from '../ir/float-format.js';
import { FloatType, IndexType, IntegerType, type Type } from '../ir/types.js';
import { ElementsLiteralParser, integerLiteralFits, MLIR_FLOAT_PARSING } from './elements-parser.js';
import { decodeStringToken, Tok } from './lexer.js';

const INT64_MAX = (1n << 63n) - 1n;

/** Parses MLIR's builtin attributes, plus dialect ones through dialect hooks. */
export abstract class AttributeParser extends ElementsLiteralParser {
  readonly attrAliases = new Map<string, Attribute>();

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
        d.diagnostic.attachNote('add a trailing dot to make the literal a float', this.locAt(litTok.start));
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

  /** `{a = 1, b, "c d" = 2}` as a list (duplicates rejected). */
  parseAttributeDict(): NamedAttribute[] {
    const entries: NamedAttribute[] = [];
    const seen = new Set<string>();
    this.parseCommaSeparated(
      Tok.LBrace,
      Tok.RBrace,
      () => {
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
      },
      ' in attribute dictionary',
    );
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
}
