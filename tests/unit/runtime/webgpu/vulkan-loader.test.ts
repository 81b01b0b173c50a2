import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { vulkanLoaderFound } from '../../../../runtime/webgpu/vulkan-loader.js';

const dir = mkdtempSync(path.join(os.tmpdir(), 'vulkan-loader-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('vulkanLoaderFound (Dawn is tried only where its Vulkan loader is)', () => {
  it('is yes off Linux', () => {
    expect(vulkanLoaderFound('darwin', {})).toBe(true);
  });
  it('finds the loader in LD_LIBRARY_PATH', () => {
    writeFileSync(path.join(dir, 'libvulkan.so.1'), '');
    expect(vulkanLoaderFound('linux', { LD_LIBRARY_PATH: `/nonexistent:${dir}` })).toBe(true);
  });
});
