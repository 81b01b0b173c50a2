/**
 * A KernelLauncher (core/interpret) that runs gpu.launch_func on WebGPU while the host code is
 * interpreted: the launched kernel's gpu.module is emitted to WGSL once, the memref arguments are
 * copied from the interpreter's buffers into typed arrays (f16 as bits) and the written ones back
 * after the dispatch; scalars travel in the uniform block, the grid comes from the launch.
 */
import { DiagnosticError } from '../../core/ir/diagnostics.js';
import type { Operation } from '../../core/ir/operation.js';
import { IntegerType, MemRefType } from '../../core/ir/types.js';
import type { KernelLaunch, KernelLauncher } from '../../core/interpret/engine.js';
import { opError } from '../../core/interpret/errors.js';
import { bitsToF16, f16ToBits } from '../../core/interpret/float16.js';
import { MemRef, type RtValue } from '../../core/interpret/values.js';
import { emitWgsl, type EmittedKernel, type StorageBinding, type WgslLimits, type WgslOutput } from '../../targets/wgsl/index.js';
import { opOfLine } from '../../targets/wgsl/line-locations.js';
import type { BufferData, KernelArgValue } from './arguments.js';
import { RuntimeError } from './errors.js';
import type { WebGpuRuntime } from './webgpu-runtime.js';

export interface WebGpuLauncherOptions {
  /** Deadline of each launch (compile, dispatch, read back). Default: the runtime's (60 s). */
  readonly timeoutMs?: number;
}

/** One launch as it went to the device, for callers that inspect or re-run it. */
export interface LaunchRecord {
  readonly kernel: EmittedKernel;
  readonly grid: readonly [number, number, number];
  /** The arguments as sent (memref contents before the launch), for re-running it (tile-tune's timing). */
  readonly args: readonly KernelArgValue[];
}

const symbolOf = (op: Operation): string => {
  const attr = op.getAttr('sym_name') as { value?: string } | undefined;
  return attr?.value ?? '?';
};

const NO_LIMITS: WgslLimits = {
  maxComputeInvocationsPerWorkgroup: Infinity,
  maxComputeWorkgroupSizeX: Infinity,
  maxComputeWorkgroupSizeY: Infinity,
  maxComputeWorkgroupSizeZ: Infinity,
  maxComputeWorkgroupStorageSize: Infinity,
  maxStorageBuffersPerShaderStage: Infinity,
};

export class WebGpuLauncher {
  /** The KernelLauncher to give the Interpreter (`kernelLauncher` option). */
  readonly launch: KernelLauncher = (launch) => this.run(launch);
  /** Every launch made so far, in order. */
  readonly launches: LaunchRecord[] = [];
  /** Emitted WGSL (or the emission error) per gpu.module op. */
  private readonly modules = new Map<Operation, WgslOutput | DiagnosticError>();

  constructor(
    readonly runtime: WebGpuRuntime<string>,
    private readonly options: WebGpuLauncherOptions = {},
  ) {}

  /** The WGSL kernel of a gpu.func, emitting its gpu.module on first use (throws a located DiagnosticError). */
  kernelFor(fn: Operation): EmittedKernel {
    const module = fn.parentOp;
    if (!module || module.name !== 'gpu.module') throw opError(fn, 'is not inside a gpu.module');
    let out = this.modules.get(module);
    if (!out) {
      try {
        // The device checks its own limits when it runs a kernel (checkLaunch names the kernel and
        // the limit; tile-tune records a 'limits' failure for that kernel alone), so one kernel over
        // WebGPU's defaults does not fail the other kernels of its gpu.module here.
        out = emitWgsl(module, { limits: NO_LIMITS });
      } catch (e) {
        if (!(e instanceof DiagnosticError)) throw e;
        out = e;
      }
      this.modules.set(module, out);
    }
    if (out instanceof DiagnosticError) throw out;
    const symbol = `@${symbolOf(module)}::@${symbolOf(fn)}`;
    const kernel = out.kernels.find((k) => k.manifest.symbol === symbol);
    if (!kernel) throw opError(fn, `has no WGSL kernel ${symbol} (is it marked 'kernel'?)`);
    return kernel;
  }

  /** Every distinct kernel emitted so far. */
  emittedKernels(): EmittedKernel[] {
    const all: EmittedKernel[] = [];
    for (const out of this.modules.values()) if (!(out instanceof DiagnosticError)) all.push(...out.kernels);
    return all;
  }

  private async run(launch: KernelLaunch): Promise<void> {
    const kernel = this.kernelFor(launch.kernel);
    const { manifest } = kernel;
    const wg = manifest.workgroupSize;
    if (launch.blockSize.some((b, i) => b !== wg[i])) {
      throw opError(launch.op, `launches ${manifest.symbol} with blocks of (${launch.blockSize.join(', ')}) threads, but its WGSL workgroup size is (${wg.join(', ')})`);
    }
    if (launch.args.length !== manifest.arguments.length) {
      throw opError(launch.op, `passes ${launch.args.length} argument(s) to ${manifest.symbol}, which takes ${manifest.arguments.length}`);
    }
    const bindingOf = new Map<number, StorageBinding>(manifest.bindings.map((b) => [b.argIndex, b]));
    checkAliasing(launch, bindingOf);
    const args = launch.args.map((v, i) => toDevice(launch.op, i, v, bindingOf.get(i)));
    const grid = launch.gridSize;
    let outputs: Map<number, BufferData>;
    try {
      const r = await this.runtime.run({ manifest, wgsl: kernel.wgsl, args, grid, timeoutMs: this.options.timeoutMs });
      outputs = r.outputs;
    } catch (e) {
      if (e instanceof RuntimeError) throw deviceError(e, launch, kernel, this.runtime.description);
      throw e;
    }
    this.launches.push({ kernel, grid, args });
    for (const [argIndex, data] of outputs) fromDevice(launch.args[argIndex] as MemRef, data, bindingOf.get(argIndex)!);
  }
}

