/**
 * A runtime Backend over a GPUDevice that the caller opened: the page's `navigator.gpu` device in
 * a browser, or one of Dawn's under Node (npm `webgpu`). Kernels run in-process on the caller's
 * thread, so a deadline can only stop waiting for them (the device keeps the work). No Node-only
 * imports here.
 */
/// <reference types="@webgpu/types" />
import { withDeadline, type Backend } from './backend.js';
import { RuntimeError } from './errors.js';
import { GpuExecutor, type WebGpuConstants } from './executor.js';
import { WebGpuRuntime } from './webgpu-runtime.js';

/** The provider name of a caller's device. */
export type DeviceProvider = 'device';

/** WebGPU's flag values (fixed by the specification), for hosts that have no `GPUBufferUsage` globals. */
const SPEC_CONSTANTS: WebGpuConstants = {
  GPUBufferUsage: { MAP_READ: 0x1, COPY_SRC: 0x4, COPY_DST: 0x8, UNIFORM: 0x40, STORAGE: 0x80, QUERY_RESOLVE: 0x200 },
  GPUMapMode: { READ: 0x1 },
  GPUShaderStage: { COMPUTE: 0x4 },
};

/** The host's flag namespaces (browsers, Deno, Dawn after `Object.assign(globalThis, globals)`), else the specification's values. */
function hostConstants(): WebGpuConstants {
  const g = globalThis as Partial<WebGpuConstants>;
  return g.GPUBufferUsage && g.GPUMapMode && g.GPUShaderStage ? { GPUBufferUsage: g.GPUBufferUsage, GPUMapMode: g.GPUMapMode, GPUShaderStage: g.GPUShaderStage } : SPEC_CONSTANTS;
}

/** A WebGpuRuntime on `device`; closing it leaves the device to its owner. */
export function deviceRuntime(device: GPUDevice): WebGpuRuntime<DeviceProvider> {
  const executor = GpuExecutor.forDevice(device, hostConstants());
  const backend: Backend<DeviceProvider> = {
    provider: 'device',
    adapter: executor.adapter,
    source: 'a GPUDevice given by the caller',
    compile: (wgsl, timeoutMs) => withDeadline(executor.compile(wgsl), timeoutMs, () => new RuntimeError('timeout', `WGSL compilation did not finish within ${timeoutMs} ms`)),
    execute: (req, timeoutMs) =>
      withDeadline(executor.run(req), timeoutMs, () => new RuntimeError('timeout', `${req.label} did not finish within ${timeoutMs} ms (the device may still be running it)`)),
    close: async () => undefined,
  };
  return new WebGpuRuntime(backend);
}
