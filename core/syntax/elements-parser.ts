/**
 * The parser of MLIR's element literals: dense arrays (`array<i32: 1, 2>`), dense elements
 * (`dense<[[1, 2], [3, 4]]> : tensor<2x2xi32>`), `dense_resource<name>` and the scalar literals
 * inside them (integers, floats, hexadecimal float bits, true/false), with the messages and
 * locations of MLIR's parsers; attribute-parser.ts dispatches to it on the keyword.
 */
import { DenseArrayAttr, DenseElementsAttr, DenseResourceElementsAttr, type ElementValue, floatKindOf, IntegerAttr, type Attribute } from '../ir/attributes.js';
import { parseFloatLiteral, parseHexFloatBits } from '../ir/float-format.js';
import { FloatType, IndexType, IntegerType, ShapedType, type Type } from '../ir/types.js';
import { Tok } from './lexer.js';
import { TypeParser } from './type-parser.js';

/** mlir-opt reads decimal literals as f64 and then converts; doing the same keeps outputs identical. */
export const MLIR_FLOAT_PARSING = { viaF64: true } as const;

/** Parses dense arrays, dense elements and dense resources, and their element literals. */
export abstract class ElementsLiteralParser extends TypeParser {
  protected hexFloat(lit: string, t: FloatType, offset: number): number {
    try {
      return parseHexFloatBits(lit, floatKindOf(t));
    } catch (e) {
      throw this.error((e as Error).message, offset);
    }
  }

  protected parseDenseArray(): Attribute {
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
      if (!isI1) throw this.error("expected i1 type for 'true' or 'false' values", start);
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
  protected parseDenseResource(type: Type | undefined): Attribute {
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

  protected parseDenseElements(type: Type | undefined): Attribute {
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
}

/**
 * MLIR's buildAttributeAPInt: whether `[-]magnitude` is an integer of type `t` (index: 64 bits).
 * The magnitude must fit the width; a negated one must come out negative (so `-0` does not), and
 * a positive one of a signed or index type must not have the sign bit set.
 */
export function integerLiteralFits(magnitude: bigint, negative: boolean, t: Type): boolean {
  const width = t instanceof IntegerType ? BigInt(t.width) : 64n;
  if (magnitude >> width !== 0n) return false;
  if (width === 0n) return !negative;
  const signBit = 1n << (width - 1n);
  if (negative) return (-magnitude & ((1n << width) - 1n) & signBit) !== 0n;
  const signed = t instanceof IndexType || (t instanceof IntegerType && t.signedness === 'signed');
  return !(signed && (magnitude & signBit) !== 0n);
}
