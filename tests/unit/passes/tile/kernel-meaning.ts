// Shared by the tile pass tests: run an example's host function in the interpreter on seeded
// random memrefs, before and after a list of passes, and compare the outputs. The interpreter
// throws on a race (an access to a copy's region before a wait covers it), failing the test.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expect } from 'vitest';
import type { Operation } from '../../../../core/ir/operation.js';
import type { MemRefType } from '../../../../core/ir/types.js';
import { Interpreter } from '../../../../core/interpret/engine.js';
import { roundF16 } from '../../../../core/interpret/float16.js';
import { Buffer, MemRef, rowMajorStrides } from '../../../../core/interpret/values.js';
import type { OptionValue } from '../../../../core/pass/options.js';
import type { PassDefinition } from '../../../../core/pass/pass.js';
import { createSemantics } from '../../../../dialects/semantics.js';
import { mulberry32 } from '../../../../testing/random.js';
import { repoRoot } from '../../dialects/harness.js';
import { verify } from '../../../../core/ir/verifier.js';
import { runPassManager } from '../../../../core/pass/pass-manager.js';
import { PipelineBuilder } from '../../../../core/pass/pipeline-builder.js';
import { createPassRegistry } from '../../../../tools/opt-passes.js';
import { context, parseModule, runPass } from '../pass-harness.js';

const registry = createPassRegistry();

/** Runs pipeline text (named pipelines included) on a fresh parse of `text`; throws with the diagnostics when it fails. */
export function compile(text: string, pipeline: string): Operation {
  const module = parseModule(text);
  const messages: string[] = [];
  const ok = runPassManager(new PipelineBuilder(registry).parse(pipeline), module, { context, onDiagnostic: (d) => messages.push(d.message) });
  if (!ok) throw new Error(`${pipeline} failed: ${messages.join('\n')}`);
  const err = verify(module, context);
  if (err) throw new Error(`${pipeline}: invalid IR: ${err.message}`);
  return module;
}

export const example = (file: string): string => readFileSync(path.join(repoRoot, 'examples', file), 'utf8');

export interface PassStep {
  readonly pass: PassDefinition;
  readonly options?: Record<string, OptionValue>;
}

/** Parses `text` and runs the passes in order (each result verified); returns the module and each pass's statistics. */
export function transform(text: string, steps: readonly PassStep[]): { module: Operation; statistics: Map<string, number>[] } {
  let module = parseModule(text);
  const statistics: Map<string, number>[] = [];
  for (const step of steps) {
    const r = runPass(module, step.pass, { options: step.options });
    module = r.module;
    statistics.push(r.statistics);
  }
  return { module, statistics };
}

/** Seeded values in [-1, 1), rounded to f16 when `half`. */
export function random(n: number, seed: number, half = false): Float32Array {
  const r = mulberry32(seed);
  return Float32Array.from({ length: n }, () => (half ? roundF16 : Math.fround)(r() * 2 - 1));
}

/** Runs `entry` on fresh row-major memrefs of `shapes` holding `data`; returns their contents after. */
export function runEntry(module: Operation, entry: string, shapes: readonly number[][], data: readonly Float32Array[]): Float32Array[] {
  const interp = new Interpreter(module, { semantics: createSemantics() });
  const fn = interp.lookupFunction(entry)!;
  const params = fn.region(0).entry!.arguments;
  const args = shapes.map((shape, i) => {
    const type = params[i]!.type as MemRefType;
    const b = Buffer.allocate(type.elementType, data[i]!.length, undefined, `argument #${i}`);
    (b.data as Float32Array).set(data[i]!);
    return new MemRef(type, b, 0, [...shape], rowMajorStrides([...shape]));
  });
  interp.run(fn, args);
  return args.map((m) => Float32Array.from(m.buffer.data as ArrayLike<number>));
}

/** Fails unless every element is within `relative` of the reference (relative to its magnitude, at least 1e-30). */
export function expectClose(got: Float32Array, want: Float32Array, relative: number, what: string): void {
  expect(got.length, what).toBe(want.length);
  const bad: string[] = [];
  for (let i = 0; i < want.length && bad.length < 5; i++) {
    const tolerance = relative * Math.max(Math.abs(want[i]!), 1e-30);
    if (!(Math.abs(got[i]! - want[i]!) <= tolerance) && !Object.is(got[i], want[i])) bad.push(`[${i}] got ${got[i]} want ${want[i]}`);
  }
  expect(bad, what).toEqual([]);
}

/** How a matmul's operands lie in memory: A is K x M with `transposeA` (else M x K), B is N x K with `transposeB` (else K x N). */
export interface MatmulOperandLayout {
  readonly transposeA?: boolean;
  readonly transposeB?: boolean;
}

