/**
 * Dawn's instance for an adapter. On SwiftShader, Dawn zero-initializes workgroup memory (as
 * WebGPU requires) with Tint's cooperative loop instead of the Vulkan extension's null
 * initializer: SwiftShader compiles the latter element by element into every invocation, and
 * creating a pipeline with 16 KiB of workgroup memory took 2.9 s that way against 0.26 s with the
 * loop (the 128x128x16 matmul: 4.7 s against 1.8 s). Other drivers keep Dawn's defaults.
 */

/** Dawn toggles turned off on SwiftShader (Chromium takes them as `--disable-dawn-features=`). */
export const SWIFTSHADER_DISABLED_DAWN_FEATURES = ['use_vulkan_zero_initialize_workgroup_memory_extension'];

export interface DawnAddon {
  create(flags: string[]): GPU;
  globals: object;
}

/** Every instance created here, kept referenced for the life of the process (collecting one crashes Dawn's threads). */
const instances: GPU[] = [];

function isSwiftShader(info: GPUAdapterInfo): boolean {
  return /swiftshader/i.test(`${info.vendor} ${info.architecture} ${info.description}`);
}

/** An instance of `addon` with the flags its first adapter wants. */
export async function createDawnInstance(addon: DawnAddon): Promise<GPU> {
  const plain = addon.create([]);
  instances.push(plain);
  const adapter = await plain.requestAdapter({ powerPreference: 'high-performance' });
  if (!adapter || !isSwiftShader(adapter.info)) return plain;
  const tuned = addon.create([`disable-dawn-features=${SWIFTSHADER_DISABLED_DAWN_FEATURES.join(',')}`]);
  instances.push(tuned);
  return tuned;
}
