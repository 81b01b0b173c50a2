/// <reference types="@webgpu/types" />
/**
 * Runs an ExecRequest on a WebGPU device. Provider-agnostic: it gets a `navigator.gpu`
 * equivalent and the WebGPU flag constants, so the same code runs in-process under Dawn and
 * inside the Deno runner under wgpu. No Node-only imports here.
 */
import { RuntimeError, type CompileMessage } from './errors.js';
import type { AdapterDescription, ExecRequest, ExecResult, KernelTimings } from './exec-types.js';

/** The flag namespaces of WebGPU (globals in browsers and Deno, `globals` of Dawn's addon). */
export interface WebGpuConstants {
  readonly GPUBufferUsage: {
    readonly MAP_READ: number;
    readonly COPY_SRC: number;
    readonly COPY_DST: number;
    readonly UNIFORM: number;
    readonly STORAGE: number;
    readonly QUERY_RESOLVE: number;
  };
  readonly GPUMapMode: { readonly READ: number };
  readonly GPUShaderStage: { readonly COMPUTE: number };
}

const OPTIONAL_FEATURES = ['timestamp-query', 'shader-f16', 'subgroups'] as const;
const SOFTWARE_ADAPTER = /llvmpipe|lavapipe|softpipe|swiftshader|microsoft basic render|warp/i;

function describeAdapter(adapter: GPUAdapter | undefined, device: GPUDevice): AdapterDescription {
  // A device handed in by a caller (api/) describes its adapter itself (GPUDevice.adapterInfo).
  const info = (adapter?.info ?? (device as { adapterInfo?: GPUAdapterInfo }).adapterInfo ?? {}) as Partial<GPUAdapterInfo> & { isFallbackAdapter?: boolean };
  const legacyFallback = (adapter as unknown as { isFallbackAdapter?: boolean } | undefined)?.isFallbackAdapter;
  const vendor = info.vendor === undefined ? '' : typeof info.vendor === 'number' ? `0x${(info.vendor as number).toString(16)}` : String(info.vendor);
  const description = String(info.description ?? '');
  const deviceName = info.device === undefined ? '' : String(info.device);
  const l = device.limits;
  return {
    vendor,
    architecture: String(info.architecture ?? ''),
    device: deviceName === '0' ? '' : deviceName,
    description,
    software: Boolean(info.isFallbackAdapter || legacyFallback || SOFTWARE_ADAPTER.test(`${description} ${deviceName} ${info.architecture ?? ''}`)),
    features: [...device.features].map(String).sort(),
    ...(typeof info.subgroupMinSize === 'number' && info.subgroupMinSize > 0 ? { subgroupMinSize: info.subgroupMinSize } : {}),
    limits: {
      maxComputeWorkgroupsPerDimension: l.maxComputeWorkgroupsPerDimension,
      maxComputeInvocationsPerWorkgroup: l.maxComputeInvocationsPerWorkgroup,
      maxComputeWorkgroupStorageSize: l.maxComputeWorkgroupStorageSize,
      maxStorageBufferBindingSize: l.maxStorageBufferBindingSize,
      maxStorageBuffersPerShaderStage: l.maxStorageBuffersPerShaderStage,
    },
  };
}

const ERROR_FILTERS: readonly GPUErrorFilter[] = ['internal', 'out-of-memory', 'validation'];

export class GpuExecutor {
  /** Shader modules by WGSL, with the milliseconds their creation took (createShaderModule to getCompilationInfo). */
  private readonly modules = new Map<string, { readonly module: GPUShaderModule; readonly ms: number }>();
  /** Pipelines by entry point, layout and WGSL, with their creation time (see GpuExecutorPipeline.ms). */
  private readonly pipelines = new Map<string, { readonly pipeline: GPUComputePipeline; readonly ms: number }>();
  private lostError: RuntimeError | null = null;
  private readonly lost: Promise<never>;

  private constructor(
    private readonly device: GPUDevice,
    readonly adapter: AdapterDescription,
    private readonly c: WebGpuConstants,
  ) {
    this.lost = device.lost.then((info) => {
      this.lostError = new RuntimeError('device-lost', `WebGPU device lost (${info.reason ?? 'unknown'}): ${info.message || 'no message'}`);
      throw this.lostError;
    });
    this.lost.catch(() => undefined); // observed through race() only
  }

