/**
 * What a provider executes: a manifest already resolved into byte buffers. The Node side builds
 * it (argument checks, uniform packing); the executor runs it in-process (Dawn) or inside the
 * Deno runner (wgpu).
 */

export interface ExecBinding {
  readonly binding: number;
  readonly kind: 'read-only-storage' | 'storage' | 'uniform';
  /** Initial contents; the buffer is this long, rounded up to 4 (at least 4). */
  readonly data: Uint8Array;
  /** Copy the buffer back after the dispatch. */
  readonly readBack: boolean;
}

export interface TimingOptions {
  /** Dispatches per submit; the reported time is per dispatch. */
  readonly repeat: number;
  /** Submits measured (one sample each). Default 5. */
  readonly rounds?: number;
  /** Submits run first and not measured. Default 1. */
  readonly warmup?: number;
  /** Untimed submits go on until this much wall clock has passed (at least `warmup` of them). Default 0. */
  readonly warmMs?: number;
}

export interface ExecRequest {
  readonly label: string;
  readonly wgsl: string;
  readonly entryPoint: string;
  readonly grid: readonly [number, number, number];
  readonly bindings: readonly ExecBinding[];
  readonly timing?: TimingOptions;
}

export interface KernelTimings {
  /** How perDispatchMs was measured: GPU timestamps around each round's pass, or wall clock. */
  readonly method: 'timestamp-query' | 'wall-clock';
  readonly repeat: number;
  /** One sample per round: time per dispatch in milliseconds, by `method`. */
  readonly perDispatchMs: readonly number[];
  /**
   * Wall clock per dispatch, always measured: from the first timed submit to the completion of
   * the last, over all dispatches (the rounds run back to back, so each round gets that figure).
   */
  readonly wallPerDispatchMs: readonly number[];
}

export interface ExecResult {
  /** Read-back contents by binding number (exact data length, no padding). */
  readonly outputs: ReadonlyMap<number, Uint8Array>;
  readonly timings?: KernelTimings;
  /**
   * Milliseconds from the kernel's shader module creation to its pipeline being ready
   * (createComputePipelineAsync resolved), measured the first time this device created them: cold
   * for the runner's process. Later runs of the same kernel reuse the pipeline and report the same
   * figure.
   */
  readonly pipelineMs: number;
}

export interface AdapterDescription {
  readonly vendor: string;
  readonly architecture: string;
  readonly device: string;
  readonly description: string;
  /** A software or fallback adapter (llvmpipe, SwiftShader, ...). */
  readonly software: boolean;
  readonly features: readonly string[];
  /** The fewest lanes a subgroup of this adapter may have (GPUAdapterInfo.subgroupMinSize), where the adapter says. */
  readonly subgroupMinSize?: number;
  readonly limits: {
    readonly maxComputeWorkgroupsPerDimension: number;
    readonly maxComputeInvocationsPerWorkgroup: number;
    readonly maxComputeWorkgroupStorageSize: number;
    readonly maxStorageBufferBindingSize: number;
    readonly maxStorageBuffersPerShaderStage: number;
  };
}

/** One line naming an adapter, e.g. `llvmpipe (LLVM 15.0.6, 256 bits) [vendor 0x10005, software]`. */
export function adapterSummary(a: AdapterDescription): string {
  const name = a.description || a.device || a.architecture || 'unnamed adapter';
  const tags = [a.vendor && `vendor ${a.vendor}`, a.architecture && a.architecture !== name ? a.architecture : '', a.software ? 'software' : 'hardware'];
  return `${name} [${tags.filter(Boolean).join(', ')}]`;
}
