/** Messages between the page (main.ts) and the compiler worker (worker.ts). Plain data only. */
import type { DiagnosticInfo, FailureStage, Kernel, OutputComparison, PipelineInfo, PassInfo, ScheduleDrawing, CompileTimings, LaunchInfo } from '../../api/index.js';

export type Request =
  | { readonly id: number; readonly type: 'compile'; readonly source: string; readonly fileName: string; readonly pipeline: string }
  | { readonly id: number; readonly type: 'run'; readonly entry: string; readonly args: string; readonly seed: number };

export interface PassView {
  readonly pass: string;
  readonly op: string;
  readonly ms: number;
  readonly ir?: string;
}

export interface CompiledView {
  readonly inputIr: string;
  readonly passes: readonly PassView[];
  readonly ir: string;
  readonly kernels: readonly Kernel[];
  readonly manifest: string;
  readonly schedules: readonly ScheduleDrawing[];
  readonly diagnostics: readonly DiagnosticInfo[];
  readonly wgslError?: DiagnosticInfo;
  readonly timings: CompileTimings;
  readonly entries: readonly string[];
  readonly log: string;
}

export interface RanView {
  readonly comparison: readonly OutputComparison[];
  /** Where the kernels ran: the adapter, or 'interpreter' when the page has no WebGPU. */
  readonly ranOn: string;
  readonly launches: readonly LaunchInfo[];
  readonly interpreterMs: number;
  readonly deviceMs?: number;
  /** Why the kernels did not run on WebGPU (no navigator.gpu, no adapter). */
  readonly noGpu?: string;
}

export type Reply =
  | { readonly type: 'ready'; readonly pipelines: readonly PipelineInfo[]; readonly passes: readonly PassInfo[] }
  | { readonly id: number; readonly type: 'progress'; readonly pass: string; readonly index: number; readonly total: number; readonly elapsedMs: number }
  | { readonly id: number; readonly type: 'compiled'; readonly result: CompiledView }
  | { readonly id: number; readonly type: 'ran'; readonly result: RanView }
  | {
      readonly id: number;
      readonly type: 'failed';
      readonly stage: FailureStage | 'internal';
      readonly diagnostics: readonly DiagnosticInfo[];
      readonly passes?: readonly PassView[];
      readonly schedules?: readonly ScheduleDrawing[];
      readonly inputIr?: string;
    };
