/**
 * The API called from plain JavaScript with values of the wrong type (api/arguments.ts): every
 * mistake is a TileError of stage `arguments` naming the option, never a TypeError from inside.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { compareOutputs, TileError, TileOpt } from '../../../api/index.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..', '..');
const add = readFileSync(path.join(root, 'examples', 'add.mlir'), 'utf8');

/** The message of the TileError `f` throws or rejects with (stage `arguments`). */
async function argumentError(f: () => unknown): Promise<string> {
  try {
    await f();
  } catch (e) {
    expect(e, String(e)).toBeInstanceOf(TileError);
    expect((e as TileError).stage).toBe('arguments');
    return (e as TileError).message;
  }
  throw new Error('expected a TileError');
}

// Plain JavaScript's view of the API: anything goes in.
type Loose = (...args: unknown[]) => unknown;

describe('API arguments of the wrong type', () => {
  const tile = new TileOpt();
  const compile = tile.compile.bind(tile) as Loose;
  const compileSync = tile.compileSync.bind(tile) as Loose;

  it('compile: the source and each option', async () => {
    expect(await argumentError(() => compile(undefined))).toBe('compile: the source must be a string, got undefined');
    expect(await argumentError(() => compileSync(null))).toBe('compile: the source must be a string, got null');
    expect(await argumentError(() => compile(add, '@tile-wgsl'))).toBe("compile: the options must be an object, got a string ('@tile-wgsl')");
    expect(await argumentError(() => compile(add, null))).toBe('compile: the options must be an object, got null');
    expect(await argumentError(() => compile(add, { pipeline: 5 }))).toBe("compile: option 'pipeline' must be a string, got a number (5)");
    expect(await argumentError(() => compile(add, { fileName: {} }))).toBe("compile: option 'fileName' must be a string, got an object");
    expect(await argumentError(() => compile(add, { wgsl: 'yes' }))).toBe("compile: option 'wgsl' must be a boolean or 'auto', got a string ('yes')");
    expect(await argumentError(() => compile(add, { pipeline: 'cse', onProgress: 1 }))).toBe("compile: option 'onProgress' must be a function, got a number (1)");
    // null means the default, as undefined does.
    expect((await (compile(add, { pipeline: null, fileName: undefined }) as ReturnType<TileOpt['compile']>)).fileName).toBe('input.mlir');
  });

  it('new TileOpt: its pipelines', async () => {
    const make = (options: unknown) => () => new TileOpt(options as ConstructorParameters<typeof TileOpt>[0]);
    expect(await argumentError(make('x'))).toBe("new TileOpt: the options must be an object, got a string ('x')");
    expect(await argumentError(make({ pipelines: ['a'] }))).toBe("new TileOpt: option 'pipelines' must be an object, got an array");
    expect(await argumentError(make({ pipelines: { 'x.yaml': 5 } }))).toBe("new TileOpt: pipeline 'x.yaml' must be YAML text (a string), got a number (5)");
  });

  it('run: the options, the entry, args, inputs, seed, timing and device', async () => {
    const c = await tile.compile(add, { fileName: 'add.mlir' });
    const run = c.run.bind(c) as Loose;
    const rest = 'Y=rand:2x2xf32 Z=zeros:2x2xf32';
    expect(await argumentError(() => run())).toBe("run: give the options, at least { entry: 'NAME' }");
    expect(await argumentError(() => run(null))).toBe('run: the options must be an object, got null');
    expect(await argumentError(() => run({}))).toBe("run: option 'entry' must name a function, got undefined");
    expect(await argumentError(() => run({ entry: 5 }))).toBe("run: option 'entry' must be a string, got a number (5)");
    expect(await argumentError(() => run({ entry: 'add', args: 5 }))).toBe("run: option 'args' must be a string or a list of strings (--arg specs), got a number (5)");
    expect(await argumentError(() => run({ entry: 'add', args: [5] }))).toBe("run: option 'args' must be a string or a list of strings (--arg specs), got an array");
    expect(await argumentError(() => run({ entry: 'add', inputs: 'X', args: rest }))).toBe("run: option 'inputs' must be an object, got a string ('X')");
    expect(await argumentError(() => run({ entry: 'add', inputs: { X: null }, args: rest }))).toBe('inputs: X must be a typed array, an array, { data, shape } or a number, got null');
    expect(await argumentError(() => run({ entry: 'add', inputs: { X: { data: 'abcd', shape: [2, 2] } }, args: rest }))).toBe(
      "inputs: the data of X must be a typed array or an array, got a string ('abcd')",
    );
    expect(await argumentError(() => run({ entry: 'add', inputs: { X: { data: ['1', '2', 'x', '4'], shape: [2, 2] } }, args: rest }))).toBe(
      "inputs: element 0 of X must be a number, got a string ('1')",
    );
    expect(await argumentError(() => run({ entry: 'add', inputs: { X: { data: new Float32Array(4), shape: [-2, -2] } }, args: rest }))).toBe(
      'inputs: the shape of X must be a list of sizes (integers >= 0), got [-2, -2]',
    );
    expect(await argumentError(() => run({ entry: 'add', inputs: { X: { data: new Float32Array(4), shape: '2x2' } }, args: rest }))).toBe(
      "inputs: the shape of X must be a list of sizes (integers >= 0), got a string ('2x2')",
    );
    const all = 'X=rand:2x2xf32 ' + rest;
    expect(await argumentError(() => run({ entry: 'add', args: all, seed: 'abc' }))).toBe("run: option 'seed' must be a number, got a string ('abc')");
    expect(await argumentError(() => run({ entry: 'add', args: all, seed: 1.5 }))).toBe("run: option 'seed' must be an integer, got a number (1.5)");
    expect(await argumentError(() => run({ entry: 'add', args: all, timing: { repeat: 0 } }))).toBe("run: option 'timing.repeat' must be an integer >= 1, got a number (0)");
    expect(await argumentError(() => run({ entry: 'add', args: all, timeoutMs: -1 }))).toBe("run: option 'timeoutMs' must be a positive number, got a number (-1)");
    expect(await argumentError(() => run({ entry: 'add', args: all, device: {} }))).toBe("run: option 'device' must be a GPUDevice, got an object");
    expect(await argumentError(() => run({ entry: 'add', args: all, device: 'gpu' }))).toBe("run: option 'device' must be an object, got a string ('gpu')");
  });

  it('compareOutputs: two runs or their outputs', async () => {
    const c = await tile.compile(add);
    const r = await c.run({ entry: 'add', args: 'X=rand:2x2xf32 Y=rand:2x2xf32 Z=zeros:2x2xf32' });
    const cmp = compareOutputs as Loose;
    expect(await argumentError(() => cmp(r, null))).toBe('compareOutputs: the second argument must be a RunResult or its outputs, got null');
    expect(await argumentError(() => cmp({}, r))).toBe('compareOutputs: the first argument must be a RunResult or its outputs, got an object');
    expect(compareOutputs(r, r.outputs)).toEqual([{ name: '%Z', maxAbs: 0, maxRel: 0 }]);
  });
});
