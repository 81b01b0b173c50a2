import { readFileSync } from 'node:fs';

/** The lit directives of one test file. */
export interface LitTest {
  path: string;
  runLines: string[];
  requires: string[];
  unsupported: string[];
  xfail: string[];
}

const DIRECTIVE = /(?:\/\/|#|;)\s*(RUN|REQUIRES|UNSUPPORTED|XFAIL):(.*)$/;

/** Read RUN lines (with `\` continuations) and feature directives. */
export function readLitTest(path: string): LitTest {
  const test: LitTest = { path, runLines: [], requires: [], unsupported: [], xfail: [] };
  let pending: string | undefined;
  for (const line of readFileSync(path, 'utf8').split('\n')) {
    const m = DIRECTIVE.exec(line);
    if (!m) continue;
    const [, kind, rest] = m;
    const body = rest!.trim();
    if (kind === 'RUN') {
      const text = (pending ?? '') + (pending !== undefined ? ' ' : '') + body.replace(/\\$/, '').trim();
      if (body.endsWith('\\')) pending = text;
      else {
        test.runLines.push(text);
        pending = undefined;
      }
      continue;
    }
    const list = body
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean);
    if (kind === 'REQUIRES') test.requires.push(...list);
    else if (kind === 'UNSUPPORTED') test.unsupported.push(...list);
    else test.xfail.push(...list);
  }
  return test;
}

/** A feature expression of lit: `a && !b || c`, features being names or `*`. */
export function featureMatches(expr: string, features: ReadonlySet<string>): boolean {
  return expr.split('||').some((conj) =>
    conj.split('&&').every((term) => {
      const t = term.trim();
      if (t === '*') return true;
      return t.startsWith('!') ? !features.has(t.slice(1).trim()) : features.has(t);
    }),
  );
}
