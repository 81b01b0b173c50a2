/**
 * Where tile-run's kernels run while host code is interpreted: the Backend interface, the
 * registry of backends by name, and the two built in: `interpret` (the reference interpreter)
 * and `webgpu`, which runs every gpu.launch_func on WebGPU (runtime/webgpu/launcher.ts).
 */
import type { KernelLauncher } from '../core/interpret/engine.js';
import { RunError } from '../api/entry-io.js';
import { openRuntime, RuntimeError, type ProviderName, type WebGpuRuntime } from '../runtime/webgpu/index.js';
import { WebGpuLauncher } from '../runtime/webgpu/launcher.js';

/** What tile-run tells a backend when a run starts. */
export interface BackendOptions {
  /** --provider, when given (one of the backend's `providers`). */
  readonly provider?: string;
  /** Prints one line of the run's output (e.g. the device used). */
  readonly note: (line: string) => void;
}

/** Where kernels run while host code is interpreted. */
export interface Backend {
  readonly name: string;
  readonly description: string;
  /** Values --provider accepts; a backend without them takes no --provider. */
  readonly providers?: readonly string[];
  /** The launcher of gpu.launch_func; undefined to interpret kernels. */
  kernelLauncher(options: BackendOptions): KernelLauncher | undefined | Promise<KernelLauncher | undefined>;
  /** Called once the run is over (release devices). */
  dispose?(): void | Promise<void>;
}

/** A backend's user-facing failure (no device, bad provider): printed as `tile-run: error: MESSAGE`. */
export class BackendError extends Error {}

export const WEBGPU_PROVIDERS = ['auto', 'dawn', 'wgpu'] as const;

/** Opens a runtime per run (closed by dispose) and prints which adapter it got. */
export function webgpuBackend(): Backend {
  let runtime: WebGpuRuntime | undefined;
  return {
    name: 'webgpu',
    description: 'host code interpreted, kernels on WebGPU (Dawn or wgpu)',
    providers: WEBGPU_PROVIDERS,
    async kernelLauncher(options: BackendOptions) {
      try {
        runtime = await openRuntime({ provider: options.provider as ProviderName | 'auto' | undefined });
      } catch (e) {
        if (e instanceof RuntimeError) throw new BackendError(`--backend webgpu: ${oneLine(e.message)}`);
        throw e;
      }
      options.note(`backend webgpu: ${runtime.description}`);
      return new WebGpuLauncher(runtime).launch;
    },
    async dispose() {
      const rt = runtime;
      runtime = undefined;
      await rt?.close();
    },
  };
}

/** `no WebGPU adapter (dawn, wgpu tried)` + one indented line per provider -> one line. */
function oneLine(message: string): string {
  const [first, ...rest] = message
    .split('\n')
    .map((l) => l.trim())
    .filter(Boolean);
  return rest.length ? `${first}: ${rest.join('; ')}` : (first ?? message);
}

/** Backends by name, in the order registered (the order an unknown name's error lists them in). */
const backends = new Map<string, Backend>();

export function registerBackend(backend: Backend): void {
  backends.set(backend.name, backend);
}

/** The backend registered as `name`; a RunError naming the others when there is none. */
export function backendNamed(name: string): Backend {
  const backend = backends.get(name);
  if (!backend) throw new RunError(`unknown backend '${name}' (available: ${[...backends.keys()].join(', ')})`);
  return backend;
}

registerBackend({ name: 'interpret', description: 'the reference interpreter', kernelLauncher: () => undefined });
registerBackend(webgpuBackend());
