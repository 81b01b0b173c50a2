/**
 * Shared by the GPU tests: open a WebGPU runtime per provider, or decide to skip. The GPU suites
 * run once per provider (Dawn, wgpu), each suite's title naming the adapter it ran on. A provider
 * without an adapter skips with a notice, unless env TILE_REQUIRE_GPU requires it (CI), where that
 * is a failure: `1` requires every provider, `dawn`, `wgpu` or `dawn,wgpu` those named.
 */
import { runsSlow } from '../../testing/slow.js';
import { openRuntime, RuntimeError, type OpenOptions, type ProviderName, type WebGpuRuntime } from '../../runtime/webgpu/index.js';

export const TEST_PROVIDERS: readonly ProviderName[] = ['dawn', 'wgpu'];

/** Providers that must find an adapter, from TILE_REQUIRE_GPU. */
export function requiredProviders(value = process.env['TILE_REQUIRE_GPU']): ProviderName[] {
  if (!value || value === '0') return [];
  if (value === '1') return [...TEST_PROVIDERS];
  const named = value.split(',').map((s) => s.trim());
  const bad = named.filter((p) => !(TEST_PROVIDERS as readonly string[]).includes(p));
  if (bad.length) throw new Error(`TILE_REQUIRE_GPU=${value}: expected 1, or providers among ${TEST_PROVIDERS.join(', ')}`);
  return named as ProviderName[];
}

const HINT: Record<ProviderName, string> = {
  dawn: 'on a CPU-only machine install SwiftShader (apt-get install --no-install-recommends chromium-common) and set TILE_DAWN_ICD=/usr/lib/chromium/vk_swiftshader_icd.json',
  wgpu: "on a CPU-only machine install Mesa's llvmpipe (apt-get install mesa-vulkan-drivers)",
};

/**
 * The runtime of `provider` (default: the runtime's own choice, 'auto'), or null after a notice
 * when it has no adapter and is not required.
 */
export async function openTestRuntime(provider?: OpenOptions['provider']): Promise<WebGpuRuntime | null> {
  try {
    return await openRuntime(provider ? { provider } : {});
  } catch (e) {
    if (!(e instanceof RuntimeError) || e.kind !== 'no-adapter') throw e;
    const required = requiredProviders();
    const concerned = provider && provider !== 'auto' ? [provider] : TEST_PROVIDERS;
    if (concerned.some((p) => required.includes(p))) throw new Error(`TILE_REQUIRE_GPU=${process.env['TILE_REQUIRE_GPU']} but ${e.message}`);
    const hints = concerned.map((p) => HINT[p]).join('; ');
    console.warn(`[gpu tests skipped${provider ? ` under ${provider}` : ''}: no WebGPU adapter; ${hints}; TILE_REQUIRE_GPU=1 makes this a failure]\n${e.message}`);
    return null;
  }
}

export interface TestRuntime {
  readonly provider: ProviderName;
  /** Null when the provider has no adapter (the suite is skipped). */
  readonly runtime: WebGpuRuntime | null;
  /** For a suite's title: `on dawn on SwiftShader driver 5.0.0 [...]`, or `on dawn (no adapter)`. */
  readonly on: string;
}

/** One runtime per provider (opened in parallel), for a suite per provider. */
export async function openTestRuntimes(): Promise<TestRuntime[]> {
  return Promise.all(
    TEST_PROVIDERS.map(async (provider) => {
      const runtime = await openTestRuntime(provider);
      return { provider, runtime, on: `on ${runtime?.description ?? `${provider} (no adapter)`}` };
    }),
  );
}

/** Closes every runtime of `openTestRuntimes` (for afterAll). */
export async function closeAll(runtimes: readonly TestRuntime[]): Promise<void> {
  await Promise.all(runtimes.map((t) => t.runtime?.close()));
}

/** Prints why a single case is skipped (the adapter lacks what it needs). */
export function skipNotice(what: string, runtime: WebGpuRuntime | null): void {
  if (runtime) console.warn(`[gpu test skipped] ${what} on ${runtime.description}`);
}

/**
 * Whether the GPU cases of explicit and random configurations run on `runtime` in this run. Dawn
 * on SwiftShader creates pipelines 10-60x slower than wgpu on llvmpipe (the same 36 KB matmul:
 * 1.87 s against 32 ms, bench/RESULTS.md), so there they run in the slow suite (TILE_SLOW=1, as
 * CI runs it), with a notice; the defaults run on every adapter in every run.
 */
export function runsConfigurations(runtime: WebGpuRuntime | null): boolean {
  return !runtime || !/swiftshader/i.test(runtime.description) || runsSlow(`explicit and random configurations on ${runtime.description}`);
}
