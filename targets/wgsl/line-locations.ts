/**
 * Which IR op each WGSL line came from, kept beside the WGSL text (the manifest's
 * `lineLocations`) rather than as comments in it: a shader the device rejects is reported at the
 * op's location (runtime/webgpu/compile-messages.ts).
 */
import type { Operation } from '../../core/ir/operation.js';

/** `file:line:col` of an op's location, when it has one. */
export function locationText(op: Operation): string | undefined {
  const flc = op.loc.fileLineCol();
  return flc ? `${flc.file}:${flc.line}:${flc.col}` : undefined;
}

/** Runs of WGSL lines with one location: `[first line (1-based), location]`, the location holding until the next run. */
export type LineLocations = readonly (readonly [number, string])[];

/**
 * The runs of the whole shader: `enable` lines at the op that needed them, the entry point's
 * body lines (starting after the line `fn <entryPoint>(`) at the ops they were emitted for,
 * everything else at the kernel's location (`fallback`).
 */
export function lineLocations(wgsl: string, entryPoint: string, body: readonly (string | undefined)[], enables: ReadonlyMap<string, string>, fallback: string | undefined): LineLocations {
  const lines = wgsl.split('\n');
  const at: (string | undefined)[] = lines.map(() => fallback);
  lines.forEach((l, i) => {
    const e = /^enable (\w+);$/.exec(l);
    if (e && enables.has(e[1]!)) at[i] = enables.get(e[1]!);
  });
  const header = lines.findIndex((l) => l.startsWith(`fn ${entryPoint}(`));
  // The body's own lines end just before the entry point's closing brace (the text ends with a
  // newline); the `_ = &binding;` lines before them have no op.
  const first = lines.length - 2 - body.length;
  if (header >= 0 && first > header) body.forEach((loc, i) => (at[first + i] = loc ?? fallback));
  const runs: [number, string][] = [];
  at.forEach((loc, i) => {
    const l = loc ?? '';
    if (runs.length === 0 ? l !== '' : runs.at(-1)![1] !== l) runs.push([i + 1, l]);
  });
  return runs;
}

/** The location of WGSL line `line` (1-based), if the runs give one. */
export function locationOfLine(runs: LineLocations | undefined, line: number): string | undefined {
  let found: string | undefined;
  for (const [first, loc] of runs ?? []) {
    if (first > line) break;
    found = loc || undefined;
  }
  return found;
}

/** The first op inside `kernel` whose location is that of WGSL line `line`, if any. */
export function opOfLine(kernel: Operation, runs: LineLocations | undefined, line: number): Operation | undefined {
  const loc = locationOfLine(runs, line);
  let found: Operation | undefined;
  if (loc) kernel.walk((op) => void (found ??= op !== kernel && locationText(op) === loc ? op : undefined));
  return found;
}
