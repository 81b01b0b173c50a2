/**
 * A test file cut into units: its `// -----` chunks, and each chunk cut further at its top-level
 * ops; ops that name each other's symbols stay together, and the chunk's attribute and type alias
 * definitions and its resource section go with every unit.
 */
import { splitInput } from '../../core/syntax/split-input.js';

export interface Unit {
  /** 1-based line of the file where the unit's first op starts. */
  readonly line: number;
  readonly text: string;
}

/** The start of a top-level op: a line at column 0 that is not a comment, an alias, a resource section or a closing brace. */
const isOpStart = (line: string) => /^[A-Za-z_"%]/.test(line);
const isAlias = (line: string) => /^[#!][\w.$-]+\s*=/.test(line);

/** Cut one chunk (starting at 0-based file line `firstLine`) into units. */
export function chunkUnits(text: string, firstLine: number): Unit[] {
  const lines = text.split('\n');
  // Lines every unit keeps: alias definitions and resource sections.
  const shared = new Set<number>();
  const starts: number[] = [];
  let depth = 0;
  let aliasDepth = 0;
  let resources = false;
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    if (resources || (depth === 0 && line.startsWith('{-#'))) {
      shared.add(i);
      resources = !line.includes('#-}');
      continue;
    }
    if (depth === 0 && (aliasDepth > 0 || isAlias(line))) {
      shared.add(i);
      aliasDepth = Math.max(0, aliasDepth + bracketDelta(line));
      continue;
    }
    if (depth === 0 && isOpStart(line)) starts.push(i);
    depth = Math.max(0, depth + bracketDelta(line, '{', '}'));
  }
  if (starts.length === 0) return [];
  // An op's unit begins at the comment lines right above it (its expected-* and CHECK lines).
  const begin = starts.map((s, k) => {
    let b = s;
    while (b > 0 && (k === 0 || b > starts[k - 1]!) && /^\s*\/\//.test(lines[b - 1]!)) b--;
    return k === 0 ? 0 : b;
  });
  const end = (k: number) => (k + 1 < starts.length ? begin[k + 1]! : lines.length);
  const pieces = starts.map((_, k) =>
    lines
      .slice(begin[k]!, end(k))
      .filter((_, j) => !shared.has(begin[k]! + j))
      .join('\n'),
  );
  return groupBySymbols(pieces).map((members) => {
    // Lines stay where they were (the others' blanked), so that diagnostics' line numbers and
    // expected-* offsets hold as in the chunk.
    const kept = lines.map((l, i) => (shared.has(i) ? l : ''));
    for (const k of members) for (let i = begin[k]!; i < end(k); i++) if (!shared.has(i)) kept[i] = lines[i]!;
    return { line: firstLine + starts[members[0]!]! + 1, text: kept.join('\n') };
  });
}

/** The units of a whole file. */
export function fileUnits(source: string): Unit[] {
  const { chunks } = splitInput(source);
  return chunks.flatMap((c) => chunkUnits(c.text, c.firstLine));
}

/** The change of bracket depth over a line, outside strings and comments. */
function bracketDelta(line: string, open = '<([{', close = '>)]}'): number {
  const code = line
    .replace(/"(?:[^"\\]|\\.)*"/g, '')
    .replace(/\/\/.*$/, '')
    .replace(/->/g, '');
  let d = 0;
  for (const c of code) d += open.includes(c) ? 1 : close.includes(c) ? -1 : 0;
  return d;
}

/** Union the pieces that define and use the same `@symbol`. */
function groupBySymbols(pieces: readonly string[]): number[][] {
  const parent = pieces.map((_, i) => i);
  const find = (i: number): number => (parent[i] === i ? i : (parent[i] = find(parent[i]!)));
  const definedBy = new Map<string, number>();
  pieces.forEach((p, i) => {
    const m = /^[^\n]*?@([\w$.]+|"[^"]*")/m.exec(p.split('\n').find((l) => isOpStart(l)) ?? '');
    if (m) definedBy.set(m[1]!, i);
  });
  pieces.forEach((p, i) => {
    const code = p
      .split('\n')
      .filter((l) => !/^\s*\/\//.test(l))
      .join('\n');
    for (const m of code.matchAll(/@([\w$.]+|"[^"]*")/g)) {
      const d = definedBy.get(m[1]!);
      if (d !== undefined) parent[find(i)] = find(d);
    }
  });
  const groups = new Map<number, number[]>();
  pieces.forEach((_, i) => {
    const r = find(i);
    groups.set(r, [...(groups.get(r) ?? []), i]);
  });
  return [...groups.values()];
}
