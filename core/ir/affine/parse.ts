/**
 * The parser of affine maps: MLIR's affine-map grammar (AffineParser.cpp), from the text of an
 * `affine_map<...>` body or a bare map in a custom op form, with user-chosen identifier names,
 * and with MLIR's diagnostics and error locations (AffineParseError, an offset into the text).
 */
import { getAffineConstantExpr, getAffineDimExpr, getAffineSymbolExpr, type AffineExpr } from './expr.js';
import { INT64_MAX } from './int64.js';
import { AffineMap } from './map.js';
import { affineAdd, affineMul, affineNeg, affineSub, getAffineBinaryOpExpr } from './simplify.js';

/** Parse failure; `offset` is a character offset into the parsed text. */
export class AffineParseError extends Error {
  readonly offset: number;
  constructor(message: string, offset: number) {
    super(message);
    this.name = 'AffineParseError';
    this.offset = offset;
  }
}

type TokKind = 'ident' | 'integer' | 'float' | 'percent' | 'l_paren' | 'r_paren' | 'l_square' | 'r_square' | 'comma' | 'plus' | 'minus' | 'star' | 'arrow' | 'colon' | 'eof' | 'other';

interface Token {
  kind: TokKind;
  start: number;
  end: number;
  text: string;
}

const isIdStart = (c: string): boolean => /[A-Za-z_]/.test(c);
const isIdChar = (c: string): boolean => /[A-Za-z0-9_$.]/.test(c);
const isDigit = (c: string): boolean => c >= '0' && c <= '9';
const isHexDigit = (c: string): boolean => /[0-9a-fA-F]/.test(c);

type LowOp = 'add' | 'sub';
type HighOp = 'mul' | 'floordiv' | 'ceildiv' | 'mod';

class AffineMapParser {
  private tok: Token;
  private pos: number;
  /** End offset of the most recently consumed token. */
  private prevEnd: number;
  private readonly ids = new Map<string, AffineExpr>();

  constructor(
    private readonly src: string,
    start: number,
  ) {
    this.pos = start;
    this.prevEnd = start;
    this.tok = this.lex();
  }

  // --- lexer ---------------------------------------------------------------

  private lex(): Token {
    const src = this.src;
    let p = this.pos;
    for (;;) {
      const c = src[p];
      if (c === ' ' || c === '\t' || c === '\n' || c === '\r') {
        p++;
      } else if (c === '/' && src[p + 1] === '/') {
        while (p < src.length && src[p] !== '\n' && src[p] !== '\r') p++;
      } else {
        break;
      }
    }
    const start = p;
    const make = (kind: TokKind, end: number): Token => {
      this.pos = end;
      return { kind, start, end, text: src.slice(start, end) };
    };
    if (p >= src.length) return make('eof', p);
    const c = src[p]!;
    switch (c) {
      case '(':
        return make('l_paren', p + 1);
      case ')':
        return make('r_paren', p + 1);
      case '[':
        return make('l_square', p + 1);
      case ']':
        return make('r_square', p + 1);
      case ',':
        return make('comma', p + 1);
      case '+':
        return make('plus', p + 1);
      case '*':
        return make('star', p + 1);
      case ':':
        return make('colon', p + 1);
      case '-':
        return src[p + 1] === '>' ? make('arrow', p + 2) : make('minus', p + 1);
      case '%': {
        let q = p + 1;
        while (q < src.length && isIdChar(src[q]!)) q++;
        return make('percent', q);
      }
    }
    if (isIdStart(c)) {
      let q = p + 1;
      while (q < src.length && isIdChar(src[q]!)) q++;
      return make('ident', q);
    }
    if (isDigit(c)) {
      let q = p + 1;
      if (c === '0' && src[q] === 'x' && q + 1 < src.length && isHexDigit(src[q + 1]!)) {
        q += 2;
        while (q < src.length && isHexDigit(src[q]!)) q++;
        return make('integer', q);
      }
      while (q < src.length && isDigit(src[q]!)) q++;
      if (src[q] === '.') {
        q++;
        while (q < src.length && isDigit(src[q]!)) q++;
        if (src[q] === 'e' || src[q] === 'E') {
          let r = q + 1;
          if (src[r] === '+' || src[r] === '-') r++;
          if (r < src.length && isDigit(src[r]!)) {
            while (r < src.length && isDigit(src[r]!)) r++;
            q = r;
          }
        }
        return make('float', q);
      }
      return make('integer', q);
    }
    return make('other', p + 1);
  }

  private consume(): void {
    this.prevEnd = this.tok.end;
    this.tok = this.lex();
  }

  private consumeIf(kind: TokKind): boolean {
    if (this.tok.kind !== kind) return false;
    this.consume();
    return true;
  }

  // --- diagnostics -----------------------------------------------------------

