#!/usr/bin/env node
/**
 * jax-js (@jax-js/jax) as a peer of bench/seed-tables.ts: `np.matmul` (`np.matmul(a.transpose(), b)`
 * with `transposeA`: A stored K x M, transposed inside the jitted function) and `np.add` under `jit`
 * on its WebGPU backend, float32, and float16 where the adapter has `shader-f16` (wgpu under
 * Deno; Dawn does not offer it on the H100), on the GPU of peer-gpu.ts.
 *
 *   node build/peers/jaxjs-peer.js --case '{"op":"add","dtype":"f32","shape":[1000,2000],"rounds":5,"warmMs":500,"minRoundMs":20,"check":true}'
 *   deno run -A build/peers/jaxjs-peer.js --case '{"op":"matmul","dtype":"f16",...}'
 *
 * jax-js evaluates lazily and frees what nothing references: every result of a round is kept
 * alive until `blockUntilReady` of all of them returns (disposing a pending result lets it skip
 * the work: ../shared/gpu/README.md), then disposed. Wall clock (peer-gpu.ts timeCalls).
 * The f16 matmul returns f16 (jax's dtype rule), accumulating as jax-js's kernel does.
 *
 * Row ops (bench/fused-kernels.ts), f32 over the last axis, each one jitted function:
 * `nn.softmax(x, -1)`; LayerNorm `nn.standardize(x, -1, { epsilon: 1e-5 }) * gamma + beta`
 * (biased variance); RMSNorm `x / sqrt(mean(x², -1) + 1e-6) * gamma`.
 *
 * Attention (bench/attention.ts), f32, Q [B·H, S, D], K and V [B·H, T, D], one jitted function:
 * `np.matmul(nn.softmax(np.matmul(q, np.swapaxes(k, -1, -2)) * (1/√D) + mask, -1), v)`, the
 * additive causal mask (0 / -Infinity, S x T, made once) only with `causal`. (jax-js's own
 * `nn.dotProductAttention` is the same composition, through einsum.) The scores are materialized:
 * the heads are split into calls of at most 1 GiB of scores each (peer-gpu.ts
 * attentionHeadsPerCall), inputs made per group before timing, one output per group.
 */
import * as peer from './peer-gpu.js';

