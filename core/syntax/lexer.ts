import { DiagnosticError } from '../ir/diagnostics.js';
import type { SourceFile } from './source.js';
import { decodeByteString } from '../support/utf8.js';

/** UTF-8 encoding (the web's TextEncoder: no Node Buffer, so that browsers run this too). */
const UTF8 = new TextEncoder();

// biome-ignore lint/suspicious/noConstEnum: tsc inlines the token kinds as numbers in the lexer's and parser's hot paths.
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
  [Tok.Arrow]: '->',
  [Tok.Colon]: ':',
  [Tok.Comma]: ',',
  [Tok.Ellipsis]: '...',
  [Tok.Equal]: '=',
  [Tok.Greater]: '>',
  [Tok.Less]: '<',
  [Tok.LBrace]: '{',
  [Tok.RBrace]: '}',
  [Tok.LParen]: '(',
  [Tok.RParen]: ')',
  [Tok.LSquare]: '[',
  [Tok.RSquare]: ']',
  [Tok.Minus]: '-',
  [Tok.Plus]: '+',
  [Tok.Question]: '?',
  [Tok.Star]: '*',
  [Tok.Vertical]: '|',
};

export function tokenSpelling(kind: Tok): string {
  return PUNCT_TEXT[kind] ?? '';
}

export interface Token {
  kind: Tok;
  start: number;
  end: number;
}

// Character classes of ASCII codes (anything else, and NaN past the end, has none).
const DIGIT = 1;
const ALPHA = 2;
const HEX = 4;
/** `[A-Za-z0-9_$.]`, the characters of bare identifiers. */
const ID = 8;
/** ID and `-`, the characters of `%`/`^`/`!`/`#` suffixes (not of `@` symbols). */
const SUFFIX = 16;
const CHAR_CLASS = new Uint8Array(128);
for (let c = 0; c < 128; c++) {
  const digit = c >= 48 && c <= 57;
  const alpha = (c >= 65 && c <= 90) || (c >= 97 && c <= 122);
  const id = alpha || digit || c === 95 /*_*/ || c === 36 /*$*/ || c === 46; /*.*/
  CHAR_CLASS[c] = (digit ? DIGIT : 0) | (alpha ? ALPHA : 0) | (digit || (c >= 65 && c <= 70) || (c >= 97 && c <= 102) ? HEX : 0) | (id ? ID : 0) | (id || c === 45 /*-*/ ? SUFFIX : 0);
}
const is = (c: number, cls: number): boolean => c < 128 && (CHAR_CLASS[c]! & cls) !== 0;
const isDigit = (c: number) => is(c, DIGIT);
const isAlpha = (c: number) => is(c, ALPHA);
const isHex = (c: number) => is(c, HEX);

/**
 * MLIR's lexer, producing one token at a time from a source buffer. The token is one object,
 * `token`, overwritten by every `next()` (no object per lexeme): copy what must outlive it.
 */
export class Lexer {
  pos = 0;
  readonly text: string;
  readonly token: Token = { kind: Tok.EOF, start: 0, end: 0 };
  constructor(readonly source: SourceFile) {
    this.text = source.text;
  }

  error(offset: number, message: string): DiagnosticError {
    return DiagnosticError.at(this.source.loc(offset), message);
  }

