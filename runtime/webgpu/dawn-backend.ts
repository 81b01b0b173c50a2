/**
 * Dawn in a Node subprocess (dawn-runner.ts, served by runner-backend.ts), so that a kernel past
 * its deadline is stopped by killing the process: in-process Dawn cannot cancel a dispatch, and
 * later work would queue behind it. Env TILE_DAWN_ICD names the Vulkan driver manifest (ICD JSON)
 * Dawn uses, set as VK_ICD_FILENAMES/VK_DRIVER_FILES in the runner only: wgpu (Deno) keeps the
 * system's drivers. On a CPU-only machine SwiftShader's driver
 * (/usr/lib/chromium/vk_swiftshader_icd.json, Debian chromium-common) gives Dawn an adapter.
 */
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, resolve } from 'node:path';
import type { Backend } from './backend.js';
import { RuntimeError } from './errors.js';
import { RunnerBackend, type RunnerSpec, runnerScript } from './runner-backend.js';
import { vulkanLoaderFound } from './vulkan-loader.js';

/**
 * How to start the Dawn runner: the compiled .js under build/; the .ts source under vitest, through
 * source-hooks.mjs (Node 20 cannot run TypeScript itself).
 */
export function dawnRunnerSpec(env: NodeJS.ProcessEnv = process.env): RunnerSpec {
  const { script, fromSource } = runnerScript(import.meta.url, 'dawn-runner');
  const icd = env['TILE_DAWN_ICD'];
  return {
    provider: 'dawn',
    name: 'dawn runner (node)',
    command: process.execPath,
    args: () => [...(fromSource ? ['--import', join(dirname(script), 'source-hooks.mjs')] : []), script],
    env: icd ? { VK_ICD_FILENAMES: resolve(icd), VK_DRIVER_FILES: resolve(icd) } : {},
  };
}

/** Whether Dawn can be loaded: the npm `webgpu` package (an optional peer of tile-opt) is installed, or env TILE_DAWN_NODE names an addon. */
export function dawnInstalled(env: NodeJS.ProcessEnv = process.env): boolean {
  if (env['TILE_DAWN_NODE']) return true;
  try {
    createRequire(import.meta.url).resolve('webgpu');
    return true;
  } catch {
    return false;
  }
}

/** Starts the runner; rejects with kind 'no-adapter' when Dawn finds none, 'provider' when Dawn cannot be loaded. */
export async function openDawn(): Promise<Backend> {
  const icd = process.env['TILE_DAWN_ICD'];
  if (icd && !existsSync(icd)) throw new RuntimeError('no-adapter', `Dawn found no WebGPU adapter: TILE_DAWN_ICD=${icd} does not exist`);
  // Without the Vulkan loader Dawn can find nothing on Linux: skip starting a runner.
  if (!vulkanLoaderFound()) throw new RuntimeError('no-adapter', 'Dawn found no WebGPU adapter: the Vulkan loader (libvulkan.so.1) is not installed');
  return RunnerBackend.open(dawnRunnerSpec());
}
