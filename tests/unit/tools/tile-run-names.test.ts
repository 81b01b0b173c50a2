// The names of an entry's parameters survive compilation: tile-opt's default output (no debug
// info) of a program, through the shipped pipelines and in custom and generic form, piped into
// tile-run, takes the same `--arg` lines as the source, and computes what the source computes.
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { repoRoot, tileRunWithStdin } from './run-helpers.js';

function tileOpt(...argv: string[]): string {
  // The generic form of @tile-wgsl's matmul kernels is over 1 MB, spawnSync's default buffer.
  const r = spawnSync(path.join(repoRoot, 'build', 'bundle', 'tile-opt.js'), [...argv], { encoding: 'utf8', maxBuffer: 64 << 20 });
  expect(r.stderr).toBe('');
  expect(r.status).toBe(0);
  return r.stdout;
}

const ADD = path.join(repoRoot, 'examples', 'add.mlir');
const MATMUL = path.join(repoRoot, 'examples', 'matmul.mlir');

const programs = [
  { source: ADD, args: ['--entry', 'add', '--arg', 'X=rand:130x77xf32', '--arg', 'Y=rand:130x77xf32', '--arg', 'Z=zeros:130x77xf32'], output: 'Z', tolerance: '0' },
  { source: MATMUL, args: ['--entry', 'matmul_f16', '--arg', 'A=rand:37x45xf16', '--arg', 'B=rand:45x29xf16', '--arg', 'C=zeros:37x29xf32'], output: 'C', tolerance: '1e-5' },
];

describe('parameter names through tile-opt | tile-run -', () => {
  for (const { source, args, output, tolerance } of programs) {
    for (const pipeline of [undefined, '@tile-tiled', '@tile-wgsl']) {
      for (const form of [[], ['--mlir-print-op-generic']]) {
        const what = `${path.basename(source)} ${pipeline ?? '(no pipeline)'} ${form.join(' ') || '(custom form)'}`;
        it(what, async () => {
          const compiled = tileOpt(source, ...(pipeline ? ['-p', pipeline] : []), ...form);
          const r = await tileRunWithStdin(compiled, '-', ...args, '--compare', source, '--tolerance', tolerance);
          expect(r.stderr, what).toBe('');
          expect(r.code, what).toBe(0);
          expect(r.stdout, what).toMatch(new RegExp(`^%${output}: .*\\ncompare %${output}: max_abs=\\S+ max_rel=\\S+\\n$`));
        });
      }
    }
  }

  it("prints the source names of a function's parameters, and positional ones where the source has none", () => {
    const out = tileOpt(ADD);
    expect(out).toContain('func.func @add(%X: memref<?x?xf32>, %Y: memref<?x?xf32>, %Z: memref<?x?xf32>) {');
    expect(out).toContain('tile.map ins(%X, %Y : memref<?x?xf32>, memref<?x?xf32>) outs(%Z : memref<?x?xf32>) {');
    const generic = tileOpt(ADD, '--mlir-print-op-generic');
    expect(generic).toContain('^bb0(%X: memref<?x?xf32>, %Y: memref<?x?xf32>, %Z: memref<?x?xf32>):');
    // The kernel's parameters are made by the tiling pass: positional, as mlir-opt prints them.
    expect(tileOpt(ADD, '-p', '@tile-wgsl')).toContain('gpu.func @add(%arg0: memref<?x?xf32>, %arg1: memref<?x?xf32>, %arg2: memref<?x?xf32>)');
  });

  it('says how parameters that only have positions are bound', async () => {
    const program = 'func.func @f(%arg0: memref<4xf32>, %arg1: memref<4xf32>) {\n  return\n}\n';
    const r = await tileRunWithStdin(program, '-', '--entry', 'f', '--arg', 'a=zeros:4xf32');
    expect(r.code).toBe(1);
    expect(r.stderr).toBe(
      "tile-run: error: bad --arg 'a=zeros:4xf32': the function has no parameter 'a' (parameters: arg0, arg1); the IR names none of them (tile-opt keeps the names of a source that does, as in %X: memref<...>): bind them by position\n",
    );
  });
});