  // The scanning loops keep the position in a local (`pos`) and store it once per token.
  next(): Token {
    const s = this.text;
    let pos = this.pos;
    for (;;) {
      const start = pos;
      if (start >= s.length) return this.tok(Tok.EOF, start, start);
      const c = s.charCodeAt(pos++);
      switch (c) {
        case 32:
        case 9:
        case 10:
        case 13:
          continue;
        case 47: // '/'
          if (s.charCodeAt(pos) === 47) {
            const nl = s.indexOf('\n', pos);
            pos = nl < 0 ? s.length : nl + 1;
            continue;
          }
          this.pos = pos;
          throw this.error(start, 'unexpected character');
        case 58: // ':'
          return this.tok(Tok.Colon, start, pos);
        case 44:
          return this.tok(Tok.Comma, start, pos);
        case 40:
          return this.tok(Tok.LParen, start, pos);
        case 41:
          return this.tok(Tok.RParen, start, pos);
        case 123: // '{'
          if (s.charCodeAt(pos) === 45 && s.charCodeAt(pos + 1) === 35) return this.tok(Tok.FileMetadataBegin, start, pos + 2);
          return this.tok(Tok.LBrace, start, pos);
        case 125:
          return this.tok(Tok.RBrace, start, pos);
        case 91:
          return this.tok(Tok.LSquare, start, pos);
        case 93:
          return this.tok(Tok.RSquare, start, pos);
        case 60:
          return this.tok(Tok.Less, start, pos);
        case 62:
          return this.tok(Tok.Greater, start, pos);
        case 61:
          return this.tok(Tok.Equal, start, pos);
        case 43:
          return this.tok(Tok.Plus, start, pos);
        case 42:
          return this.tok(Tok.Star, start, pos);
        case 63:
          return this.tok(Tok.Question, start, pos);
        case 124:
          return this.tok(Tok.Vertical, start, pos);
        case 45: // '-'
          if (s.charCodeAt(pos) === 62) return this.tok(Tok.Arrow, start, pos + 1);
          return this.tok(Tok.Minus, start, pos);
        case 46: // '.'
          if (s.startsWith('..', pos)) return this.tok(Tok.Ellipsis, start, pos + 2);
          this.pos = pos;
          // At the character after the first dot, as MLIR's lexer reports it.
          throw this.error(pos, 'expected three consecutive dots for an ellipsis');
        case 34: // '"'
          this.pos = pos;
          return this.lexString(start);
        case 37:
          return this.lexPrefixed(start, pos, Tok.PercentId, 'invalid SSA name');
        case 94:
          return this.lexPrefixed(start, pos, Tok.CaretId, 'invalid block name');
        case 33:
          return this.lexPrefixed(start, pos, Tok.BangId, 'invalid type identifier');
        case 35: // '#'
          if (s.charCodeAt(pos) === 45 && s.charCodeAt(pos + 1) === 125) return this.tok(Tok.FileMetadataEnd, start, pos + 2);
          return this.lexPrefixed(start, pos, Tok.HashId, 'invalid attribute name');
        case 64: // '@'
          this.pos = pos;
          return this.lexAt(start);
        default:
          if (is(c, ALPHA) || c === 95) {
            while (is(s.charCodeAt(pos), ID)) pos++;
            return this.tok(Tok.BareId, start, pos);
          }
          this.pos = pos;
          if (isDigit(c)) return this.lexNumber(start);
          throw this.error(start, c === 0 ? 'unexpected null character' : `unexpected character`);
      }
    }
  }

  /** The token `start..end`, continuing after it. */
  private tok(kind: Tok, start: number, end: number): Token {
    this.pos = end;
    const t = this.token;
    t.kind = kind;
    t.start = start;
    t.end = end;
    return t;
  }

  /** `%`, `^`, `!`, `#` and their suffix; `pos` is after the sigil. */
  private lexPrefixed(start: number, pos: number, kind: Tok, message: string): Token {
    const s = this.text;
    const c = s.charCodeAt(pos);
    if (isDigit(c)) {
      while (isDigit(s.charCodeAt(pos))) pos++;
    } else if (isAlpha(c) || c === 95 || c === 36 || c === 46 || c === 45) {
      while (is(s.charCodeAt(pos), SUFFIX)) pos++;
    } else {
      this.pos = pos;
      throw this.error(start, message);
    }
    return this.tok(kind, start, pos);
  }

  private lexAt(start: number): Token {
    const s = this.text;
    if (s.charCodeAt(this.pos) === 34) {
      this.pos++;
      this.lexString(start + 1);
      return this.tok(Tok.AtId, start, this.pos);
    }
    const c = s.charCodeAt(this.pos);
    if (!(isAlpha(c) || c === 95)) throw this.error(start + 1, "@ identifier expected to start with letter or '_'");
    let pos = this.pos;
    while (is(s.charCodeAt(pos), ID)) pos++;
    return this.tok(Tok.AtId, start, pos);
  }

  private lexNumber(start: number): Token {
    const s = this.text;
    let pos = this.pos;
    if (s.charCodeAt(start) === 48 && s.charCodeAt(pos) === 120 && isHex(s.charCodeAt(pos + 1))) {
      pos++;
      while (isHex(s.charCodeAt(pos))) pos++;
      return this.tok(Tok.Integer, start, pos);
    }
    while (isDigit(s.charCodeAt(pos))) pos++;
    if (s.charCodeAt(pos) !== 46) return this.tok(Tok.Integer, start, pos);
    pos++;
    while (isDigit(s.charCodeAt(pos))) pos++;
    const e = s.charCodeAt(pos);
    if (e === 101 || e === 69) {
      const sign = s.charCodeAt(pos + 1);
      const digitAt = sign === 43 || sign === 45 ? pos + 2 : pos + 1;
      if (isDigit(s.charCodeAt(digitAt))) {
        pos = digitAt;
        while (isDigit(s.charCodeAt(pos))) pos++;
      }
    }
    return this.tok(Tok.Float, start, pos);
  }

  private lexString(start: number): Token {
    const s = this.text;
    for (;;) {
      // Reported where the string is cut off, as MLIR does: at the end of the line or buffer.
      if (this.pos >= s.length) throw this.error(s.length, "expected '\"' in string literal");
      const c = s.charCodeAt(this.pos++);
      if (c === 34) return this.tok(Tok.String, start, this.pos);
      if (c === 10 || c === 11 || c === 12) throw this.error(this.pos - 1, "expected '\"' in string literal");
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
        bytes.push(...UTF8.encode(String.fromCodePoint(cp)));
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
  return decodeByteString(Uint8Array.from(bytes));
}
