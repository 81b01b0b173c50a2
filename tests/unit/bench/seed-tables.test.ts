import { describe, expect, it } from 'vitest';
import { bestConfigTable, matmulVariants, parseArgs, variantName, type Tuned } from '../../../bench/seed-tables.js';
import { matmulProblemArgs } from '../../../bench/lib/tuned-problem.js';
import { checkResult, inputs, timeCalls, work, type PeerCase } from '../../../bench/peers/peer-gpu.js';
import { UnknownLoc } from '../../../core/ir/location.js';
import { PipelineBuilder } from '../../../core/pass/pipeline-builder.js';
import { createPassRegistry } from '../../../tools/opt-passes.js';
import { checkSpace, parseSpace, spaceSize } from '../../../tools/tune/space.js';

describe('seed-tables options', () => {
  it("defaults to the issue's problems and peers", () => {
    const o = parseArgs([]);
    expect(o.sizes).toEqual([1024, 2048, 4096]);
    expect(o.odd).toEqual([1999, 3001, 1021]);
    expect(o.addShapes).toEqual([
      [1000, 2000],
      [4000, 120],
      [4096, 8192],
    ]);
    expect(o.addConfigs).toHaveLength(3);
    expect(o.space).toContain('num-stages=1|2|3|4|5');
    expect([...o.peers]).toEqual(['torch', 'baseline', 'tfjs', 'jaxjs']);
    expect(o.f32Provider).toBe('dawn');
    expect(o.f16Provider).toBe('wgpu');
    expect(o.space).toContain('128,128,16');
    expect(o.space).toContain('pack-lhs=false|true');
    expect(o.transposedA).toBe(true);
    expect(o.spaceTransposedA).toContain('128,128,16');
    expect(o.spaceTransposedA).not.toContain('transpose-lhs');
    expect(o.spaceTransposedA).not.toContain('pack-lhs');
  });
  it("every default space is one of @tile-wgsl's parameters and values (bools included)", () => {
    const builder = new PipelineBuilder(createPassRegistry());
    const parameters = builder.parameters(builder.load('tile-wgsl', UnknownLoc.get()));
    for (const o of [parseArgs([]), parseArgs(['--quick'])]) {
      for (const text of [o.space, o.spaceTransposedA]) expect(() => checkSpace(parseSpace(text), '@tile-wgsl', parameters)).not.toThrow();
    }
    expect(spaceSize(parseSpace(parseArgs([]).space))).toBe(140);
    expect(spaceSize(parseSpace(parseArgs([]).spaceTransposedA))).toBe(70);
  });
  it('the Aᵀ·B problem: its own space, --no-transposed-a leaves it out; --no-f32-matmul keeps f16 alone', () => {
    expect(parseArgs(['--space-transposed-a', 'num-warps=4']).spaceTransposedA).toBe('num-warps=4');
    expect(parseArgs(['--quick', '--no-transposed-a']).transposedA).toBe(false);
    const keys = (argv: string[]) => matmulVariants(parseArgs(argv)).map(variantName);
    expect(keys([])).toEqual(['f32', 'f32 Aᵀ·B', 'f16']);
    expect(keys(['--no-transposed-a', '--f16-provider', 'none'])).toEqual(['f32']);
    expect(keys(['--no-f32-matmul'])).toEqual(['f16']);
    expect(parseArgs(['--no-f32-matmul']).transposedA).toBe(false);
    const [plain, transposed] = matmulVariants(parseArgs([]));
    expect(transposed!.space).toBe(parseArgs([]).spaceTransposedA);
    expect(matmulProblemArgs(plain!, [3, 5, 7])).toEqual({ file: 'matmul.mlir', entry: 'matmul_f32', args: ['A=rand:3x7xf32', 'B=rand:7x5xf32', 'C=zeros:3x5xf32'] });
    expect(matmulProblemArgs(transposed!, [3, 5, 7])).toEqual({
      file: 'matmul-transposed-a.mlir',
      entry: 'matmul_f32_transposed_a',
      args: ['A=rand:7x3xf32', 'B=rand:7x5xf32', 'C=zeros:3x5xf32'],
    });
  });
  it('--quick shrinks everything, later flags still win', () => {
    const o = parseArgs(['--quick', '--budget', '3', '--odd', 'none', '--f16-provider', 'none', '--peers', 'tfjs']);
    expect(o.sizes).toEqual([64, 128]);
    expect(o.budget).toBe(3);
    expect(o.finalists).toBe(2);
    expect(parseArgs(['--finalists', '5']).finalists).toBe(5);
    expect(parseArgs([]).finalists).toBe(3);
    expect(o.odd).toBeUndefined();
    expect(o.f16Provider).toBeUndefined();
    expect([...o.peers]).toEqual(['tfjs']);
    expect([...parseArgs(['--quick']).peers]).toEqual(['torch', 'tfjs', 'jaxjs']);
  });
  it('rejects bad input with an error naming the flag', () => {
    expect(() => parseArgs(['--odd', '12x3'])).toThrow(/'--odd <MxNxK\|none>' argument '12x3' is invalid. expected MxNxK/);
    expect(() => parseArgs(['--peers', 'numpy'])).toThrow(/'--peers <LIST>' argument 'numpy' is invalid. unknown peer 'numpy'/);
    expect(() => parseArgs(['--budget', '0'])).toThrow(/'--budget <N>' argument '0' is invalid. expected a positive integer/);
    expect(() => parseArgs(['--finalists', 'two'])).toThrow(/'--finalists <N>' argument 'two' is invalid. expected a positive integer/);
    expect(() => parseArgs(['--sizes', '64,x'])).toThrow(/'--sizes <N,...>' argument '64,x' is invalid. expected a positive integer, got 'x'/);
    expect(() => parseArgs(['--f32-provider', 'metal'])).toThrow(/'--f32-provider <dawn\|wgpu>' argument 'metal' is invalid. expected dawn or wgpu/);
    expect(() => parseArgs(['--frobnicate'])).toThrow(/unknown option '--frobnicate'/);
  });
});

