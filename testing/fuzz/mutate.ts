/**
 * Mutations of program text for the mutation run: seeded edits that keep the text close to a
 * valid program (so that most get past the parser and reach the passes) — change a shape
 * dimension, an element type, a numeric constant, an attribute (transpose_a/b, accumulate,
 * in_bounds, masked, stage annotations...), delete or duplicate an op's line, swap two operands,
 * replace an SSA use by another value, drop a token — one to three per input. The outcome of a
 * pipeline on a mutant must be success or a clean located diagnostic, never invalid IR after a
 * pass, an internal error or a hang.
 */
import { type Rnd, mulberry32, pick } from '../random.js';

export const MUTATIONS = [
  'shape',
  'element-type',
  'type-everywhere',
  'constant',
  'attribute',
  'delete-line',
  'duplicate-line',
  'swap-operands',
  'replace-use',
  'drop-token',
  'drop-async-token',
] as const;
export type Mutation = (typeof MUTATIONS)[number];
/** How often each is drawn: mostly edits that keep the program parseable (a type changed everywhere it is written, a constant, an attribute). */
const WEIGHTS: Readonly<Record<Mutation, number>> = {
  shape: 1,
  'element-type': 1,
  'type-everywhere': 6,
  constant: 4,
  attribute: 4,
  'delete-line': 1,
  'duplicate-line': 1,
  'swap-operands': 1,
  'replace-use': 2,
  'drop-token': 1,
  'drop-async-token': 2,
};

/** A shaped type of the text changed (a dim, or its element type) at every place it is written. */
function typeEverywhere(rnd: Rnd, lines: string[]): boolean {
  const text = lines.join('\n');
  const types = [...new Set([...text.matchAll(/(memref|tensor)<[^<>]*(<[^<>]*(<[^<>]*>[^<>]*)*>[^<>]*)*>/g)].map((m) => m[0]))];
  if (types.length === 0) return false;
  const type = pick(rnd, types);
  const changed =
    rnd() < 0.6
      ? replaceOne(rnd, type, /(?<=<|x)(\d+|\?)(?=x)/, () => pick(rnd, ['?', '1', '2', '3', '4', '16', '17', '32', '48', '0', '64', '200']))
      : replaceOne(rnd, type, /\b(f32|f16|bf16|i32|f64)\b/, () => pick(rnd, ['f32', 'f16', 'bf16', 'i32', 'f64', 'i1']));
  if (changed === undefined || changed === type) return false;
  for (let i = 0; i < lines.length; i++) lines[i] = lines[i]!.split(type).join(changed);
  return true;
}

