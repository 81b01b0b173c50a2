/**
 * Shared by the GPU tests: open a WebGPU runtime, or decide to skip. Without an adapter the
 * tests skip with a notice, unless env TILE_REQUIRE_GPU=1 (CI), where that is a failure.
 */
import { openRuntime, RuntimeError, type OpenOptions, type WebGpuRuntime } from '../../runtime/webgpu/index.js';

export const gpuRequired = process.env['TILE_REQUIRE_GPU'] === '1';

/** The runtime, or null (after printing why) when there is no adapter and none is required. */
export async function openTestRuntime(options: OpenOptions = {}): Promise<WebGpuRuntime | null> {
  try {
    return await openRuntime(options);
  } catch (e) {
    if (!(e instanceof RuntimeError) || e.kind !== 'no-adapter') throw e;
    if (gpuRequired) throw new Error(`TILE_REQUIRE_GPU=1 but ${e.message}`);
    console.warn(`[gpu tests skipped: no WebGPU adapter; set TILE_REQUIRE_GPU=1 to make this a failure]\n${e.message}`);
    return null;
  }
}

/** Prints why a single case is skipped (the adapter lacks what it needs). */
export function skipNotice(what: string, runtime: WebGpuRuntime | null): void {
  if (runtime) console.warn(`[gpu test skipped] ${what} on ${runtime.description}`);
}
