/**
 * The Dawn runner: started by dawn-backend.ts as `node dawn-runner.js`, it loads Dawn (the npm
 * `webgpu` package, else the addon at env TILE_DAWN_NODE) and serves runner-server.ts's protocol.
 * Dawn runs here rather than in the caller's process because a dispatch cannot be cancelled
 * in-process: a kernel past its deadline is stopped by killing this process.
 */
import { createRequire } from 'node:module';
import { createDawnInstance, type DawnAddon } from './dawn-instance.js';
import { RuntimeError } from './errors.js';
import { GpuExecutor, type WebGpuConstants } from './executor.js';
import { serveRunner } from './runner-server.js';

async function importDawn(): Promise<{ addon: DawnAddon; source: string }> {
  let packageError = '';
  try {
    return { addon: (await import('webgpu')) as unknown as DawnAddon, source: 'npm webgpu' };
  } catch (e) {
    packageError = e instanceof Error ? e.message.split('\n')[0]! : String(e);
  }
  const path = process.env['TILE_DAWN_NODE'];
  if (!path) throw new RuntimeError('provider', `Dawn is not available: the webgpu package did not load (${packageError}) and TILE_DAWN_NODE is not set`);
  try {
    return { addon: createRequire(import.meta.url)(path) as DawnAddon, source: path };
  } catch (e) {
    throw new RuntimeError('provider', `Dawn is not available: TILE_DAWN_NODE=${path} did not load: ${e instanceof Error ? e.message.split('\n')[0] : String(e)}`);
  }
}

await serveRunner('dawn', async () => {
  const { addon, source } = await importDawn();
  const instance = await createDawnInstance(addon);
  const executor = await GpuExecutor.open(instance, addon.globals as WebGpuConstants);
  const icd = process.env['VK_ICD_FILENAMES'];
  const hint = icd ? ` with the Vulkan driver ${icd}` : ' (without a GPU: TILE_DAWN_ICD=/usr/lib/chromium/vk_swiftshader_icd.json from chromium-common, see docs/runtime-webgpu.md)';
  return { executor, source, noAdapter: `Dawn (${source}) found no WebGPU adapter${hint}` };
});
