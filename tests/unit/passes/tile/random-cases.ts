// Random cases of the tile pipelines for the equivalence suites (pipelined-equivalence,
// lowering-equivalence): workloads (whole-problem matmuls, transposed ones, add, static problems
// whose trip count equals num-stages), configurations from the shared option space
// (testing/tile-options.ts), problem shapes around the tile edges, the comparison with the
// whole-problem program, and the coverage check of the option space against the YAML files.
import { expect } from 'vitest';
import { UnknownLoc } from '../../../../core/ir/location.js';
import type { Operation } from '../../../../core/ir/operation.js';
import { PipelineBuilder } from '../../../../core/pass/pipeline-builder.js';
import { createPassRegistry } from '../../../../tools/opt-passes.js';
import { runPipeline } from '../../../../testing/fuzz/harness.js';
import { mulberry32 } from '../../../../testing/random.js';
import { optionCoverage, pipelineText, randomTileConfig, TILE_PIPELINE_PARAMETERS, type TileConfig, type TilePipeline } from '../../../../testing/tile-options.js';
import { parseModule } from '../pass-harness.js';
import { example, expectMatmulClose, random, runEntry, type MatmulOperandLayout } from './kernel-meaning.js';

export type Workload = 'matmul_f32' | 'matmul_f16' | 'matmul_ta' | 'matmul_tb' | 'matmul_static' | 'add' | 'map_static';

/** One random case: a workload, a configuration, and the static problem size where the workload has one. */
export interface Case {
  readonly workload: Workload;
  readonly config: TileConfig;
  readonly text: string;
  readonly entry: string;
  readonly layout: MatmulOperandLayout;
  /** Static problem: [M, N, K] or [R, C]. */
  readonly fixed?: readonly number[];
}

const transposed = (which: 'a' | 'b') => `
func.func @matmul_t${which}(%A: memref<?x?xf32>, %B: memref<?x?xf32>, %C: memref<?x?xf32>) {
  tile.matmul %A, %B, %C transpose_${which} : memref<?x?xf32>, memref<?x?xf32>, memref<?x?xf32>
  return
}
`;

/**
 * A random case for `pipeline`. Static workloads have a trip count equal to num-stages: the
 * matmul's K loop (K = BK x stages), the map's loop over its last dimension (C = TN x stages).
 */
export function randomCase(seed: number, pipeline: TilePipeline, workloads: readonly Workload[]): Case {
  const rnd = mulberry32(seed);
  const workload = workloads[Math.floor(rnd() * workloads.length)]!;
  const isMap = workload === 'add' || workload === 'map_static';
  const config = randomTileConfig(rnd, pipeline, isMap ? { kind: 'map', rank: 2 } : { kind: 'matmul' });
  const sizes = config.options['tile-sizes'] as number[];
  const stages = config.options['num-stages'] as number;
  if (workload === 'matmul_static') {
    const [bm, bn, bk] = sizes as [number, number, number];
    const [M, N, K] = [Math.min(bm + 1 + Math.floor(rnd() * bm), 40), Math.min(Math.max(1, bn - 1 + Math.floor(rnd() * 3)), 40), bk * stages];
    const elem = rnd() < 0.5 ? 'f32' : 'f16';
    const text = `func.func @matmul_static(%A: memref<${M}x${K}x${elem}>, %B: memref<${K}x${N}x${elem}>, %C: memref<${M}x${N}xf32>) {
  tile.matmul %A, %B, %C : memref<${M}x${K}x${elem}>, memref<${K}x${N}x${elem}>, memref<${M}x${N}xf32>
  return
}
`;
    return { workload, config, text, entry: 'matmul_static', layout: {}, fixed: [M, N, K] };
  }
  if (workload === 'map_static') {
    const [tm, tn] = sizes as [number, number];
    const [R, C] = [Math.min(9, 1 + Math.floor(rnd() * (tm + 2))), tn * stages];
    const t = `memref<${R}x${C}xf32>`;
    const text = `func.func @map_static(%X: ${t}, %Y: ${t}, %Z: ${t}) {
  tile.map ins(%X, %Y : ${t}, ${t}) outs(%Z : ${t}) {
  ^bb0(%x: f32, %y: f32):
    %p = arith.mulf %x, %y : f32
    %s = arith.subf %p, %x : f32
    tile.yield %s : f32
  }
  return
}
`;
    return { workload, config, text, entry: 'map_static', layout: {}, fixed: [R, C] };
  }
  if (workload === 'add') return { workload, config, text: example('add.mlir'), entry: 'add', layout: {} };
  if (workload === 'matmul_ta' || workload === 'matmul_tb') {
    const which = workload === 'matmul_ta' ? 'a' : 'b';
    return { workload, config, text: transposed(which), entry: workload, layout: which === 'a' ? { transposeA: true } : { transposeB: true } };
  }
  return { workload, config, text: example('matmul.mlir'), entry: workload, layout: {} };
}

