/**
 * tile-opt's JavaScript API for applications (`import { TileOpt } from 'tile-opt/api'`;
 * docs/api.md): compile a program through a pipeline, see every pass, get WGSL and manifests,
 * run an entry in the interpreter or on a GPUDevice. Works in browsers, workers and Node.
 */
export {
  TileOpt,
  Compilation,
  type TileOptOptions,
  type CompileOptions,
  type CompileProgress,
  type CompileTimings,
  type PassSnapshot,
  type ScheduleDrawing,
  type Kernel,
  type PipelineInfo,
  type PassInfo,
  type OptionInfo,
  type PartialCompilation,
} from './tile-opt.js';
export { compareOutputs, type RunEntryOptions, type RunResult, type EntryOutput, type InputValue, type ElementData, type LaunchInfo, type OutputComparison } from './run.js';
export { TileError, type DiagnosticInfo, type FailureStage } from './diagnostics.js';
export type { KernelManifest, WgslManifest, StorageBinding, UniformBlock, UniformField, WgslScalar } from '../targets/wgsl/manifest.js';
