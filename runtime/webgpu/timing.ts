/**
 * Kernel timing for benchmarks: runs a kernel once (outputs checked by the caller), then times
 * `repeat` dispatches per submit over several rounds and summarizes per-dispatch times.
 */
import type { KernelTimings } from './exec-types.js';
import type { RunRequest, RunResult, WebGpuRuntime } from './webgpu-runtime.js';

export interface KernelBenchmark {
  readonly provider: string;
  readonly adapter: string;
  readonly method: KernelTimings['method'];
  readonly repeat: number;
  /** Per-dispatch milliseconds over the rounds. */
  readonly medianMs: number;
  readonly minMs: number;
  readonly maxMs: number;
  readonly samplesMs: readonly number[];
  /** Wall clock per dispatch (median), for comparing with runtimes timed by wall clock only. */
  readonly wallMedianMs: number;
  /** The outputs of the first (untimed) dispatch, for checking correctness. */
  readonly result: RunResult<string>;
}

export interface BenchmarkOptions {
  /** Dispatches per submit. Default 10. */
  readonly repeat?: number;
  /** Timed submits. Default 5. */
  readonly rounds?: number;
  /** Untimed submits first. Default 1. */
  readonly warmup?: number;
  /** Untimed submits go on for at least this long (wall clock). Default 0. */
  readonly warmMs?: number;
}

function median(xs: readonly number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  const mid = s.length >> 1;
  return s.length % 2 ? s[mid]! : (s[mid - 1]! + s[mid]!) / 2;
}

export function summarizeTimings(t: KernelTimings): { medianMs: number; minMs: number; maxMs: number; wallMedianMs: number } {
  return { medianMs: median(t.perDispatchMs), minMs: Math.min(...t.perDispatchMs), maxMs: Math.max(...t.perDispatchMs), wallMedianMs: median(t.wallPerDispatchMs) };
}

export async function benchmarkKernel(runtime: WebGpuRuntime<string>, request: Omit<RunRequest, 'timing'>, options: BenchmarkOptions = {}): Promise<KernelBenchmark> {
  const timing = { repeat: options.repeat ?? 10, rounds: options.rounds ?? 5, warmup: options.warmup ?? 1, warmMs: options.warmMs ?? 0 };
  const result = await runtime.run({ ...request, timing });
  const t = result.timings!;
  return { provider: result.provider, adapter: result.adapter, method: t.method, repeat: t.repeat, samplesMs: t.perDispatchMs, ...summarizeTimings(t), result };
}

/** Rates for a per-dispatch time: GFLOP/s from a flop count, GB/s from bytes moved. */
export function throughput(ms: number, work: { readonly flops?: number; readonly bytes?: number }): { gflops?: number; gbps?: number } {
  return {
    gflops: work.flops === undefined ? undefined : work.flops / ms / 1e6,
    gbps: work.bytes === undefined ? undefined : work.bytes / ms / 1e6,
  };
}

/**
 * benchmarkKernel after the GPU has left its idle clocks: a first short run estimates the
 * kernel's time (by GPU timestamps where the adapter has them: under wgpu the wall clock of a
 * short run is mostly Deno's ~10 ms wait for completion), then untimed dispatches run for at
 * least `warmMs` (500) before the timed rounds, each submit holding at least `minSubmitMs` (20)
 * of dispatches (at most 1000). Measured on the H200: with 10 dispatches of a 0.1 ms kernel the
 * SM clock stayed near its idle 345 MHz and an add timed at a third of its speed.
 */
export async function benchmarkWarm(
  runtime: WebGpuRuntime<string>,
  request: Omit<RunRequest, 'timing'>,
  options: BenchmarkOptions & { readonly minSubmitMs?: number } = {},
): Promise<KernelBenchmark> {
  const repeat0 = options.repeat ?? 10;
  const probe = await benchmarkKernel(runtime, request, { repeat: repeat0, rounds: 1, warmup: 1 });
  const ms = Math.max(probe.method === 'timestamp-query' ? probe.medianMs : probe.wallMedianMs, 1e-3);
  const repeat = Math.min(1000, Math.max(repeat0, Math.ceil((options.minSubmitMs ?? 20) / ms)));
  return benchmarkKernel(runtime, request, { repeat, rounds: options.rounds ?? 5, warmup: options.warmup ?? 1, warmMs: options.warmMs ?? 500 });
}