  // Note: MLIR moves errors at EOF back one character. Here the end of the
  // text stands for the `>` that closes `affine_map<...>`, so errors there are
  // reported at the end offset, matching what mlir-opt reports for the
  // embedded map.

  /** MLIR Parser::emitError(message): at the current token. */
  private errorHere(message: string): never {
    throw new AffineParseError(message, this.tok.start);
  }

  /**
   * MLIR Parser::emitWrongTokenError: reported right after the previous
   * non-whitespace character (so "expected ')'" points at the end of what came
   * before), unless there is nothing before it.
   */
  private errorWrongToken(message: string): never {
    const loc = this.tok.start;
    let p = loc;
    while (p > 0 && /[ \t\r\n]/.test(this.src[p - 1]!)) p--;
    throw new AffineParseError(message, p === 0 ? loc : p);
  }

  private expect(kind: TokKind, message: string): void {
    if (!this.consumeIf(kind)) this.errorWrongToken(message);
  }

  // --- grammar ---------------------------------------------------------------

  private parseCommaSeparatedList(open: TokKind, close: TokKind, openSpelling: string, closeSpelling: string, context: string, element: () => void): void {
    this.expect(open, `expected '${openSpelling}'${context}`);
    if (this.consumeIf(close)) return;
    element();
    while (this.consumeIf('comma')) element();
    this.expect(close, `expected '${closeSpelling}'${context}`);
  }

  private parseIdentifierDefinition(idExpr: AffineExpr): void {
    if (this.tok.kind !== 'ident') this.errorWrongToken('expected bare identifier');
    const name = this.tok.text;
    if (this.ids.has(name)) this.errorHere(`redefinition of identifier '${name}'`);
    this.consume();
    this.ids.set(name, idExpr);
  }

  parseMap(): AffineMap {
    const mapStart = this.tok.start;
    let numDims = 0;
    let numSymbols = 0;
    this.parseCommaSeparatedList('l_paren', 'r_paren', '(', ')', ' in dimensional identifier list', () => this.parseIdentifierDefinition(getAffineDimExpr(numDims++)));
    if (this.tok.kind === 'l_square') {
      this.parseCommaSeparatedList('l_square', 'r_square', '[', ']', ' in symbol list', () => this.parseIdentifierDefinition(getAffineSymbolExpr(numSymbols++)));
    }
    if (!this.consumeIf('arrow')) {
      if (this.tok.kind === 'colon') {
        throw new AffineParseError('expected AffineMap, but got IntegerSet', mapStart);
      }
      this.errorWrongToken("expected '->' or ':'");
    }
    const results: AffineExpr[] = [];
    this.parseCommaSeparatedList('l_paren', 'r_paren', '(', ')', ' in affine map range', () => {
      results.push(this.parseAffineExpr());
    });
    return AffineMap.get(numDims, numSymbols, results);
  }

  /** Offset just past the last consumed token. */
  endOffsetAfterMap(): number {
    return this.prevEnd;
  }

  get currentToken(): Token {
    return this.tok;
  }

  private parseAffineExpr(): AffineExpr {
    return this.parseLowPrecOpExpr(null, null);
  }

  private consumeIfLowPrecOp(): LowOp | null {
    if (this.tok.kind === 'plus') {
      this.consume();
      return 'add';
    }
    if (this.tok.kind === 'minus') {
      this.consume();
      return 'sub';
    }
    return null;
  }

  private consumeIfHighPrecOp(): HighOp | null {
    const t = this.tok;
    let op: HighOp | null = null;
    if (t.kind === 'star') op = 'mul';
    else if (t.kind === 'ident') {
      if (t.text === 'floordiv') op = 'floordiv';
      else if (t.text === 'ceildiv') op = 'ceildiv';
      else if (t.text === 'mod') op = 'mod';
    }
    if (op) this.consume();
    return op;
  }

  private buildHigh(op: HighOp, lhs: AffineExpr, rhs: AffineExpr, opLoc: number): AffineExpr {
    switch (op) {
      case 'mul':
        if (!lhs.symbolicOrConstant && !rhs.symbolicOrConstant) {
          throw new AffineParseError('non-affine expression: at least one of the multiply operands has to be either a constant or symbolic', opLoc);
        }
        return affineMul(lhs, rhs);
      case 'floordiv':
      case 'ceildiv':
      case 'mod':
        if (!rhs.symbolicOrConstant) {
          throw new AffineParseError(`non-affine expression: right operand of ${op} has to be either a constant or symbolic`, opLoc);
        }
        return getAffineBinaryOpExpr(op, lhs, rhs);
    }
  }

  private buildLow(op: LowOp, lhs: AffineExpr, rhs: AffineExpr): AffineExpr {
    return op === 'add' ? affineAdd(lhs, rhs) : affineSub(lhs, rhs);
  }

