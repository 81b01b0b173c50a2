import { spawnSync } from 'node:child_process';
/**
 * Features RUN lines may require: `llvm-filecheck` when LLVM's FileCheck runs the checks,
 * plus any listed in TILE_LIT_FEATURES (comma separated), e.g. `gpu` where an adapter exists.
 */
export function litFeatures(fileCheck?: string): Set<string> {
  const features = new Set(
    (process.env.TILE_LIT_FEATURES ?? '')
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean),
  );
  if (fileCheck) features.add('llvm-filecheck');
  // `REQUIRES: slow`: golden tests of the slow suite (TILE_SLOW=1, as CI runs it).
  if (process.env.TILE_SLOW) features.add('slow');
  return features;
}

/** The WebGPU providers GPU tests run under (runtime/webgpu's, in the order `auto` tries them). */
export const GPU_PROVIDERS = ['dawn', 'wgpu'] as const;

/**
 * Adds `gpu` to `features` when `needed` (a test requires it) and some WebGPU provider finds an
 * adapter, plus `gpu-dawn` / `gpu-wgpu` per provider that does; returns those providers, under
 * each of which the GPU tests then run. TILE_LIT_FEATURES may name them instead (CI does, so that
 * a missing adapter fails the tests): `gpu` alone means every provider, `gpu-dawn` only Dawn; `-gpu`
 * turns GPU tests off. `probeScript PROVIDER` looks for an adapter (exit 0 when one opens) in a
 * child process whose output is dropped, so driver warnings never reach the test output.
 */
export function addGpuFeature(features: Set<string>, probeScript: string, needed: boolean): string[] {
  const named = GPU_PROVIDERS.filter((p) => features.has(`gpu-${p}`));
  if (named.length > 0 || features.has('gpu')) {
    const providers = named.length > 0 ? named : [...GPU_PROVIDERS];
    features.add('gpu');
    for (const p of providers) features.add(`gpu-${p}`);
    return providers;
  }
  if (!needed || (process.env.TILE_LIT_FEATURES ?? '').split(',').some((f) => f.trim() === '-gpu')) return [];
  const found = GPU_PROVIDERS.filter((p) => spawnSync(process.execPath, [probeScript, p], { stdio: 'ignore', timeout: 60_000 }).status === 0);
  if (found.length > 0) features.add('gpu');
  for (const p of found) features.add(`gpu-${p}`);
  return found;
}
