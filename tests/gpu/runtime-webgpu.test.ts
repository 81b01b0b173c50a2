import { afterAll, describe, expect, it } from 'vitest';
import { bitsToFloat, floatToBits } from '../../core/ir/float-format.js';
import { RuntimeError, type TimingOptions } from '../../runtime/webgpu/index.js';
import { closeAll, openTestRuntimes, skipNotice } from './gpu-env.js';
import { accessMix, addMasked, blockReverse, compileError, halfScale, spin, uniformFields } from './kernels.js';

const runtimes = await openTestRuntimes();
afterAll(() => closeAll(runtimes));

async function caught(p: Promise<unknown>): Promise<RuntimeError> {
  try {
    await p;
  } catch (e) {
    if (e instanceof RuntimeError) return e;
    throw e;
  }
  throw new Error('expected a RuntimeError');
}

for (const { runtime, on } of runtimes)
  describe.skipIf(!runtime)(`runtime/webgpu ${on}`, () => {
    const rt = runtime!;

    it('names the provider and adapter', () => {
      expect(['dawn', 'wgpu']).toContain(rt.provider);
      expect(rt.description).toMatch(/^(dawn|wgpu) on .+\[.*(software|hardware)\]$/);
    });

    it('adds with an edge mask: n not a multiple of the workgroup size', async () => {
      const n = 1000; // 16 workgroups of 64 cover 1024
      const a = Float32Array.from({ length: 1024 }, (_, i) => i * 0.5);
      const b = Float32Array.from({ length: 1024 }, (_, i) => 1000 - i);
      const c = new Float32Array(1024).fill(-1);
      const r = await rt.run({ manifest: addMasked.manifest, wgsl: addMasked.wgsl, args: [a, b, c, n], grid: [16, 1, 1] });
      const out = r.outputs.get(2) as Float32Array;
      expect(out).toBeInstanceOf(Float32Array);
      expect(out.length).toBe(1024);
      for (let i = 0; i < n; i++) if (out[i] !== a[i]! + b[i]!) expect.fail(`c[${i}] = ${out[i]}, want ${a[i]! + b[i]!}`);
      expect([...out.slice(n)]).toEqual(new Array(1024 - n).fill(-1));
      expect([...r.outputs.keys()]).toEqual([2]);
      expect(r.provider).toBe(rt.provider);
    });

    it('skips the dispatch of a grid without workgroups (an empty problem): outputs unchanged, at once', async () => {
      // Dawn waited for the deadline on such a dispatch; a short one makes a regression fail fast.
      const c = Float32Array.of(7, 8);
      for (const grid of [
        [0, 1, 1],
        [4, 0, 1],
        [1, 1, 0],
      ] as const) {
        const r = await rt.run({ manifest: addMasked.manifest, wgsl: addMasked.wgsl, args: [new Float32Array(2), new Float32Array(2), c, 0], grid, timeoutMs: 5_000 });
        expect([...(r.outputs.get(2) as Float32Array)]).toEqual([7, 8]);
      }
      const timed = await rt.run({
        manifest: addMasked.manifest,
        wgsl: addMasked.wgsl,
        args: [new Float32Array(2), new Float32Array(2), c, 0],
        grid: [0, 1, 1],
        timeoutMs: 5_000,
        timing: { repeat: 2, rounds: 2 },
      });
      expect(timed.timings?.perDispatchMs).toHaveLength(2);
    });

    it('packs a uniform struct of several scalar fields and memref dimensions', async () => {
      const m = { data: Float32Array.from({ length: 15 }, (_, i) => i + 0.25), shape: [3, 5] };
      const out = new Uint32Array(8);
      const r = await rt.run({ manifest: uniformFields.manifest, wgsl: uniformFields.wgsl, args: [m, out, 1.5, 123456, -7, -2.75], grid: [1, 1, 1] });
      const got = r.outputs.get(1) as Uint32Array;
      const f32 = (x: number) => new Uint32Array(Float32Array.of(x).buffer)[0];
      expect([...got]).toEqual([f32(1.5), 123456, -7 >>> 0, 3, 5, f32(-2.75), f32(14.25), 0]);
    });

    it('reads back only read_write bindings, mapped to their argument index', async () => {
      const x = Float32Array.from({ length: 40 }, (_, i) => i - 20);
      const y = Float32Array.from({ length: 40 }, (_, i) => i * 3);
      const z = new Float32Array(40);
      const r = await rt.run({ manifest: accessMix.manifest, wgsl: accessMix.wgsl, args: [x, y, z], grid: [2, 1, 1] });
      expect([...r.outputs.keys()].sort()).toEqual([1, 2]);
      expect([...(r.outputs.get(1) as Float32Array)]).toEqual([...y].map((v, i) => 2 * v + x[i]!));
      expect([...(r.outputs.get(2) as Float32Array)]).toEqual([...x].map((v) => v * v));
      expect(y[3]).toBe(9); // the caller's arrays are not written
    });

    it('shares workgroup memory across a workgroupBarrier', async () => {
      const src = Int32Array.from({ length: 256 }, (_, i) => i * 7 - 100);
      const r = await rt.run({ manifest: blockReverse.manifest, wgsl: blockReverse.wgsl, args: [src, new Int32Array(256)], grid: [4, 1, 1] });
      const want = Array.from({ length: 256 }, (_, i) => src[Math.floor(i / 64) * 64 + 63 - (i % 64)]);
      expect([...(r.outputs.get(1) as Int32Array)]).toEqual(want);
    });

    it('reports a shader compile error at the IR location and the WGSL line:col', async () => {
      const e = await caught(rt.run({ manifest: compileError.manifest, wgsl: compileError.wgsl, args: [new Float32Array(4), new Float32Array(4), new Float32Array(4), 4], grid: [1, 1, 1] }));
      expect(e.kind).toBe('compile');
      const first = e.message.split('\n')[0]!;
      expect(first.startsWith('tests/gpu/bad.mlir:7:3: error: ')).toBe(true);
      expect(first).toContain(`add.wgsl:${compileError.badLine}:${compileError.badColumn})`);
      expect(first).toContain('bb');
      expect(e.message).toContain('bb[gid.x]'); // the offending WGSL line follows
      const messages = await rt.compile(compileError.wgsl);
      expect(messages.some((m) => m.type === 'error' && m.line === compileError.badLine)).toBe(true);
      expect(await rt.compile(addMasked.wgsl)).toEqual([]);
    });

    it('reports the milliseconds from shader module creation to the pipeline being ready: the first creation, again when cached', async () => {
      // WGSL of its own (a comment added), so that no other test created this pipeline first.
      const wgsl = `${addMasked.wgsl}// pipeline creation time\n`;
      const run = () => rt.run({ manifest: addMasked.manifest, wgsl, args: [Float32Array.of(1), Float32Array.of(2), new Float32Array(1), 1], grid: [1, 1, 1] });
      const first = await run();
      expect(first.pipelineMs).toBeGreaterThan(0);
      expect((await run()).pipelineMs).toBe(first.pipelineMs);
    });

    it('reports a pipeline that does not match its bindings as a validation error of its creation', async () => {
      // The manifest declares c read-only; the shader writes it: the pipeline layout does not fit.
      const bindings = addMasked.manifest.bindings.map((b) => (b.binding === 2 ? { ...b, access: 'read' as const } : b));
      const manifest = { ...addMasked.manifest, bindings };
      const e = await caught(rt.run({ manifest, wgsl: addMasked.wgsl, args: [new Float32Array(4), new Float32Array(4), new Float32Array(4), 4], grid: [1, 1, 1] }));
      expect(e.kind).toBe('validation');
      expect(e.message.split('\n')[0]).toMatch(/^tests\/gpu\/add\.mlir:1:1: error: WebGPU validation error while creating the pipeline of kernel @tests::@add: \S/);
      // The runtime stays usable.
      const r = await rt.run({ manifest: addMasked.manifest, wgsl: addMasked.wgsl, args: [Float32Array.of(1), Float32Array.of(2), new Float32Array(1), 1], grid: [1, 1, 1] });
      expect([...(r.outputs.get(2) as Float32Array)]).toEqual([3]);
    });

    it('stops a kernel that runs past its deadline by killing its runner, and stays usable', async () => {
      const started = Date.now();
      // Finite but long (seconds on an H100, about a minute on llvmpipe and SwiftShader).
      const e = await caught(rt.run({ manifest: spin.manifest, wgsl: spin.wgsl, args: [new Uint32Array(4096 * 64), 8192], grid: [4096, 1, 1], timeoutMs: 500 }));
      expect(e.kind).toBe('timeout');
      const first = e.message.split('\n')[0]!;
      expect(first).toMatch(
        /^tests\/gpu\/spin\.mlir:1:1: error: running kernel @tests::@spin did not finish within 500 ms under (dawn|wgpu): stopped after (\d+) ms by killing its (dawn|wgpu) runner/,
      );
      expect(first).toContain(`under ${rt.provider}: `);
      expect(Number(/stopped after (\d+) ms/.exec(first)![1])).toBeGreaterThanOrEqual(500);
      expect(Date.now() - started).toBeLessThan(15_000);
      // The next run starts a new runner at once: nothing queues behind the stopped kernel.
      const again = Date.now();
      const r = await rt.run({ manifest: spin.manifest, wgsl: spin.wgsl, args: [new Uint32Array(64), 2], grid: [1, 1, 1], timeoutMs: 10_000 });
      const lcg = (x: number) => (Math.imul(x, 1664525) + 1013904223) >>> 0;
      expect((r.outputs.get(0) as Uint32Array)[5]).toBe(lcg(lcg(lcg(lcg(5))))); // 2² steps
      expect(Date.now() - again).toBeLessThan(10_000);
    });

    it('times repeated dispatches and says how', async () => {
      const n = 4096;
      const r = await rt.run({
        manifest: addMasked.manifest,
        wgsl: addMasked.wgsl,
        args: [new Float32Array(n).fill(1), new Float32Array(n).fill(2), new Float32Array(n), n],
        grid: [n / 64, 1, 1],
        timing: { repeat: 4, rounds: 3 },
      });
      expect((r.outputs.get(2) as Float32Array)[n - 1]).toBe(3);
      const t = r.timings!;
      expect(t.method).toBe(rt.hasFeature('timestamp-query') ? 'timestamp-query' : 'wall-clock');
      expect(t.repeat).toBe(4);
      expect(t.perDispatchMs).toHaveLength(3);
      expect(t.wallPerDispatchMs).toHaveLength(3);
      for (const ms of [...t.perDispatchMs, ...t.wallPerDispatchMs]) expect(ms).toBeGreaterThan(0);
    });

    it('warms up for timing.warmMs of wall clock before the timed rounds, and rejects a bad warmMs or rounds', async () => {
      const n = 4096;
      const add = (timing: TimingOptions) =>
        rt.run({
          manifest: addMasked.manifest,
          wgsl: addMasked.wgsl,
          args: [new Float32Array(n).fill(1), new Float32Array(n).fill(2), new Float32Array(n), n],
          grid: [n / 64, 1, 1],
          timing,
        });
      const start = performance.now();
      const r = await add({ repeat: 2, rounds: 2, warmup: 1, warmMs: 400 });
      expect(performance.now() - start).toBeGreaterThanOrEqual(400);
      expect(r.timings!.perDispatchMs).toHaveLength(2);
      await expect(add({ repeat: 2, warmMs: -1 })).rejects.toThrow(/timing\.warmMs must be a non-negative number/);
      await expect(add({ repeat: 2, rounds: 0 })).rejects.toThrow(/timing\.rounds must be a positive integer, got 0/);
    });

    const hasF16 = runtime?.hasFeature('shader-f16') ?? false;
    if (!hasF16) skipNotice('f16 kernel: the adapter does not offer shader-f16', runtime);
    it.skipIf(!hasF16)('runs f16 storage and an f16 uniform field (Uint16Array bits)', async () => {
      const h = (x: number) => Number(floatToBits(x, 'f16'));
      const a = Uint16Array.from({ length: 101 }, (_, i) => h(i / 8 - 4));
      const r = await rt.run({ manifest: halfScale.manifest, wgsl: halfScale.wgsl, args: [a, new Uint16Array(101), 0.5], grid: [2, 1, 1] });
      const out = r.outputs.get(1) as Uint16Array;
      expect(out).toBeInstanceOf(Uint16Array);
      expect(out).toHaveLength(101);
      expect([...out].map((b) => bitsToFloat(BigInt(b), 'f16'))).toEqual([...a].map((b) => bitsToFloat(BigInt(b), 'f16') * 0.5 + 1));
    });

    it('refuses f16 kernels on adapters without shader-f16', async () => {
      if (hasF16) return; // covered above
      const e = await caught(rt.run({ manifest: halfScale.manifest, wgsl: halfScale.wgsl, args: [new Uint16Array(4), new Uint16Array(4), 1], grid: [1, 1, 1] }));
      expect(e.kind).toBe('unsupported');
    });
  });
