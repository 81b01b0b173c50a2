/**
 * The slowest test files of a run, for the lines `npm test` prints before its summary: where the
 * time goes. Vitest's files come from its JSON report (each file's start and end, in ms), golden
 * tests from tile-lit's results.
 */
import path from 'node:path';

/** The part of vitest's JSON report read here. */
export interface TimedReport {
  readonly testResults: readonly { readonly name: string; readonly startTime: number; readonly endTime: number }[];
}

export interface TimedFile {
  readonly file: string;
  readonly ms: number;
}

/** Each file of a vitest report with its time, paths relative to `root`. */
export function vitestFileTimes(report: TimedReport, root: string): TimedFile[] {
  return report.testResults.map((f) => ({ file: path.relative(root, f.name), ms: f.endTime - f.startTime }));
}

/** `  49.4 s  tests/gpu/bench-peers.test.ts`, one line per file, the `n` slowest first. */
export function slowestFiles(files: readonly TimedFile[], n = 10): string[] {
  return [...files]
    .sort((a, b) => b.ms - a.ms || (a.file < b.file ? -1 : 1))
    .slice(0, n)
    .map((f) => `${(f.ms / 1000).toFixed(1).padStart(7)} s  ${f.file}`);
}