  /** Null when the provider has no adapter. */
  static async open(gpu: GPU, constants: WebGpuConstants): Promise<GpuExecutor | null> {
    const adapter = await gpu.requestAdapter({ powerPreference: 'high-performance' });
    if (!adapter) return null;
    const requiredFeatures = OPTIONAL_FEATURES.filter((f) => adapter.features.has(f)) as GPUFeatureName[];
    const al = adapter.limits;
    const requiredLimits: Record<string, number> = {};
    for (const k of [
      'maxStorageBufferBindingSize',
      'maxBufferSize',
      'maxComputeWorkgroupStorageSize',
      'maxComputeInvocationsPerWorkgroup',
      'maxComputeWorkgroupSizeX',
      'maxComputeWorkgroupSizeY',
      'maxComputeWorkgroupSizeZ',
      'maxStorageBuffersPerShaderStage',
    ] as const) {
      requiredLimits[k] = al[k];
    }
    const device = await adapter.requestDevice({ requiredFeatures, requiredLimits });
    return new GpuExecutor(device, describeAdapter(adapter, device), constants);
  }

  /** An executor on a device that the caller opened (and destroys: `destroy` is not for it). */
  static forDevice(device: GPUDevice, constants: WebGpuConstants): GpuExecutor {
    return new GpuExecutor(device, describeAdapter(undefined, device), constants);
  }

  /** Compiler messages for `wgsl` (positions in the WGSL text). */
  async compile(wgsl: string): Promise<CompileMessage[]> {
    return (await this.compileModule(wgsl)).messages;
  }

  async run(req: ExecRequest): Promise<ExecResult> {
    if (this.lostError) throw this.lostError;
    return Promise.race([this.runOnDevice(req), this.lost]);
  }

  destroy(): void {
    this.device.destroy();
  }

  /** The module of `wgsl` (created once), its compiler messages, and the milliseconds its creation took. */
  private async compileModule(wgsl: string): Promise<{ module: GPUShaderModule; messages: CompileMessage[]; ms: number }> {
    const cached = this.modules.get(wgsl);
    const start = performance.now();
    const module = cached?.module ?? (await this.scoped('compile', () => this.device.createShaderModule({ code: wgsl }), true)).value;
    const info = await module.getCompilationInfo();
    const ms = cached?.ms ?? performance.now() - start;
    const messages = info.messages.map((m): CompileMessage => ({ type: m.type, line: m.lineNum, column: m.linePos, message: m.message }));
    if (!cached && !messages.some((m) => m.type === 'error')) this.modules.set(wgsl, { module, ms });
    return { module, messages, ms };
  }

  private async pipeline(req: ExecRequest): Promise<GpuExecutorPipeline> {
    const layoutKey = req.bindings.map((b) => `${b.binding}:${b.kind}`).join(',');
    const key = `${req.entryPoint}\0${layoutKey}\0${req.wgsl}`;
    const layoutEntries: GPUBindGroupLayoutEntry[] = req.bindings.map((b) => ({ binding: b.binding, visibility: this.c.GPUShaderStage.COMPUTE, buffer: { type: b.kind } }));
    let created = this.pipelines.get(key);
    if (!created) {
      const { module, messages, ms: moduleMs } = await this.compileModule(req.wgsl);
      const errors = messages.filter((m) => m.type === 'error');
      if (errors.length > 0) throw new RuntimeError('compile', `WGSL compilation of ${req.label} failed: ${firstLine(errors[0]!.message)}`, messages);
      const what = `creating the pipeline of ${req.label}`;
      const start = performance.now();
      const { value: pipeline } = await this.scoped(what, async () => {
        const bindGroupLayout = this.device.createBindGroupLayout({ entries: layoutEntries });
        const layout = this.device.createPipelineLayout({ bindGroupLayouts: [bindGroupLayout] });
        // Asynchronous creation, as an application that keeps its thread free does: the
        // implementation may compile off the calling thread, and resolves when the pipeline is
        // ready (where the creation time ends). A pipeline that fails rejects with a
        // GPUPipelineError instead of reaching the error scopes (where a provider creates it
        // synchronously, the scopes catch it as before): both become the same error.
        try {
          return await this.device.createComputePipelineAsync({ layout, compute: { module, entryPoint: req.entryPoint } });
        } catch (e) {
          throw pipelineError(e, what);
        }
      });
      created = { pipeline, ms: moduleMs + (performance.now() - start) };
      this.pipelines.set(key, created);
    }
    return { pipeline: created.pipeline, layout: created.pipeline.getBindGroupLayout(0), ms: created.ms };
  }

