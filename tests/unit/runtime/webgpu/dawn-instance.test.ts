/// <reference types="@webgpu/types" />
import { describe, expect, it } from 'vitest';
import { createDawnInstance, type DawnAddon } from '../../../../runtime/webgpu/dawn-instance.js';

/** A Dawn stand-in whose adapter describes itself as `info`; it records the flags of each instance. */
function fakeDawn(info: Partial<GPUAdapterInfo> | null): { addon: DawnAddon; created: string[][] } {
  const created: string[][] = [];
  const addon: DawnAddon = {
    globals: {},
    create(flags) {
      created.push(flags);
      return { requestAdapter: async () => (info ? { info } : null) } as unknown as GPU;
    },
  };
  return { addon, created };
}

describe('createDawnInstance', () => {
  it('on SwiftShader, turns off the Vulkan zero-initialization extension', async () => {
    const { addon, created } = fakeDawn({ vendor: 'google', architecture: 'swiftshader', description: 'SwiftShader Device (Subzero)' });
    await createDawnInstance(addon);
    expect(created).toEqual([[], ['disable-dawn-features=use_vulkan_zero_initialize_workgroup_memory_extension']]);
  });

  it("keeps Dawn's defaults on other adapters and without one", async () => {
    for (const info of [{ vendor: 'nvidia', architecture: 'hopper', description: 'NVIDIA H200' }, null]) {
      const { addon, created } = fakeDawn(info);
      await createDawnInstance(addon);
      expect(created).toEqual([[]]);
    }
  });
});
