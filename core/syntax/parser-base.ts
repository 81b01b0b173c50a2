import { DiagnosticError } from '../ir/diagnostics.js';
import type { Location } from '../ir/location.js';
import { decodeStringToken, Lexer, Tok, tokenSpelling, type Token } from './lexer.js';
import type { SourceFile } from './source.js';

/** Deepest nesting of regions/types/attributes accepted before reporting an error (no stack overflow). */
export const MAX_NESTING = 1000;

/** Slots of ParserBase's cache of recent token texts (a power of two). */
const RECENT_TEXTS = 4096;

/** Token cursor with MLIR-style expectations and located errors. */
export class ParserBase {
  protected readonly lexer: Lexer;
  /** The current token: the lexer's one token object, overwritten by `advance()`. */
  readonly tok: Token;
  /** End offset of the previous token, for errors reported "after" it (MLIR's getEncodedSourceLocation of prev). */
  protected prevEnd = 0;
  protected depth = 0;

  constructor(readonly source: SourceFile) {
    this.lexer = new Lexer(source);
    this.tok = this.lexer.token;
    this.lexer.next();
  }

  get tokenText(): string {
    return this.textAt(this.tok.start, this.tok.end);
  }
  /**
   * Short texts seen lately, by a hash of their characters: SSA, op and type names recur all the
   * time, and each `slice` of the source would be a new string.
   */
  private readonly recentTexts: (string | undefined)[] = new Array<string | undefined>(RECENT_TEXTS).fill(undefined);
  /** The source text `start..end`. */
  textAt(start: number, end: number): string {
    const text = this.source.text;
    const length = end - start;
    if (length > 32) return text.slice(start, end);
    let h = length;
    for (let i = start; i < end; i++) h = (Math.imul(h, 31) + text.charCodeAt(i)) | 0;
    const slot = (h ^ (h >>> 13)) & (RECENT_TEXTS - 1);
    const seen = this.recentTexts[slot];
    if (seen !== undefined && seen.length === length && text.startsWith(seen, start)) return seen;
    return (this.recentTexts[slot] = text.slice(start, end));
  }
  is(kind: Tok): boolean {
    return this.tok.kind === kind;
  }
  isKeyword(word?: string): boolean {
    const t = this.tok;
    if (t.kind !== Tok.BareId) return false;
    // Compared in place: no substring per test (e.g. the `loc` check after every op).
    return word === undefined || (t.end - t.start === word.length && this.source.text.startsWith(word, t.start));
  }
  /** Move to the next token. */
  advance(): void {
    this.prevEnd = this.tok.end;
    this.lexer.next();
  }
  /** A copy of the current token, moving past it (for callers that keep a token). */
  take(): Token {
    const t = this.tok;
    const copy = { kind: t.kind, start: t.start, end: t.end };
    this.advance();
    return copy;
  }
  /** The current token's text, moving past it. */
  takeText(): string {
    const text = this.tokenText;
    this.advance();
    return text;
  }
  /** Where the lexer stands, to come back to with `restore` (cold paths: allocates). */
  protected mark(): { pos: number; kind: Tok; start: number; end: number; prevEnd: number } {
    const t = this.tok;
    return { pos: this.lexer.pos, kind: t.kind, start: t.start, end: t.end, prevEnd: this.prevEnd };
  }
  protected restore(m: { pos: number; kind: Tok; start: number; end: number; prevEnd: number }): void {
    const t = this.tok;
    t.kind = m.kind;
    t.start = m.start;
    t.end = m.end;
    this.lexer.pos = m.pos;
    this.prevEnd = m.prevEnd;
  }
  /** Go on lexing at `offset`, as if the previous token ended there. */
  protected resetTo(offset: number): void {
    this.prevEnd = offset;
    this.lexer.pos = offset;
    this.lexer.next();
  }
  text(t: Token): string {
    return this.textAt(t.start, t.end);
  }

  // ---- locations and errors
  locAt(offset: number): Location {
    return this.source.loc(offset);
  }
  get currentLoc(): Location {
    return this.locAt(this.tok.start);
  }
  error(message: string, offset = this.tok.start): DiagnosticError {
    return DiagnosticError.at(this.locAt(offset), message);
  }
  /**
   * MLIR reports "expected X" errors (emitWrongTokenError) right after the previous token: only
   * whitespace and comments can separate the two, and MLIR backs up over them. Before the first
   * token, at the current one.
   */
  expectedError(message: string): DiagnosticError {
    if (this.prevEnd > 0) return this.error(message, this.prevEnd);
    return this.error(message);
  }