/** Problem shapes around the tile edges: [M, N, K] (matmul) or [M, N] (maps); the static one for static workloads. */
export function caseShapes(c: Case, seed: number): number[][] {
  if (c.fixed) return [[...c.fixed]];
  const rnd = mulberry32(seed * 31 + 7);
  const sizes = c.config.options['tile-sizes'] as number[];
  const stages = c.config.options['num-stages'] as number;
  const around = (t: number) => Math.min(96, [1, Math.max(1, t - 1), t, t + 1, 1 + Math.floor(rnd() * 3 * t)][Math.floor(rnd() * 5)]!);
  if (c.workload === 'add') {
    const [tm, tn] = sizes as [number, number];
    return [
      [around(tm), around(tn)],
      [Math.min(around(tm), 9), Math.min(around(tn) + tn * stages, 600)],
      [1 + Math.floor(rnd() * 9), 1 + Math.floor(rnd() * 90)],
    ];
  }
  const [bm, bn, bk] = sizes as [number, number, number];
  const belowStages = Math.max(1, (stages - 1) * bk - 1);
  return [
    [around(bm), around(bn), around(bk)],
    [around(bm), around(bn), belowStages],
    [Math.min(around(bm) + bm, 80), around(bn), bk * stages + 1 + Math.floor(rnd() * bk)],
  ];
}

/** Fails unless the compiled program computes what the whole-problem program does on `shape`. */
export function expectSameResult(c: Case, reference: Operation, compiled: Operation, shape: number[], seed: number, what: string): void {
  if (c.workload === 'add' || c.workload === 'map_static') {
    const [M, N] = shape as [number, number];
    const args = () => [random(M * N, seed), random(M * N, seed + 1), new Float32Array(M * N).fill(NaN)];
    const want = runEntry(
      reference,
      c.entry,
      [
        [M, N],
        [M, N],
        [M, N],
      ],
      args(),
    )[2]!;
    expect(want.some(Number.isNaN), `${what}: every element of the reference written`).toBe(false);
    expect(
      runEntry(
        compiled,
        c.entry,
        [
          [M, N],
          [M, N],
          [M, N],
        ],
        args(),
      )[2]!,
      what,
    ).toEqual(want);
    return;
  }
  const [M, N, K] = shape as [number, number, number];
  const half = c.workload === 'matmul_f16' || (c.workload === 'matmul_static' && c.text.includes('xf16>'));
  const [a, b] = [random(M * K, seed, half), random(K * N, seed + 1, half)];
  const io = () => [a, b, new Float32Array(M * N).fill(NaN)];
  const dims = [c.layout.transposeA ? [K, M] : [M, K], c.layout.transposeB ? [N, K] : [K, N], [M, N]];
  const want = runEntry(reference, c.entry, dims, io())[2]!;
  expect(want.some(Number.isNaN), `${what}: every element of the reference written`).toBe(false);
  expectMatmulClose(runEntry(compiled, c.entry, dims, io())[2]!, want, a, b, [M, N, K], 1e-4, what, c.layout);
}

