/**
 * Exit 0 when a WebGPU adapter opens (Dawn, else wgpu), 1 otherwise: tile-lit's test for the
 * `gpu` feature, run as a child process so that driver output stays out of the test output.
 */
import { openRuntime } from '../runtime/webgpu/index.js';

try {
  const runtime = await openRuntime();
  await runtime.close();
  process.exit(0);
} catch {
  process.exit(1);
}