  private async runOnDevice(req: ExecRequest): Promise<ExecResult> {
    const { pipeline, layout, ms: pipelineMs } = await this.pipeline(req);
    const U = this.c.GPUBufferUsage;
    const buffers: GPUBuffer[] = [];
    try {
      const { value: setup } = await this.scoped(`binding the buffers of ${req.label}`, () => {
        const bound = req.bindings.map((b) => {
          // Storage buffers in whole 16-byte units: kernels may declare them as arrays of vec4 (manifest `lanes`).
          const unit = b.kind === 'uniform' ? 4 : 16;
          const size = Math.max(unit, Math.ceil(b.data.byteLength / unit) * unit);
          const usage = (b.kind === 'uniform' ? U.UNIFORM : U.STORAGE) | U.COPY_DST | U.COPY_SRC;
          const buffer = this.device.createBuffer({ label: `binding ${b.binding}`, size, usage });
          buffers.push(buffer);
          if (b.data.byteLength > 0) this.device.queue.writeBuffer(buffer, 0, padTo4(b.data) as Uint8Array<ArrayBuffer>);
          return { b, buffer, size };
        });
        const bindGroup = this.device.createBindGroup({ layout, entries: bound.map(({ b, buffer }) => ({ binding: b.binding, resource: { buffer } })) });
        const staging = bound
          .filter(({ b }) => b.readBack)
          .map(({ b, buffer, size }) => {
            const dst = this.device.createBuffer({ label: `read back ${b.binding}`, size, usage: U.MAP_READ | U.COPY_DST });
            buffers.push(dst);
            return { binding: b.binding, src: buffer, dst, size, bytes: b.data.byteLength };
          });
        const encoder = this.device.createCommandEncoder();
        const pass = encoder.beginComputePass();
        pass.setPipeline(pipeline);
        pass.setBindGroup(0, bindGroup);
        if (!emptyGrid(req.grid)) pass.dispatchWorkgroups(...req.grid);
        pass.end();
        for (const s of staging) encoder.copyBufferToBuffer(s.src, 0, s.dst, 0, s.size);
        this.device.queue.submit([encoder.finish()]);
        return { bindGroup, staging };
      });
      const outputs = new Map<number, Uint8Array>();
      for (const s of setup.staging) {
        await s.dst.mapAsync(this.c.GPUMapMode.READ);
        outputs.set(s.binding, new Uint8Array(s.dst.getMappedRange(0, s.size).slice(0, s.bytes)));
        s.dst.unmap();
      }
      const timings = req.timing ? await this.time(req, pipeline, setup.bindGroup, buffers) : undefined;
      return { outputs, timings, pipelineMs };
    } finally {
      for (const b of buffers) b.destroy();
    }
  }

  /**
   * Times `repeat` dispatches per submit over `rounds` submits, after untimed ones (at least
   * `warmup`, for at least `warmMs`). The GPU is never left waiting for the CPU: warm-up keeps two
   * submits in flight and the timed rounds are queued back to back, each with a pair of
   * timestamps around its pass. Waiting on every submit left the GPU idle most of the time under
   * wgpu, where Deno sees a submit complete only every ~10 ms, and there the timestamps of a short
   * pass were not to be trusted: on an H100 a 4 µs packing kernel timed ~0.9 ms a dispatch that
   * way and 4 µs with the queue kept full (bench/RESULTS.md, wgpu timing).
   */
  private async time(req: ExecRequest, pipeline: GPUComputePipeline, bindGroup: GPUBindGroup, owned: GPUBuffer[]): Promise<KernelTimings> {
    const { repeat, rounds = 5, warmup = 1, warmMs = 0 } = req.timing!;
    const U = this.c.GPUBufferUsage;
    const useTimestamps = this.device.features.has('timestamp-query');
    const { value: q } = await this.scoped('setting up timestamp queries', () => {
      if (!useTimestamps) return null;
      const querySet = this.device.createQuerySet({ type: 'timestamp', count: 2 * rounds });
      const resolve = this.device.createBuffer({ size: 16 * rounds, usage: U.QUERY_RESOLVE | U.COPY_SRC });
      const read = this.device.createBuffer({ size: 16 * rounds, usage: U.MAP_READ | U.COPY_DST });
      owned.push(resolve, read);
      return { querySet, resolve, read };
    });
    const dispatches = (round?: number): GPUCommandEncoder => {
      const encoder = this.device.createCommandEncoder();
      const timestampWrites = q && round !== undefined ? { querySet: q.querySet, beginningOfPassWriteIndex: 2 * round, endOfPassWriteIndex: 2 * round + 1 } : undefined;
      const pass = encoder.beginComputePass(timestampWrites ? { timestampWrites } : {});
      pass.setPipeline(pipeline);
      pass.setBindGroup(0, bindGroup);
      if (!emptyGrid(req.grid)) for (let i = 0; i < repeat; i++) pass.dispatchWorkgroups(...req.grid);
      pass.end();
      return encoder;
    };
    try {
      await this.scoped(`warming up ${req.label}`, async () => {
        const start = performance.now();
        const inFlight: Promise<undefined>[] = [];
        for (let i = 0; i < warmup || performance.now() - start < warmMs; i++) {
          this.device.queue.submit([dispatches().finish()]);
          inFlight.push(this.device.queue.onSubmittedWorkDone());
          if (inFlight.length >= 2) await inFlight.shift();
        }
        await Promise.all(inFlight);
      });
      const { value: wallMs } = await this.scoped(`timing ${req.label}`, async () => {
        const t0 = performance.now();
        for (let round = 0; round < rounds; round++) this.device.queue.submit([dispatches(round).finish()]);
        await this.device.queue.onSubmittedWorkDone();
        const elapsed = performance.now() - t0;
        if (q) {
          const encoder = this.device.createCommandEncoder();
          encoder.resolveQuerySet(q.querySet, 0, 2 * rounds, q.resolve, 0);
          encoder.copyBufferToBuffer(q.resolve, 0, q.read, 0, 16 * rounds);
          this.device.queue.submit([encoder.finish()]);
        }
        return elapsed;
      });
      const wallPerDispatchMs = Array<number>(rounds).fill(wallMs / (rounds * repeat));
      if (!q) return { method: 'wall-clock', repeat, perDispatchMs: wallPerDispatchMs, wallPerDispatchMs };
      await q.read.mapAsync(this.c.GPUMapMode.READ);
      const stamps = new BigUint64Array(q.read.getMappedRange().slice(0));
      q.read.unmap();
      const perDispatchMs = Array.from({ length: rounds }, (_, r) => Number(stamps[2 * r + 1]! - stamps[2 * r]!) / 1e6 / repeat);
      return perDispatchMs.every((ms) => ms > 0)
        ? { method: 'timestamp-query', repeat, perDispatchMs, wallPerDispatchMs }
        : { method: 'wall-clock', repeat, perDispatchMs: wallPerDispatchMs, wallPerDispatchMs };
    } finally {
      q?.querySet.destroy();
    }
  }

