/**
 * Dawn in-process: the npm `webgpu` package, or the addon named by env TILE_DAWN_NODE when the
 * package is absent (the GPU machine runs built JS without npm install). A run past its deadline
 * trips a watchdog: the run fails at once, but the GPU keeps running the abandoned kernel and
 * later runs on the device queue behind it (a second device does not help: under Dawn the
 * abandoned device never settles). Run risky kernels under wgpu, whose subprocess is killed.
 */
import { createRequire } from 'node:module';
import { withDeadline, type Backend } from './backend.js';
import { RuntimeError, type CompileMessage } from './errors.js';
import type { AdapterDescription, ExecRequest, ExecResult } from './exec-types.js';
import { GpuExecutor, type WebGpuConstants } from './executor.js';
import { vulkanLoaderFound } from './vulkan-loader.js';

interface DawnAddon {
  create(flags: string[]): GPU;
  globals: object;
}

interface LoadedDawn {
  readonly gpu: GPU;
  readonly constants: WebGpuConstants;
  readonly source: string;
}

let loaded: Promise<LoadedDawn> | undefined;

const CLOSE_WAIT_MS = 10_000;

async function importDawn(): Promise<{ addon: DawnAddon; source: string }> {
  let packageError = '';
  try {
    const m = (await import('webgpu')) as unknown as DawnAddon;
    return { addon: m, source: 'npm webgpu' };
  } catch (e) {
    packageError = e instanceof Error ? e.message.split('\n')[0]! : String(e);
  }
  const path = process.env['TILE_DAWN_NODE'];
  if (!path) throw new RuntimeError('provider', `Dawn is not available: the webgpu package did not load (${packageError}) and TILE_DAWN_NODE is not set`);
  try {
    return { addon: createRequire(import.meta.url)(path) as DawnAddon, source: path };
  } catch (e) {
    throw new RuntimeError('provider', `Dawn is not available: TILE_DAWN_NODE=${path} did not load: ${e instanceof Error ? e.message.split('\n')[0] : String(e)}`);
  }
}

/** One Dawn instance per process, created on first use. */
function loadDawn(): Promise<LoadedDawn> {
  loaded ??= importDawn().then(({ addon, source }) => ({ gpu: addon.create([]), constants: addon.globals as WebGpuConstants, source }));
  loaded.catch(() => {
    loaded = undefined;
  });
  return loaded;
}

export class DawnBackend implements Backend {
  readonly provider = 'dawn' as const;

  private constructor(
    private executor: GpuExecutor | null,
    readonly adapter: AdapterDescription,
    private readonly dawn: LoadedDawn,
  ) {}

  get source(): string {
    return this.dawn.source;
  }

  /** Rejects with kind 'no-adapter' when Dawn finds none, 'provider' when Dawn cannot be loaded. */
  static async open(): Promise<DawnBackend> {
    if (!vulkanLoaderFound()) throw new RuntimeError('no-adapter', 'Dawn found no WebGPU adapter: the Vulkan loader (libvulkan.so.1) is not installed');
    const dawn = await loadDawn();
    const executor = await DawnBackend.openExecutor(dawn);
    return new DawnBackend(executor, executor.adapter, dawn);
  }

  private static async openExecutor(dawn: LoadedDawn): Promise<GpuExecutor> {
    const executor = await GpuExecutor.open(dawn.gpu, dawn.constants);
    if (!executor) throw new RuntimeError('no-adapter', `Dawn (${dawn.source}) found no WebGPU adapter`);
    return executor;
  }

  compile(wgsl: string, timeoutMs: number): Promise<CompileMessage[]> {
    return this.guard((e) => e.compile(wgsl), timeoutMs, 'compiling WGSL');
  }

  execute(req: ExecRequest, timeoutMs: number): Promise<ExecResult> {
    return this.guard((e) => e.run(req), timeoutMs, `running ${req.label}`);
  }

  /** Waits (a while) for abandoned work before destroying: destroying a busy device can hang Dawn. */
  async close(): Promise<void> {
    const executor = this.executor;
    this.executor = null;
    if (!executor) return;
    const idle = await withDeadline(executor.idle(), CLOSE_WAIT_MS, () => new Error('busy')).then(
      () => true,
      () => false,
    );
    if (idle) executor.destroy();
  }

  private async guard<T>(work: (e: GpuExecutor) => Promise<T>, timeoutMs: number, what: string): Promise<T> {
    const executor = (this.executor ??= await DawnBackend.openExecutor(this.dawn));
    try {
      return await withDeadline(
        work(executor),
        timeoutMs,
        () => new RuntimeError('timeout', `${what} did not finish within ${timeoutMs} ms under Dawn (watchdog); the kernel may still be running and later runs queue behind it`),
      );
    } catch (e) {
      if (e instanceof RuntimeError && e.kind === 'device-lost' && this.executor === executor) this.executor = null;
      throw e;
    }
  }
}
