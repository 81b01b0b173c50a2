/**
 * The slowest test files of a vitest run, from its JSON report (each file's start and end, in
 * ms), for the lines `npm test` prints before its summary: where the time of a run goes.
 */
import path from 'node:path';

/** The part of vitest's JSON report read here. */
export interface TimedReport {
  readonly testResults: readonly { readonly name: string; readonly startTime: number; readonly endTime: number }[];
}

/** `  49.4 s  tests/gpu/bench-peers.test.ts`, one line per file, the `n` slowest first (paths relative to `root`). */
export function slowestFiles(report: TimedReport, root: string, n = 10): string[] {
  return report.testResults
    .map((f) => ({ file: path.relative(root, f.name), ms: f.endTime - f.startTime }))
    .sort((a, b) => b.ms - a.ms || (a.file < b.file ? -1 : 1))
    .slice(0, n)
    .map((f) => `${(f.ms / 1000).toFixed(1).padStart(7)} s  ${f.file}`);
}