async function load(): Promise<peer.PeerLibrary> {
  const jax = await import('@jax-js/jax');
  const { numpy: np, nn, jit, init, defaultDevice } = jax;
  const devices = await init();
  if (!devices.includes('webgpu')) throw new Error(`jax-js: no webgpu device (devices: ${devices.join(', ')})`);
  defaultDevice('webgpu');
  type Arr = InstanceType<typeof jax.Array>;
  return {
    name: 'jax-js',
    version: () => JAXJS_VERSION,
    supports: (c, adapter) => (c.dtype === 'f16' && !adapter.f16 ? 'the adapter has no shader-f16' : undefined),
    async run(c: peer.PeerCase, adapter: peer.AdapterSummary) {
      if (peer.isRowOp(c.op)) return runRows(c, c.op);
      if (c.op === 'attention') return runAttention(c, adapter);
      const dtype = c.dtype === 'f16' ? np.float16 : np.float32;
      const { a, b, shapes, resultBytes } = peer.binaryInputs(c);
      const fn = (
        c.op === 'add' ? jit((x: Arr, y: Arr) => np.add(x, y)) : c.transposeA ? jit((x: Arr, y: Arr) => np.matmul(x.transpose(), y)) : jit((x: Arr, y: Arr) => np.matmul(x, y))
      ) as (x: Arr, y: Arr) => Arr;
      const x = np.array(a, { dtype: np.float32 }).reshape(shapes[0]).astype(dtype);
      const y = np.array(b, { dtype: np.float32 }).reshape(shapes[1]).astype(dtype);
      await x.blockUntilReady();
      await y.blockUntilReady();
      const call = (): Arr => fn(x.ref, y.ref);
      let check = 'not checked';
      if (c.check) {
        const out = call().astype(np.float32);
        check = peer.checkResult(c, a, b, (await out.data()) as Float32Array);
      }
      const t = await peer.timeCalls(
        call,
        async (outs) => {
          await Promise.all(outs.map((o) => o.blockUntilReady()));
        },
        (outs) => outs.forEach((o) => o.dispose()),
        peer.caseTiming(c, peer.maxCallsFor(resultBytes)),
      );
      x.dispose();
      y.dispose();
      return { ...t, check };
    },
  };

  async function runRows(c: peer.PeerCase, op: peer.RowOp): Promise<peer.PeerRun> {
    const { rows, cols, inp } = peer.rowCase(c, op);
    const eps = peer.ROW_EPS[op];
    const fn = (
      op === 'softmax'
        ? jit((x: Arr) => nn.softmax(x, -1))
        : op === 'layernorm'
          ? jit((x: Arr, g: Arr, b: Arr) => np.add(np.multiply(nn.standardize(x, -1, { epsilon: eps }), g), b))
          : jit((x: Arr, g: Arr) => np.multiply(np.divide(x.ref, np.sqrt(np.add(np.mean(np.square(x), -1, { keepdims: true }), eps))), g))
    ) as (...a: Arr[]) => Arr;
    const args = [np.array(inp.x, { dtype: np.float32 }).reshape([rows, cols]), ...[inp.gamma, inp.beta].filter((v) => v !== undefined).map((v) => np.array(v, { dtype: np.float32 }))];
    for (const a of args) await a.blockUntilReady();
    const call = (): Arr => fn(...args.map((a) => a.ref));
    let check = 'not checked';
    if (c.check) check = peer.checkRows(op, rows, cols, inp, (await call().data()) as Float32Array);
    const t = await peer.timeCalls(
      call,
      async (outs) => {
        await Promise.all(outs.map((o) => o.blockUntilReady()));
      },
      (outs) => outs.forEach((o) => o.dispose()),
      peer.caseTiming(c, peer.maxCallsFor(4 * rows * cols)),
    );
    for (const a of args) a.dispose();
    return { ...t, check };
  }

  async function runAttention(c: peer.PeerCase, adapter: peer.AdapterSummary): Promise<peer.PeerRun> {
    const a = peer.composedAttention(c, adapter);
    const scale = 1 / Math.sqrt(a.d);
    const fn = (
      a.causal
        ? jit((q: Arr, k: Arr, v: Arr, mask: Arr) => np.matmul(nn.softmax(np.add(np.multiply(np.matmul(q, np.swapaxes(k, -1, -2)), scale), mask), -1), v))
        : jit((q: Arr, k: Arr, v: Arr) => np.matmul(nn.softmax(np.multiply(np.matmul(q, np.swapaxes(k, -1, -2)), scale), -1), v))
    ) as (...a: Arr[]) => Arr;
    const groups = a.groups((x, n) => np.array(x, { dtype: np.float32 }).reshape([a.per, n, a.d]));
    const mask = a.mask ? np.array(a.mask, { dtype: np.float32 }).reshape([a.s, a.t]) : undefined;
    const all = [...groups.flatMap((g) => [g.q, g.k, g.v]), ...(mask ? [mask] : [])];
    for (const x of all) await x.blockUntilReady();
    const call = (): Arr[] => groups.map((g) => fn(...[g.q, g.k, g.v, ...(mask ? [mask] : [])].map((x) => x.ref)));
    let check = 'not checked';
    if (c.check) check = a.check(await Promise.all(call().map((o) => o.data() as Promise<Float32Array>)));
    const t0 = await peer.timeCalls(
      call,
      async (outs) => {
        await Promise.all(outs.flat().map((o) => o.blockUntilReady()));
      },
      (outs) => outs.forEach((o) => o.forEach((x) => x.dispose())),
      a.timing,
    );
    for (const x of all) x.dispose();
    return a.result(t0, check, 'call');
  }
}

/** The version package.json pins (the package exports neither its version nor its package.json): keep the two equal. */
const JAXJS_VERSION = '0.1.25';

await peer.peerMain(load);
