/**
 * tile-tune's cache: one file per key, a different file when any part of the key changes, the
 * XDG folder by default, atomic writes, and entries of another key or version ignored.
 */
import { existsSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { homedir, tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { cacheFile, defaultCacheDir, readCache, writeCache, type CacheEntry, type CacheKey } from '../../../../tools/tune/cache.js';

const dir = mkdtempSync(path.join(tmpdir(), 'tile-tune-cache-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const KEY: CacheKey = {
  device: 'dawn: vendor=nvidia architecture=hopper device=H100 description=550.54',
  program: 'ab'.repeat(32),
  entry: 'matmul_f32',
  args: ['A=1024x1024xf32', 'B=1024x1024xf32', 'C=1024x1024xf32'],
  pipeline: '@tile-wgsl',
  space: 'tile-sizes=64,64,8|128,128,8 num-stages=1|2|3',
  search: 'exhaustive',
  timing: 'warm=500ms repeat=10 rounds=5 warmup=1',
};

const entry = (key: CacheKey, complete = false): CacheEntry => ({
  version: 1,
  key,
  complete,
  results: [
    { options: 'tile-sizes=64,64,8 num-stages=1', pipeline: '@tile-wgsl{tile-sizes=64,64,8 num-stages=1}', outcome: { status: 'ok', ms: 1.25, method: 'timestamp-query', maxError: 1e-6 } },
  ],
});

describe('tile-tune cache', () => {
  it('keys a file by device, program, entry, argument shapes, pipeline, space, search and timing', () => {
    const base = cacheFile(dir, KEY);
    expect(path.dirname(base)).toBe(dir);
    expect(cacheFile(dir, { ...KEY })).toBe(base);
    const variants: CacheKey[] = [
      { ...KEY, device: KEY.device.replace('550.54', '555.42') },
      { ...KEY, program: 'cd'.repeat(32) },
      { ...KEY, entry: 'matmul_f16' },
      { ...KEY, args: ['A=2048x1024xf32', 'B=1024x1024xf32', 'C=2048x1024xf32'] },
      { ...KEY, pipeline: '@tile-wgsl{vectorize=false}' },
      { ...KEY, space: 'tile-sizes=64,64,8 num-stages=1|2|3' },
      { ...KEY, search: 'local:8:0' },
      { ...KEY, timing: 'warm=0ms repeat=10 rounds=5 warmup=1' },
    ];
    const files = variants.map((k) => cacheFile(dir, k));
    expect(new Set([base, ...files]).size).toBe(variants.length + 1);
  });

  it('lives under $XDG_CACHE_HOME/tile-opt, else ~/.cache/tile-opt (a relative XDG_CACHE_HOME is ignored, as the spec says)', () => {
    expect(defaultCacheDir({ XDG_CACHE_HOME: '/var/cache/me' })).toBe('/var/cache/me/tile-opt');
    expect(defaultCacheDir({})).toBe(path.join(homedir(), '.cache', 'tile-opt'));
    expect(defaultCacheDir({ XDG_CACHE_HOME: 'relative' })).toBe(path.join(homedir(), '.cache', 'tile-opt'));
  });

  it('writes atomically (no temporary file left) and reads back only an entry of the same key', () => {
    const sub = path.join(dir, 'new', 'folder');
    const file = cacheFile(sub, KEY);
    expect(readCache(file, KEY)).toBeUndefined();
    writeCache(file, entry(KEY));
    expect(readdirSync(sub)).toEqual([path.basename(file)]);
    expect(readCache(file, KEY)).toEqual(entry(KEY));
    writeCache(file, entry(KEY, true));
    expect(readCache(file, KEY)?.complete).toBe(true);
    expect(readCache(file, { ...KEY, entry: 'other' })).toBeUndefined();
    writeFileSync(file, '{"version": 1, "key": ');
    expect(readCache(file, KEY)).toBeUndefined();
    writeFileSync(file, JSON.stringify({ ...entry(KEY), version: 2 }));
    expect(readCache(file, KEY)).toBeUndefined();
    expect(existsSync(`${file}.${process.pid}.tmp`)).toBe(false);
  });
});