/** Every parameter of the pipeline (those its YAML file declares, forwards and exposes), with its enum values. */
export function yamlParameters(pipeline: TilePipeline): Map<string, readonly string[] | undefined> {
  const builder = new PipelineBuilder(createPassRegistry());
  const parameters = builder.parameters(builder.load(pipeline, UnknownLoc.get()));
  return new Map(Object.entries(parameters).map(([name, spec]) => [name, spec.values]));
}

/**
 * Fails unless `configs` cover the pipeline: every YAML parameter drawn with at least two values
 * (every value of an enum), num-stages 1..5, equal tile sizes, tiny 2,2,2 with one warp.
 */
export function expectFullCoverage(pipeline: TilePipeline, configs: readonly TileConfig[]): void {
  const coverage = optionCoverage(configs);
  const params = yamlParameters(pipeline);
  expect([...params.keys()].sort(), 'the generator knows every parameter of the YAML file').toEqual([...TILE_PIPELINE_PARAMETERS[pipeline]].sort());
  for (const [name, values] of params) {
    const seen = coverage.get(name) ?? new Set();
    expect(seen.size, `${name} drawn with several values: ${[...seen].join(' ')}`).toBeGreaterThanOrEqual(2);
    if (values) expect([...seen].sort(), `every value of ${name}`).toEqual([...values].sort());
  }
  if (params.has('num-stages')) expect([...coverage.get('num-stages')!].sort(), 'num-stages 1..5').toEqual(['1', '2', '3', '4', '5']);
  const sizes = [...coverage.get('tile-sizes')!].map((s) => s.split(',').map(Number));
  expect(
    sizes.some((s) => s.length === 3 && s[0] === s[1] && s[1] === s[2] && s[0]! >= 8),
    'equal BM = BN = BK',
  ).toBe(true);
  expect(
    configs.some((c) => String(c.options['tile-sizes']) === '2,2,2' && c.options['num-warps'] === 1),
    'tiny 2,2,2 tiles with one warp',
  ).toBe(true);
  if (params.has('subgroup-size'))
    expect(
      [...coverage.get('subgroup-size')!].map(Number).every((n) => (n & (n - 1)) === 0),
      'subgroup sizes are powers of two',
    ).toBe(true);
}

/** Compiles and compares `count` random cases; returns the tallies. Refusals are collected, any other failure throws. */
export function runCases(
  pipeline: TilePipeline,
  count: number,
  firstSeed: number,
  workloads: readonly Workload[],
  check?: (module: Operation, what: string) => void,
): { configs: TileConfig[]; compiled: number; refused: number; runs: number; byWorkload: Map<Workload, number> } {
  const configs: TileConfig[] = [];
  const references = new Map<string, Operation>();
  const byWorkload = new Map<Workload, number>();
  let [compiled, refused, runs] = [0, 0, 0];
  for (let seed = firstSeed; seed < firstSeed + count; seed++) {
    const c = randomCase(seed, pipeline, workloads);
    configs.push(c.config);
    const text = pipelineText(c.config);
    const what = `seed ${seed}: @${c.entry} ${text}`;
    const outcome = runPipeline(c.text, text);
    if (outcome.kind === 'refused') {
      refused++;
      continue;
    }
    if (outcome.kind !== 'ok') throw new Error(`${what}: ${outcome.kind}: ${outcome.message}\n${c.text}`);
    compiled++;
    check?.(outcome.module, what);
    byWorkload.set(c.workload, (byWorkload.get(c.workload) ?? 0) + 1);
    let reference = references.get(c.text);
    if (!reference) references.set(c.text, (reference = parseModule(c.text)));
    for (const shape of caseShapes(c, seed)) {
      expectSameResult(c, reference, outcome.module, shape, seed, `${what} at ${shape.join('x')}`);
      runs++;
    }
  }
  return { configs, compiled, refused, runs, byWorkload };
}