  // ---- punctuation and keywords
  consumeIf(kind: Tok): boolean {
    if (this.tok.kind !== kind) return false;
    this.advance();
    return true;
  }
  expect(kind: Tok, what = `'${tokenSpelling(kind)}'`): void {
    if (this.tok.kind !== kind) throw this.expectedError(`expected ${what}`);
    this.advance();
  }
  /** `expect`, returning a copy of the token. */
  expectToken(kind: Tok, what = `'${tokenSpelling(kind)}'`): Token {
    if (this.tok.kind !== kind) throw this.expectedError(`expected ${what}`);
    return this.take();
  }
  parseOptionalKeyword(word?: string): string | undefined {
    if (!this.isKeyword(word)) return undefined;
    if (word !== undefined) {
      this.advance();
      return word;
    }
    return this.takeText();
  }
  /** MLIR's AsmParser::parseKeyword: the error is at the current token, and an op's parser's error. */
  parseKeyword(word?: string, context = ''): string {
    const k = this.parseOptionalKeyword(word);
    if (k === undefined) throw this.opError(word ? `expected '${word}'${context}` : `expected valid keyword${context}`);
    return k;
  }
  /** A keyword the type and attribute syntax requires (MLIR's Parser::parseToken: wrong-token location). */
  protected expectKeyword(word: string, what = `'${word}'`): void {
    if (this.parseOptionalKeyword(word) === undefined) throw this.expectedError(`expected ${what}`);
  }
  /**
   * An error raised by an op's custom parser: inside one, MLIR's OpAsmParser prefixes it with
   * `custom op 'NAME' ` (errors of the underlying type, attribute and token parsing it calls are
   * not prefixed). The base parser knows no ops.
   */
  opError(message: string, offset = this.tok.start): DiagnosticError {
    return this.error(message, offset);
  }
  parseOptionalString(): string | undefined {
    if (!this.is(Tok.String)) return undefined;
    return decodeStringToken(this.takeText());
  }
  parseString(what = 'string'): string {
    const s = this.parseOptionalString();
    if (s === undefined) throw this.expectedError(`expected ${what}`);
    return s;
  }
  parseOptionalInteger(): bigint | undefined {
    const negative = this.is(Tok.Minus);
    if (negative) {
      const saved = this.mark();
      this.advance();
      if (!this.is(Tok.Integer)) {
        this.restore(saved);
        return undefined;
      }
    } else if (!this.is(Tok.Integer)) return undefined;
    const v = BigInt(this.takeText());
    return negative ? -v : v;
  }
  parseInteger(what = 'integer value'): bigint {
    const v = this.parseOptionalInteger();
    if (v === undefined) throw this.expectedError(`expected ${what}`);
    return v;
  }
  /** `elt (, elt)*` between `open` and `close`; empty lists allowed. */
  /**
   * MLIR's parseCommaSeparatedList: `each` at least once unless the delimiters enclose an empty
   * list; a missing delimiter is "expected '<delimiter>'" followed by `context` (e.g. " in attribute
   * dictionary").
   */
  parseCommaSeparated(open: Tok | undefined, close: Tok | undefined, each: () => void, context = ''): void {
    if (open !== undefined) {
      this.expect(open, `'${tokenSpelling(open)}'${context}`);
      if (close !== undefined && this.consumeIf(close)) return;
    }
    do each();
    while (this.consumeIf(Tok.Comma));
    if (close !== undefined) this.expect(close, `'${tokenSpelling(close)}'${context}`);
  }
  /** MLIR's parseCommaSeparatedListUntil (the opening token already read): "expected ',' or '<close>'". */
  parseCommaSeparatedUntil(close: Tok, each: () => void): void {
    if (this.consumeIf(close)) return;
    do each();
    while (this.consumeIf(Tok.Comma));
    this.expect(close, `',' or '${tokenSpelling(close)}'`);
  }
  /** Guard recursion depth so that pathological nesting gives an error, not a stack overflow. */
  protected nested<T>(fn: () => T): T {
    this.enterNesting();
    try {
      return fn();
    } catch (e) {
      throw this.nestingError(e);
    } finally {
      this.depth--;
    }
  }
  /**
   * `nested` spelled out, for hot paths without a closure: `enterNesting()`, then
   * `try { ... } catch (e) { throw this.nestingError(e) } finally { this.depth-- }`.
   */
  protected enterNesting(): void {
    if (++this.depth > MAX_NESTING) {
      this.depth = 0;
      throw this.error(`nesting too deep: more than ${MAX_NESTING} levels`);
    }
  }
  protected nestingError(e: unknown): unknown {
    // The JS stack can run out before MAX_NESTING levels of some constructs (e.g. ~1000 nested
    // dictionaries): report it at the token where it happened rather than at the file start.
    // (No regular expression here: compiling one can itself fail for lack of stack.)
    if ((e instanceof RangeError || e instanceof SyntaxError) && e.message.includes('call stack')) return this.error(`nesting too deep: out of stack space at nesting level ${this.depth}`);
    return e;
  }
  /** Skip a balanced `<...>` body and return its text (for opaque dialect types/attributes). */
  /**
   * Skips a `<...>` dialect symbol body, as MLIR's parseDialectSymbolBody scans it before the
   * dialect parses it: brackets of the four kinds nest, and a mismatch (or the end of the input)
   * is "unbalanced 'C' character in pretty dialect name", C the innermost open one, reported at the
   * '<'. Returns the body's text, '<' and '>' included.
   */
  protected rawAngleBody(): string {
    if (!this.is(Tok.Less)) return '';
    const start = this.tok.start;
    const open: string[] = [];
    const closing: Partial<Record<Tok, string>> = { [Tok.Greater]: '<', [Tok.RParen]: '(', [Tok.RSquare]: '[', [Tok.RBrace]: '{' };
    for (;;) {
      const t = this.tok;
      if (t.kind === Tok.EOF) throw this.error(`unbalanced '${open[open.length - 1]}' character in pretty dialect name`, start);
      if (t.kind === Tok.Less || t.kind === Tok.LParen || t.kind === Tok.LSquare || t.kind === Tok.LBrace) open.push(this.source.text[t.start]!);
      const expected = closing[t.kind];
      if (expected !== undefined) {
        if (open[open.length - 1] !== expected) throw this.error(`unbalanced '${open[open.length - 1]}' character in pretty dialect name`, start);
        open.pop();
      }
      // The lexer reuses its token object: the end is read before advancing past it.
      const end = t.end;
      this.advance();
      if (open.length === 0) return this.source.text.slice(start, end);
    }
  }
  /** `rawAngleBody`'s check alone, leaving the parser where it was: before a dialect parses the body. */
  protected checkAngleBody(): void {
    if (!this.is(Tok.Less)) return;
    const m = this.mark();
    this.rawAngleBody();
    this.restore(m);
  }
}
