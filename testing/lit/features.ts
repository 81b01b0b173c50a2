/**
 * Features RUN lines may require: `llvm-filecheck` when LLVM's FileCheck runs the checks,
 * plus any listed in TILE_LIT_FEATURES (comma separated), e.g. `gpu` where an adapter exists.
 */
export function litFeatures(fileCheck?: string): Set<string> {
  const features = new Set((process.env.TILE_LIT_FEATURES ?? '').split(',').map((s) => s.trim()).filter(Boolean));
  if (fileCheck) features.add('llvm-filecheck');
  return features;
}
