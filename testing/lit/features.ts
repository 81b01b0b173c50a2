import { spawnSync } from 'node:child_process';
/**
 * Features RUN lines may require: `llvm-filecheck` when LLVM's FileCheck runs the checks,
 * plus any listed in TILE_LIT_FEATURES (comma separated), e.g. `gpu` where an adapter exists.
 */
export function litFeatures(fileCheck?: string): Set<string> {
  const features = new Set((process.env.TILE_LIT_FEATURES ?? '').split(',').map((s) => s.trim()).filter(Boolean));
  if (fileCheck) features.add('llvm-filecheck');
  return features;
}

/**
 * Add `gpu` to `features` when `needed` (a test requires it) and a WebGPU adapter is present,
 * unless TILE_LIT_FEATURES lists `-gpu`. `probeScript` looks for the adapter (it exits 0 when one
 * opens) in a child process whose output is dropped, so driver warnings (Vulkan loader,
 * XDG_RUNTIME_DIR) never reach the test output.
 */
export function addGpuFeature(features: Set<string>, probeScript: string, needed: boolean): void {
  if (!needed || features.has('gpu') || (process.env.TILE_LIT_FEATURES ?? '').split(',').some((f) => f.trim() === '-gpu')) return;
  const r = spawnSync(process.execPath, [probeScript], { stdio: 'ignore', timeout: 60_000 });
  if (r.status === 0) features.add('gpu');
}
