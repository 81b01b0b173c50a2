import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..', '..', '..');
const bin = (name: string) => path.join(repoRoot, 'build', 'bundle', `${name}.js`);

describe('bundled bins (tools/bundle: launcher and code cache)', () => {
  it.each([
    ['tile-opt', '--version', /^tile-opt \d+\.\d+\.\d+\n$/],
    ['tile-run', '--help', /^Usage: tile-run /],
  ])('%s starts with the code cache the build wrote, which V8 takes', (name, arg, output) => {
    expect(existsSync(path.join(repoRoot, 'build', 'bundle', `${name}.code-cache`))).toBe(true);
    // Executed directly, as npx and the golden tests run it (its shebang's V8 flags).
    const r = spawnSync(bin(name), [arg], { encoding: 'utf8', env: { ...process.env, TILE_REPORT_CODE_CACHE: '1' } });
    expect(r.stderr).toBe('code cache: accepted\n');
    expect(r.stdout).toMatch(output);
    expect(r.status).toBe(0);
  });
  it('runs without the cache where V8 refuses it (other flags: node bin.js), with the same output', () => {
    const direct = spawnSync(bin('tile-opt'), ['--version'], { encoding: 'utf8' });
    const r = spawnSync(process.execPath, [bin('tile-opt'), '--version'], { encoding: 'utf8', env: { ...process.env, TILE_REPORT_CODE_CACHE: '1' } });
    expect(r.stderr).toBe('code cache: rejected\n');
    expect(r.stdout).toBe(direct.stdout);
  });
});
