import { DiagnosticError } from '../ir/diagnostics.js';
import type { SourceFile } from './source.js';

export const enum Tok {
  EOF,
  BareId,
  PercentId,
  CaretId,
  AtId,
  HashId,
  BangId,
  Integer,
  Float,
  String,
  Arrow,
  Colon,
  Comma,
  Ellipsis,
  Equal,
  Greater,
  Less,
  LBrace,
  RBrace,
  LParen,
  RParen,
  LSquare,
  RSquare,
  Minus,
  Plus,
  Question,
  Star,
  Vertical,
  FileMetadataBegin,
  FileMetadataEnd,
}

const PUNCT_TEXT: Partial<Record<Tok, string>> = {
  [Tok.Arrow]: '->', [Tok.Colon]: ':', [Tok.Comma]: ',', [Tok.Ellipsis]: '...', [Tok.Equal]: '=',
  [Tok.Greater]: '>', [Tok.Less]: '<', [Tok.LBrace]: '{', [Tok.RBrace]: '}', [Tok.LParen]: '(',
  [Tok.RParen]: ')', [Tok.LSquare]: '[', [Tok.RSquare]: ']', [Tok.Minus]: '-', [Tok.Plus]: '+',
  [Tok.Question]: '?', [Tok.Star]: '*', [Tok.Vertical]: '|',
};

export function tokenSpelling(kind: Tok): string {
  return PUNCT_TEXT[kind] ?? '';
}

export interface Token {
  kind: Tok;
  start: number;
  end: number;
}

const isDigit = (c: number) => c >= 48 && c <= 57;
const isAlpha = (c: number) => (c >= 65 && c <= 90) || (c >= 97 && c <= 122);
const isHex = (c: number) => isDigit(c) || (c >= 65 && c <= 70) || (c >= 97 && c <= 102);
const isIdChar = (c: number) => isAlpha(c) || isDigit(c) || c === 95 /*_*/ || c === 36 /*$*/ || c === 46 /*.*/;
const isSuffixChar = (c: number) => isIdChar(c) || c === 45 /*-*/;

/** MLIR's lexer, producing one token at a time from a source buffer. */
export class Lexer {
  pos = 0;
  constructor(readonly source: SourceFile) {}

  get text(): string {
    return this.source.text;
  }
  error(offset: number, message: string): DiagnosticError {
    return DiagnosticError.at(this.source.loc(offset), message);
  }

  next(): Token {
    const s = this.text;
    for (;;) {
      const start = this.pos;
      if (start >= s.length) return { kind: Tok.EOF, start, end: start };
      const c = s.charCodeAt(start);
      this.pos++;
      switch (c) {
        case 32: case 9: case 10: case 13:
          continue;
        case 47: // '/'
          if (s.charCodeAt(this.pos) === 47) {
            const nl = s.indexOf('\n', this.pos);
            this.pos = nl < 0 ? s.length : nl + 1;
            continue;
          }
          throw this.error(start, "unexpected character");
        case 58: // ':'
          return this.tok(Tok.Colon, start);
        case 44: return this.tok(Tok.Comma, start);
        case 40: return this.tok(Tok.LParen, start);
        case 41: return this.tok(Tok.RParen, start);
        case 123: // '{'
          if (s.charCodeAt(this.pos) === 45 && s.charCodeAt(this.pos + 1) === 35) {
            this.pos += 2;
            return this.tok(Tok.FileMetadataBegin, start);
          }
          return this.tok(Tok.LBrace, start);
        case 125: return this.tok(Tok.RBrace, start);
        case 91: return this.tok(Tok.LSquare, start);
        case 93: return this.tok(Tok.RSquare, start);
        case 60: return this.tok(Tok.Less, start);
        case 62: return this.tok(Tok.Greater, start);
        case 61: return this.tok(Tok.Equal, start);
        case 43: return this.tok(Tok.Plus, start);
        case 42: return this.tok(Tok.Star, start);
        case 63: return this.tok(Tok.Question, start);
        case 124: return this.tok(Tok.Vertical, start);
        case 45: // '-'
          if (s.charCodeAt(this.pos) === 62) {
            this.pos++;
            return this.tok(Tok.Arrow, start);
          }
          return this.tok(Tok.Minus, start);
        case 46: // '.'
          if (s.startsWith('..', this.pos)) {
            this.pos += 2;
            return this.tok(Tok.Ellipsis, start);
          }
          throw this.error(start, "expected three consecutive dots for an ellipsis");
        case 34: // '"'
          return this.lexString(start);
        case 37: return this.lexPrefixed(start, Tok.PercentId, 'invalid SSA name');
        case 94: return this.lexPrefixed(start, Tok.CaretId, 'invalid block name');
        case 33: return this.lexPrefixed(start, Tok.BangId, 'invalid type identifier');
        case 35: // '#'
          if (s.charCodeAt(this.pos) === 45 && s.charCodeAt(this.pos + 1) === 125) {
            this.pos += 2;
            return this.tok(Tok.FileMetadataEnd, start);
          }
          return this.lexPrefixed(start, Tok.HashId, 'invalid attribute name');
        case 64: // '@'
          return this.lexAt(start);
        default:
          if (isAlpha(c) || c === 95) {
            while (this.pos < s.length && isIdChar(s.charCodeAt(this.pos))) this.pos++;
            return this.tok(Tok.BareId, start);
          }
          if (isDigit(c)) return this.lexNumber(start);
          throw this.error(start, c === 0 ? 'unexpected null character' : `unexpected character`);
      }
    }
  }

