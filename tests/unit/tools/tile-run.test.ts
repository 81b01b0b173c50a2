import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { f32 } from '../../../core/ir/types.js';
import { formatNpy, npyToStorage, parseNpy, storageToNpy } from '../../../core/interpret/npy.js';
import { repoRoot, tileRun } from './run-helpers.js';

const MATMUL = path.join(repoRoot, 'examples', 'matmul-gpu.mlir');

let dir = '';
beforeAll(() => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'tile-run-'));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const matmulArgs = ['--entry', 'main', '--arg', 'a=rand:64x64xf32', '--arg', 'b=rand:64x64xf32', '--arg', 'c=zeros:64x64xf32'];

describe('tile-run', () => {
  it('runs the example matmul, summarizes %c and writes it as .npy matching a JS reference', async () => {
    const inputs = path.join(dir, 'in');
    const r = await tileRun(MATMUL, ...matmulArgs, '--seed', '3', '-o', inputs);
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/^%c: memref<64x64xf32> shape=64x64 dtype=f32 min=\S+ max=\S+ mean=\S+ checksum=[0-9a-f]{8}\n$/);
    // Feed known inputs through .npy files and check the product.
    const a = Float32Array.from({ length: 4096 }, (_, i) => ((i * 7) % 13) - 6);
    const b = Float32Array.from({ length: 4096 }, (_, i) => ((i * 5) % 11) / 4);
    writeFileSync(path.join(dir, 'a.npy'), formatNpy(storageToNpy(a, f32, [64, 64])));
    writeFileSync(path.join(dir, 'b.npy'), formatNpy(storageToNpy(b, f32, [64, 64])));
    const out = path.join(dir, 'out');
    const r2 = await tileRun(MATMUL, '--entry', 'main', '--arg', `a=${dir}/a.npy`, '--arg', `%b=${dir}/b.npy`, '--arg', 'arg2=zeros:64x64xf32', '-o', out);
    expect(r2.code).toBe(0);
    const c = npyToStorage(parseNpy(readFileSync(path.join(out, 'c.npy'))), f32);
    let bad = 0;
    for (let i = 0; i < 64; i++) {
      for (let j = 0; j < 64; j++) {
        let s = 0;
        for (let k = 0; k < 64; k++) s = Math.fround(s + Math.fround(a[i * 64 + k]! * b[k * 64 + j]!));
        if (c[i * 64 + j] !== s) bad++;
      }
    }
    expect(bad).toBe(0);
  });

  /** sum(x) in increasing (or decreasing) order, and y = x * s. */
  const summing = (reverse: boolean) => `func.func @f(%x: memref<100xf32>, %y: memref<100xf32>, %s: f32) -> f32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c99 = arith.constant 99 : index
  %c100 = arith.constant 100 : index
  %zero = arith.constant 0.0 : f32
  %sum = scf.for %i = %c0 to %c100 step %c1 iter_args(%acc = %zero) -> (f32) {
    ${reverse ? '%j = arith.subi %c99, %i : index' : '%j = arith.addi %i, %c0 : index'}
    %v = memref.load %x[%j] : memref<100xf32>
    %w = arith.mulf %v, %s : f32
    memref.store %w, %y[%j] : memref<100xf32>
    %a = arith.addf %acc, %v : f32
    scf.yield %a : f32
  }
  return %sum : f32
}
`;
  const sumArgs = ['--entry', 'f', '--arg', 'x=rand:100xf32', '--arg', 'y=zeros:100xf32', '--arg', 's=3'];

  it('is deterministic for a seed and changes with it', async () => {
    const file = path.join(dir, 'sum.mlir');
    writeFileSync(file, summing(false));
    const [x, y, z] = [await tileRun(file, ...sumArgs, '--seed', '5'), await tileRun(file, ...sumArgs, '--seed', '5'), await tileRun(file, ...sumArgs, '--seed', '6')];
    expect(x.stdout).toMatch(/^%y: memref<100xf32> shape=100 dtype=f32 min=\S+ max=\S+ mean=\S+ checksum=[0-9a-f]{8}\nresult#0: f32 = \S+\n$/);
    expect(x.stdout).toBe(y.stdout);
    expect(x.stdout).not.toBe(z.stdout);
  });

  it('compares with another program on identical inputs', async () => {
    const [forward, reverse] = [path.join(dir, 'forward.mlir'), path.join(dir, 'reverse.mlir')];
    writeFileSync(forward, summing(false));
    writeFileSync(reverse, summing(true));
    const same = await tileRun(forward, ...sumArgs, '--compare', forward, '--tolerance', '0');
    expect(same.code).toBe(0);
    expect(same.stdout).toContain('compare %y: max_abs=0 max_rel=0\ncompare result#0: max_abs=0 max_rel=0\n');
    // Summing in the other order: %y is identical, the sum equal up to rounding.
    const close = await tileRun(forward, ...sumArgs, '--compare', reverse, '--tolerance', '1e-4');
    expect(close.code).toBe(0);
    expect(close.stdout).toContain('compare %y: max_abs=0 max_rel=0\n');
    expect(close.stdout).toMatch(/compare result#0: max_abs=[0-9.e-]+ max_rel=[0-9.e-]+\n/);
    expect(close.stdout).not.toContain('result#0: max_abs=0 ');
    const strict = await tileRun(forward, ...sumArgs, '--compare', reverse, '--tolerance', '0');
    expect(strict.code).toBe(1);
    expect(strict.stderr).toMatch(/^tile-run: error: result#0 differs between '.*forward.mlir' and '.*reverse.mlir' beyond tolerance 0 \(max_abs=/);
  });

  it('compares with the program transformed by a pass pipeline', async () => {
    const forward = path.join(dir, 'forward-pipeline.mlir');
    writeFileSync(forward, summing(false));
    const r = await tileRun(forward, ...sumArgs, '--compare-pipeline', 'builtin.module(func.func(canonicalize,cse,loop-invariant-code-motion))', '--tolerance', '0');
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('compare %y: max_abs=0 max_rel=0\ncompare result#0: max_abs=0 max_rel=0\n');
    const bad = await tileRun(forward, ...sumArgs, '--compare-pipeline', 'builtin.module(no-such-pass)');
    expect(bad.code).toBe(1);
    expect(bad.stderr).toMatch(/^tile-run: error: --compare-pipeline 'builtin\.module\(no-such-pass\)': .*'no-such-pass' does not refer to a registered pass or pass pipeline\n$/);
  });

  it('returns scalar results and binds scalar arguments', async () => {
    const file = path.join(dir, 'scalar.mlir');
    writeFileSync(file, 'func.func @f(%n: i32, %x: f16) -> (i32, f16) {\n  %r = arith.muli %n, %n : i32\n  %y = arith.addf %x, %x : f16\n  return %r, %y : i32, f16\n}\n');
    const r = await tileRun(file, '--entry', 'f', '--arg', 'n=7', '--arg', 'x=0.1', '-o', path.join(dir, 'scalars'));
    expect(r.stdout).toBe('result#0: i32 = 49\nresult#1: f16 = 0.199951\n');
    expect(parseNpy(readFileSync(path.join(dir, 'scalars', 'result0.npy'))).shape).toEqual([]);
  });

  const oneLineError = async (args: string[], message: string | RegExp) => {
    const r = await tileRun(...args);
    expect(r.code).toBe(1);
    expect(r.stdout).toBe('');
    expect(r.stderr.split('\n')[0]).toMatch(message);
    expect(r.stderr).not.toMatch(/\n\s+at /);
  };

  it('reports bad input in one line, with exit status 1', async () => {
    await oneLineError([MATMUL, '--entry', 'nope'], "tile-run: error: no function @nope with a body in '" + MATMUL + "' (functions: @main)");
    await oneLineError([MATMUL, ...matmulArgs.slice(0, 6)], 'tile-run: error: missing --arg for parameter c (memref<64x64xf32>)');
    await oneLineError([MATMUL, '--entry', 'main', '--arg', 'a=rand:64x64', '--arg', 'b=x', '--arg', 'c=x'], "tile-run: error: bad --arg 'a=rand:64x64': unknown element type '64'");
    await oneLineError([MATMUL, '--entry', 'main', '--arg', 'q=rand:4xf32'], "tile-run: error: bad --arg 'q=rand:4xf32': the function has no parameter 'q' (parameters: a, b, c)");
    await oneLineError(
      [MATMUL, '--entry', 'main', '--arg', 'a=rand:64x32xf32', '--arg', 'b=rand:64x64xf32', '--arg', 'c=zeros:64x64xf32'],
      'tile-run: error: --arg a: shape 64x32 does not match memref<64x64xf32>',
    );
    writeFileSync(path.join(dir, 'small.npy'), formatNpy(storageToNpy(new Float32Array(4), f32, [2, 2])));
    await oneLineError(
      [MATMUL, '--entry', 'main', '--arg', `a=${dir}/small.npy`, '--arg', 'b=rand:64x64xf32', '--arg', 'c=zeros:64x64xf32'],
      'tile-run: error: --arg a: shape 2x2 does not match memref<64x64xf32>',
    );
    await oneLineError([MATMUL, '--entry', 'main', '--arg', `a=${dir}/missing.npy`], `tile-run: error: cannot open '${dir}/missing.npy' for --arg a: No such file or directory`);
    await oneLineError([path.join(dir, 'missing.mlir'), '--entry', 'main'], `tile-run: error: cannot open input file '${dir}/missing.mlir': No such file or directory`);
    await oneLineError([MATMUL, ...matmulArgs, '--backend', 'cuda'], "tile-run: error: unknown backend 'cuda' (available: interpret, webgpu)");
  });

  it('reports parse and runtime errors at their location', async () => {
    const file = path.join(dir, 'div.mlir');
    writeFileSync(file, 'func.func @f(%a: i32, %b: i32) -> i32 {\n  %r = arith.divsi %a, %b : i32\n  return %r : i32\n}\n');
    await oneLineError([file, '--entry', 'f', '--arg', 'a=1', '--arg', 'b=0'], `${file}:2:8: error: 'arith.divsi' op division by zero`);
    const bad = path.join(dir, 'bad.mlir');
    writeFileSync(bad, 'func.func @f( {\n');
    await oneLineError([bad, '--entry', 'f'], new RegExp(`^${bad}:1:\\d+: error: `));
  });
  it('summarizes and compares outputs without elements (an empty problem)', async () => {
    const add = path.join(repoRoot, 'examples', 'add.mlir');
    const args = ['--entry', 'add', '--arg', 'X=rand:0x767xf32', '--arg', 'Y=rand:0x767xf32', '--arg', 'Z=zeros:0x767xf32'];
    const r = await tileRun(add, ...args, '--compare-pipeline', '@tile-pipelined', '--tolerance', '0');
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    const empty = (name: string) => `%${name}: memref<?x?xf32> shape=0x767 dtype=f32 min=- max=- mean=- checksum=`;
    for (const name of ['X', 'Y', 'Z']) {
      expect(r.stdout).toContain(empty(name));
      expect(r.stdout).toContain(`compare %${name}: max_abs=0 max_rel=0\n`);
    }
  });
  it('knows the source names of parameters in compiled IR, with or without its debug info', async () => {
    const compile = (source: string, pipeline: string, ...flags: string[]) => {
      // @tile-wgsl's matmul kernels with debug info are over 1 MB, spawnSync's default buffer.
      const r = spawnSync(path.join(repoRoot, 'build', 'bundle', 'tile-opt.js'), [source, '-p', pipeline, ...flags], { encoding: 'utf8', maxBuffer: 64 << 20 });
      expect(r.stderr).toBe('');
      const out = path.join(dir, `compiled-${path.basename(source)}-${pipeline}-${flags.length}`);
      writeFileSync(out, r.stdout);
      return out;
    };
    const matmul = path.join(repoRoot, 'examples', 'matmul.mlir');
    const args = ['--entry', 'matmul_f32', '--arg', 'A=rand:20x9xf32', '--arg', 'B=rand:9x7xf32', '--arg', 'C=zeros:20x7xf32'];
    for (const pipeline of ['@tile-tiled', '@tile-wgsl']) {
      for (const flags of [['--mlir-print-debuginfo'], []]) {
        const r = await tileRun(compile(matmul, pipeline, ...flags), ...args, '--compare', matmul, '--tolerance', '1e-5');
        expect(r.stderr, pipeline).toBe('');
        expect(r.stdout, pipeline).toMatch(/^%C: memref<\?x\?xf32> shape=20x7 .*\ncompare %C: /);
      }
    }
  });
});