  /**
   * Runs `fn` inside validation, out-of-memory and internal error scopes and throws the first
   * error they caught. `quiet` leaves shader errors to getCompilationInfo.
   */
  private async scoped<T>(what: string, fn: () => T | Promise<T>, quiet = false): Promise<{ value: T }> {
    for (const f of ERROR_FILTERS) this.device.pushErrorScope(f);
    let value: T;
    try {
      value = await fn();
    } finally {
      const errors = [];
      for (let i = ERROR_FILTERS.length - 1; i >= 0; i--) errors.push({ filter: ERROR_FILTERS[i]!, error: await this.device.popErrorScope() });
      const first = errors.find((e) => e.error);
      if (first && !quiet) {
        // biome-ignore lint/correctness/noUnsafeFinally: the scope's WebGPU error is the cause of anything fn threw, and replaces it.
        throw webGpuError(first.filter, what, first.error!.message);
      }
    }
    return { value };
  }
}

interface GpuExecutorPipeline {
  readonly pipeline: GPUComputePipeline;
  readonly layout: GPUBindGroupLayout;
  /**
   * Milliseconds from the shader module's creation to the pipeline being ready, measured when
   * this executor first created them (cold in its process); a cached pipeline reports that figure.
   */
  readonly ms: number;
}

/** A WebGPU error caught while doing `what`, as the RuntimeError the runtime reports. */
function webGpuError(filter: string, what: string, message: string): RuntimeError {
  return new RuntimeError('validation', `WebGPU ${filter} error while ${what}: ${firstLine(message)}${restLines(message)}`);
}

/**
 * The rejection of createComputePipelineAsync (a GPUPipelineError, reason 'validation' or
 * 'internal') as the error its error scope would have given for createComputePipeline.
 */
function pipelineError(e: unknown, what: string): RuntimeError {
  if (e instanceof RuntimeError) return e;
  const reason = (e as { reason?: unknown } | null)?.reason;
  const message = e instanceof Error ? e.message : String(e);
  return webGpuError(reason === 'internal' ? 'internal' : 'validation', what, message);
}

/**
 * A grid without workgroups (an empty problem) is not dispatched: WebGPU allows it, but Dawn on
 * Vulkan then never signals the submit done and the run waited for its 60 s deadline.
 */
function emptyGrid(grid: readonly number[]): boolean {
  return grid.some((g) => g === 0);
}

function padTo4(data: Uint8Array): Uint8Array {
  if (data.byteLength % 4 === 0) return data;
  const padded = new Uint8Array(Math.ceil(data.byteLength / 4) * 4);
  padded.set(data);
  return padded;
}

export function firstLine(text: string): string {
  return (
    text
      .split('\n')
      .map((l) => l.trim())
      .find((l) => l.length > 0) ?? text
  );
}

function restLines(text: string): string {
  const lines = text.split('\n').filter((l) => l.trim().length > 0);
  return lines.length > 1 ? '\n' + lines.slice(1).join('\n') : '';
}