  private tok(kind: Tok, start: number): Token {
    return { kind, start, end: this.pos };
  }

  private lexPrefixed(start: number, kind: Tok, message: string): Token {
    const s = this.text;
    const c = s.charCodeAt(this.pos);
    if (isDigit(c)) {
      while (isDigit(s.charCodeAt(this.pos))) this.pos++;
    } else if (isAlpha(c) || c === 95 || c === 36 || c === 46 || c === 45) {
      while (this.pos < s.length && isSuffixChar(s.charCodeAt(this.pos))) this.pos++;
    } else if (kind === Tok.PercentId || kind === Tok.CaretId) {
      throw this.error(start, message);
    }
    return this.tok(kind, start);
  }

  private lexAt(start: number): Token {
    const s = this.text;
    if (s.charCodeAt(this.pos) === 34) {
      this.pos++;
      this.lexString(start + 1);
      return this.tok(Tok.AtId, start);
    }
    const c = s.charCodeAt(this.pos);
    if (!(isAlpha(c) || c === 95)) throw this.error(start + 1, '@ identifier expected to start with letter or \'_\'');
    while (this.pos < s.length && isSuffixChar(s.charCodeAt(this.pos))) this.pos++;
    return this.tok(Tok.AtId, start);
  }

  private lexNumber(start: number): Token {
    const s = this.text;
    if (s.charCodeAt(start) === 48 && s.charCodeAt(this.pos) === 120 && isHex(s.charCodeAt(this.pos + 1))) {
      this.pos++;
      while (isHex(s.charCodeAt(this.pos))) this.pos++;
      return this.tok(Tok.Integer, start);
    }
    while (isDigit(s.charCodeAt(this.pos))) this.pos++;
    if (s.charCodeAt(this.pos) !== 46) return this.tok(Tok.Integer, start);
    this.pos++;
    while (isDigit(s.charCodeAt(this.pos))) this.pos++;
    const e = s.charCodeAt(this.pos);
    if (e === 101 || e === 69) {
      const sign = s.charCodeAt(this.pos + 1);
      const digitAt = sign === 43 || sign === 45 ? this.pos + 2 : this.pos + 1;
      if (isDigit(s.charCodeAt(digitAt))) {
        this.pos = digitAt;
        while (isDigit(s.charCodeAt(this.pos))) this.pos++;
      }
    }
    return this.tok(Tok.Float, start);
  }

  private lexString(start: number): Token {
    const s = this.text;
    for (;;) {
      // Reported where the string is cut off, as MLIR does: at the end of the line or buffer.
      if (this.pos >= s.length) throw this.error(s.length, 'expected \'"\' in string literal');
      const c = s.charCodeAt(this.pos++);
      if (c === 34) return this.tok(Tok.String, start);
      if (c === 10 || c === 11 || c === 12) throw this.error(this.pos - 1, 'expected \'"\' in string literal');
      if (c === 92) {
        const n = s.charCodeAt(this.pos);
        if (n === 34 || n === 92 || n === 110 || n === 116) this.pos++;
        else if (isHex(n) && isHex(s.charCodeAt(this.pos + 1))) this.pos += 2;
        else throw this.error(this.pos - 1, 'unknown escape in string literal');
      }
    }
  }
}

/** Decode the body of a string token (quotes included) to a JS string, as UTF-8 bytes. */
export function decodeStringToken(raw: string): string {
  const bytes: number[] = [];
  const body = raw.slice(1, -1);
  for (let i = 0; i < body.length; i++) {
    const c = body.charCodeAt(i);
    if (c !== 92) {
      if (c < 0x80) bytes.push(c);
      else {
        // Re-encode the (possibly multi-unit) character as UTF-8.
        const cp = body.codePointAt(i)!;
        if (cp > 0xffff) i++;
        bytes.push(...Buffer.from(String.fromCodePoint(cp), 'utf8'));
      }
      continue;
    }
    const n = body[++i]!;
    if (n === '"' || n === '\\') bytes.push(n.charCodeAt(0));
    else if (n === 'n') bytes.push(10);
    else if (n === 't') bytes.push(9);
    else {
      bytes.push(parseInt(body.slice(i, i + 2), 16));
      i++;
    }
  }
  return Buffer.from(bytes).toString('utf8');
}