/** WebGPU copies each binding separately: a memref written by the kernel must not share a buffer with another argument. */
function checkAliasing(launch: KernelLaunch, bindingOf: ReadonlyMap<number, StorageBinding>): void {
  const owner = new Map<unknown, number>();
  launch.args.forEach((v, i) => {
    if (!(v instanceof MemRef)) return;
    const j = owner.get(v.buffer);
    if (j !== undefined && (bindingOf.get(i)?.access === 'read_write' || bindingOf.get(j)?.access === 'read_write')) {
      throw opError(launch.op, `arguments #${j} and #${i} share one buffer and the kernel writes one of them; the webgpu backend cannot run aliased arguments`);
    }
    owner.set(v.buffer, i);
  });
}

/** An interpreter value as a kernel argument: a memref's view copied row-major into the binding's typed array. */
function toDevice(op: Operation, i: number, v: RtValue, binding: StorageBinding | undefined): KernelArgValue {
  if (typeof v === 'number') return v;
  if (typeof v === 'boolean') return v ? 1 : 0;
  if (!(v instanceof MemRef)) throw opError(op, `argument #${i}: a ${typeof v === 'bigint' ? '64-bit integer' : 'value of this type'} cannot be passed to a WebGPU kernel`);
  if (!binding) throw opError(op, `argument #${i} is a memref but the WGSL kernel has no binding for it`);
  if (!(v.type instanceof MemRefType) || v.type.layout !== undefined) {
    throw opError(op, `argument #${i} (${v.type}): the webgpu backend passes only memrefs with the identity layout`);
  }
  if (binding.access === 'read_write' && v.buffer.readOnly) throw opError(op, `argument #${i}: the kernel writes a read-only buffer (${v.buffer.origin})`);
  if (v.buffer.freed) throw opError(op, `argument #${i}: the buffer (${v.buffer.origin}) was deallocated`);
  const addrs = v.addresses();
  const src = v.buffer.data;
  const n = addrs.length;
  let data: BufferData;
  switch (binding.elementType) {
    case 'f32':
      data = new Float32Array(n);
      for (let k = 0; k < n; k++) data[k] = src[addrs[k]!] as number;
      break;
    case 'f16':
      data = new Uint16Array(n);
      for (let k = 0; k < n; k++) data[k] = f16ToBits(src[addrs[k]!] as number);
      break;
    case 'i32': {
      data = new Int32Array(n);
      for (let k = 0; k < n; k++) {
        const x = src[addrs[k]!] as number;
        if (x !== (x | 0)) throw opError(op, `argument #${i}: element ${k} (${x}) does not fit the 32-bit integers WGSL uses for ${v.type.elementType}`);
        data[k] = x;
      }
      break;
    }
    case 'u32':
      data = new Uint32Array(n);
      for (let k = 0; k < n; k++) data[k] = src[addrs[k]!] as number;
      break;
  }
  return { data, shape: v.shape };
}

/** Writes a read-back binding into the memref's view. */
function fromDevice(m: MemRef, data: BufferData, binding: StorageBinding): void {
  const addrs = m.addresses();
  const dst = m.buffer.data;
  const t = m.type.elementType;
  const isBool = t instanceof IntegerType && t.width === 1;
  for (let k = 0; k < addrs.length; k++) {
    const raw = data[k]!;
    const x = binding.elementType === 'f16' ? bitsToF16(raw) : isBool ? (raw !== 0 ? 1 : 0) : raw;
    (dst as Float64Array)[addrs[k]!] = x;
  }
}

/**
 * A device failure as a located diagnostic: shader compile errors at the IR op the offending WGSL
 * line came from (the manifest's lineLocations; else the gpu.func), with the WGSL position and
 * line; everything else at the gpu.launch_func.
 */
function deviceError(e: RuntimeError, launch: KernelLaunch, kernel: EmittedKernel, device: string): DiagnosticError {
  const { manifest } = kernel;
  if (e.kind === 'compile') {
    const m = e.compileMessages.find((x) => x.type === 'error') ?? e.compileMessages[0];
    const text = m
      ? (m.message
          .split('\n')
          .map((l) => l.trim())
          .find((l) => l) ?? m.message)
      : e.message.split('\n')[0]!;
    const pos = m && m.line > 0 ? ` (${manifest.shader}:${m.line}:${m.column})` : '';
    const message = `WGSL of ${manifest.symbol} does not compile on ${device}: ${text.replace(/^Shader '[^']*' /, '')}${pos}`;
    const lineOp = m && m.line > 0 ? opOfLine(launch.kernel, manifest.lineLocations, m.line) : undefined;
    const err = lineOp ? DiagnosticError.at(lineOp.loc, message) : opError(launch.kernel, message);
    const line = m && m.line > 0 ? kernel.wgsl.split('\n')[m.line - 1] : undefined;
    if (line !== undefined) err.diagnostic.attachNote(`WGSL line ${m!.line}: ${line.trim()}`);
    return Object.assign(err, { cause: e });
  }
  const first = e.message.split('\n')[0]!.replace(/^\S+: error: /, '');
  // The RuntimeError stays as the cause: callers tell a timeout from a limit by its kind.
  return Object.assign(opError(launch.op, `failed on WebGPU (${device}): ${first}`), { cause: e });
}
