/**
 * Shared by the GPU tests of random configurations: the options of a configuration made runnable
 * on the adapter at hand.
 */
import type { WebGpuRuntime } from '../../runtime/webgpu/index.js';
import type { TileOptionValue } from '../../testing/tile-options.js';

/** Register-tile elements a thread may hold here: SwiftShader takes minutes to compile the unrolled shaders of more (4x512 rows on one warp: 7,757 lines of WGSL, over 60 s). */
export const MAX_PER_THREAD = 16;

/**
 * Fits `options` to `runtime`: its workgroup memory limit, subgroup shuffles where it has them, no
 * wider than its subgroups; a register tile (the tile sizes at `span`: BM x BN of a matmul, R x C
 * of a row kernel) of at most MAX_PER_THREAD elements a thread (more warps first, then smaller
 * tiles).
 */
export function fitToDevice(runtime: WebGpuRuntime, options: Record<string, TileOptionValue>, span: readonly [number, number] = [0, 1]): void {
  options['max-workgroup-memory'] = Math.min(options['max-workgroup-memory'] as number, runtime.adapter.limits.maxComputeWorkgroupStorageSize);
  if (!runtime.hasFeature('subgroups')) options['subgroups'] = false;
  options['subgroup-size'] = Math.min(options['subgroup-size'] as number, runtime.adapter.subgroupMinSize ?? 4);
  const sizes = [...(options['tile-sizes'] as number[])];
  if (sizes.length === 0) return;
  const [a, b] = span;
  const warps = () => options['num-warps'] as number;
  const perThread = () => (sizes[a]! * sizes[b]!) / (32 * warps());
  while (perThread() > MAX_PER_THREAD && warps() < 8) options['num-warps'] = 2 * warps();
  while (perThread() > MAX_PER_THREAD) {
    const d = sizes[a]! > sizes[b]! ? a : b;
    sizes[d] = Math.max(1, Math.floor(sizes[d]! / 2));
  }
  options['tile-sizes'] = sizes;
}
