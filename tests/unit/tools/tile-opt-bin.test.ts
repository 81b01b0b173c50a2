/**
 * The `tile-opt` bin of package.json, as `npx tile-opt` runs it: the bundle that `npm run build`
 * makes, executed directly (its shebang), so it must exist and be executable.
 */
import { spawnSync } from 'node:child_process';
import { accessSync, constants, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..', '..');
const bin = path.join(repoRoot, (JSON.parse(readFileSync(path.join(repoRoot, 'package.json'), 'utf8')) as { bin: Record<string, string> }).bin['tile-opt']!);

describe('the tile-opt bin', () => {
  it('is an executable file', () => {
    expect(() => accessSync(bin, constants.X_OK), `${bin}: build first (npm run build)`).not.toThrow();
  });

  it('runs by itself and gives the same output as the unbundled entry', () => {
    const example = path.join(repoRoot, 'examples', 'matmul-gpu.mlir');
    const direct = spawnSync(bin, [example, '-p', '@cleanup'], { encoding: 'utf8', cwd: repoRoot, timeout: 30_000 });
    expect(direct.stderr).toBe('');
    expect(direct.status).toBe(0);
    const unbundled = spawnSync(process.execPath, [path.join(repoRoot, 'build', 'tools', 'tile-opt.js'), example, '-p', '@cleanup'], { encoding: 'utf8', cwd: repoRoot, timeout: 30_000 });
    expect(direct.stdout).toBe(unbundled.stdout);
    expect(direct.stdout).toContain('gpu.module');
  });
});
