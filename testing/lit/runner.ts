import { chmodSync, existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileCheckStage, runWithFileCheck } from './filecheck-stage.js';
import { runBash } from './shell.js';
import { substitute } from './substitutions.js';
import { FeatureExpressionError, featureMatches, readLitTest, type LitTest } from './test-file.js';

export type Outcome = 'pass' | 'fail' | 'skip' | 'xfail' | 'xpass';

export interface LitResult {
  test: LitTest;
  outcome: Outcome;
  /** Failing command and its output, for the log. */
  log: string;
  /** Why a skipped test was skipped: `missing feature gpu`, `unsupported with x`. */
  skipReason?: string;
  /** The WebGPU provider of this run, for a test that requires `gpu` (it runs once per provider). */
  provider?: string;
  /** How long the test took (its RUN lines), in ms. */
  ms?: number;
}

export interface LitOptions {
  /** Folder of the repository whose build/tools go first on PATH. */
  repoRoot: string;
  features: ReadonlySet<string>;
  /** Extra `%{name}` substitutions. */
  substitutions?: Record<string, string>;
  /** Use this FileCheck binary instead of ours (e.g. LLVM's, to prove parity). */
  fileCheck?: string;
  jobs?: number;
  timeoutMs?: number;
  /**
   * WebGPU providers (features.ts addGpuFeature): a test that requires `gpu` runs once under each,
   * with env TILE_WEBGPU_PROVIDER set to it.
   */
  gpuProviders?: readonly string[];
}

const TEST_SUFFIXES = ['.mlir', '.test'];

export function findTests(roots: readonly string[], filter?: RegExp): string[] {
  const out: string[] = [];
  const visit = (p: string) => {
    const st = statSync(p);
    if (st.isDirectory()) {
      for (const e of readdirSync(p).sort()) if (!e.startsWith('.') && e !== 'Output' && e !== 'Inputs') visit(path.join(p, e));
    } else if (TEST_SUFFIXES.some((s) => p.endsWith(s))) out.push(p);
  };
  for (const r of roots) visit(path.resolve(r));
  return filter ? out.filter((p) => filter.test(p)) : out;
}

/** Whether a test among `paths` requires `feature` (so that looking for it is worth its time). */
export function needsFeature(paths: readonly string[], feature: string): boolean {
  return paths.some((p) => readLitTest(p).requires.some((r) => r.includes(feature)));
}

/** A bin folder with this repository's tools as commands, plus `not` and `FileCheck`. */
export function makeToolBin(opts: LitOptions): string {
  const bin = mkdtempSync(path.join(os.tmpdir(), 'tile-lit-bin-'));
  const tool = (name: string, script: string) => {
    const p = path.join(bin, name);
    writeFileSync(p, `#!/bin/sh\nexec ${script} "$@"\n`);
    chmodSync(p, 0o755);
  };
  const built = (t: string) => `node ${JSON.stringify(path.join(opts.repoRoot, 'build', 'tools', `${t}.js`))}`;
  // The commands users run (package.json's bins): the bundles that `npm run build` makes, executed
  // directly, as tile-opt's shebang gives V8 its flags.
  for (const name of ['tile-opt', 'tile-run']) {
    const bundle = path.join(opts.repoRoot, 'build', 'bundle', `${name}.js`);
    if (!existsSync(bundle)) throw new Error(`${bundle} is missing: build first (npm run build)`);
    tool(name, JSON.stringify(bundle));
  }
  tool('filecheck', built('filecheck'));
  tool('FileCheck', opts.fileCheck ? JSON.stringify(opts.fileCheck) : built('filecheck'));
  // LLVM's `not`: succeed exactly when the command fails (without crashing).
  writeFileSync(path.join(bin, 'not'), '#!/bin/sh\n"$@"\nrc=$?\nif [ $rc -eq 0 ]; then exit 1; fi\nif [ $rc -gt 128 ]; then exit $rc; fi\nexit 0\n');
  chmodSync(path.join(bin, 'not'), 0o755);
  return bin;
}

/** `path`, or `path [provider]` for a run under one WebGPU provider. */
export function resultName(r: LitResult, relativeTo?: string): string {
  const p = relativeTo === undefined ? r.test.path : path.relative(relativeTo, r.test.path);
  return r.provider ? `${p} [${r.provider}]` : p;
}

const requiresGpu = (test: LitTest): boolean => test.requires.some((r) => /(^|[^-\w])gpu($|[^-\w])/.test(r));

export async function runTest(test: LitTest, bin: string, opts: LitOptions, provider?: string): Promise<LitResult> {
  const started = performance.now();
  const result = { ...(await runTestOnce(test, bin, opts, provider)), ms: performance.now() - started };
  return provider ? { ...result, provider } : result;
}

