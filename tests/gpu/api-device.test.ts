/**
 * The API on a GPUDevice the caller opened (docs/api.md), here Dawn's in-process device (npm
 * `webgpu`): a compiled add and matmul run their kernels on it, with GPU timing, and match the
 * interpreter; a kernel that does not fit the device is a TileError of stage 'device'. Skipped with
 * a notice where Dawn finds no adapter, unless TILE_REQUIRE_GPU requires Dawn.
 */
/// <reference types="@webgpu/types" />
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compareOutputs, TileError, TileOpt } from '../../api/index.js';
import { createDawnInstance, type DawnAddon } from '../../runtime/webgpu/dawn-instance.js';
import { requiredProviders } from './gpu-env.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const example = (name: string) => readFileSync(path.join(root, 'examples', name), 'utf8');

/** Dawn's instance stays referenced for the life of the process (collecting it crashes Dawn's threads). */
let instance: GPU | undefined;
let device: GPUDevice | undefined;
let why = '';

beforeAll(async () => {
  const icd = process.env['TILE_DAWN_ICD'];
  if (icd) process.env['VK_ICD_FILENAMES'] = path.resolve(icd);
  try {
    const dawn = (await import('webgpu')) as unknown as DawnAddon;
    Object.assign(globalThis, dawn.globals);
    instance = await createDawnInstance(dawn);
    const adapter = await instance.requestAdapter();
    if (!adapter) why = 'Dawn found no adapter';
    else device = await adapter.requestDevice({ requiredFeatures: adapter.features.has('timestamp-query') ? ['timestamp-query'] : [] });
  } catch (e) {
    why = `Dawn did not load: ${(e as Error).message.split('\n')[0]}`;
  }
  if (!device) {
    if (requiredProviders().includes('dawn')) throw new Error(`TILE_REQUIRE_GPU=${process.env['TILE_REQUIRE_GPU']} but ${why}`);
    console.warn(`[api device tests skipped: ${why}; TILE_DAWN_ICD=/usr/lib/chromium/vk_swiftshader_icd.json gives Dawn SwiftShader]`);
  }
}, 60_000);
afterAll(() => device?.destroy());

describe('TileOpt runs on a caller GPUDevice (Dawn in-process)', () => {
  const tile = new TileOpt();

  it('runs the add and the matmul kernels and matches the interpreter', async (ctx) => {
    if (!device) return ctx.skip();
    // Three stages of copies; the matmul in one small configuration: the automatic one compiles a
    // kernel per variant, which SwiftShader takes tens of seconds to create (the defaults run on
    // WebGPU in tile-wgsl-webgpu.test.ts).
    for (const [file, entry, args, options] of [
      ['add.mlir', 'add', 'X=rand:130x77xf32 Y=rand:130x77xf32 Z=zeros:130x77xf32', 'num-stages=3'],
      ['matmul.mlir', 'matmul_f32', 'A=rand:37x45xf32 B=rand:45x29xf32 C=zeros:37x29xf32', 'tile-sizes=32,32,16 num-stages=3'],
    ] as const) {
      const reference = await tile.compile(example(file), { fileName: file });
      const compiled = await tile.compile(example(file), { pipeline: `@tile-wgsl{${options}}`, fileName: file });
      const a = await reference.run({ entry, args });
      const b = await compiled.run({ entry, inputs: a.inputs, device, timing: { repeat: 2, rounds: 2 } });
      expect(b.ranOn).toMatch(/\S/);
      expect(b.launches.length).toBeGreaterThan(0);
      expect(b.launches[0]!.ms).toBeGreaterThan(0);
      const [cmp] = compareOutputs(a, b);
      expect(cmp!.maxAbs, file).toBeLessThan(1e-4);
    }
  }, 120_000);

  it('reports a kernel the device cannot run as a TileError', async (ctx) => {
    if (!device) return ctx.skip();
    const compiled = await tile.compile(example('add.mlir'), { pipeline: '@tile-wgsl{num-warps=64}', fileName: 'add.mlir' });
    const e = await compiled.run({ entry: 'add', args: 'X=rand:8x8xf32 Y=rand:8x8xf32 Z=zeros:8x8xf32', device }).then(
      () => undefined,
      (x: unknown) => x,
    );
    expect(e).toBeInstanceOf(TileError);
    expect((e as TileError).stage).toBe('device');
    expect((e as TileError).message).toMatch(/workgroup of 2048 invocations exceeds/);
  }, 60_000);
});
