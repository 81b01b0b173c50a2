/**
 * The WebGPU resource limits a kernel is checked against when it is emitted, so that what a
 * device would refuse at pipeline creation is refused at compile time, at the kernel. The
 * defaults are WebGPU's default limits (what every adapter offers); a gpu.module raises them
 * with a `wgsl.limits` dictionary of the same names (convert-tile-to-gpu writes
 * maxComputeWorkgroupStorageSize there when its max-workgroup-memory is raised), and a runtime
 * that knows its device passes the device's limits.
 */
import { DictionaryAttr, IntegerAttr } from '../../core/ir/attributes.js';
import type { Operation } from '../../core/ir/operation.js';
import { failOp } from './context.js';

export interface WgslLimits {
  readonly maxComputeInvocationsPerWorkgroup: number;
  readonly maxComputeWorkgroupSizeX: number;
  readonly maxComputeWorkgroupSizeY: number;
  readonly maxComputeWorkgroupSizeZ: number;
  readonly maxComputeWorkgroupStorageSize: number;
  readonly maxStorageBuffersPerShaderStage: number;
}

export const WEBGPU_DEFAULT_LIMITS: WgslLimits = {
  maxComputeInvocationsPerWorkgroup: 256,
  maxComputeWorkgroupSizeX: 256,
  maxComputeWorkgroupSizeY: 256,
  maxComputeWorkgroupSizeZ: 64,
  maxComputeWorkgroupStorageSize: 16384,
  maxStorageBuffersPerShaderStage: 8,
};

/** The attribute of a gpu.module that raises (or lowers) limits for its kernels. */
export const LIMITS_ATTR = 'wgsl.limits';

/** The limits for the kernels of `module`: `base`, with what its `wgsl.limits` dictionary sets. */
export function moduleLimits(module: Operation, base: WgslLimits): WgslLimits {
  const dict = module.getAttr(LIMITS_ATTR);
  if (dict === undefined) return base;
  if (!(dict instanceof DictionaryAttr)) return failOp(module, `'${LIMITS_ATTR}' must be a dictionary of WebGPU limits (e.g. {maxComputeWorkgroupStorageSize = 49152})`);
  const limits: Record<string, number> = { ...base };
  for (const { name, value } of dict.entries) {
    if (!(name in base)) return failOp(module, `'${LIMITS_ATTR}' names an unknown limit '${name}' (known: ${Object.keys(base).join(', ')})`);
    if (!(value instanceof IntegerAttr) || value.number <= 0) return failOp(module, `'${LIMITS_ATTR}' limit '${name}' must be a positive integer`);
    limits[name] = value.number;
  }
  return limits as unknown as WgslLimits;
}

/** What a kernel needs of the limits. */
export interface KernelResources {
  readonly workgroupSize: readonly [number, number, number];
  readonly workgroupBytes: number;
  readonly storageBuffers: number;
}

/** Fails at `fn` when the kernel needs more than `limits` allow, naming the limit. */
export function checkLimits(fn: Operation, need: KernelResources, limits: WgslLimits): void {
  const over = (what: string, limit: keyof WgslLimits, hint: string) => failOp(fn, `${what}, more than the ${limits[limit]} allowed (${limit}); ${hint}`);
  const [x, y, z] = need.workgroupSize;
  const threads = 'use fewer threads per workgroup (num-warps), or raise the limit with a wgsl.limits attribute on the gpu.module for adapters that allow more';
  if (x * y * z > limits.maxComputeInvocationsPerWorkgroup) over(`its workgroup of ${x} x ${y} x ${z} has ${x * y * z} invocations`, 'maxComputeInvocationsPerWorkgroup', threads);
  if (x > limits.maxComputeWorkgroupSizeX) over(`its workgroup is ${x} invocations wide along x`, 'maxComputeWorkgroupSizeX', threads);
  if (y > limits.maxComputeWorkgroupSizeY) over(`its workgroup is ${y} invocations wide along y`, 'maxComputeWorkgroupSizeY', threads);
  if (z > limits.maxComputeWorkgroupSizeZ) over(`its workgroup is ${z} invocations wide along z`, 'maxComputeWorkgroupSizeZ', threads);
  if (need.workgroupBytes > limits.maxComputeWorkgroupStorageSize) {
    over(
      `it uses ${need.workgroupBytes} bytes of workgroup memory`,
      'maxComputeWorkgroupStorageSize',
      'use smaller tiles or fewer stages, or raise max-workgroup-memory for adapters that allow more',
    );
  }
  if (need.storageBuffers > limits.maxStorageBuffersPerShaderStage) {
    over(`it binds ${need.storageBuffers} storage buffers`, 'maxStorageBuffersPerShaderStage', 'give the kernel fewer memref arguments');
  }
}
