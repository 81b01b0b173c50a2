import { afterEach, describe, expect, it, vi } from 'vitest';
import { withDeadline } from '../../../../runtime/webgpu/backend.js';
import { RuntimeError } from '../../../../runtime/webgpu/errors.js';
import { adapterSummary, type AdapterDescription } from '../../../../runtime/webgpu/exec-types.js';
import { openRuntime } from '../../../../runtime/webgpu/runtime.js';

afterEach(() => void vi.unstubAllEnvs());

describe('openRuntime', () => {
  it('rejects an unknown provider from the environment before touching a GPU', async () => {
    vi.stubEnv('TILE_WEBGPU_PROVIDER', 'vulkan');
    await expect(openRuntime()).rejects.toThrow(/^unknown WebGPU provider 'vulkan' \(TILE_WEBGPU_PROVIDER or option\): expected dawn, wgpu or auto$/);
  });
});

describe('withDeadline', () => {
  it('passes the result through and rejects with the timeout error when late', async () => {
    await expect(withDeadline(Promise.resolve(3), 1000, () => new Error('late'))).resolves.toBe(3);
    const never = new Promise<number>(() => undefined);
    const e = await withDeadline(never, 10, () => new RuntimeError('timeout', 'too slow')).catch((x: unknown) => x);
    expect(e).toBeInstanceOf(RuntimeError);
    expect((e as RuntimeError).kind).toBe('timeout');
  });
});

describe('adapterSummary', () => {
  const base: AdapterDescription = {
    vendor: 'nvidia',
    architecture: 'hopper',
    device: '',
    description: 'NVIDIA H100 80GB HBM3',
    software: false,
    features: [],
    limits: {
      maxComputeWorkgroupsPerDimension: 65535,
      maxComputeInvocationsPerWorkgroup: 256,
      maxComputeWorkgroupStorageSize: 16384,
      maxStorageBufferBindingSize: 1 << 27,
      maxStorageBuffersPerShaderStage: 8,
    },
  };
  it('names the adapter and says whether it is software', () => {
    expect(adapterSummary(base)).toBe('NVIDIA H100 80GB HBM3 [vendor nvidia, hopper, hardware]');
    expect(adapterSummary({ ...base, vendor: '', architecture: '', description: 'llvmpipe (LLVM 15.0.6, 256 bits)', software: true })).toBe('llvmpipe (LLVM 15.0.6, 256 bits) [software]');
  });
});
