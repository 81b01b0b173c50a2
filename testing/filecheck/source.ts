// Source buffers, locations and LLVM SourceMgr-style diagnostic rendering.
//
// All text handled by the checker is "byte strings": every JS char holds one
// byte (latin1 decoding), so offsets and columns match LLVM's byte-based ones.

export class SourceBuffer {
  private lineStarts: number[] | undefined;
  private lowered: string | undefined;

  constructor(
    readonly name: string,
    readonly text: string,
  ) {}

  /**
   * 1-based line and column like SourceMgr::getLineAndColumn: lines end at
   * '\n' only, but columns restart after '\r' too.
   */
  lineAndColumn(pos: number): { line: number; col: number } {
    const starts = this.getLineStarts();
    let lo = 0;
    let hi = starts.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (starts[mid]! <= pos) lo = mid;
      else hi = mid - 1;
    }
    let colStart = pos;
    while (colStart > starts[lo]! && this.text[colStart - 1] !== '\r') colStart--;
    return { line: lo + 1, col: pos - colStart + 1 };
  }

  /** The text with ASCII letters lowercased, for case-insensitive search. */
  get asciiLowerText(): string {
    this.lowered ??= asciiLower(this.text);
    return this.lowered;
  }

  private getLineStarts(): number[] {
    if (!this.lineStarts) {
      const starts = [0];
      for (let i = this.text.indexOf('\n'); i !== -1; i = this.text.indexOf('\n', i + 1)) starts.push(i + 1);
      this.lineStarts = starts;
    }
    return this.lineStarts;
  }
}

export interface Loc {
  readonly buffer: SourceBuffer;
  readonly pos: number;
}

export interface Range {
  readonly buffer: SourceBuffer;
  readonly start: number;
  readonly end: number;
}

export type DiagKind = 'error' | 'warning' | 'remark' | 'note';

/** A located message, rendered like llvm::SMDiagnostic::print. */
export class LocatedMessage {
  constructor(
    readonly loc: Loc,
    readonly kind: DiagKind,
    readonly message: string,
    readonly ranges: readonly Range[] = [],
  ) {}

  render(): string {
    const { buffer, pos } = this.loc;
    const text = buffer.text;
    let lineStart = pos;
    while (lineStart > 0 && text[lineStart - 1] !== '\n' && text[lineStart - 1] !== '\r') lineStart--;
    let lineEnd = pos;
    while (lineEnd < text.length && text[lineEnd] !== '\n' && text[lineEnd] !== '\r') lineEnd++;
    const { line } = buffer.lineAndColumn(pos);
    const column = pos - lineStart;
    const lineText = text.slice(lineStart, lineEnd);

    let out = `${buffer.name}:${line}:${column + 1}: ${this.kind}: ${this.message}\n`;
    // LLVM cannot place carets reliably under multi-byte characters, so it
    // prints only the source line then.
    if (/[\x80-\xff]/.test(lineText)) return out + expandTabs(lineText) + '\n';

    const caret = new Array<string>(lineText.length + 1).fill(' ');
    for (const r of this.ranges) {
      if (r.buffer !== buffer || r.start > lineEnd || r.end < lineStart) continue;
      const from = Math.max(r.start, lineStart) - lineStart;
      const to = Math.min(Math.min(r.end, lineEnd) - lineStart, caret.length);
      for (let i = from; i < to; i++) caret[i] = '~';
    }
    caret[Math.min(column, lineText.length)] = '^';
    const caretLine = caret.join('').trimEnd();

    out += expandTabs(lineText) + '\n';
    let outCol = 0;
    for (let i = 0; i < caretLine.length; i++) {
      if (lineText[i] !== '\t') {
        out += caretLine[i];
        outCol++;
        continue;
      }
      do {
        out += caretLine[i];
        outCol++;
      } while (outCol % TAB_STOP !== 0);
    }
    return out + '\n';
  }
}

const TAB_STOP = 8;

function expandTabs(line: string): string {
  let out = '';
  for (const ch of line) {
    if (ch !== '\t') {
      out += ch;
      continue;
    }
    do out += ' ';
    while (out.length % TAB_STOP !== 0);
  }
  return out;
}

/** A located error that is reported by printing it (LLVM's ErrorDiagnostic). */
export class DiagnosticError extends Error {
  /** Reported through logAllUnhandledErrors, which adds a blank line. */
  logged = false;

  constructor(
    readonly diagnostic: LocatedMessage,
    /** FileCheck's exit code when this error aborts the run. */
    readonly exitCode = 2,
  ) {
    super(diagnostic.message);
  }

  render(): string {
    return this.diagnostic.render() + (this.logged ? '\n' : '');
  }

  asLogged(): this {
    this.logged = true;
    return this;
  }

  static at(loc: Loc, message: string, exitCode?: number): DiagnosticError {
    return new DiagnosticError(new LocatedMessage(loc, 'error', message), exitCode);
  }
}

export function asciiLower(text: string): string {
  return text.replace(/[A-Z]+/g, (m) => m.toLowerCase());
}

/** Aborts a run: `output` goes to stderr and FileCheck exits with `exitCode`. */
export class AbortError extends Error {
  constructor(
    readonly output: string,
    readonly exitCode: number,
  ) {
    super(output);
  }

  static from(error: DiagnosticError): AbortError {
    return new AbortError(error.render(), error.exitCode);
  }
}

/** Converts text to a byte string (one char per UTF-8 byte). */
export function toByteString(text: string | Uint8Array): string {
  return typeof text === 'string' ? Buffer.from(text, 'utf8').toString('latin1') : Buffer.from(text).toString('latin1');
}

/** Converts a byte string back to ordinary (UTF-8 decoded) text. */
export function fromByteString(bytes: string): string {
  return Buffer.from(bytes, 'latin1').toString('utf8');
}
