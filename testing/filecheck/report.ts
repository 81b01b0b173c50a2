// Reporting match results: the messages FileCheck prints while matching and
// the records the input dump is built from.

import { describeCheck, type CheckType } from './check-type.js';
import type { FileCheckRequest } from './options.js';
import type { MatchOutcome, Pattern } from './pattern.js';
import { LocatedMessage, type DiagKind, type DiagnosticError, type Loc, type Range, type SourceBuffer } from './source.js';
import { writeEscaped } from './text-utils.js';

export type MatchType =
  | 'found-and-expected'
  | 'found-but-excluded'
  | 'found-but-wrong-line'
  | 'found-but-discarded'
  | 'none-and-excluded'
  | 'none-but-expected'
  | 'none-for-invalid-pattern'
  | 'fuzzy';

/** One input annotation source (LLVM's FileCheckDiag). */
export interface InputDiag {
  checkType: CheckType;
  checkLoc: Loc;
  matchType: MatchType;
  /** Input range, as offsets. */
  start: number;
  end: number;
  note: string;
}

/** Where a directive's result is reported from. */
export interface Directive {
  pattern: Pattern;
  prefix: string;
  loc: Loc;
}

export class Reporter {
  constructor(
    private readonly req: FileCheckRequest,
    private readonly input: SourceBuffer,
    private readonly write: (text: string) => void,
    /** Collected when an input dump may be printed. */
    readonly diags: InputDiag[] | undefined,
  ) {}

  print(pos: number, kind: DiagKind, message: string, ranges: Range[] = []): void {
    this.printAt({ buffer: this.input, pos }, kind, message, ranges);
  }

  printAt(loc: Loc, kind: DiagKind, message: string, ranges: Range[] = []): void {
    this.write(new LocatedMessage(loc, kind, message, ranges).render());
  }

  /** Records the result of a directive for the input dump. */
  record(matchType: MatchType, d: Directive, start: number, end: number): void {
    this.diags?.push({ checkType: d.pattern.type, checkLoc: d.loc, matchType, start, end, note: '' });
  }

  /** Changes the type of the last recorded results (those of the last directive reported). */
  relabelLast(matchType: MatchType): void {
    if (!this.diags) return;
    const loc = this.diags[this.diags.length - 1]?.checkLoc;
    for (let i = this.diags.length - 1; i >= 0 && sameLoc(this.diags[i]!.checkLoc, loc); i--) this.diags[i]!.matchType = matchType;
  }

  private recordNote(matchType: MatchType, d: Directive, start: number, end: number, note: string): void {
    this.diags?.push({ checkType: d.pattern.type, checkLoc: d.loc, matchType, start, end, note });
  }

  /**
   * Reports the outcome of matching a directive in input[start, end).
   * Returns true if it is an error.
   */
  matchResult(expected: boolean, d: Directive, count: number, start: number, end: number, outcome: MatchOutcome): boolean {
    return outcome.kind === 'found'
      ? this.found(expected, d, count, outcome.pos, outcome.len)
      : this.notFound(expected, d, count, start, end, outcome.kind === 'invalid' ? outcome.errors : []);
  }

  found(expected: boolean, d: Directive, count: number, pos: number, len: number): boolean {
    const isError = !expected;
    let printToStderr = true;
    if (!isError) {
      if (!this.req.verbose) return false;
      if (!this.req.veryVerbose && d.pattern.type.kind === 'eof') return false;
      // Verbose successes go into the input dump when there is one.
      printToStderr = !this.diags;
    }
    const matchType: MatchType = expected ? 'found-and-expected' : 'found-but-excluded';
    this.record(matchType, d, pos, pos + len);
    if (this.diags) {
      this.substitutionNotes(matchType, d, pos, true);
      this.captureNotes(matchType, d, true);
    }
    if (!printToStderr) return isError;

    const message = `${describeCheck(d.pattern.type, d.prefix)}: ${expected ? 'expected' : 'excluded'} string found in input`;
    this.printAt(d.loc, expected ? 'remark' : 'error', message + this.countSuffix(d, count));
    this.print(pos, 'note', 'found here', [{ buffer: this.input, start: pos, end: pos + len }]);
    this.substitutionNotes(matchType, d, pos, false);
    this.captureNotes(matchType, d, false);
    return isError;
  }

