/**
 * The benchmarks' command lines, as node runs the built scripts: --help lists the flags with
 * their defaults (those of --quick after it) and exits 0; a bad flag or value is one line that
 * names the flag, exit status 1, no stack.
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..', '..');

function bench(name: string, argv: string[]) {
  const script = path.join(repoRoot, 'build', 'bench', `${name}.js`);
  expect(existsSync(script), `${script}: build first (npm run build)`).toBe(true);
  return spawnSync(process.execPath, [script, ...argv], { encoding: 'utf8', cwd: repoRoot, timeout: 30_000 });
}

/** Each bench: a flag of its own and its default as the help shows it, a bad value of a flag of its own and the error's end. */
const BENCHES: [string, string, string, string, string][] = [
  [
    'attention',
    '--shapes <BxHxSxTxD,...>',
    'default: 4x16x1024x1024x64,',
    '--causal=maybe',
    "option '--causal <both|true|false>' argument 'maybe' is invalid. expected both, true or false, got 'maybe'",
  ],
  [
    'fused-kernels',
    '--row-shapes <RxC,...>',
    'default: 4096x4096,16384x1024',
    '--ops=softmax,gemm',
    "option '--ops <LIST>' argument 'softmax,gemm' is invalid. unknown 'gemm' (softmax, layernorm, rmsnorm)",
  ],
  [
    'gpu-kernels',
    '--add-shapes <RxC,RxC>',
    'default: 4096x8192,1000x2000,4000x120',
    '--sizes=64,0',
    "option '--sizes <N,...>' argument '64,0' is invalid. expected a positive integer, got '0'",
  ],
  ['seed-tables', '--odd <MxNxK|none>', 'default: 1999x3001x1021', '--odd=12x3', "option '--odd <MxNxK|none>' argument '12x3' is invalid. expected MxNxK, got '12x3'"],
];

describe.each(BENCHES)('bench/%s command line', (name, flag, shown, bad, error) => {
  it('--help lists the flags with their defaults', () => {
    const r = bench(name, ['--help']);
    expect(r.status, r.stderr).toBe(0);
    expect(r.stdout).toMatch(new RegExp(`^Usage: ${name} \\[options\\]\n`));
    expect(r.stdout).toContain(flag);
    expect(r.stdout.replace(/\s+/g, ' ')).toContain(shown);
    expect(r.stdout).toContain('--rounds <N>');
    expect(r.stdout).toContain('--timeout-s <S>');
    expect(r.stderr).toBe('');
  });
  it('refuses an unknown flag and a bad value in one line naming the flag', () => {
    const unknown = bench(name, ['--frobnicate']);
    expect(unknown.status).toBe(1);
    expect(unknown.stderr).toBe(`${name}: error: unknown option '--frobnicate'\n`);
    expect(unknown.stdout).toBe('');
    const value = bench(name, [bad]);
    expect(value.status).toBe(1);
    expect(value.stderr).toBe(`${name}: error: ${error}\n`);
    const missing = bench(name, ['--rounds']);
    expect(missing.status).toBe(1);
    expect(missing.stderr).toBe(`${name}: error: option '--rounds <N>' argument missing\n`);
  });
});

describe('bench --quick', () => {
  it("shows the quick problems' defaults in the help", () => {
    const r = bench('seed-tables', ['--quick', '--help']);
    expect(r.status, r.stderr).toBe(0);
    expect(r.stdout.replace(/\s+/g, ' ')).toContain('--sizes <N,...> the square matmuls, at N^3 (default: 64,128)');
  });
});
