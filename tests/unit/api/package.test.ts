/**
 * The package as an application gets it: `npm pack` the built package, install the tarball into a
 * temporary project (from npm's cache), and use the API by package name from Node (`tile-opt/api`,
 * built JavaScript and .d.ts files, type-checked by the project's tsc); the optional WebGPU
 * runtimes (npm webgpu, deno) are not installed with it, tile-opt still works and tile-run says how
 * to install one. Needs `npm run build` first (npm test does it).
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..', '..');
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
let dir = '';

const USE = `
import { readFileSync } from 'node:fs';
import { TileOpt, TileError, compareOutputs } from 'tile-opt/api';
const tile = new TileOpt();
const src = readFileSync('matmul.mlir', 'utf8');
const c = await tile.compile(src, { pipeline: '@tile-wgsl{tile-sizes=32,32,16 num-stages=3}', fileName: 'matmul.mlir' });
const ref = await tile.compile(src, { fileName: 'matmul.mlir' });
const a = await ref.run({ entry: 'matmul_f32', args: 'A=rand:9x13xf32 B=rand:13x7xf32 C=zeros:9x7xf32' });
const b = await c.run({ entry: 'matmul_f32', inputs: a.inputs });
let error;
try { await tile.compile('func.func @f() {\\n  %x = arith.addi\\n}\\n', { fileName: 'bad.mlir' }); } catch (e) { error = e instanceof TileError ? e.diagnostics[0] : String(e); }
console.log(JSON.stringify({ passes: c.passes.map((p) => p.pass), ir: c.passes.find((p) => p.pass === 'tile-pipeline').ir.includes('scf.for'), kernels: c.kernels.map((k) => k.symbol), wgsl: c.kernels[0].wgsl.length, compare: compareOutputs(a, b), error }));
`;

const USE_TS = `
import { TileOpt, TileError, type Compilation, type DiagnosticInfo, type RunResult } from 'tile-opt/api';
export async function f(device: GPUDevice): Promise<RunResult> {
  const c: Compilation = await new TileOpt().compile('', { pipeline: '@tile-wgsl{num-stages=2}' });
  const d: readonly DiagnosticInfo[] = new TileError('run', []).diagnostics;
  return c.run({ entry: 'f', args: d.length ? 'X=rand:4xf32' : [], device, timing: true });
}
`;

beforeAll(() => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'tile-opt-pack-'));
  execFileSync(npm, ['pack', root, '--ignore-scripts', '--pack-destination', dir, '--silent'], { cwd: dir, stdio: 'pipe' });
  const tarball = readdirSync(dir).find((f) => f.endsWith('.tgz'))!;
  const project = path.join(dir, 'app');
  execFileSync('mkdir', [project]);
  writeFileSync(path.join(project, 'package.json'), JSON.stringify({ name: 'app', private: true, type: 'module' }));
  execFileSync(npm, ['install', '--prefer-offline', '--no-audit', '--no-fund', '--ignore-scripts', '--silent', path.join(dir, tarball)], { cwd: project, stdio: 'pipe' });
  copyFileSync(path.join(root, 'examples', 'matmul.mlir'), path.join(project, 'matmul.mlir'));
}, 180_000);
afterAll(() => {
  if (dir) rmSync(dir, { recursive: true, force: true });
});

describe('the packed package in a new project', () => {
  const project = () => path.join(dir, 'app');

  it('is used by name from Node: compile, IR after each pass, WGSL, interpreter runs, diagnostics', () => {
    writeFileSync(path.join(project(), 'use.mjs'), USE);
    const out = JSON.parse(execFileSync(process.execPath, ['use.mjs'], { cwd: project(), encoding: 'utf8' }));
    expect(out.passes).toContain('tile-pipeline');
    expect(out.ir).toBe(true);
    expect(out.kernels).toEqual(['@kernels::@matmul_f32', '@kernels::@matmul_f16']);
    expect(out.wgsl).toBeGreaterThan(100);
    expect(out.compare[0].maxAbs).toBeLessThan(1e-5);
    expect(out.error).toMatchObject({ file: 'bad.mlir', line: 2, column: 18, message: 'expected SSA operand' });
  });

  it('ships built JavaScript and .d.ts files that type-check in the project (exports, not sources)', () => {
    const pkgDir = path.join(project(), 'node_modules', 'tile-opt');
    expect(existsSync(path.join(pkgDir, 'build', 'api', 'index.d.ts'))).toBe(true);
    expect(existsSync(path.join(pkgDir, 'api', 'index.ts'))).toBe(false);
    writeFileSync(path.join(project(), 'use.ts'), USE_TS);
    writeFileSync(
      path.join(project(), 'tsconfig.json'),
      JSON.stringify({
        compilerOptions: { module: 'NodeNext', moduleResolution: 'NodeNext', target: 'ES2022', strict: true, noEmit: true, skipLibCheck: false, types: [] },
        files: ['use.ts'],
      }),
    );
    const tsc = spawnSync(process.execPath, [path.join(root, 'node_modules', 'typescript', 'bin', 'tsc'), '-p', 'tsconfig.json'], { cwd: project(), encoding: 'utf8' });
    expect(tsc.stdout + tsc.stderr).toBe('');
    expect(tsc.status).toBe(0);
  });

  it('does not install the native WebGPU runtimes; tile-opt works and tile-run says how to install one', () => {
    const modules = path.join(project(), 'node_modules');
    expect(existsSync(path.join(modules, 'webgpu'))).toBe(false);
    expect(existsSync(path.join(modules, 'deno'))).toBe(false);
    const bin = (name: string) => path.join(modules, '.bin', name);
    const opt = spawnSync(bin('tile-opt'), ['matmul.mlir', '-p', '@tile-wgsl{tile-sizes=32,32,16 num-stages=3}', '--emit=wgsl'], { cwd: project(), encoding: 'utf8' });
    expect(opt.status).toBe(0);
    expect(opt.stdout).toContain('// ----- kernel @kernels::@matmul_f32');
    // Without deno on PATH either (a machine may have one), and without TILE_DAWN_NODE / TILE_DENO.
    const env: NodeJS.ProcessEnv = { ...process.env, PATH: path.dirname(process.execPath) };
    for (const k of ['TILE_DAWN_NODE', 'TILE_DENO', 'TILE_WEBGPU_PROVIDER']) delete env[k];
    const run = spawnSync(
      process.execPath,
      [bin('tile-run'), 'matmul.mlir', '--entry', 'matmul_f32', '--arg', 'A=rand:4x4xf32', '--arg', 'B=rand:4x4xf32', '--arg', 'C=zeros:4x4xf32', '--backend', 'webgpu'],
      { cwd: project(), encoding: 'utf8', env },
    );
    expect(run.status).toBe(1);
    expect(run.stderr).toBe("tile-run: error: --backend webgpu: no WebGPU runtime is installed: run 'npm install webgpu' (Dawn) or 'npm install deno' (wgpu)\n");
  });
});
