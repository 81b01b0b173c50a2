/**
 * runtime/webgpu's entry point: open a provider (Dawn under Node or wgpu under Deno, each in a
 * runner subprocess that a deadline kills), then run kernels on it through a WebGpuRuntime
 * (webgpu-runtime.ts).
 */
import type { Backend, ProviderName } from './backend.js';
import { dawnInstalled, openDawn } from './dawn-backend.js';
import { RuntimeError } from './errors.js';
import { WebGpuRuntime } from './webgpu-runtime.js';
import { denoInstalled, openWgpu } from './wgpu-backend.js';

export type { ProviderName } from './backend.js';
// The runtime itself is node-free, in webgpu-runtime.ts; opening Dawn or wgpu (here) is not.
export { DEFAULT_TIMEOUT_MS, WebGpuRuntime, type RunRequest, type RunResult } from './webgpu-runtime.js';

export interface OpenOptions {
  /**
   * Default: env TILE_WEBGPU_PROVIDER, else 'auto': Dawn if it finds an adapter (on the Vulkan
   * driver of env TILE_DAWN_ICD when set), else wgpu. Dawn goes first because it is the
   * implementation (Tint) that the GPU machine runs.
   */
  readonly provider?: ProviderName | 'auto';
}

function chosenProvider(options: OpenOptions): ProviderName | 'auto' {
  const requested = options.provider ?? process.env['TILE_WEBGPU_PROVIDER'] ?? 'auto';
  if (requested !== 'auto' && requested !== 'dawn' && requested !== 'wgpu') {
    throw new RuntimeError('argument', `unknown WebGPU provider '${requested}' (TILE_WEBGPU_PROVIDER or option): expected dawn, wgpu or auto`);
  }
  return requested;
}

const OPENERS: Record<ProviderName, () => Promise<Backend>> = { dawn: openDawn, wgpu: openWgpu };

/**
 * Opens a provider. 'auto' tries Dawn, then wgpu; if none finds an adapter the error (kind
 * 'no-adapter') lists what each said.
 */
export async function openRuntime(options: OpenOptions = {}): Promise<WebGpuRuntime> {
  const choice = chosenProvider(options);
  const order: ProviderName[] = choice === 'auto' ? ['dawn', 'wgpu'] : [choice];
  // The providers are optional peers of the package: where none asked for is installed, say how to install one.
  const installed: Record<ProviderName, () => boolean> = { dawn: dawnInstalled, wgpu: denoInstalled };
  if (!order.some((name) => installed[name]())) throw new RuntimeError('no-adapter', notInstalled(order));
  const failures: RuntimeError[] = [];
  for (const name of order) {
    try {
      return new WebGpuRuntime(await OPENERS[name]());
    } catch (e) {
      failures.push(e instanceof RuntimeError ? e : new RuntimeError('provider', `${name}: ${e instanceof Error ? e.message : String(e)}`));
    }
  }
  const noAdapter = failures.every((f) => f.kind === 'no-adapter' || f.kind === 'provider');
  const tried = failures.map((f) => `  ${f.message.split('\n')[0]}`).join('\n');
  throw new RuntimeError(noAdapter ? 'no-adapter' : failures[0]!.kind, `no WebGPU adapter (${order.join(', ')} tried)\n${tried}`);
}

/** One line: how to install the WebGPU providers `names` (npm packages `webgpu` and `deno`). */
export function notInstalled(names: readonly ProviderName[]): string {
  const how: Record<ProviderName, string> = { dawn: "'npm install webgpu' (Dawn)", wgpu: "'npm install deno' (wgpu)" };
  return `no WebGPU runtime is installed: run ${names.map((n) => how[n]).join(' or ')}`;
}