async function runTestOnce(test: LitTest, bin: string, opts: LitOptions, provider: string | undefined): Promise<LitResult> {
  let missing: string[], excluded: string[], expectFail: boolean;
  // Every expression is evaluated (filter, not some): a malformed one fails the test wherever it stands.
  try {
    missing = test.requires.filter((r) => !featureMatches(r, opts.features));
    excluded = test.unsupported.filter((u) => featureMatches(u, opts.features));
    expectFail = test.xfail.filter((x) => featureMatches(x, opts.features)).length > 0;
  } catch (e) {
    if (!(e instanceof FeatureExpressionError)) throw e;
    return { test, outcome: 'fail', log: `${e.message}\n` };
  }
  if (missing.length > 0) return { test, outcome: 'skip', log: '', skipReason: `missing feature ${missing.join(', ')}` };
  if (excluded.length > 0) return { test, outcome: 'skip', log: '', skipReason: `unsupported with ${excluded.join(', ')}` };
  if (test.runLines.length === 0) return { test, outcome: 'fail', log: 'no RUN lines found\n' };
  const tmpDir = mkdtempSync(path.join(os.tmpdir(), 'tile-lit-'));
  const env = { ...process.env, PATH: `${bin}${path.delimiter}${process.env.PATH ?? ''}`, FORCE_COLOR: '0', ...(provider ? { TILE_WEBGPU_PROVIDER: provider } : {}) };
  let log = '';
  let failed = false;
  try {
    mkdirSync(tmpDir, { recursive: true });
    for (const line of test.runLines) {
      const cmd = substitute(line, test.path, tmpDir, opts.substitutions);
      const [cwd, timeout] = [path.dirname(test.path), opts.timeoutMs ?? 120_000];
      // Our FileCheck as the last stage runs here (LLVM's, when asked for, in its own process).
      const stage = opts.fileCheck === undefined ? fileCheckStage(cmd) : undefined;
      const { code, output } = stage ? await runWithFileCheck(stage, env, cwd, timeout) : await runBash(cmd, env, cwd, timeout);
      if (code !== 0) {
        log = `$ ${cmd}\n${output}\n[tile-lit] command failed with exit status ${code}\n`;
        failed = true;
        break;
      }
    }
  } finally {
    rmSync(tmpDir, { recursive: true, force: true });
  }
  if (expectFail) return { test, outcome: failed ? 'xfail' : 'xpass', log: failed ? '' : 'test was expected to fail but passed\n' };
  return { test, outcome: failed ? 'fail' : 'pass', log };
}

/** Run tests with a bounded number in flight; `onResult` sees each as it completes. */
export async function runTests(paths: readonly string[], opts: LitOptions, onResult: (r: LitResult) => void): Promise<LitResult[]> {
  const bin = makeToolBin(opts);
  const results: LitResult[] = [];
  const jobs = paths.flatMap((p): { test: LitTest; provider?: string }[] => {
    const test = readLitTest(p);
    const providers = opts.gpuProviders ?? [];
    return providers.length > 0 && requiresGpu(test) ? providers.map((provider) => ({ test, provider })) : [{ test }];
  });
  let next = 0;
  const worker = async () => {
    while (next < jobs.length) {
      const { test, provider } = jobs[next++]!;
      const r = await runTest(test, bin, opts, provider);
      results.push(r);
      onResult(r);
    }
  };
  try {
    await Promise.all(Array.from({ length: Math.max(1, opts.jobs ?? os.availableParallelism()) }, worker));
  } finally {
    rmSync(bin, { recursive: true, force: true });
  }
  return results;
}

/** The skips grouped by reason, for a summary: `1 skipped (missing feature gpu)`; '' without skips. */
export function skippedText(results: readonly LitResult[]): string {
  const byReason = new Map<string, number>();
  for (const r of results) if (r.outcome === 'skip') byReason.set(r.skipReason ?? 'skipped', (byReason.get(r.skipReason ?? 'skipped') ?? 0) + 1);
  const total = [...byReason.values()].reduce((a, b) => a + b, 0);
  return total ? `${total} skipped (${[...byReason].map(([why, n]) => (byReason.size > 1 ? `${n}: ${why}` : why)).join('; ')})` : '';
}

export function summarize(results: readonly LitResult[]): Record<Outcome, number> {
  const counts: Record<Outcome, number> = { pass: 0, fail: 0, skip: 0, xfail: 0, xpass: 0 };
  for (const r of results) counts[r.outcome]++;
  return counts;
}
