/**
 * A WebGPU runtime over an opened provider (runtime.ts's openRuntime: Dawn or wgpu in a runner
 * subprocess; device-backend.ts: a GPUDevice the caller opened, in a browser or under Dawn). Runs
 * kernels described by a KernelManifest with arguments checked, uniforms packed, buffers read back,
 * and every failure reported as a RuntimeError. No Node-only imports here (the browser uses it).
 */
import type { KernelManifest } from '../../targets/wgsl/manifest.js';
import { checkArguments, typedArrayOf, type BufferData, type KernelArgValue } from './arguments.js';
import type { Backend, ProviderName } from './backend.js';
import { formatCompileReport } from './compile-messages.js';
import { RuntimeError, type CompileMessage } from './errors.js';
import { adapterSummary, type AdapterDescription, type ExecBinding, type KernelTimings, type TimingOptions } from './exec-types.js';
import { packUniforms } from './uniforms.js';

export const DEFAULT_TIMEOUT_MS = 60_000;

export interface RunRequest {
  readonly manifest: KernelManifest;
  readonly wgsl: string;
  /** One value per manifest.arguments entry. */
  readonly args: readonly KernelArgValue[];
  /** Workgroups to dispatch in x, y, z. */
  readonly grid: readonly [number, number, number];
  /** Deadline for the whole run (compile, dispatch, read back, timing). Default 60 s. */
  readonly timeoutMs?: number;
  /** Also time the kernel: `repeat` dispatches per submit, after the checked run. */
  readonly timing?: TimingOptions;
}

export interface RunResult<P extends string = ProviderName> {
  /** Contents of every read_write memref after one dispatch, by argument index. */
  readonly outputs: Map<number, BufferData>;
  readonly provider: P;
  /** One line naming the adapter (see adapterSummary). */
  readonly adapter: string;
  readonly timings?: KernelTimings;
  /** Milliseconds from shader module creation to the pipeline being ready, first (cold) creation on this runtime's device (ExecResult.pipelineMs). */
  readonly pipelineMs: number;
}

/** `P`: the provider's name (`dawn`, `wgpu`; `device` for a caller's GPUDevice). */
export class WebGpuRuntime<P extends string = ProviderName> {
  constructor(private readonly backend: Backend<P>) {}

  get provider(): P {
    return this.backend.provider;
  }
  get adapter(): AdapterDescription {
    return this.backend.adapter;
  }
  /** e.g. `wgpu on llvmpipe (LLVM 15.0.6, 256 bits) [vendor 0x10005, software]`. */
  get description(): string {
    return `${this.backend.provider} on ${adapterSummary(this.backend.adapter)}`;
  }
  /** Where the provider came from: `npm webgpu`, a dawn.node path, or the deno binary. */
  get source(): string {
    return this.backend.source;
  }
  hasFeature(name: string): boolean {
    return this.backend.adapter.features.includes(name);
  }

  /** The compiler's messages for `wgsl` (empty when it compiles cleanly). */
  compile(wgsl: string, timeoutMs = DEFAULT_TIMEOUT_MS): Promise<CompileMessage[]> {
    return this.backend.compile(wgsl, timeoutMs);
  }

