import { Diagnostic, type Severity } from '../core/ir/diagnostics.js';
import { fullMessage } from '../core/syntax/diagnostic-render.js';
import type { SourceFile } from '../core/syntax/source.js';

interface Expected {
  severity: Severity;
  line: number;
  message: string;
  /** Where the expectation was written, for "not produced" errors. */
  at: { line: number; col: number };
  matched: boolean;
}

const EXPECTED = /expected-(error|warning|note|remark)\s*(?:@([+-]\d+|above|below))?\s*\{\{(.*?)\}\}/g;

/** The `// expected-error@+1 {{...}}` annotations of a buffer, in MLIR's syntax. */
export function parseExpectations(source: SourceFile): Expected[] {
  const out: Expected[] = [];
  const pendingBelow: Expected[] = [];
  const lines = source.text.split('\n');
  lines.forEach((text, i) => {
    const line = i + 1 + source.lineOffset;
    const isAnnotationLine = /\/\/\s*expected-/.test(text);
    for (const m of text.matchAll(EXPECTED)) {
      const where = m[2];
      const e: Expected = { severity: m[1] as Severity, line, message: m[3]!, at: { line, col: m.index! + 1 }, matched: false };
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
  return out;
}

/** Match emitted diagnostics (including notes) against expectations; returns the error lines. */
export function checkExpectations(source: SourceFile, emitted: readonly Diagnostic[], render: (d: Diagnostic) => string): { ok: boolean; report: string } {
  const expected = parseExpectations(source);
  let report = '';
  const all: Diagnostic[] = [];
  for (const d of emitted) all.push(d, ...d.notes);
  for (const d of all) {
    const flc = d.loc.fileLineCol();
    const e = expected.find((x) => !x.matched && x.severity === d.severity && flc && x.line === flc.line && fullMessage(d).includes(x.message));
    if (e) e.matched = true;
    else report += render(new Diagnostic('error', d.loc, `unexpected ${d.severity}: ${fullMessage(d)}`));
  }
  for (const e of expected.filter((x) => !x.matched)) {
    report += `${source.name}:${e.at.line}:${e.at.col}: error: expected ${e.severity} "${e.message}" was not produced\n`;
  }
  return { ok: report === '', report };
}
