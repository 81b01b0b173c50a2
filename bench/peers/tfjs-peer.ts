#!/usr/bin/env node
/**
 * TensorFlow.js 4.22 (@tensorflow/tfjs-core + @tensorflow/tfjs-backend-webgpu) as a peer of
 * bench/seed-tables.ts: `tf.matMul` (`tf.matMul(a, b, true, false)` with `transposeA`: A stored
 * K x M) and `tf.add` of float32 tensors on the WebGPU backend, on
 * the Dawn (Node) or wgpu (Deno) GPU of peer-gpu.ts.
 *
 *   node build/peers/tfjs-peer.js --case '{"op":"matmul","dtype":"f32","shape":[1024,1024,1024],"rounds":5,"warmMs":500,"minRoundMs":20,"check":true}'
 *
 * WEBGPU_CPU_FORWARD is off, so that every problem runs on the GPU.
 * Timing (peer-gpu.ts timeCalls): calls in flight, then the backend's pending commands submitted
 * and `queue.onSubmittedWorkDone()` awaited, wall clock. TF.js has no float16 dtype: f16 cases
 * are reported unsupported.
 *
 * Row ops (bench/fused-kernels.ts), over the last dimension: `tf.softmax(x)`; LayerNorm as
 * tfjs-layers' LayerNormalization computes it (`tf.moments` over the last axis, then
 * (x - mean) * rsqrt(variance + 1e-5) * gamma + beta); RMSNorm as
 * x * rsqrt(mean(x²) + 1e-6) * gamma. TF.js has no fused LayerNorm or RMSNorm kernel: these run
 * as several kernels, each call inside `tf.tidy` (the intermediates freed, the result kept).
 *
 * Attention (bench/attention.ts), f32, Q [B·H, S, D], K and V [B·H, T, D]: composed as a user
 * would, `tf.matMul(tf.softmax(tf.add(tf.mul(tf.matMul(q, k, false, true), 1/√D), mask)), v)`,
 * the additive causal mask (0 / -Infinity, S x T, made once) only with `causal`. The scores are
 * materialized: the heads are split into calls of at most 1 GiB of scores each (peer-gpu.ts
 * attentionHeadsPerCall; one call of all heads below S = T = 2048), inputs made per group before
 * timing, one output per group.
 */
import * as peer from './peer-gpu.js';

interface WebGpuBackendLike {
  device: GPUDevice;
  commandEncoder: GPUCommandEncoder | null;
  ensureCommandEncoderReady(): void;
  endComputePassEncoder(): void;
  submitQueue(): void;
}

async function load(): Promise<peer.PeerLibrary> {
  // The backend registers itself at import time if navigator.gpu exists: import after peerMain set it.
  const tf = await import('@tensorflow/tfjs-core');
  await import('@tensorflow/tfjs-backend-webgpu');
  // Small problems would otherwise run on the CPU (inputs under 1000 elements not yet on the GPU).
  tf.env().set('WEBGPU_CPU_FORWARD', false);
  if (!(await tf.setBackend('webgpu'))) throw new Error('TF.js: the webgpu backend did not start');
  await tf.ready();
  const backend = tf.backend() as unknown as WebGpuBackendLike;
  const sync = async (): Promise<void> => {
    // As the backend's own readback does: close the open compute pass, submit what is recorded.
    backend.ensureCommandEncoderReady();
    backend.endComputePassEncoder();
    backend.submitQueue();
    await backend.device.queue.onSubmittedWorkDone();
  };
  return {
    name: 'TensorFlow.js (tfjs-backend-webgpu)',
    version: () => tf.version_core,
    supports: (c) => (c.dtype === 'f16' ? 'TF.js has no float16 dtype' : undefined),
    async run(c: peer.PeerCase, adapter: peer.AdapterSummary) {
      if (peer.isRowOp(c.op)) return runRows(c, c.op);
      if (c.op === 'attention') return runAttention(c, adapter);
      const { a, b, shapes, resultBytes } = peer.binaryInputs(c);
      const x = tf.tensor2d(a, shapes[0]);
      const y = tf.tensor2d(b, shapes[1]);
      const call = c.op === 'add' ? () => tf.add(x, y) : c.transposeA ? () => tf.matMul(x, y, true, false) : () => tf.matMul(x, y);
      let check = 'not checked';
      if (c.check) {
        const out = call();
        check = peer.checkResult(c, a, b, (await out.data()) as Float32Array);
        out.dispose();
      }
      const t = await peer.timeCalls(call, sync, (outs) => outs.forEach((o) => o.dispose()), peer.caseTiming(c, peer.maxCallsFor(resultBytes)));
      x.dispose();
      y.dispose();
      return { ...t, check };
    },
  };

  async function runRows(c: peer.PeerCase, op: peer.RowOp): Promise<peer.PeerRun> {
    const { rows, cols, inp } = peer.rowCase(c, op);
    const x = tf.tensor2d(inp.x, [rows, cols]);
    const gamma = inp.gamma ? tf.tensor1d(inp.gamma) : undefined;
    const beta = inp.beta ? tf.tensor1d(inp.beta) : undefined;
    const eps = peer.ROW_EPS[op];
    const f = (): ReturnType<typeof tf.add> => {
      if (op === 'softmax') return tf.softmax(x);
      if (op === 'layernorm') {
        const { mean, variance } = tf.moments(x, -1, true);
        return tf.add(tf.mul(tf.mul(tf.sub(x, mean), tf.rsqrt(tf.add(variance, eps))), gamma!), beta!);
      }
      return tf.mul(tf.mul(x, tf.rsqrt(tf.add(tf.mean(tf.square(x), -1, true), eps))), gamma!);
    };
    const call = () => tf.tidy(f);
    let check = 'not checked';
    if (c.check) {
      const out = call();
      check = peer.checkRows(op, rows, cols, inp, (await out.data()) as Float32Array);
      out.dispose();
    }
    const t = await peer.timeCalls(call, sync, (outs) => outs.forEach((o) => o.dispose()), peer.caseTiming(c, peer.maxCallsFor(4 * rows * cols)));
    for (const v of [x, gamma, beta]) v?.dispose();
    return { ...t, check };
  }

  async function runAttention(c: peer.PeerCase, adapter: peer.AdapterSummary): Promise<peer.PeerRun> {
    const a = peer.composedAttention(c, adapter);
    const groups = a.groups((x, n) => tf.tensor3d(x, [a.per, n, a.d]));
    const mask = a.mask ? tf.tensor2d(a.mask, [a.s, a.t]) : undefined;
    const scale = tf.scalar(1 / Math.sqrt(a.d));
    type Tensor = ReturnType<typeof tf.tensor3d>;
    const one = (q: Tensor, k: Tensor, v: Tensor): Tensor => {
      const scores = tf.mul(tf.matMul(q, k, false, true), scale);
      return tf.matMul(tf.softmax(mask ? tf.add(scores, mask) : scores), v);
    };
    const call = (): Tensor[] => groups.map((g) => tf.tidy(() => one(g.q, g.k, g.v)));
    let check = 'not checked';
    if (c.check) {
      const outs = call();
      check = a.check(await Promise.all(outs.map((o) => o.data() as Promise<Float32Array>)));
      for (const o of outs) o.dispose();
    }
    const t0 = await peer.timeCalls(call, sync, (outs) => outs.forEach((o) => o.forEach((x) => x.dispose())), a.timing);
    for (const g of groups) for (const x of [g.q, g.k, g.v]) x.dispose();
    mask?.dispose();
    scale.dispose();
    return a.result(t0, check, 'matMul');
  }
}

await peer.peerMain(load);