  async run(req: RunRequest): Promise<RunResult<P>> {
    const { manifest } = req;
    const checked = checkArguments(manifest, req.args);
    this.checkLaunch(req);
    const bindings: ExecBinding[] = manifest.bindings.map((b) => {
      const data = checked.memrefs.get(b.argIndex)!.data;
      return {
        binding: b.binding,
        kind: b.access === 'read' ? 'read-only-storage' : 'storage',
        data: new Uint8Array(data.buffer, data.byteOffset, data.byteLength),
        readBack: b.access === 'read_write',
      };
    });
    const uniforms = packUniforms(manifest, checked);
    if (uniforms && manifest.uniforms) bindings.push({ binding: manifest.uniforms.binding, kind: 'uniform', data: uniforms, readBack: false });
    try {
      const result = await this.backend.execute(
        { label: `kernel ${manifest.symbol}`, wgsl: req.wgsl, entryPoint: manifest.entryPoint, grid: req.grid, bindings, timing: req.timing },
        req.timeoutMs ?? DEFAULT_TIMEOUT_MS,
      );
      const outputs = new Map<number, BufferData>();
      for (const b of manifest.bindings) {
        const bytes = result.outputs.get(b.binding);
        if (bytes) outputs.set(b.argIndex, typedArrayOf(b.elementType, bytes));
      }
      return { outputs, provider: this.provider, adapter: adapterSummary(this.adapter), timings: result.timings, pipelineMs: result.pipelineMs };
    } catch (e) {
      if (e instanceof RuntimeError && e.kind === 'compile') {
        throw new RuntimeError('compile', formatCompileReport(e.compileMessages, req.wgsl, manifest), e.compileMessages);
      }
      if (e instanceof RuntimeError && manifest.location && e.kind !== 'compile') {
        throw new RuntimeError(e.kind, `${manifest.location}: error: ${e.message}`, e.compileMessages);
      }
      throw e;
    }
  }

  close(): Promise<void> {
    return this.backend.close();
  }

  /** A kernel whose shuffles assume subgroups of N lanes runs only where no subgroup is smaller. */
  private checkSubgroups(manifest: KernelManifest, kernel: string): void {
    const lanes = manifest.subgroupSize;
    // (Without the 'subgroups' feature the device rejects the shader, reported at the IR op of its line.)
    if (lanes === undefined || !this.hasFeature('subgroups')) return;
    const min = this.adapter.subgroupMinSize;
    if (min !== undefined && min < lanes) {
      throw new RuntimeError(
        'unsupported',
        `${kernel} was compiled for subgroups of at least ${lanes} lanes (subgroup-size=${lanes}), but ${this.description} has subgroups of ${min}; compile with subgroup-size=${min}`,
      );
    }
  }

  private checkLaunch(req: RunRequest): void {
    const { manifest } = req;
    const kernel = `kernel ${manifest.symbol}`;
    const max = this.adapter.limits.maxComputeWorkgroupsPerDimension;
    if (req.grid.length !== 3 || !req.grid.every((g) => Number.isInteger(g) && g >= 0 && g <= max)) {
      throw new RuntimeError('argument', `${kernel}: grid [${req.grid.join(', ')}] must be 3 integers in [0, ${max}]`);
    }
    const threads = manifest.workgroupSize.reduce((a, b) => a * b, 1);
    if (threads > this.adapter.limits.maxComputeInvocationsPerWorkgroup) {
      throw new RuntimeError('unsupported', `${kernel}: workgroup of ${threads} invocations exceeds this adapter's ${this.adapter.limits.maxComputeInvocationsPerWorkgroup}`);
    }
    if (manifest.enables.includes('f16') && !this.hasFeature('shader-f16')) {
      throw new RuntimeError('unsupported', `${kernel} needs shader-f16, which ${this.description} does not offer`);
    }
    this.checkSubgroups(manifest, kernel);
    if (req.timing && !(Number.isInteger(req.timing.repeat) && req.timing.repeat >= 1)) {
      throw new RuntimeError('argument', `${kernel}: timing.repeat must be a positive integer, got ${req.timing.repeat}`);
    }
    const rounds = req.timing?.rounds;
    if (rounds !== undefined && !(Number.isInteger(rounds) && rounds >= 1)) {
      throw new RuntimeError('argument', `${kernel}: timing.rounds must be a positive integer, got ${rounds}`);
    }
    const warmMs = req.timing?.warmMs;
    if (warmMs !== undefined && !(Number.isFinite(warmMs) && warmMs >= 0)) {
      throw new RuntimeError('argument', `${kernel}: timing.warmMs must be a non-negative number of milliseconds, got ${warmMs}`);
    }
  }
}
