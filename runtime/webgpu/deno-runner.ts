/**
 * The wgpu runner: started by wgpu-backend.ts as `deno run deno-runner.{ts,js}`, it serves
 * runner-server.ts's protocol with Deno's WebGPU (wgpu).
 */
import { GpuExecutor, type WebGpuConstants } from './executor.js';
import { serveRunner } from './runner-server.js';

await serveRunner('wgpu', async () => {
  const g = globalThis as unknown as WebGpuConstants & { navigator?: { gpu?: GPU } };
  const gpu = g.navigator?.gpu;
  if (!gpu) return { executor: null, noAdapter: 'this Deno has no navigator.gpu' };
  return { executor: await GpuExecutor.open(gpu, g), noAdapter: 'wgpu (Deno) found no WebGPU adapter' };
});
