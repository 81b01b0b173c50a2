import { Diagnostic, type Severity } from '../core/ir/diagnostics.js';
import { fullMessage } from '../core/syntax/diagnostic-render.js';
import type { SourceFile } from '../core/syntax/source.js';

interface Expected {
  severity: Severity;
  line: number;
  message: string;
  /** `expected-error-re`: the message with its `{{regex}}` parts, compiled (the literal parts escaped). */
  regex?: RegExp;
  /** Where the expectation was written, for "not produced" errors. */
  at: { line: number; col: number };
  matched: boolean;
}

/**
 * An annotation; with `-re` its text runs to the last `}}` of the line (it holds `{{regex}}`
 * parts of its own), as in MLIR, else to the first.
 */
const EXPECTED = /expected-(error|warning|note|remark)(-re)?\s*(?:@([+-]\d+|above|below))?\s*\{\{/g;

/** The annotations of one line: each match of EXPECTED with its text, up to its closing `}}`. */
function* annotations(text: string): Generator<{ m: RegExpExecArray; message: string }> {
  EXPECTED.lastIndex = 0;
  for (let m = EXPECTED.exec(text); m; m = EXPECTED.exec(text)) {
    const start = EXPECTED.lastIndex;
    const end = m[2] ? text.lastIndexOf('}}') : text.indexOf('}}', start);
    if (end < start) continue;
    yield { m, message: text.slice(start, end) };
    EXPECTED.lastIndex = end + 2;
  }
}

/** An `-re` expectation's pattern: literal text with `{{regex}}` parts (MLIR's); a message for an invalid regex. */
function expectedRegex(text: string): RegExp | string {
  let pattern = '';
  let rest = text;
  for (let open = rest.indexOf('{{'); open >= 0; open = rest.indexOf('{{')) {
    const close = rest.indexOf('}}', open + 2);
    if (close < 0) return "found start of regex with no end '}}'";
    pattern += rest.slice(0, open).replace(/[.*+?^${}()|[\]\\]/g, '\\$&') + `(?:${rest.slice(open + 2, close)})`;
    rest = rest.slice(close + 2);
  }
  pattern += rest.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  try {
    return new RegExp(pattern);
  } catch (e) {
    return `invalid regex: ${(e as Error).message}`;
  }
}

/**
 * The `// expected-error@+1 {{...}}` annotations of a buffer, in MLIR's syntax (`-re`: with
 * `{{regex}}` parts), and the errors of those that cannot be used (an invalid regex).
 */
export function parseExpectations(source: SourceFile): { expected: Expected[]; errors: string } {
  const out: Expected[] = [];
  const pendingBelow: Expected[] = [];
  let errors = '';
  const lines = source.text.split('\n');
  lines.forEach((text, i) => {
    const line = i + 1 + source.lineOffset;
    const isAnnotationLine = /\/\/\s*expected-/.test(text);
    for (const { m, message } of annotations(text)) {
      const where = m[3];
      const at = { line, col: m.index + 1 };
      const e: Expected = { severity: m[1] as Severity, line, message, at, matched: false };
      if (m[2]) {
        const regex = expectedRegex(e.message);
        if (typeof regex === 'string') {
          errors += `${source.name}:${at.line}:${at.col}: error: ${regex}\n`;
          continue;
        }
        e.regex = regex;
      }
      if (where === 'above') {
        let l = i - 1;
        while (l >= 0 && /\/\/\s*expected-/.test(lines[l]!) && lines[l]!.trim().startsWith('//')) l--;
        e.line = l + 1 + source.lineOffset;
      } else if (where === 'below') {
        pendingBelow.push(e);
      } else if (where) e.line = line + Number(where);
      out.push(e);
    }
    if (!isAnnotationLine || !text.trim().startsWith('//')) {
      for (const e of pendingBelow.splice(0)) e.line = line;
    }
  });
  return { expected: out, errors };
}

/** Match emitted diagnostics (including notes) against expectations; returns the error lines. */
export function checkExpectations(source: SourceFile, emitted: readonly Diagnostic[], render: (d: Diagnostic) => string): { ok: boolean; report: string } {
  const { expected, errors } = parseExpectations(source);
  let report = errors;
  const all: Diagnostic[] = [];
  for (const d of emitted) all.push(d, ...d.notes);
  for (const d of all) {
    const flc = d.loc.fileLineCol();
    const message = fullMessage(d);
    const e = expected.find((x) => !x.matched && x.severity === d.severity && flc && x.line === flc.line && (x.regex ? x.regex.test(message) : message.includes(x.message)));
    if (e) e.matched = true;
    else report += render(new Diagnostic('error', d.loc, `unexpected ${d.severity}: ${fullMessage(d)}`));
  }
  for (const e of expected.filter((x) => !x.matched)) {
    report += `${source.name}:${e.at.line}:${e.at.col}: error: expected ${e.severity} "${e.message}" was not produced\n`;
  }
  return { ok: report === '', report };
}
