/**
 * `npm run build`'s last step: runs each bundled bin once on a typical job with
 * TILE_WRITE_CODE_CACHE=1, which makes it write the V8 code cache of what it compiled
 * (launcher.ts). The bins are executed directly, so that the cache is made under the V8 flags of
 * their shebang, as they run.
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { codeCacheFile, WRITE_CODE_CACHE_ENV } from './launcher.js';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..', '..');
const example = (name: string) => path.join(repoRoot, 'examples', name);
const bundleDir = path.join(repoRoot, 'build', 'bundle');

/** Each bin and the job that trains its cache: parsing, the tile pipelines, the WGSL target, the interpreter. */
const JOBS: Record<string, string[]> = {
  'tile-opt': [example('matmul-epilogue.mlir'), '-p', '@tile-wgsl', '--emit=wgsl'],
  'tile-run': [example('softmax.mlir'), '--entry', 'softmax', '--arg', 'X=rand:5x70xf32', '--arg', 'Y=zeros:5x70xf32', '--compare-pipeline', '@tile-tiled'],
};

for (const [bin, args] of Object.entries(JOBS)) {
  const launcher = path.join(bundleDir, `${bin}.js`);
  const r = spawnSync(launcher, args, { env: { ...process.env, [WRITE_CODE_CACHE_ENV]: '1' }, stdio: ['ignore', 'ignore', 'pipe'], encoding: 'utf8' });
  if (r.status !== 0 || !existsSync(codeCacheFile(path.join(bundleDir, `${bin}.cjs`)))) {
    process.stderr.write(`write-code-cache: ${bin} ${args.join(' ')} failed (status ${r.status}): ${r.stderr || r.error?.message}\n`);
    process.exitCode = 1;
  }
}
