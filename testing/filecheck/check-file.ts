// Reading the check file: finding directives ("PREFIX[-KIND][{MOD}]:") and
// grouping them into check strings, each owning the CHECK-DAG/CHECK-NOT
// directives that precede it.

import { checkType, type CheckType } from './check-type.js';
import type { PatternContext } from './context.js';
import { defineCommandLineVariables } from './defines.js';
import type { FileCheckRequest } from './options.js';
import { Pattern } from './pattern.js';
import { AbortError, DiagnosticError, SourceBuffer, type Loc } from './source.js';
import { Span } from './span.js';

export interface DagNotCheck {
  pattern: Pattern;
  prefix: string;
}

export interface CheckString {
  pattern: Pattern;
  prefix: string;
  /** Location of the pattern, where "expected string not found" points. */
  loc: Loc;
  /** The CHECK-DAG/CHECK-NOT directives (and implicit checks) to satisfy first. */
  dagNots: DagNotCheck[];
}

export interface CheckFile {
  checks: CheckString[];
  /** One synthetic buffer per --implicit-check-not, in order. */
  implicitBuffers: SourceBuffer[];
}

const isPartOfWord = (c: string): boolean => (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c === '-' || c === '_';

/**
 * Parses the check file; throws AbortError on errors. Non-fatal errors (bad
 * implicit patterns, like LLVM) are passed to `log`.
 */
export function readCheckFile(checkBuffer: SourceBuffer, req: FileCheckRequest, context: PatternContext, log: (text: string) => void): CheckFile {
  defineCommandLineVariables(req.defines, context);
  const implicit = implicitChecks(req, context, log);
  const text = checkBuffer.text;
  const scanner = new DirectiveScanner(text, req);
  const unusedPrefixes = new Set(req.checkPrefixes);
  const checks: CheckString[] = [];
  let dagNots = [...implicit.checks];

  try {
    for (let found = scanner.next(); found; found = scanner.next()) {
      const { prefix, type, start, afterSuffix } = found;
      if (type.kind !== 'comment') unusedPrefixes.delete(prefix);
      const at = { buffer: checkBuffer, pos: start };

      // (A directive ending the file, like "CHECK:", gets ":" as its pattern in LLVM.)
      let pos = afterSuffix === text.length ? start + prefix.length : afterSuffix;
      if (type.kind === 'misspelled') throw DiagnosticError.at(at, `misspelled directive '${text.slice(start, afterSuffix)}'`);
      if (type.kind === 'bad-not') throw DiagnosticError.at({ buffer: checkBuffer, pos }, `unsupported -NOT combo on prefix '${prefix}'`);
      if (type.kind === 'bad-count') throw DiagnosticError.at({ buffer: checkBuffer, pos }, `invalid count in -COUNT specification on prefix '${prefix}'`);

      if (!(req.strictWhitespace && req.matchFullLines)) {
        while (pos < text.length && (text[pos] === ' ' || text[pos] === '\t')) pos++;
      }
      let eol = pos;
      while (eol < text.length && text[eol] !== '\n' && text[eol] !== '\r') eol++;
      const patternText = new Span(checkBuffer, pos, eol);
      scanner.resumeAt(eol);
      if (type.kind === 'comment') continue;

      const pattern = new Pattern(type, context, checkBuffer.lineAndColumn(start).line);
      pattern.parse(patternText, prefix, req);
      if (type.kind === 'label' && pattern.hasVariable) throw DiagnosticError.at(at, `found '${prefix}-LABEL:' with variable definition or use`);
      if ((type.kind === 'next' || type.kind === 'same' || type.kind === 'empty') && checks.length === 0)
        throw DiagnosticError.at(at, `found '${prefix}-${type.kind.toUpperCase()}' without previous '${prefix}: line`);

      if (type.kind === 'dag' || type.kind === 'not') {
        dagNots.push({ pattern, prefix });
      } else {
        checks.push({ pattern, prefix, loc: patternText.loc, dagNots });
        dagNots = [...implicit.checks];
      }
    }
  } catch (e) {
    throw e instanceof DiagnosticError ? AbortError.from(e) : e;
  }

  // Every given prefix must be used, but implicit checks alone are enough
  // when no prefix was given.
  const noneFound = unusedPrefixes.size === new Set(req.checkPrefixes).size;
  const someUnused = !req.allowUnusedPrefixes && unusedPrefixes.size > 0;
  if ((noneFound || someUnused) && (implicit.checks.length === 0 || !req.isDefaultCheckPrefix)) {
    const missing = [...unusedPrefixes].sort().map((p) => `'${p}:'`);
    throw new AbortError(`error: no check strings found with prefix${missing.length > 1 ? 'es' : ''} ${missing.join(', ')}\n`, 2);
  }

  // Trailing CHECK-DAG/CHECK-NOT (and implicit) checks are matched up to the end of input.
  if (dagNots.length > 0) {
    const eof = new Pattern(checkType('eof'), context);
    checks.push({ pattern: eof, prefix: req.checkPrefixes[0]!, loc: { buffer: checkBuffer, pos: scanner.position }, dagNots });
  }
  return { checks, implicitBuffers: implicit.buffers };
}

/** The --implicit-check-not patterns, each parsed from a synthetic "command line" buffer. */
function implicitChecks(req: FileCheckRequest, context: PatternContext, log: (text: string) => void): { checks: DagNotCheck[]; buffers: SourceBuffer[] } {
  const buffers: SourceBuffer[] = [];
  const checks = req.implicitCheckNot.map((text) => {
    const prefix = "-implicit-check-not='";
    const buffer = new SourceBuffer('command line', `${prefix}${text}'`);
    buffers.push(buffer);
    const pattern = new Pattern(checkType('not'), context);
    try {
      pattern.parse(new Span(buffer, prefix.length, prefix.length + text.length), 'IMPLICIT-CHECK', req);
    } catch (e) {
      if (!(e instanceof DiagnosticError)) throw e;
      // LLVM ignores parse failures here, except for those where it exits on the spot.
      if (e.exitCode !== 2) throw AbortError.from(e);
      log(e.render());
    }
    return { pattern, prefix: 'IMPLICIT-CHECK' };
  });
  return { checks, buffers };
}

interface FoundDirective {
  prefix: string;
  type: CheckType;
  /** Offset of the prefix. */
  start: number;
  /** Offset just past the directive's colon (or where parsing stopped). */
  afterSuffix: number;
}

/** Finds directives in order, like LLVM's PrefixMatcher + FindFirstMatchingPrefix. */
class DirectiveScanner {
  /** Prefixes, longest first, with the offset of their next occurrence. */
  private readonly prefixes: Array<{ prefix: string; next: number }>;
  private readonly commentPrefixes: Set<string>;
  position = 0;

  constructor(
    private readonly text: string,
    req: FileCheckRequest,
  ) {
    this.commentPrefixes = new Set(req.commentPrefixes);
    this.prefixes = [...req.checkPrefixes, ...req.commentPrefixes].map((prefix) => ({ prefix, next: text.indexOf(prefix) })).sort((a, b) => b.prefix.length - a.prefix.length);
  }

  resumeAt(pos: number): void {
    this.position = pos;
  }

  next(): FoundDirective | undefined {
    while (this.position < this.text.length) {
      const match = this.nextPrefix();
      if (!match) return undefined;
      const { prefix, pos } = match;
      const from = this.position;
      this.position = pos;
      // Ignore prefixes that are the tail of a longer word, like "XCHECK:".
      if (pos === from || !isPartOfWord(this.text[pos - 1]!)) {
        const found = this.checkTypeAt(prefix, pos);
        if (found.type.kind !== 'none') return { prefix, start: pos, type: found.type, afterSuffix: found.after };
      }
      let end = pos + prefix.length;
      while (end < this.text.length && isPartOfWord(this.text[end]!)) end++;
      this.position = end;
    }
    return undefined;
  }

  private nextPrefix(): { prefix: string; pos: number } | undefined {
    let best: { prefix: string; pos: number } | undefined;
    for (const entry of this.prefixes) {
      if (entry.next !== -1 && entry.next < this.position) entry.next = this.text.indexOf(entry.prefix, this.position);
      if (entry.next !== -1 && (!best || entry.next < best.pos)) best = { prefix: entry.prefix, pos: entry.next };
    }
    return best;
  }

  /** Decodes what follows a prefix (LLVM's FindCheckType). */
  private checkTypeAt(prefix: string, pos: number): { type: CheckType | { kind: 'none' }; after: number } {
    const none = { type: { kind: 'none' as const }, after: pos };
    const text = this.text;
    if (text.length - pos <= prefix.length) return none;
    let rest = pos + prefix.length;

    if (this.commentPrefixes.has(prefix)) {
      // A comment prefix with a suffix like "-NOT" is not a directive.
      return text[rest] === ':' ? { type: checkType('comment'), after: rest + 1 } : none;
    }

    const withModifiers = (kind: CheckType['kind'], count = 1): { type: CheckType | { kind: 'none' }; after: number } => {
      if (text[rest] === ':') return { type: checkType(kind, count), after: rest + 1 };
      if (text[rest] !== '{') return none;
      rest++;
      let literal = false;
      for (;;) {
        rest = skipSpace(text, rest);
        if (!text.startsWith('LITERAL', rest)) return none;
        literal = true;
        rest = skipSpace(text, rest + 'LITERAL'.length);
        if (text[rest] !== ',') break;
        rest++;
      }
      if (!text.startsWith('}:', rest)) return none;
      return { type: checkType(kind, count, literal), after: rest + 2 };
    };

    if (text[rest] === ':') return { type: checkType('plain'), after: rest + 1 };
    if (text[rest] === '{') return withModifiers('plain');

    let misspelled = false;
    if (text[rest] === '_') misspelled = true;
    else if (text[rest] !== '-') return none;
    rest++;

    let result: { type: CheckType | { kind: 'none' }; after: number };
    if (text.startsWith('COUNT-', rest)) {
      rest += 'COUNT-'.length;
      const m = /^-?[0-9]+/.exec(text.slice(rest, rest + 32));
      const count = m ? Number(m[0]) : NaN;
      if (m) rest += m[0].length;
      if (!m || !(count > 0 && count <= 0x7fffffff) || (text[rest] !== ':' && text[rest] !== '{')) result = { type: checkType('bad-count'), after: rest };
      else result = withModifiers('plain', count);
    } else if (/^(DAG-NOT|NOT-DAG|NEXT-NOT|NOT-NEXT|SAME-NOT|NOT-SAME|EMPTY-NOT|NOT-EMPTY):/.test(text.slice(rest, rest + 10))) {
      result = { type: checkType('bad-not'), after: rest };
    } else {
      const kind = (['NEXT', 'SAME', 'NOT', 'DAG', 'LABEL', 'EMPTY'] as const).find((k) => text.startsWith(k, rest));
      if (!kind) return none;
      rest += kind.length;
      result = withModifiers(kind.toLowerCase() as CheckType['kind']);
    }
    if (misspelled && result.type.kind !== 'none') return { type: checkType('misspelled'), after: result.after };
    return result;
  }
}

function skipSpace(text: string, pos: number): number {
  while (pos < text.length && ' \t\n\v\f\r'.includes(text[pos]!)) pos++;
  return pos;
}
