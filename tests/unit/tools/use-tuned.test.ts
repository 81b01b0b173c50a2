/**
 * tile-opt --use-tuned: the fastest configuration in tile-tune's cache for the input file and the
 * named pipeline (the most recent complete search), said in a note; the pipeline as given, with
 * a note, where tile-tune measured none; one-line errors without -p @NAME or an input file.
 */
import { spawnSync } from 'node:child_process';
import { readFileSync, utimesSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { cacheFile, sha256, writeCache, type CacheEntry, type CacheKey, type Measured } from '../../../tools/tune/cache.js';
import { tempDir } from '../temp-dir.js';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..', '..');
const MATMUL = path.join(repoRoot, 'examples', 'matmul.mlir');
const tileOpt = (...argv: string[]) => spawnSync(path.join(repoRoot, 'build', 'bundle', 'tile-opt.js'), [...argv], { encoding: 'utf8', maxBuffer: 64 << 20 });

const ok = (options: string, ms: number): Measured => ({ options, pipeline: `@tile-tiled{${options}}`, outcome: { status: 'ok', ms, method: 'timestamp-query', maxError: 0 } });

/** A complete search of `program` for @tile-tiled written to `dir`, last modified at `at` (seconds). */
function search(dir: string, program: string, space: string, results: Measured[], at: number, playoff?: Measured[]): void {
  const key: CacheKey = { device: 'test GPU', program, entry: 'matmul_f32', args: ['A=64x64xf32'], pipeline: '@tile-tiled', space, search: 'exhaustive', timing: 't' };
  const entry: CacheEntry = { version: 1, key, complete: true, results, ...(playoff ? { playoff: { n: playoff.length, results: playoff } } : {}) };
  const file = cacheFile(dir, key);
  writeCache(file, entry);
  utimesSync(file, at, at);
}

describe('tile-opt --use-tuned', () => {
  const program = sha256(readFileSync(MATMUL));
  const dir = tempDir('use-tuned-');
  const emptyDir = tempDir('use-tuned-empty-');
  search(dir, program, 'older', [ok('tile-sizes=16,16,8 num-warps=1', 1)], 1000);
  // The newest: its play-off decides (64x32 was faster in the search, 32x32 when timed again).
  search(dir, program, 'newer', [ok('tile-sizes=64,32,8 num-warps=4', 2), ok('tile-sizes=32,32,8 num-warps=2', 3)], 2000, [
    ok('tile-sizes=32,32,8 num-warps=2', 2.5),
    ok('tile-sizes=64,32,8 num-warps=4', 2.7),
  ]);
  // Another program's result is never used, however recent.
  search(dir, sha256('another program'), 'other', [ok('tile-sizes=8,8,8 num-warps=1', 0.1)], 3000);

  it("runs the newest search's fastest configuration and says so", () => {
    const r = tileOpt(MATMUL, '-p', '@tile-tiled', '--use-tuned', dir);
    expect(r.status, r.stderr).toBe(0);
    expect(r.stderr).toBe("tile-opt: note: --use-tuned: -p '@tile-tiled{tile-sizes=32,32,8 num-warps=2}', tile-tune's fastest for @matmul_f32 (A=64x64xf32) on test GPU: 2.50 ms\n");
    expect(r.stdout).toContain('-> tensor<32x32xf32, #tile.blocked<');
    expect(r.stdout).toMatch(/threads in \(%c64, %c1, %c1\)/);
  });

  it('runs the pipeline as given, with a note, where tile-tune has no result', () => {
    const r = tileOpt(MATMUL, '-p', '@tile-tiled{tile-sizes=16,16,8}', '--use-tuned', emptyDir);
    expect(r.status, r.stderr).toBe(0);
    expect(r.stderr).toMatch(/^tile-opt: note: --use-tuned: tile-tune has no result for .*matmul\.mlir and @tile-tiled in .*; running -p '@tile-tiled\{tile-sizes=16,16,8\}' as given\n$/);
    expect(r.stdout).toContain('-> tensor<16x16xf32, #tile.blocked<');
  });

  it('needs a named pipeline and an input file', () => {
    const noPipeline = tileOpt(MATMUL, '--use-tuned', dir);
    expect([noPipeline.status, noPipeline.stderr]).toEqual([1, 'tile-opt: error: --use-tuned needs -p @PIPELINE (a named pipeline, as tile-tune tunes)\n']);
    const textual = tileOpt(MATMUL, '-p', 'builtin.module(tile-tiling)', '--use-tuned', dir);
    expect(textual.status).toBe(1);
    const stdin = spawnSync(path.join(repoRoot, 'build', 'bundle', 'tile-opt.js'), ['-', '-p', '@tile-tiled', '--use-tuned', dir], { encoding: 'utf8', input: '' });
    expect([stdin.status, stdin.stderr]).toEqual([1, "tile-opt: error: --use-tuned needs an input file (tile-tune's results belong to a program's text)\n"]);
    const missing = tileOpt(path.join(dir, 'nope.mlir'), '-p', '@tile-tiled', '--use-tuned', dir);
    expect(missing.status).toBe(1);
    expect(missing.stderr).toMatch(/^tile-opt: error: cannot open input file '.*nope\.mlir': /);
  });
});