/**
 * Fails unless each element of an MxN matmul result is within `relative` x sum_k |a_ik b_kj| of
 * the reference: the bound of f32 rounding for any summation order (fused or not). `layout` says
 * how `a` and `b` are indexed (row-major M x K and K x N unless transposed).
 */
export function expectMatmulClose(
  got: Float32Array,
  want: Float32Array,
  a: Float32Array,
  b: Float32Array,
  [M, N, K]: readonly [number, number, number],
  relative: number,
  what: string,
  layout: MatmulOperandLayout = {},
): void {
  const aAt = layout.transposeA ? (i: number, k: number) => a[k * M + i]! : (i: number, k: number) => a[i * K + k]!;
  const bAt = layout.transposeB ? (k: number, j: number) => b[j * K + k]! : (k: number, j: number) => b[k * N + j]!;
  const bad: string[] = [];
  for (let i = 0; i < M; i++) {
    for (let j = 0; j < N; j++) {
      let bound = 0;
      for (let k = 0; k < K; k++) bound += Math.abs(aAt(i, k) * bAt(k, j));
      const [g, w] = [got[i * N + j]!, want[i * N + j]!];
      if (!(Math.abs(g - w) <= relative * bound + 1e-30) && bad.length < 4) bad.push(`[${i}, ${j}] got ${g} want ${w}`);
    }
  }
  expect(bad, what).toEqual([]);
}

/** Matmul problem sizes [M, N, K] around the 32x32 tiles and the K step of 16 of matmul-tiled.mlir. */
export const matmulSizes: readonly [number, number, number][] = [
  [1, 1, 1],
  [31, 31, 15],
  [32, 32, 16],
  [33, 33, 17],
  [33, 31, 5],
  [20, 40, 70],
];

/** Add problem sizes [M, N] around the 4x64 tiles of add-tiled.mlir. */
export const addSizes: readonly [number, number][] = [
  [1, 1],
  [3, 63],
  [4, 64],
  [5, 65],
  [7, 200],
];

/**
 * Checks that `after` computes what `before` does: the matmul entries of matmul-tiled.mlir
 * (f32 within 1e-5 relative; f16 inputs, f32 results) and add-tiled.mlir's @add (exact).
 */
export function expectSameMatmul(before: Operation, after: Operation, entry: 'matmul_f32' | 'matmul_f16'): void {
  const half = entry === 'matmul_f16';
  for (const [M, N, K] of matmulSizes) {
    const shapes = [
      [M, K],
      [K, N],
      [M, N],
    ];
    const data = () => [random(M * K, M + K, half), random(K * N, N + 7 * K, half), new Float32Array(M * N).fill(NaN)];
    const want = runEntry(before, entry, shapes, data())[2]!;
    expect(want.some(Number.isNaN), 'every output element written').toBe(false);
    const got = runEntry(after, entry, shapes, data())[2]!;
    expectClose(got, want, 1e-5, `@${entry} ${M}x${N}x${K}`);
  }
}

export function expectSameAdd(before: Operation, after: Operation): void {
  for (const [M, N] of addSizes) {
    const shapes = [
      [M, N],
      [M, N],
      [M, N],
    ];
    const data = () => [random(M * N, M), random(M * N, N + 100), new Float32Array(M * N).fill(NaN)];
    const want = runEntry(before, 'add', shapes, data())[2]!;
    expect(want.some(Number.isNaN), 'every output element written').toBe(false);
    const got = runEntry(after, 'add', shapes, data())[2]!;
    expectClose(got, want, 0, `@add ${M}x${N}`);
  }
}

/** No tile, async or tensor value is left: the module is SIMT code. */
export function expectSimt(module: Operation, what?: string): void {
  const left: string[] = [];
  module.walk((op) => {
    if (op.dialect === 'tile' || op.dialect === 'async' || op.results.some((r) => String(r.type).startsWith('tensor<'))) left.push(op.name);
  });
  expect(left, what).toEqual([]);
}

/** `after`'s @softmax (X and Y, M x N) equals `before`'s at each size, within `relative`; the inputs seeded by `seed(M, N)`. */
export function expectSameSoftmax(
  before: Operation,
  after: Operation,
  sizes: readonly (readonly [number, number])[],
  relative: number,
  what: string,
  seed: (M: number, N: number) => number,
): void {
  for (const [M, N] of sizes) {
    const shapes = [
      [M, N],
      [M, N],
    ];
    const io = () => [random(M * N, seed(M, N)), new Float32Array(M * N).fill(NaN)];
    expectClose(runEntry(after, 'softmax', shapes, io())[1]!, runEntry(before, 'softmax', shapes, io())[1]!, relative, `${what} at ${M}x${N}`);
  }
}