/** Indexes of lines that hold an op (not comments, blank lines, braces alone). */
function opLines(lines: readonly string[]): number[] {
  return lines.flatMap((l, i) => (/^\s*(%|[a-z_]+\.[a-z_]+|")/.test(l) && !/^\s*(\/\/|func\.func|gpu\.func|gpu\.module)/.test(l) ? [i] : []));
}

/** Replaces the `n`-th (random) match of `re` in `line` by `f(match)`; undefined when none matches. */
function replaceOne(rnd: Rnd, line: string, re: RegExp, f: (m: RegExpExecArray) => string): string | undefined {
  const matches = [...line.matchAll(new RegExp(re.source, re.flags.includes('g') ? re.flags : re.flags + 'g'))];
  if (matches.length === 0) return undefined;
  const m = pick(rnd, matches);
  return line.slice(0, m.index!) + f(m) + line.slice(m.index! + m[0].length);
}

function mutateOnce(rnd: Rnd, lines: string[], kind: Mutation): boolean {
  const ops = opLines(lines);
  if (ops.length === 0) return false;
  if (kind === 'type-everywhere') return typeEverywhere(rnd, lines);
  const i = pick(rnd, ops);
  const line = lines[i]!;
  let out: string | undefined;
  switch (kind) {
    case 'shape':
      out = replaceOne(rnd, line, /(?<=<|x)(\d+|\?)(?=x)/, () => pick(rnd, ['?', '1', '3', '4', '16', '17', '32', '48', '0', '64', '128']));
      break;
    case 'element-type':
      out = replaceOne(rnd, line, /\b(f32|f16|bf16|i32|i1|index|f64)\b/, () => pick(rnd, ['f32', 'f16', 'bf16', 'i32', 'i1', 'index', 'f64', 'i8']));
      break;
    case 'constant':
      out = replaceOne(rnd, line, /(?<![%#\w])-?\d+(\.\d+)?(e-?\d+)?(?![x\w])/, () => pick(rnd, ['0', '1', '2', '3', '-1', '5', '16', '1000', '0.5', '-2.0', '4294967296']));
      break;
    case 'attribute': {
      const attrs = ['transpose_a', 'transpose_b', 'accumulate', 'in_bounds', 'masked', 'kernel'];
      const present = attrs.filter((a) => line.includes(a));
      if (present.length > 0 && rnd() < 0.5) out = line.replace(pick(rnd, present), '');
      else if (/tile\.(matmul)/.test(line)) out = line.replace(/(tile\.matmul [^:]*?)\s*:/, (_, head: string) => `${head} ${pick(rnd, ['transpose_a', 'transpose_b', 'accumulate'])} :`);
      else out = replaceOne(rnd, line, /\b(tile\.stage|tile\.order|stage|order|padding)\s*=?\s*\(?-?\d+/, (m) => m[0].replace(/-?\d+$/, String(pick(rnd, [0, 1, 2, 5, -1]))));
      break;
    }
    case 'delete-line':
      lines.splice(i, 1);
      return true;
    case 'duplicate-line':
      lines.splice(i, 0, line);
      return true;
    case 'swap-operands': {
      const uses = [...line.matchAll(/%[\w#]+/g)];
      const eq = line.indexOf('=');
      const operands = uses.filter((u) => u.index! > eq);
      if (operands.length < 2) return false;
      const [a, b] = [pick(rnd, operands), pick(rnd, operands)];
      if (a[0] === b[0]) return false;
      out = line.replace(new RegExp(`${a[0]}(?![\\w#])|${b[0]}(?![\\w#])`, 'g'), (m) => (m === a[0] ? b[0] : a[0]));
      break;
    }
    case 'replace-use': {
      const defined = [
        ...lines
          .slice(0, i)
          .join('\n')
          .matchAll(/(%[\w]+)(?::\d+)?\s*=|(%[\w]+):\s/g),
      ].map((m) => m[1] ?? m[2]!);
      if (defined.length === 0) return false;
      const eq = line.indexOf('=');
      out = replaceOne(rnd, line.slice(eq + 1), /%[\w]+(#\d+)?/, () => pick(rnd, defined));
      if (out !== undefined) out = line.slice(0, eq + 1) + out;
      break;
    }
    case 'drop-token': {
      const tokens = [...line.matchAll(/%[\w#]+|,|:|\[|\]|\(|\)|[a-z_]+(\.[a-z_]+)?|\d+/g)];
      if (tokens.length === 0) return false;
      const t = pick(rnd, tokens);
      out = line.slice(0, t.index!) + line.slice(t.index! + t[0].length);
      break;
    }
    case 'drop-async-token': {
      // An async token or group out of a wait, commit, after-chain, yield or iter_args.
      const asyncLines = lines.flatMap((l, j) => (/async\.|!async|scf\.yield|iter_args/.test(l) ? [j] : []));
      if (asyncLines.length === 0) return false;
      const j = pick(rnd, asyncLines);
      const changed = replaceOne(rnd, lines[j]!, /,?\s*%[\w#]+/, () => '');
      if (changed === undefined) return false;
      lines[j] = changed;
      return true;
    }
  }
  if (out === undefined || out === line) return false;
  lines[i] = out;
  return true;
}

function drawMutation(rnd: Rnd): Mutation {
  const total = MUTATIONS.reduce((n, m) => n + WEIGHTS[m], 0);
  let r = rnd() * total;
  for (const m of MUTATIONS) if ((r -= WEIGHTS[m]) < 0) return m;
  return MUTATIONS[0];
}

/** One mutation of `text` (two or three now and then; seeded); returns the mutant and what was done. */
export function mutate(text: string, seed: number): { text: string; mutations: Mutation[] } {
  const rnd = mulberry32(seed);
  const lines = text.split('\n');
  const mutations: Mutation[] = [];
  const r = rnd();
  const count = r < 0.7 ? 1 : r < 0.9 ? 2 : 3;
  for (let tries = 0; mutations.length < count && tries < 20; tries++) {
    const kind = drawMutation(rnd);
    if (mutateOnce(rnd, lines, kind)) mutations.push(kind);
  }
  return { text: lines.join('\n'), mutations };
}
