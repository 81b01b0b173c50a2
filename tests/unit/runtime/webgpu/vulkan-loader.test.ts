import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { tempDir } from '../../temp-dir.js';
import { vulkanLoaderFound } from '../../../../runtime/webgpu/vulkan-loader.js';

const dir = tempDir('vulkan-loader-');

describe('vulkanLoaderFound (Dawn is tried only where its Vulkan loader is)', () => {
  it('is yes off Linux', () => {
    expect(vulkanLoaderFound('darwin', {})).toBe(true);
  });
  it('finds the loader in LD_LIBRARY_PATH', () => {
    writeFileSync(path.join(dir, 'libvulkan.so.1'), '');
    expect(vulkanLoaderFound('linux', { LD_LIBRARY_PATH: `/nonexistent:${dir}` })).toBe(true);
  });
});
