/**
 * The JavaScript API (api/, docs/api.md) from its sources: compile through named and textual
 * pipelines with the IR after each pass, the schedule picture and WGSL kernels; diagnostics as
 * objects in TileError; runs in the interpreter with inputs as typed arrays or --arg specs.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { compareOutputs, TileError, TileOpt, type Compilation } from '../../../api/index.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..', '..');
const example = (name: string) => readFileSync(path.join(root, 'examples', name), 'utf8');

async function failure(p: Promise<unknown>): Promise<TileError> {
  try {
    await p;
  } catch (e) {
    expect(e).toBeInstanceOf(TileError);
    return e as TileError;
  }
  throw new Error('expected a TileError');
}

describe('TileOpt.compile', () => {
  const tile = new TileOpt();
  let matmul: Compilation;
  beforeAll(async () => {
    matmul = await tile.compile(example('matmul.mlir'), { pipeline: '@tile-wgsl{tile-sizes=32,32,16 num-stages=3}', fileName: 'matmul.mlir' });
  });

  it('gives the IR after each pass of a named pipeline, with times', () => {
    const names = matmul.passes.map((p) => p.pass);
    expect(names.slice(0, 7)).toEqual(['generate-runtime-verification', 'tile-fuse', 'tile-tiling', 'tile-async-copy', 'tile-assign-stages', 'tile-multibuffer', 'tile-pipeline']);
    expect(names.at(-1)).toBe('cse');
    const pipelined = matmul.passes.find((p) => p.pass === 'tile-pipeline')!;
    expect(pipelined.ir).toContain('scf.for');
    // @tile-wgsl predicates the epilogue by default (docs/pipelines.md).
    expect(pipelined.options['peel-epilogue']).toBe(false);
    expect(matmul.passes.every((p) => p.ms >= 0 && p.op === 'builtin.module')).toBe(true);
    expect(matmul.inputIr).toContain('tile.matmul');
    expect(matmul.ir).toBe(matmul.passes.at(-1)!.ir);
    expect(matmul.pipeline).toMatch(/^builtin\.module\(generate-runtime-verification,tile-fuse\{[^}]*\},tile-tiling\{/);
    expect(matmul.timings.totalMs).toBeGreaterThan(0);
  });

  it('draws the schedule tile-pipeline is given, and emits each kernel with its manifest', () => {
    expect(matmul.schedules).toHaveLength(1);
    expect(matmul.schedules[0]!.beforePass).toBe('tile-pipeline');
    expect(matmul.schedules[0]!.svg).toMatch(/<svg[\s\S]*<\/svg>\n?$/);
    expect(matmul.schedules[0]!.text).toMatch(/3 stages, .*, epilogue predicated\n/);
    expect(matmul.kernels.map((k) => k.symbol)).toEqual(['@kernels::@matmul_f32', '@kernels::@matmul_f16']);
    const k = matmul.kernels[0]!;
    expect(k.wgsl).toContain(`fn ${k.entryPoint}(`);
    expect(k.manifest.bindings.length).toBe(3);
    expect(matmul.manifest?.kernels).toHaveLength(2);
  });

  it('draws the schedule without a prologue where tile-pipeline is given peel-prologue=false', async () => {
    const c = await tile.compile(example('matmul.mlir'), { pipeline: '@tile-wgsl{tile-sizes=32,32,16 num-stages=3 peel-prologue=false}', fileName: 'matmul.mlir' });
    expect(c.schedules[0]!.text).toMatch(/3 stages, .*, prologue predicated, epilogue predicated\n/);
    expect(c.schedules[0]!.text).toContain('  kernel  t=0   (S2)  (S1)  S0\n');
  });

  it('lists the named pipelines and passes with their options and defaults', () => {
    const wgsl = tile.pipelines().find((p) => p.name === 'tile-wgsl')!;
    expect(wgsl.options.find((o) => o.name === 'num-stages')).toMatchObject({ type: 'uint', default: '0' });
    expect(tile.pipelines().map((p) => p.name)).toEqual(['cleanup', 'optimize', 'tile-kernels', 'tile-pipelined', 'tile-tiled', 'tile-wgsl']);
    expect(
      tile
        .passes()
        .find((p) => p.name === 'tile-pipeline')!
        .options.map((o) => o.name),
    ).toContain('peel-epilogue');
  });

  it('runs textual pipelines, and parses only without one', async () => {
    const c = await tile.compile('func.func @f(%a: i32) -> i32 {\n  %0 = arith.addi %a, %a : i32\n  %1 = arith.addi %a, %a : i32\n  %2 = arith.muli %0, %1 : i32\n  return %2 : i32\n}\n', {
      pipeline: 'func.func(cse,canonicalize)',
    });
    expect(c.passes.map((p) => `${p.pass} ${p.op}`)).toEqual(['cse func.func @f', 'canonicalize func.func @f']);
    expect(c.kernels).toEqual([]);
    const plain = await tile.compile('func.func @g() {\n  return\n}\n');
    expect(plain.passes).toEqual([]);
    expect(plain.ir).toContain('func.func @g()');
  });

  it('reports a malformed program at its line and column', async () => {
    const e = await failure(tile.compile('func.func @f() {\n  %x = arith.addi\n}\n', { fileName: 'bad.mlir' }));
    expect(e.stage).toBe('parse');
    expect(e.diagnostics[0]).toMatchObject({ severity: 'error', file: 'bad.mlir', line: 2, column: 18, message: 'expected SSA operand' });
    expect(e.diagnostics[0]!.text).toContain('bad.mlir:2:18: error: expected SSA operand');
  });

  it('reports a verifier error with its notes', async () => {
    const e = await failure(tile.compile('func.func @f(%a: i32) -> f32 {\n  return %a : i32\n}\n', { fileName: 'v.mlir' }));
    expect(e.stage).toBe('parse');
    expect(e.diagnostics[0]).toMatchObject({ file: 'v.mlir', line: 2 });
  });

  it('reports an unknown pass or option in the pipeline text', async () => {
    const unknown = await failure(tile.compile(example('add.mlir'), { pipeline: 'tile-tilling' }));
    expect(unknown.stage).toBe('pipeline');
    expect(unknown.diagnostics[0]!.message).toContain("'tile-tilling' does not refer to a registered pass or pass pipeline");
    const option = await failure(tile.compile(example('add.mlir'), { pipeline: '@tile-wgsl{num-stagez=2}' }));
    expect(option.diagnostics[0]).toMatchObject({ line: 1, column: 12 });
    expect(option.message).toContain("no such option 'num-stagez'");
  });

  it('reports a failing pass with the passes that ran before it', async () => {
    const e = await failure(tile.compile(example('matmul.mlir'), { pipeline: '@tile-wgsl{tile-sizes=32,32,16 num-stages=3 num-buffers=1}', fileName: 'matmul.mlir' }));
    expect(e.stage).toBe('pass');
    expect(e.diagnostics[0]!.file).toBe('matmul.mlir');
    expect(e.partial!.passes.at(-1)!.pass).toBe('tile-multibuffer');
  });

  it('keeps instances apart: a caller pipeline replaces a bundled one in its instance only', async () => {
    const custom = new TileOpt({ pipelines: { 'mine.yaml': 'name: cleanup\ndescription: just cse\nsteps:\n  - pass: cse\n' } });
    expect(custom.pipelines().find((p) => p.name === 'cleanup')!.summary).toBe('just cse');
    expect(tile.pipelines().find((p) => p.name === 'cleanup')!.summary).not.toBe('just cse');
    const bad = (() => {
      try {
        new TileOpt({ pipelines: { 'bad.yaml': 'name: x\nsteps: 3\n' } });
      } catch (e) {
        return e as TileError;
      }
      return undefined;
    })();
    expect(bad?.diagnostics[0]!.file).toBe('bad.yaml');
  });
});

describe('Compilation.run', () => {
  const tile = new TileOpt();

  it('runs in the interpreter from --arg specs and from typed arrays, and compares', async () => {
    const reference = await tile.compile(example('matmul.mlir'), { fileName: 'matmul.mlir' });
    const tiled = await tile.compile(example('matmul.mlir'), { pipeline: '@tile-wgsl{num-stages=2}', fileName: 'matmul.mlir' });
    const a = await reference.run({ entry: 'matmul_f32', args: 'A=rand:19x23xf32 B=rand:23x21xf32 C=zeros:19x21xf32' });
    expect(a.ranOn).toBe('interpreter');
    expect(a.outputs.map((o) => [o.name, o.dtype, o.shape])).toEqual([['%C', 'f32', [19, 21]]]);
    expect(a.outputs[0]!.data).toBeInstanceOf(Float32Array);
    const b = await tiled.run({ entry: '@matmul_f32', inputs: a.inputs });
    const [cmp] = compareOutputs(a, b);
    expect(cmp!.name).toBe('%C');
    expect(cmp!.maxAbs).toBeLessThan(1e-5);
    // Typed arrays by name, shapes given (the parameters are dynamic).
    const x = new Float32Array([1, 2, 3, 4]);
    const r = await reference.run({
      entry: 'matmul_f32',
      inputs: { A: { data: x, shape: [2, 2] }, B: { data: [1, 0, 0, 1], shape: [2, 2] }, C: { data: new Float32Array(4), shape: [2, 2] } },
    });
    expect([...r.outputs[0]!.data]).toEqual([1, 2, 3, 4]);
  });

  it('rejects arguments that do not match the entry', async () => {
    const c = await tile.compile(example('add.mlir'));
    const shape = await failure(c.run({ entry: 'add', args: 'X=rand:4x4xf32 Y=rand:4x4xf16 Z=zeros:4x4xf32' }));
    expect(shape.stage).toBe('arguments');
    expect(shape.message).toContain('element type f16 does not match');
    const missing = await failure(c.run({ entry: 'add', args: 'X=rand:4x4xf32' }));
    expect(missing.message).toContain('missing --arg for parameter Y');
    const entry = await failure(c.run({ entry: 'nope', args: '' }));
    expect(entry.message).toContain('no function @nope');
    const rank = await failure(c.run({ entry: 'add', args: 'X=rand:4xf32 Y=rand:4x4xf32 Z=zeros:4x4xf32' }));
    expect(rank.message).toContain('shape 4 does not match');
    const npy = await failure(c.run({ entry: 'add', args: 'X=x.npy Y=rand:4x4xf32 Z=zeros:4x4xf32' }));
    expect(npy.message).toContain('.npy files cannot be read here');
    const length = await failure(c.run({ entry: 'add', inputs: { X: { data: new Float32Array(3), shape: [2, 2] } }, args: 'Y=rand:2x2xf32 Z=zeros:2x2xf32' }));
    expect(length.message).toContain('has 3 elements, but shape 2x2 holds 4');
  });
});
