/** runtime/webgpu: run WGSL kernels described by a launch manifest on WebGPU. */
export { openRuntime, WebGpuRuntime, DEFAULT_TIMEOUT_MS, type OpenOptions, type RunRequest, type RunResult, type ProviderName } from './runtime.js';
export { checkArguments, typedArrayOf, type BufferData, type KernelArgValue, type MemrefValue } from './arguments.js';
export { packUniforms } from './uniforms.js';
export { formatCompileMessage, formatCompileReport } from './compile-messages.js';
export { RuntimeError, type RuntimeErrorKind, type CompileMessage } from './errors.js';
export { adapterSummary, type AdapterDescription, type KernelTimings, type TimingOptions } from './exec-types.js';
export { benchmarkKernel, benchmarkWarm, summarizeTimings, throughput, type KernelBenchmark } from './timing.js';
