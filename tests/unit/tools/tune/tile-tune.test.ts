/**
 * tile-tune end to end on the software GPUs: the failure kinds (compile error, wrong result,
 * device limit, shader rejected by Tint, hang) recorded with their reasons while tuning goes on
 * (Dawn on SwiftShader, where a loop on a uniform hangs), the cache (a second run returns at
 * once, --force measures again, an interrupted run keeps what it measured), and a tiny
 * @tile-wgsl matmul space (wgpu on llvmpipe) with its table, -p text and plot. A provider
 * without an adapter skips with a notice (tests/gpu/gpu-env.ts).
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CacheEntry } from '../../../../tools/tune/cache.js';
import { tuneMain, type TuneIO } from '../../../../tools/tune/tune-main.js';
import { runsSlow, SLOW_TIMEOUT_MS } from '../../../../testing/slow.js';
import { openTestRuntime } from '../../../gpu/gpu-env.js';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..', '..', '..');
const inputs = path.join(repoRoot, 'tests', 'unit', 'tools', 'tune', 'Inputs');
const VARIANTS = path.join(inputs, 'variants.mlir');
const PLUGIN = path.join(inputs, 'variants-plugin.mjs');
const MATMUL = path.join(repoRoot, 'examples', 'matmul.mlir');
const SWIFTSHADER = '/usr/lib/chromium/vk_swiftshader_icd.json';

const cacheRoot = mkdtempSync(path.join(tmpdir(), 'tile-tune-test-'));
afterAll(() => rmSync(cacheRoot, { recursive: true, force: true }));
let cacheCount = 0;
const freshCache = (): string => path.join(cacheRoot, `c${cacheCount++}`);

async function tune(argv: string[], signalAfterFirst?: AbortController): Promise<{ code: number; stdout: string; stderr: string; ms: number }> {
  let stdout = '';
  let stderr = '';
  const io: TuneIO = {
    stdout: (t) => {
      stdout += t;
      if (signalAfterFirst && t.startsWith('[1/')) signalAfterFirst.abort();
    },
    stderr: (t) => (stderr += t),
    tty: false,
    color: false,
  };
  const start = Date.now();
  const code = await tuneMain(argv, io, signalAfterFirst?.signal);
  return { code, stdout, stderr, ms: Date.now() - start };
}

const cacheEntry = (dir: string): CacheEntry => {
  const files = readdirSync(dir);
  expect(files).toHaveLength(1);
  return JSON.parse(readFileSync(path.join(dir, files[0]!), 'utf8')) as CacheEntry;
};

const variantArgs = [
  '--load-plugin',
  PLUGIN,
  '-p',
  '@tune-variants',
  '--entry',
  'main',
  '--arg',
  'a=rand:60xf32',
  '--arg',
  'b=rand:60xf32',
  '--arg',
  'c=zeros:60xf32',
  '--arg',
  'n=50',
  '--repeat',
  '2',
  '--rounds',
  '3',
  '--warm-ms',
  '0',
];

describe('tile-tune: bad input', () => {
  it('one line and exit 1 for bad options, spaces and pipelines (before any device is opened)', async () => {
    const base = [MATMUL, '--entry', 'matmul_f32', '--arg', 'A=rand:8x8xf32', '--arg', 'B=rand:8x8xf32', '--arg', 'C=zeros:8x8xf32'];
    const cases: [string[], string | RegExp][] = [
      [[MATMUL, '--space', 'num-warps=1|2'], 'tile-tune: error: --entry is required\n'],
      [
        [...base, '--space', 'num-wraps=1|2'],
        "tile-tune: error: --space: pipeline @tile-wgsl has no parameter 'num-wraps' (parameters: fuse, tile-sizes, num-warps, max-grid-dims, max-workgroups-per-dimension, pack-lhs, auto-config, auto-min-workgroups, split-k, num-stages, async-copy-loads, transpose-lhs, register-stages, num-buffers, peel-prologue, peel-epilogue, synchronous-copies, max-workgroup-memory, vectorize, subgroups, subgroup-size)\n",
      ],
      [[...base], 'tile-tune: error: no search space: give --space, or tune: lists in the parameters of pipeline @tile-wgsl (pass-pipelines/tile-wgsl.yaml)\n'],
      [[...base, '--space', 'num-warps=1|2', '--budget', '0'], "tile-tune: error: --budget must be an integer >= 1, got '0'\n"],
      [[...base, '--space', 'num-warps=1|2', '--finalists', '0'], "tile-tune: error: --finalists must be an integer >= 1, got '0'\n"],
      [[...base, '--space', 'num-warps=1|2', '--warm-ms', '-5'], "tile-tune: error: --warm-ms must be an integer >= 0, got '-5'\n"],
      [[...base, '--space', 'num-warps=1|2', '--warm-ms', '0.5'], "tile-tune: error: --warm-ms must be an integer >= 0, got '0.5'\n"],
      [[...base, '--space', 'num-warps=1|2', '-p', '@tile-wgsl{num-warps=4}'], "tile-tune: error: -p '@tile-wgsl{num-warps=4}' sets 'num-warps', which the space tunes\n"],
      [
        [...base, '--space', 'num-warps=1|2', '-p', '@nope'],
        "tile-tune: error: -p '@nope': 'nope' does not refer to a registered pass pipeline or a pipeline file (looked for nope.yaml in ., pass-pipelines)\n",
      ],
      [[...base, '--space', 'num-warps=1|2', '-p', 'cse'], "tile-tune: error: -p 'cse': tile-tune tunes a named pipeline, '@NAME' or '@NAME{OPTIONS}'\n"],
      [
        [...base, '--space', 'num-warps=1|2', '-p', '@tile-wgsl{pack-lhs=maybe}'],
        "tile-tune: error: -p '@tile-wgsl{pack-lhs=maybe}': invalid value 'maybe' for option 'pack-lhs': expected true or false\n",
      ],
      [[...base, '--space', 'num-warps=1|2', '-p', '@tile-wgsl{frob=1}'], /^tile-tune: error: -p '@tile-wgsl\{frob=1\}': no such option 'frob' for pipeline 'tile-wgsl' \(options: fuse, /],
      [[...base, '--space', 'num-warps=1|2', '--cache-dir', `${MATMUL}/cache`], `tile-tune: error: cannot write the cache folder '${MATMUL}/cache': Not a directory\n`],
      [[...base, '--space', 'num-warps=1|2', '--entry', 'nope'], "tile-tune: error: no function @nope with a body in '" + MATMUL + "' (functions: @matmul_f32, @matmul_f16)\n"],
    ];
    for (const [argv, stderr] of cases) {
      const r = await tune(argv);
      expect(r.code).toBe(1);
      if (typeof stderr === 'string') expect(r.stderr.replace(repoRoot + '/', '')).toBe(stderr.replace(repoRoot + '/', ''));
      else expect(r.stderr).toMatch(stderr);
      expect(r.stderr.split('\n')).toHaveLength(2);
      expect(r.stdout).toBe('');
    }
  });
});

describe('tile-tune: failure kinds, cache and Ctrl-C under Dawn', () => {
  let available = false;
  const saved = process.env['TILE_DAWN_ICD'];
  beforeAll(async () => {
    // The hang needs a driver that runs a loop as long as it is told: SwiftShader, where installed.
    if (saved === undefined && existsSync(SWIFTSHADER)) process.env['TILE_DAWN_ICD'] = SWIFTSHADER;
    const rt = await openTestRuntime('dawn');
    available = rt !== null;
    await rt?.close();
  }, SLOW_TIMEOUT_MS);
  afterAll(() => {
    if (saved === undefined) delete process.env['TILE_DAWN_ICD'];
    else process.env['TILE_DAWN_ICD'] = saved;
  });

  it(
    'records each failure with its reason, goes on, picks the fastest correct configuration; a second run returns from the cache',
    async (ctx) => {
      if (!available) return ctx.skip();
      const cache = freshCache();
      const argv = [VARIANTS, ...variantArgs, '--provider', 'dawn', '--timeout-s', '3', '--cache-dir', cache];
      const r = await tune(argv);
      expect(r.stderr).toBe('');
      expect(r.code).toBe(0);
      const entry = cacheEntry(cache);
      expect(entry.complete).toBe(true);
      const byVariant = new Map(entry.results.map((m) => [m.options, m.outcome]));
      expect([...byVariant.keys()]).toEqual(['variant=add256', 'variant=wrong', 'variant=missing', 'variant=huge', 'variant=badwgsl', 'variant=hang', 'variant=add64']);
      expect(byVariant.get('variant=add256')).toMatchObject({ status: 'ok' });
      expect(byVariant.get('variant=add64')).toMatchObject({ status: 'ok' });
      expect(byVariant.get('variant=wrong')).toMatchObject({
        status: 'failed',
        failure: 'wrong',
        reason: expect.stringMatching(/^%c differs from the interpreter on the check problem: max_abs=/),
      });
      expect(byVariant.get('variant=missing')).toMatchObject({
        status: 'failed',
        failure: 'compile',
        reason: expect.stringMatching(/variants\.mlir:\d+:\d+: error: no function @impl_missing to call$/),
      });
      expect(byVariant.get('variant=huge')).toMatchObject({
        status: 'failed',
        failure: 'limits',
        reason: expect.stringMatching(/workgroup of 2048 invocations exceeds this adapter's \d+$/),
      });
      expect(byVariant.get('variant=badwgsl')).toMatchObject({ status: 'failed', failure: 'shader', reason: expect.stringMatching(/WGSL of @kernels::@badwgsl does not compile on dawn/) });
      expect(byVariant.get('variant=hang')).toMatchObject({ status: 'failed', failure: 'timeout', reason: expect.stringMatching(/did not finish within 3000 ms/) });
      // The two that passed are timed again (--finalists 3 by default) and the faster of those wins.
      expect(r.stdout).toContain('tile-tune: timing the 2 fastest again (--finalists)\n');
      expect(entry.playoff?.n).toBe(3);
      const again = new Map(entry.playoff!.results.map((m) => [m.options, m.outcome]));
      expect([...again.keys()].sort()).toEqual(['variant=add256', 'variant=add64']);
      // The faster of the play-off; on a tie (both kernels take the timer's floor on SwiftShader),
      // the one timed first, as the play-off lists them (a stable sort by time).
      const msOf = (m: { outcome: unknown }) => (m.outcome as { ms: number }).ms;
      const fastest = entry.playoff!.results.reduce((a, b) => (msOf(b) < msOf(a) ? b : a)).options.replace('variant=', '');
      expect(r.stdout).toMatch(/^timed again: variant=add(256|64) [0-9.e-]+ ms; variant=add(256|64) [0-9.e-]+ ms$/m);
      expect(r.stdout).toContain(`best: -p '@tune-variants{variant=${fastest}}'\n`);
      expect(r.stdout).toMatch(/^\[7\/7 [0-9.]+s\] variant=add64: /m);
      // The table: successes by time first (with their kernel's WGSL size and pipeline creation
      // time), then the failures with their kinds.
      const table = r.stdout.slice(r.stdout.indexOf('#  time (ms)'));
      expect(table.split('\n')[0]).toBe('#  time (ms)  vs best  WGSL KB  pipeline ms  configuration');
      for (const row of table.split('\n').slice(1, 3)) expect(row).toMatch(/^\s*[12]\s+[0-9.]+\s+[0-9.]+x\s+[0-9.]+\s+[0-9.]+\s+variant=add(256|64)$/);
      expect(table.split('\n')[3]).toMatch(/^\s*-\s+failed\s+wrong\s+-\s+-\s+variant=wrong: /);
      // The best: its -p line, then its time, WGSL size and pipeline creation time.
      expect(r.stdout).toMatch(new RegExp(`best: -p '@tune-variants\\{variant=${fastest}\\}'\\n  [0-9.e-]+ ms; WGSL [0-9.]+ KB, pipeline [0-9.]+ ms\\n`));
      expect(
        table
          .split('\n')
          .slice(1, 8)
          .map((l) => l.trim().split(/\s+/).slice(0, 3).join(' ')),
      ).toEqual([
        expect.stringMatching(/^1 [0-9.]+ 1\.00x$/),
        expect.stringMatching(/^2 [0-9.]+ [0-9.]+x$/),
        '- failed wrong',
        '- failed compile',
        '- failed limits',
        '- failed shader',
        '- failed timeout',
      ]);

      const cached = await tune(argv);
      expect(cached.code).toBe(0);
      expect(cached.stdout).toContain('tile-tune: all 7 configuration(s) cached (--force measures again)\n');
      expect(cached.stdout).not.toContain('timing the 2 fastest again');
      expect(cached.stdout).toContain(`best: -p '@tune-variants{variant=${fastest}}'\n`);
      expect(cached.stdout).not.toMatch(/^\[1\/7/m);
      expect(cached.ms).toBeLessThan(r.ms / 2);
      // The same table, play-off and best, from the cache.
      expect(cached.stdout.slice(cached.stdout.indexOf('#  time'))).toBe(table.replace('tile-tune: timing the 2 fastest again (--finalists)\n', ''));
    },
    SLOW_TIMEOUT_MS,
  );

  it(
    'an interrupted run keeps what it measured, the next goes on from there; --force measures again',
    async (ctx) => {
      // Three runs of the space, half a minute on a 2-core machine: in the slow suite.
      if (!available || !runsSlow('tile-tune: an interrupted run, resumed and forced')) return ctx.skip();
      const cache = freshCache();
      const argv = [VARIANTS, ...variantArgs, '--space', 'variant=add256|wrong|add64', '--provider', 'dawn', '--timeout-s', '10', '--cache-dir', cache];
      const stopped = await tune(argv, new AbortController());
      expect(stopped.code).toBe(130);
      expect(stopped.stderr).toBe('tile-tune: interrupted after 1 configuration(s); the cache keeps them (run again to go on)\n');
      expect(stopped.stdout).toContain("best so far: -p '@tune-variants{variant=add256}'\n");
      expect(cacheEntry(cache)).toMatchObject({ complete: false, results: [{ options: 'variant=add256' }] });

      const resumed = await tune(argv);
      expect(resumed.code).toBe(0);
      expect(resumed.stdout).toContain('tile-tune: 1 configuration(s) cached from an earlier run\n');
      expect(cacheEntry(cache)).toMatchObject({ complete: true, results: [{ options: 'variant=add256' }, { options: 'variant=wrong' }, { options: 'variant=add64' }] });

      const forced = await tune([...argv, '--force']);
      expect(forced.code).toBe(0);
      expect(forced.stdout).toMatch(/^\[3\/3 /m);
    },
    SLOW_TIMEOUT_MS,
  );
});

describe('tile-tune: @tile-wgsl matmul under wgpu', () => {
  it(
    'tunes a tiny space on an odd shape (checked shrunk): table, best -p text, a compile failure, budgeted search, SVG plot',
    async (ctx) => {
      const rt = await openTestRuntime('wgpu');
      await rt?.close();
      if (!rt) return ctx.skip();
      const cache = freshCache();
      const plot = path.join(cacheRoot, 'plot.svg');
      const argv = [
        MATMUL,
        '--entry',
        'matmul_f32',
        '--arg',
        'A=rand:100x72xf32',
        '--arg',
        'B=rand:72x90xf32',
        '--arg',
        'C=zeros:100x90xf32',
        '--check-size',
        '40',
        '--provider',
        'wgpu',
        '--cache-dir',
        cache,
        '--repeat',
        '2',
        '--rounds',
        '3',
        '--timeout-s',
        '30',
      ];
      // 64,64,32 with 3 stages needs two buffers of A's and B's 64x32 tiles, 32 KiB of workgroup memory:
      // @tile-wgsl refuses it (16 KiB allowed).
      const r = await tune([...argv, '--space', 'tile-sizes=32,32,8|64,64,32 num-stages=1|3', '--plot', plot]);
      expect(r.stderr).toBe('');
      expect(r.code).toBe(0);
      const entry = cacheEntry(cache);
      expect(entry.results.map((m) => m.outcome.status)).toEqual(['ok', 'ok', 'ok', 'failed']);
      expect(entry.results[3]!.outcome).toMatchObject({
        failure: 'compile',
        reason: expect.stringMatching(/examples\/matmul\.mlir:\d+:\d+: error: this kernel uses 32768 bytes of workgroup memory/),
      });
      expect(entry.key).toMatchObject({
        entry: 'matmul_f32',
        args: ['A=100x72xf32', 'B=72x90xf32', 'C=100x90xf32'],
        pipeline: '@tile-wgsl',
        space: 'tile-sizes=32,32,8|64,64,32 num-stages=1|3',
        search: 'exhaustive',
        timing: 'warm=500ms repeat=2 rounds=3 warmup=1 runner=fresh queue=full',
      });
      expect(entry.key.device).toMatch(/^wgpu: vendor=/);
      const ok = entry.results.filter((m) => m.outcome.status === 'ok');
      // All three that passed are finalists: the best is the fastest of their second timings.
      expect(entry.playoff!.results.map((m) => m.options).sort()).toEqual(ok.map((m) => m.options).sort());
      const best = entry.playoff!.results.reduce((a, b) => ((a.outcome as { ms: number }).ms <= (b.outcome as { ms: number }).ms ? a : b));
      expect(r.stdout).toContain(`best: -p '${best.pipeline}'\n`);
      expect(best.pipeline).toMatch(/^@tile-wgsl\{tile-sizes=(32,32,8 num-stages=[13]|64,64,32 num-stages=1)\}$/);
      for (const m of ok) expect((m.outcome as { maxError: number }).maxError).toBeLessThan(1e-3);
      const svg = readFileSync(plot, 'utf8');
      expect(svg.startsWith('<svg xmlns="http://www.w3.org/2000/svg"')).toBe(true);
      expect(svg.match(/<rect x=/g)).toHaveLength(3);
      for (const m of entry.results) expect(svg).toContain(`>${m.options}</text>`);
      expect(svg).toContain('>failed (compile)<');

      const budgeted = await tune([...argv, '--space', 'tile-sizes=16,16,8|32,32,8 num-stages=1|2 num-warps=1|2', '--budget', '3']);
      expect(budgeted.code).toBe(0);
      expect(budgeted.stdout).toContain('tile-tune: 3 configuration(s) of @tile-wgsl (local search, budget 3)');
      expect(budgeted.stdout.match(/^\[\d\/3 /gm)).toHaveLength(3);
    },
    SLOW_TIMEOUT_MS,
  );
});

describe('tile-tune: the bin', () => {
  it(
    'stops at SIGINT after the configuration in flight, keeping it in the cache (exit 130)',
    async (ctx) => {
      const bin = path.join(repoRoot, 'build', 'tools', 'tile-tune.js');
      const rt = await openTestRuntime('wgpu');
      await rt?.close();
      if (!rt) return ctx.skip();
      expect(existsSync(bin), `${bin}: build first (npm run build)`).toBe(true);
      const cache = freshCache();
      const child = spawn(process.execPath, [bin, VARIANTS, ...variantArgs, '--space', 'variant=add256|add64|wrong', '--provider', 'wgpu', '--cache-dir', cache], {
        cwd: repoRoot,
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      let stdout = '';
      let stderr = '';
      let sent = false;
      child.stdout.on('data', (d: Buffer) => {
        stdout += d.toString();
        // Once: a second Ctrl-C ends tile-tune at once (Node's default).
        if (!sent && stdout.includes('[1/3 ')) {
          sent = true;
          child.kill('SIGINT');
        }
      });
      child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
      const code = await new Promise<number | null>((resolve) => child.on('exit', resolve));
      expect(stderr).toMatch(/^tile-tune: interrupted after [12] configuration\(s\); the cache keeps them \(run again to go on\)\n$/);
      expect(code).toBe(130);
      const entry = cacheEntry(cache);
      expect(entry.complete).toBe(false);
      expect(entry.results[0]).toMatchObject({ options: 'variant=add256', outcome: { status: 'ok' } });
    },
    SLOW_TIMEOUT_MS,
  );
});