  private parseHighPrecOpExpr(llhs: AffineExpr | null, llhsOp: HighOp | null, llhsOpLoc: number): AffineExpr {
    const lhs = this.parseOperandExpr(llhs);
    const opLoc = this.tok.start;
    const op = this.consumeIfHighPrecOp();
    if (op) {
      if (llhs) {
        // MLIR reports an error for the previous operator at this operator's location.
        const expr = this.buildHigh(llhsOp!, llhs, lhs, opLoc);
        return this.parseHighPrecOpExpr(expr, op, opLoc);
      }
      return this.parseHighPrecOpExpr(lhs, op, opLoc);
    }
    if (llhs) return this.buildHigh(llhsOp!, llhs, lhs, llhsOpLoc);
    return lhs;
  }

  private parseLowPrecOpExpr(llhs: AffineExpr | null, llhsOp: LowOp | null): AffineExpr {
    const lhs = this.parseOperandExpr(llhs);
    const lOp = this.consumeIfLowPrecOp();
    if (lOp) {
      if (llhs) return this.parseLowPrecOpExpr(this.buildLow(llhsOp!, llhs, lhs), lOp);
      return this.parseLowPrecOpExpr(lhs, lOp);
    }
    const opLoc = this.tok.start;
    const hOp = this.consumeIfHighPrecOp();
    if (hOp) {
      const highRes = this.parseHighPrecOpExpr(lhs, hOp, opLoc);
      const expr = llhs ? this.buildLow(llhsOp!, llhs, highRes) : highRes;
      const nextOp = this.consumeIfLowPrecOp();
      if (nextOp) return this.parseLowPrecOpExpr(expr, nextOp);
      return expr;
    }
    if (llhs) return this.buildLow(llhsOp!, llhs, lhs);
    return lhs;
  }

  private parseOperandExpr(lhs: AffineExpr | null): AffineExpr {
    const t = this.tok;
    switch (t.kind) {
      case 'ident':
        if (t.text === 'symbol') {
          // `symbol(%ssa)` is only valid where SSA ids are allowed.
          this.consume();
          this.expect('l_paren', "expected '(' at start of SSA symbol");
          this.errorWrongToken('unexpected ssa identifier');
        }
        return this.parseBareIdExpr();
      case 'percent':
        return this.errorWrongToken('unexpected ssa identifier');
      case 'integer':
        return this.parseIntegerExpr();
      case 'l_paren':
        return this.parseParentheticalExpr();
      case 'minus':
        return this.parseNegateExpression(lhs);
      case 'plus':
      case 'star':
        return this.errorHere(lhs ? 'missing right operand of binary operator' : 'missing left operand of binary operator');
      default:
        return this.errorHere(lhs ? 'missing right operand of binary operator' : 'expected affine expression');
    }
  }

  private parseBareIdExpr(): AffineExpr {
    const e = this.ids.get(this.tok.text);
    if (!e) this.errorWrongToken('use of undeclared identifier');
    this.consume();
    return e;
  }

  private parseIntegerExpr(): AffineExpr {
    const text = this.tok.text;
    const v = BigInt(text); // handles decimal and 0x-hex
    if (v > INT64_MAX) this.errorHere('constant too large for index');
    this.consume();
    return getAffineConstantExpr(v);
  }

  private parseParentheticalExpr(): AffineExpr {
    this.expect('l_paren', "expected '('");
    if (this.tok.kind === 'r_paren') this.errorHere('no expression inside parentheses');
    const expr = this.parseAffineExpr();
    this.expect('r_paren', "expected ')'");
    return expr;
  }

  private parseNegateExpression(lhs: AffineExpr | null): AffineExpr {
    this.expect('minus', "expected '-'");
    const operand = this.parseOperandExpr(lhs);
    return affineNeg(operand);
  }
}

/**
 * Parses an affine map starting at `start` in `source` (e.g. just after
 * `affine_map<`). Returns the map and the offset just past its closing `)`.
 * Error offsets are offsets into `source`.
 */
export function parseAffineMapAt(source: string, start = 0): { map: AffineMap; end: number } {
  const parser = new AffineMapParser(source, start);
  const map = parser.parseMap();
  return { map, end: parser.endOffsetAfterMap() };
}

/**
 * Parses the body of `affine_map<...>`, e.g. `(d0, d1)[s0] -> (d0 * 4 + d1 + s0)`,
 * with user-chosen identifier names. The whole string must be consumed.
 * Throws AffineParseError (with `offset` into `text`) on failure.
 */
export function parseAffineMap(text: string): AffineMap {
  const parser = new AffineMapParser(text, 0);
  const map = parser.parseMap();
  const t = parser.currentToken;
  if (t.kind !== 'eof') throw new AffineParseError('encountered unexpected token', t.start);
  return map;
}
