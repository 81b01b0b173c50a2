/**
 * Exit 0 when a WebGPU adapter opens, 1 otherwise: tile-lit's test for the `gpu` features, run as
 * a child process so that driver output stays out of the test output. `gpu-probe.js [PROVIDER]`:
 * dawn, wgpu or auto (default: auto, Dawn, else wgpu).
 */
import { openRuntime, type ProviderName } from '../runtime/webgpu/index.js';

try {
  const runtime = await openRuntime({ provider: (process.argv[2] ?? 'auto') as ProviderName | 'auto' });
  await runtime.close();
  process.exit(0);
} catch {
  process.exit(1);
}
