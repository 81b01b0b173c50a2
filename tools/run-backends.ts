/**
 * tile-run backends beyond the interpreter: `webgpu` interprets host code and runs every
 * gpu.launch_func on WebGPU (runtime/webgpu/launcher.ts).
 */
import { openRuntime, RuntimeError, type ProviderName, type WebGpuRuntime } from '../runtime/webgpu/index.js';
import { WebGpuLauncher } from '../runtime/webgpu/launcher.js';
import type { Backend, BackendOptions } from './run-main.js';

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
