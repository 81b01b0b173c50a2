import type { Loc, Range, SourceBuffer } from './source.js';

/**
 * An immutable view of part of a source buffer (LLVM's StringRef into a
 * SourceMgr buffer), so that parse errors can point at their exact location.
 */
export class Span implements Range {
  constructor(
    readonly buffer: SourceBuffer,
    readonly start: number,
    readonly end: number,
  ) {}

  static of(buffer: SourceBuffer): Span {
    return new Span(buffer, 0, buffer.text.length);
  }

  get text(): string {
    return this.buffer.text.slice(this.start, this.end);
  }
  get length(): number {
    return this.end - this.start;
  }
  get empty(): boolean {
    return this.end === this.start;
  }
  get loc(): Loc {
    return { buffer: this.buffer, pos: this.start };
  }

  charAt(i: number): string {
    return this.start + i < this.end ? this.buffer.text[this.start + i]! : '';
  }
  startsWith(prefix: string): boolean {
    return this.length >= prefix.length && this.buffer.text.startsWith(prefix, this.start);
  }
  /** Index of `needle` relative to the span start, or -1. */
  indexOf(needle: string, from = 0): number {
    return this.text.indexOf(needle, from);
  }
  /** Index of the first char in `chars`, or -1. */
  indexOfAny(chars: string, from = 0): number {
    for (let i = this.start + from; i < this.end; i++) if (chars.includes(this.buffer.text[i]!)) return i - this.start;
    return -1;
  }
  contains(needle: string): boolean {
    return this.indexOf(needle) !== -1;
  }

  /** Like StringRef::substr: clamps out-of-range arguments. */
  slice(from: number, to = this.length): Span {
    const a = Math.min(Math.max(from, 0), this.length);
    const b = Math.min(Math.max(to, a), this.length);
    return new Span(this.buffer, this.start + a, this.start + b);
  }
  dropFront(n: number): Span {
    return this.slice(n);
  }
  takeFront(n: number): Span {
    return this.slice(0, n);
  }
  /** The part of this span before `rest`, which must be a suffix of it. */
  before(rest: Span): Span {
    return new Span(this.buffer, this.start, rest.start);
  }

  ltrim(chars = ' \t'): Span {
    let s = this.start;
    while (s < this.end && chars.includes(this.buffer.text[s]!)) s++;
    return new Span(this.buffer, s, this.end);
  }
  rtrim(chars = ' \t'): Span {
    let e = this.end;
    while (e > this.start && chars.includes(this.buffer.text[e - 1]!)) e--;
    return new Span(this.buffer, this.start, e);
  }
  trim(chars = ' \t'): Span {
    return this.ltrim(chars).rtrim(chars);
  }
}

/** A Span that can be consumed from the front, like a `StringRef &` argument. */
export class Cursor {
  constructor(public span: Span) {}

  get empty(): boolean {
    return this.span.empty;
  }
  startsWith(prefix: string): boolean {
    return this.span.startsWith(prefix);
  }
  consume(prefix: string): boolean {
    if (!this.span.startsWith(prefix)) return false;
    this.span = this.span.dropFront(prefix.length);
    return true;
  }
  pop(): string {
    const c = this.span.charAt(0);
    this.span = this.span.dropFront(1);
    return c;
  }
  skip(n: number): void {
    this.span = this.span.dropFront(n);
  }
  ltrim(): void {
    this.span = this.span.ltrim();
  }
}
