/** What a compilation records as it goes: the IR after each pass and the schedules drawn (also what a failed one got done). */
import type { OptionValue } from '../core/pass/options.js';

/** The IR after one pass ran on one op. */
export interface PassSnapshot {
  /** The pass's name (`tile-pipeline`). */
  readonly pass: string;
  /** The pass's class-like name as mlir-opt prints it (`TilePipeline`). */
  readonly displayName: string;
  /** The op it ran on: `builtin.module`, or `func.func @f` for a nested pass. */
  readonly op: string;
  /** Its options as they were used (defaults filled in). */
  readonly options: Readonly<Record<string, OptionValue>>;
  /** The whole IR after it (the top-level module), unless `irAfterEachPass` was false. */
  readonly ir?: string;
  /** The pass's own time, in milliseconds (printing excluded). */
  readonly ms: number;
}

/** The schedule a software pipeliner was given: `tile-view-schedule`'s pictures of it. */
export interface ScheduleDrawing {
  /** The pass it was drawn before (`tile-pipeline`) and the index of that pass's snapshot in `passes`. */
  readonly beforePass: string;
  readonly passIndex: number;
  /** The SVG document (one per compilation, every scheduled loop in it). */
  readonly svg: string;
  /** The same as text (tile-view-schedule's default format). */
  readonly text: string;
}

/** What a failed pipeline got done (TileError.partial, stage `pass`). */
export interface PartialCompilation {
  readonly inputIr: string;
  readonly passes: readonly PassSnapshot[];
  readonly schedules: readonly ScheduleDrawing[];
  readonly log: string;
}
