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

const FEATURE_NAME = '[-+=._a-zA-Z0-9*]+';
const FEATURE = new RegExp(`^${FEATURE_NAME}$`);
/** The tokens of a feature expression: operators, parentheses, feature names, and any other character (an error). */
const TOKEN = new RegExp(`&&|\\|\\||[!()]|${FEATURE_NAME}|\\S`, 'g');

/** A feature expression that is not lit's syntax: the test is an error, not a skip. */
export class FeatureExpressionError extends Error {}

/**
 * A feature expression of lit (its BooleanExpression): features (names such as `gpu` or
 * `x86_64-linux`), `true`, `false`, `!`, `&&`, `||` (in rising order of looseness) and
 * parentheses; `*` (XFAIL: every configuration) is true. Throws FeatureExpressionError for text
 * that is not one (`(gpu`, `gpu &&`), as lit reports it instead of skipping the test.
 */
export function featureMatches(expr: string, features: ReadonlySet<string>): boolean {
  const tokens = expr.match(TOKEN) ?? [];
  let at = 0;
  const fail = (why: string): never => {
    throw new FeatureExpressionError(`couldn't parse text '${expr}': ${why}`);
  };
  const peek = () => tokens[at];
  const or = (): boolean => {
    let v = and();
    while (peek() === '||') {
      at++;
      v = and() || v;
    }
    return v;
  };
  const and = (): boolean => {
    let v = not();
    while (peek() === '&&') {
      at++;
      v = not() && v;
    }
    return v;
  };
  const not = (): boolean => {
    if (peek() === '!') {
      at++;
      return !not();
    }
    const t = tokens[at++];
    if (t === undefined) return fail('expected a feature, found the end');
    if (t === '(') {
      const v = or();
      if (tokens[at++] !== ')') fail("expected ')'");
      return v;
    }
    if (!FEATURE.test(t)) return fail(`expected a feature, found '${t}'`);
    return t === '*' || t === 'true' || (t !== 'false' && features.has(t));
  };
  const value = or();
  if (at < tokens.length) fail(`unexpected '${tokens[at]}'`);
  return value;
}