  notFound(expected: boolean, d: Directive, count: number, start: number, end: number, patternErrors: readonly DiagnosticError[]): boolean {
    let isError = expected;
    let matchType: MatchType = expected ? 'none-but-expected' : 'none-and-excluded';
    for (const error of patternErrors) {
      isError = true;
      matchType = 'none-for-invalid-pattern';
      this.write(error.render());
    }
    let printToStderr = true;
    if (!isError) {
      if (!this.req.veryVerbose) return false;
      printToStderr = !this.diags;
    }
    this.record(matchType, d, start, end);
    if (this.diags) {
      for (const error of patternErrors) this.recordNote(matchType, d, start, start, error.message);
      this.substitutionNotes(matchType, d, start, true);
    }
    if (!printToStderr) return isError;

    // A pattern error already says why nothing matched.
    if (patternErrors.length === 0) {
      const message = `${describeCheck(d.pattern.type, d.prefix)}: ${expected ? 'expected' : 'excluded'} string not found in input`;
      this.printAt(d.loc, expected ? 'error' : 'remark', message + this.countSuffix(d, count));
      this.print(start, 'note', 'scanning from here');
    }
    this.substitutionNotes(matchType, d, start, false);
    if (expected) this.fuzzyMatch(d, start, end);
    return isError;
  }

  private countSuffix(d: Directive, count: number): string {
    return d.pattern.type.count > 1 ? ` (${count} out of ${d.pattern.type.count})` : '';
  }

  private substitutionNotes(matchType: MatchType, d: Directive, at: number, toDump: boolean): void {
    for (const subst of d.pattern.substitutions) {
      const value = subst.valueForDiagnostics();
      if (value === undefined) continue;
      const note = `with "${writeEscaped(subst.from.text)}" equal to ${value}`;
      if (toDump) this.recordNote(matchType, d, at, at, note);
      else this.print(at, 'note', note);
    }
  }

  private captureNotes(matchType: MatchType, d: Directive, toDump: boolean): void {
    for (const { name, start, end } of d.pattern.captures()) {
      const note = `captured var "${name}"`;
      if (toDump) this.recordNote(matchType, d, start, end, note);
      else this.print(start, 'note', note, [{ buffer: this.input, start, end }]);
    }
  }

  /** Points at the input most similar to the pattern ("possible intended match"). */
  private fuzzyMatch(d: Directive, start: number, end: number): void {
    const pattern = d.pattern;
    const length = end - start;
    const limit = Math.min(4096, length);
    // Bound the quadratic search for long patterns, like LLVM.
    if (4096 * 2048 < limit * Math.max(pattern.fixedStr.length, pattern.regexStr.length)) return;
    const text = this.input.text;
    let linesForward = 0;
    let best = -1;
    let bestQuality = 0;
    for (let i = 0; i < limit; i++) {
      const c = text[start + i];
      if (c === '\n') linesForward++;
      if (c === ' ' || c === '\t') continue;
      const quality = pattern.matchDistance(text, start + i, end) + linesForward / 100;
      if (quality < bestQuality || best === -1) {
        best = i;
        bestQuality = quality;
      }
    }
    // Offset 0 is already shown as "scanning from here".
    if (best > 0 && bestQuality < 50) {
      this.record('fuzzy', d, start + best, start + best);
      this.print(start + best, 'note', 'possible intended match here');
    }
  }
}

function sameLoc(a: Loc | undefined, b: Loc | undefined): boolean {
  return a !== undefined && b !== undefined && a.buffer === b.buffer && a.pos === b.pos;
}
