// Matching check strings against the input: CHECK-LABEL partitioning, then
// each check string's CHECK-DAG/CHECK-NOT groups, its own match, and the
// CHECK-NEXT/-SAME/-EMPTY line constraints.

import type { CheckString, DagNotCheck } from './check-file.js';
import type { PatternContext } from './context.js';
import type { FileCheckRequest } from './options.js';
import type { Directive, Reporter } from './report.js';
import type { SourceBuffer } from './source.js';

interface Match {
  pos: number;
  len: number;
}

export class Checker {
  constructor(
    private readonly checks: readonly CheckString[],
    private readonly req: FileCheckRequest,
    private readonly input: SourceBuffer,
    private readonly context: PatternContext,
    private readonly reporter: Reporter,
  ) {}

  /** Returns true if all checks pass. */
  run(): boolean {
    const { checks } = this;
    const inputEnd = this.input.text.length;
    let failed = false;
    let bufferStart = 0;
    let i = 0;
    let j = 0;
    for (;;) {
      let regionStart = bufferStart;
      let regionEnd = inputEnd;
      if (j < checks.length) {
        if (checks[j]!.pattern.type.kind !== 'label') {
          j++;
          continue;
        }
        // Labels are found first; the checks before each label must match
        // in the region that ends with it.
        const label = this.check(checks[j]!, bufferStart, inputEnd, true);
        if (!label) return false;
        regionEnd = label.pos + label.len;
        bufferStart = regionEnd;
        j++;
      }

      // The region before the first label keeps command-line variables.
      if (i !== 0 && this.req.enableVarScope) this.context.clearLocalVariables();

      for (; i < j; i++) {
        const m = this.check(checks[i]!, regionStart, regionEnd, false);
        if (!m) {
          failed = true;
          i = j;
          break;
        }
        regionStart = m.pos + m.len;
      }
      if (j >= checks.length) break;
    }
    return !failed;
  }

  /**
   * Matches one check string in input[start, end). In label-scan mode only
   * the pattern itself is matched (no DAG/NOT, no line constraints).
   */
  private check(cs: CheckString, start: number, end: number, labelScan: boolean): Match | undefined {
    const notStrings: DagNotCheck[] = [];
    let lastPos = start;
    if (!labelScan) {
      const afterDags = this.checkDags(cs, start, end, notStrings);
      if (afterDags === undefined) return undefined;
      lastPos = afterDags;
    }

    let matchEnd = lastPos;
    let firstMatchPos = start;
    for (let n = 1; n <= cs.pattern.type.count; n++) {
      const outcome = cs.pattern.match(this.input, matchEnd, end);
      if (this.reporter.matchResult(true, cs, n, matchEnd, end, outcome) || outcome.kind !== 'found') return undefined;
      if (n === 1) firstMatchPos = outcome.pos;
      matchEnd = outcome.pos + outcome.len;
    }
    const len = matchEnd - firstMatchPos;

    if (!labelScan) {
      if (this.violatesLineRule(cs, lastPos, firstMatchPos)) {
        // With -v the match was recorded already; it becomes the error.
        if (this.req.verbose) this.reporter.relabelLast('found-but-wrong-line');
        else this.reporter.record('found-but-wrong-line', cs, firstMatchPos, firstMatchPos + len);
        return undefined;
      }
      if (this.excludedFound(notStrings, lastPos, firstMatchPos)) return undefined;
    }
    return { pos: firstMatchPos, len };
  }

  /** CHECK-NEXT/EMPTY need exactly one newline before the match, CHECK-SAME none. */
  private violatesLineRule(cs: CheckString, prevEnd: number, matchStart: number): boolean {
    const kind = cs.pattern.type.kind;
    if (kind !== 'next' && kind !== 'empty' && kind !== 'same') return false;
    const { count, firstNewline } = countNewlines(this.input.text, prevEnd, matchStart);
    const r = this.reporter;
    if (kind === 'same') {
      if (count === 0) return false;
      r.printAt(cs.loc, 'error', `${cs.prefix}-SAME: is not on the same line as the previous match`);
    } else {
      const name = `${cs.prefix}-${kind === 'empty' ? 'EMPTY' : 'NEXT'}`;
      if (count === 1) return false;
      r.printAt(cs.loc, 'error', `${name}: ${count === 0 ? 'is on the same line as previous match' : 'is not on the line after the previous match'}`);
    }
    r.print(matchStart, 'note', "'next' match was here");
    r.print(prevEnd, 'note', 'previous match ended here');
    if (kind !== 'same' && count > 1) r.print(firstNewline, 'note', 'non-matching line after previous match is here');
    return true;
  }

