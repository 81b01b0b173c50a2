/**
 * tile-opt's V8 settings reach V8 at process start, through the bin's shebang, and never at run
 * time: v8.setFlagsFromString after V8 has started is unsupported and made tile-opt abort now and
 * then (SIGTRAP, `Check failed: inlineability == ...` in JSInliner::ReduceJSCall).
 */
import { spawnSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { tempDir } from '../temp-dir.js';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..', '..');
const bin = path.join(repoRoot, 'build', 'bundle', 'tile-opt.js');
const shebang = (): string => readFileSync(bin, 'utf8').split('\n', 1)[0]!;
const shebangFlags = (): string[] =>
  shebang()
    .split(/\s+/)
    .filter((w) => w.startsWith('--'));

const tmp = tempDir('tile-v8-');

describe('tile-opt V8 settings', () => {
  it('are not set at run time', () => {
    expect(readFileSync(bin, 'utf8')).not.toContain('setFlagsFromString');
  });

  it('are given to node by the shebang, within the 127 bytes older kernels read of it', () => {
    expect(shebang()).toMatch(/^#!\/usr\/bin\/env -S node( --[a-z-]+(=\d+)?)+$/);
    expect(shebang().length).toBeLessThanOrEqual(127);
    expect(shebangFlags().length).toBeGreaterThan(0);
  });

  it('are flags this Node.js knows (V8 ignores unknown ones only with a warning)', () => {
    const options = spawnSync(process.execPath, ['--v8-options'], { encoding: 'utf8' }).stdout;
    for (const flag of shebangFlags()) expect(options, flag).toContain(`  ${flag.replace(/=.*$/, '')} `);
  });

  it('reach V8 at start when the bin runs, quietly', () => {
    // A preloaded script reports the process's start-up flags (node's execArgv) once tile-opt ends.
    const probe = path.join(tmp, 'exec-argv.cjs');
    writeFileSync(probe, "process.on('exit', () => process.stderr.write('execArgv=' + JSON.stringify(process.execArgv)));\n");
    const input = path.join(tmp, 'f.mlir');
    writeFileSync(input, 'func.func @f() {\n  return\n}\n');
    const r = spawnSync(bin, [input], { encoding: 'utf8', env: { ...process.env, NODE_OPTIONS: `--require ${probe}` } });
    expect(r.status).toBe(0);
    expect(r.stderr).toBe(`execArgv=${JSON.stringify(shebangFlags())}`);
  });
});