describe('seed-tables best configurations', () => {
  it("give per shape the best configuration's WGSL size and pipeline creation time", () => {
    const tuned: Tuned = {
      pipeline: '@tile-wgsl{num-warps=4}',
      options: 'num-warps=4',
      ms: 0.1,
      wallMs: 0.12,
      method: 'timestamp-query',
      wgslBytes: 5634,
      pipelineMs: 80.35,
      measured: 6,
      failures: ['x'],
      seconds: 41.2,
    };
    const noFigures: Tuned = { ...tuned, wgslBytes: undefined, pipelineMs: undefined };
    expect(
      bestConfigTable([
        ['1024^3', tuned],
        ['2048^3', noFigures],
        ['4096^3', 'wgpu: no adapter'],
      ]).split('\n'),
    ).toEqual([
      '| shape  | best configuration | WGSL KB | pipeline ms | measured | failed | tuning s |',
      '| ------ | -----------------: | ------: | ----------: | -------: | -----: | -------: |',
      '| 1024^3 |      `num-warps=4` |     5.6 |        80.3 |        6 |      1 |       41 |',
      '| 2048^3 |      `num-warps=4` |       - |           - |        6 |      1 |       41 |',
      '| 4096^3 |   wgpu: no adapter |       - |           - |        - |      - |        - |',
    ]);
  });
});

describe('peer checks and timing', () => {
  const mm: PeerCase = { op: 'matmul', dtype: 'f32', shape: [5, 7, 3], rounds: 3, warmMs: 0, minRoundMs: 1, check: true };
  it('checks a matmul against float64 and catches a wrong element', () => {
    const a = inputs(5 * 3, 1);
    const b = inputs(3 * 7, 2);
    const c = new Float32Array(5 * 7);
    for (let i = 0; i < 5; i++) for (let j = 0; j < 7; j++) for (let q = 0; q < 3; q++) c[i * 7 + j] += a[i * 3 + q]! * b[q * 7 + j]!;
    expect(checkResult(mm, a, b, c)).toMatch(/^ok/);
    c[0] += 1;
    expect(checkResult(mm, a, b, c)).toMatch(/^WRONG/);
    expect(work(mm)).toEqual({ flops: 2 * 5 * 7 * 3 });
  });
  it('checks Aᵀ·B with A stored K x M, and catches A read untransposed', () => {
    const [m, n, k] = [6, 7, 6];
    const c6: PeerCase = { ...mm, shape: [m, n, k], transposeA: true };
    const a = inputs(k * m, 1);
    const b = inputs(k * n, 2);
    const c = new Float32Array(m * n);
    for (let i = 0; i < m; i++) for (let j = 0; j < n; j++) for (let q = 0; q < k; q++) c[i * n + j] += a[q * m + i]! * b[q * n + j]!;
    expect(checkResult(c6, a, b, c)).toMatch(/^ok/);
    expect(checkResult({ ...c6, transposeA: false }, a, b, c)).toMatch(/^WRONG/);
  });
  it('checks an add exactly; f16 inputs are exact in f16', () => {
    const add: PeerCase = { ...mm, op: 'add', shape: [2, 3] };
    const a = inputs(6, 3);
    const b = inputs(6, 4);
    expect(
      checkResult(
        add,
        a,
        b,
        a.map((x, i) => x + b[i]!),
      ),
    ).toMatch(/^ok/);
    expect(
      checkResult(
        add,
        a,
        b,
        a.map((x) => x),
      ),
    ).toMatch(/^WRONG at element 0/);
    expect(work(add)).toEqual({ bytes: 3 * 4 * 6 });
    for (const x of inputs(100, 5, true)) expect(x * 1024).toBe(Math.round(x * 1024));
  });
  it('keeps every result of a round alive until the sync, then releases them', async () => {
    let alive = 0;
    let maxAlive = 0;
    const t = await timeCalls(
      () => ++alive,
      async (outs) => {
        maxAlive = Math.max(maxAlive, alive);
        expect(outs).toHaveLength(alive);
      },
      (outs) => (alive -= outs.length),
      { rounds: 3, warmMs: 0, minRoundMs: 0.001, maxCalls: 4 },
    );
    expect(alive).toBe(0);
    expect(t.calls).toBeGreaterThanOrEqual(1);
    expect(maxAlive).toBe(t.calls);
  });
});