  /** Checks that no CHECK-NOT pattern matches in input[start, end); reports all that do. */
  private excludedFound(notStrings: readonly DagNotCheck[], start: number, end: number): boolean {
    let failed = false;
    for (const not of notStrings) {
      const d = directive(not);
      const outcome = not.pattern.match(this.input, start, end);
      if (this.reporter.matchResult(false, d, 1, start, end, outcome)) failed = true;
    }
    return failed;
  }

  /**
   * Matches the CHECK-DAG groups (with CHECK-NOTs between them) preceding a
   * check. Returns where the following match may start, or undefined on
   * failure; CHECK-NOTs after the last group are left in `notStrings`.
   */
  private checkDags(cs: CheckString, start: number, end: number, notStrings: DagNotCheck[]): number | undefined {
    const { dagNots } = cs;
    let groupStart = start;
    // Non-overlapping matches of the current group, sorted by position.
    let ranges: Array<{ pos: number; end: number }> = [];

    for (let k = 0; k < dagNots.length; k++) {
      const entry = dagNots[k]!;
      if (entry.pattern.type.kind === 'not') {
        notStrings.push(entry);
        continue;
      }
      const d = directive(entry);
      let matchPos = groupStart;
      let matchLen = 0;
      // Each DAG match is searched from the group start, skipping past
      // earlier matches of the group that it would overlap.
      for (let r = 0; ; r++) {
        const outcome = entry.pattern.match(this.input, matchPos, end);
        if (outcome.kind !== 'found' || this.req.veryVerbose) {
          if (this.reporter.matchResult(true, d, 1, matchPos, end, outcome) || outcome.kind !== 'found') return undefined;
        }
        matchPos = outcome.pos;
        matchLen = outcome.len;
        const m = { pos: matchPos, end: matchPos + matchLen };
        if (this.req.allowDeprecatedDagOverlap) {
          if (ranges.length === 0) ranges.push(m);
          else ranges[0] = { pos: Math.min(ranges[0]!.pos, m.pos), end: Math.max(ranges[0]!.end, m.end) };
          break;
        }
        let overlap = false;
        for (; r < ranges.length; r++) {
          if (m.pos < ranges[r]!.end) {
            overlap = ranges[r]!.pos < m.end;
            break;
          }
        }
        if (!overlap) {
          ranges.splice(r, 0, m);
          break;
        }
        if (this.req.veryVerbose) {
          if (this.reporter.diags) this.reporter.relabelLast('found-but-discarded');
          else {
            const old = ranges[r]!;
            this.reporter.print(old.pos, 'note', 'match discarded, overlaps earlier DAG match here', [{ buffer: this.input, start: old.pos, end: old.end }]);
          }
        }
        matchPos = ranges[r]!.end;
      }
      if (!this.req.veryVerbose) this.reporter.found(true, d, 1, matchPos, matchLen);

      const groupEnds = k + 1 === dagNots.length || dagNots[k + 1]!.pattern.type.kind === 'not';
      if (groupEnds) {
        // CHECK-NOTs before the group must not match before its first match.
        if (notStrings.length > 0) {
          if (this.excludedFound(notStrings, groupStart, ranges[0]!.pos)) return undefined;
          notStrings.length = 0;
        }
        groupStart = ranges[ranges.length - 1]!.end;
        ranges = [];
      }
    }
    return groupStart;
  }
}

function directive(entry: DagNotCheck): Directive {
  return { pattern: entry.pattern, prefix: entry.prefix, loc: entry.pattern.loc! };
}

/** Counts line breaks in text[start, end) ("\r\n" and "\n\r" count once). */
function countNewlines(text: string, start: number, end: number): { count: number; firstNewline: number } {
  let count = 0;
  let firstNewline = start;
  let p = start;
  for (;;) {
    while (p < end && text[p] !== '\n' && text[p] !== '\r') p++;
    if (p >= end) return { count, firstNewline };
    count++;
    if (p + 1 < end && (text[p + 1] === '\n' || text[p + 1] === '\r') && text[p] !== text[p + 1]) p++;
    p++;
    if (count === 1) firstNewline = p;
  }
}
