import { DiagnosticError } from '../ir/diagnostics.js';
import type { SourceFile } from '../syntax/source.js';
import type { OptionAssignment, PipelineStep } from './pipeline-steps.js';

/** The source name of pipeline text in diagnostics, as mlir-opt names it. */
export const PIPELINE_SOURCE_NAME = 'MLIR Textual PassPipeline Parser';
/** The source name of a pass flag's options (`--canonicalize="..."`), as mlir-opt names it. */
export const OPTIONS_SOURCE_NAME = '<Pass-Options-Parser>';

const isSpace = (c: string | undefined): boolean => c === ' ' || c === '\t' || c === '\n' || c === '\r';
const NAME_END = new Set([',', '(', ')', '{', '}']);

/**
 * Parse MLIR's textual pipeline syntax: `a,b{opt=1 list=1,2},op.name(c,d),any(e),@named{p=4}`.
 * Errors are DiagnosticErrors located in `source`.
 */
export function parsePipelineText(source: SourceFile): PipelineStep[] {
  const text = source.text;
  let i = 0;
  const fail = (at: number, message: string): never => {
    throw DiagnosticError.at(source.loc(at), message);
  };
  const skipSpace = (): void => {
    while (isSpace(text[i])) i++;
  };

  const parseList = (openParen: number | undefined): PipelineStep[] => {
    const steps: PipelineStep[] = [];
    skipSpace();
    if (openParen !== undefined && text[i] === ')') return steps;
    if (openParen === undefined && i === text.length) return steps;
    for (;;) {
      skipSpace();
      const start = i;
      const isRef = text[i] === '@';
      if (isRef) i++;
      while (i < text.length && !NAME_END.has(text[i]!) && !isSpace(text[i])) i++;
      const name = text.slice(isRef ? start + 1 : start, i);
      if (name === '') fail(start, isRef ? "expected a pipeline name or file after '@'" : "'' does not refer to a registered pass or pass pipeline");
      skipSpace();
      let options: OptionAssignment[] = [];
      if (text[i] === '{') {
        const open = i;
        const close = matchingBrace(text, open);
        if (close < 0) fail(open, "missing closing '}' while processing pass options");
        options = parseOptionAssignments(source, open + 1, close);
        i = close + 1;
        skipSpace();
      }
      if (text[i] === '(') {
        if (isRef || options.length > 0) fail(i, `expected ',' or ')' after '${text.slice(start, i).trim()}'`);
        const open = i++;
        const nested = parseList(open);
        if (text[i] !== ')') fail(open, 'encountered unbalanced parentheses while parsing pipeline');
        i++;
        steps.push({ kind: 'nest', anchor: name, loc: source.loc(start), steps: nested });
      } else {
        steps.push({ kind: isRef ? 'pipeline' : 'pass', name, loc: source.loc(start), options });
      }
      skipSpace();
      if (text[i] === ',') {
        i++;
        continue;
      }
      if (text[i] === ')') {
        if (openParen === undefined) fail(i, "encountered extra closing ')' creating unbalanced parentheses while parsing pipeline");
        return steps;
      }
      if (i === text.length) {
        if (openParen !== undefined) fail(openParen, 'encountered unbalanced parentheses while parsing pipeline');
        return steps;
      }
      fail(i, `expected ',' or ')' after '${text.slice(start, i).trim()}'`);
    }
  };
  return parseList(undefined);
}

/** Index of the '}' closing the '{' at `open` (quotes respected), or -1. */
function matchingBrace(text: string, open: number): number {
  let depth = 0;
  let quote = false;
  for (let i = open; i < text.length; i++) {
    const c = text[i];
    if (c === '"') quote = !quote;
    else if (quote) continue;
    else if (c === '{') depth++;
    else if (c === '}' && --depth === 0) return i;
  }
  return -1;
}

/**
 * Parse `key=value key2 key3={a b},c` in `source.text[from, to)`: options separated by spaces,
 * a bare key meaning `true`, values extending to the next space outside braces and quotes.
 */
export function parseOptionAssignments(source: SourceFile, from = 0, to = source.text.length): OptionAssignment[] {
  const text = source.text;
  const out: OptionAssignment[] = [];
  let i = from;
  for (;;) {
    while (i < to && isSpace(text[i])) i++;
    if (i >= to) return out;
    const keyStart = i;
    while (i < to && text[i] !== '=' && !isSpace(text[i])) i++;
    const key = text.slice(keyStart, i);
    if (key === '') throw DiagnosticError.at(source.loc(keyStart), "expected an option name before '='");
    if (text[i] !== '=') {
      out.push({ key, keyLoc: source.loc(keyStart), value: '', valueLoc: source.loc(i) });
      continue;
    }
    const valueStart = ++i;
    let depth = 0;
    let quote = false;
    for (; i < to; i++) {
      const c = text[i];
      if (c === '"') quote = !quote;
      else if (quote) continue;
      else if (c === '{') depth++;
      else if (c === '}') depth--;
      else if (isSpace(c) && depth === 0) break;
    }
    if (quote || depth !== 0) throw DiagnosticError.at(source.loc(valueStart), `unbalanced ${quote ? 'quote' : 'braces'} in the value of option '${key}'`);
    out.push({ key, keyLoc: source.loc(keyStart), value: text.slice(valueStart, i), valueLoc: source.loc(valueStart) });
  }
}
