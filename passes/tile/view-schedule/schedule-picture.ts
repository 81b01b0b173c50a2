/**
 * What `tile-view-schedule` draws for one scheduled loop, independent of the IR and of the
 * output format: the title facts, the op table and the timeline, already cut to a readable size.
 * The text and SVG renderers (schedule-text.ts, schedule-svg.ts) only lay it out.
 */
import { pipelineTimeline, type PipelineRegion, type StageInstance, type TimeSlot } from '../../loops/schedule.js';

/** One body op of the scheduled loop, as a row of the op table. */
export interface ScheduledOpRow {
  /** The op's `tile.order`, or its position in the body when the loop gives no orders. */
  readonly order: number;
  readonly stage: number;
  /** A one-line description, e.g. `%3 = arith.remui %arg4, %c3`. */
  readonly text: string;
}

/** Where the trip count of the picture comes from. */
export type TripCountSource = 'constant' | 'option' | 'example';

/** Kernel slots left out of the timeline (shown as one `...` row). */
export interface ElidedSlots {
  readonly region: 'kernel';
  readonly firstTime: number;
  readonly lastTime: number;
}

export type TimelineRow = TimeSlot | ElidedSlots;
/** An iteration column, or `'...'` for iterations left out between two shown ones. */
export type TimelineColumn = number | '...';

export interface TimelineView {
  readonly rows: readonly TimelineRow[];
  readonly columns: readonly TimelineColumn[];
}

export interface LoopPicture {
  /** The loop's location as `file:line:col` (or the location's text when it has no file). */
  readonly location: string;
  readonly numStages: number;
  readonly tripCount: number;
  readonly tripCountSource: TripCountSource;
  readonly peelEpilogue: boolean;
  /** False: the kernel starts num-stages - 1 steps early instead of a peeled prologue (tile-pipeline{peel-prologue=false}). */
  readonly peelPrologue: boolean;
  /** The body ops in emission order (by `tile.order`). */
  readonly ops: readonly ScheduledOpRow[];
  readonly timeline: TimelineView;
}

export const isElided = (row: TimelineRow): row is ElidedSlots => !('instances' in row);

export interface TimelineLimits {
  /** Beyond this many iteration columns, the middle of the kernel is left out. */
  readonly maxIterations: number;
  /** Kernel slots kept at each end of the kernel when its middle is left out. */
  readonly keptKernelSlots: number;
  /**
   * Trip counts above this are not laid out slot by slot: the timeline of this trip count is,
   * and its end is moved to the real trip count's (the kernel repeats the same slot).
   */
  readonly maxLaidOutTripCount: number;
}

export const DEFAULT_TIMELINE_LIMITS: TimelineLimits = { maxIterations: 12, keptKernelSlots: 2, maxLaidOutTripCount: 1024 };

/**
 * The timeline of pipelineTimeline(numStages, tripCount, peelEpilogue, peelPrologue), whole when
 * it has at most `maxIterations` iterations, else with its prologue, first and last kept kernel
 * slots and epilogue, the kernel slots between them (which all run every stage) in one elided row,
 * and only the iterations that run in the shown slots as columns. The iterations before the first
 * and past the last, whose stages a predicated prologue or epilogue emits switched off, are
 * columns too.
 */
export function timelineView(numStages: number, tripCount: number, peelEpilogue: boolean, peelPrologue = true, limits: TimelineLimits = DEFAULT_TIMELINE_LIMITS): TimelineView {
  const keep = limits.keptKernelSlots;
  // Enough iterations for a kernel longer than the slots kept at its ends.
  const laidOut = Math.min(tripCount, Math.max(limits.maxLaidOutTripCount, limits.maxIterations, 2 * keep + 2 * numStages));
  const slots = pipelineTimeline(numStages, laidOut, peelEpilogue, peelPrologue);
  // The kernel's last kept slots and the epilogue move by `shift` to where the real trip count has them.
  const shift = tripCount - laidOut;
  const iterations = slots.flatMap((s) => s.instances.map((i) => i.iteration));
  const firstIteration = Math.min(0, ...iterations);
  const iterationCount = Math.max(0, ...iterations.map((i) => i + 1)) + shift;
  const kernel = slots.filter((s) => s.region === 'kernel');
  // The kernel's first and last slots with instances predicated off are all kept, so that every
  // left-out slot runs every stage.
  const predicatedOff = (s: TimeSlot): boolean => s.instances.some((i) => !i.valid);
  let keepAtStart = keep;
  while (keepAtStart < kernel.length && predicatedOff(kernel[keepAtStart]!)) keepAtStart++;
  let keepAtEnd = keep;
  while (keepAtEnd < kernel.length && predicatedOff(kernel[kernel.length - 1 - keepAtEnd]!)) keepAtEnd++;
  if (shift === 0 && (iterationCount - firstIteration <= limits.maxIterations || kernel.length <= keepAtStart + keepAtEnd + 1)) {
    return { rows: slots, columns: range(firstIteration, iterationCount) };
  }
  const head = slots.filter((s) => s.region === 'prologue').concat(kernel.slice(0, keepAtStart));
  const tail = kernel
    .slice(-keepAtEnd)
    .concat(slots.filter((s) => s.region === 'epilogue'))
    .map((s) => shifted(s, shift, tripCount));
  const elided: ElidedSlots = { region: 'kernel', firstTime: head[head.length - 1]!.time + 1, lastTime: tail[0]!.time - 1 };
  const rows = [...head, elided, ...tail];
  const shown = new Set(rows.flatMap((r) => (isElided(r) ? [] : r.instances.map((i) => i.iteration))));
  return { rows, columns: withGaps([...shown].sort((a, b) => a - b)) };
}

function shifted(slot: TimeSlot, by: number, tripCount: number): TimeSlot {
  if (by === 0) return slot;
  const instances: StageInstance[] = slot.instances.map((i) => ({ stage: i.stage, iteration: i.iteration + by, valid: i.iteration + by < tripCount }));
  return { time: slot.time + by, region: slot.region, instances };
}

const range = (from: number, to: number): number[] => Array.from({ length: Math.max(0, to - from) }, (_, i) => from + i);

function withGaps(iterations: readonly number[]): TimelineColumn[] {
  const out: TimelineColumn[] = [];
  iterations.forEach((it, k) => {
    if (k > 0 && it !== iterations[k - 1]! + 1) out.push('...');
    out.push(it);
  });
  return out;
}

/** The instance of `slot` that runs iteration `iteration`, if any. */
export function instanceAt(slot: TimeSlot, iteration: number): StageInstance | undefined {
  return slot.instances.find((i) => i.iteration === iteration);
}

/** A timeline cell: `S<stage>` for a stage that runs, `(S<stage>)` for one emitted but predicated off, else ''. */
export function cellText(row: TimelineRow, column: TimelineColumn): string {
  if (isElided(row) || column === '...') return '';
  const instance = instanceAt(row, column);
  if (!instance) return '';
  return instance.valid ? `S${instance.stage}` : `(S${instance.stage})`;
}

/** The regions of the timeline, in order, each with the rows it spans (`[first, last]`, indices into rows). */
export function regionSpans(rows: readonly TimelineRow[]): { region: PipelineRegion; first: number; last: number }[] {
  const spans: { region: PipelineRegion; first: number; last: number }[] = [];
  rows.forEach((row, i) => {
    const open = spans[spans.length - 1];
    if (open && open.region === row.region) open.last = i;
    else spans.push({ region: row.region, first: i, last: i });
  });
  return spans;
}

/** The first line of a loop's picture: which loop. */
export const pictureTitle = (p: LoopPicture): string => `Schedule of scf.for at ${p.location}`;

/** The second line: stages, trip count (and where it comes from), epilogue. */
export function pictureSummary(p: LoopPicture): string {
  const trips: Record<TripCountSource, string> = {
    constant: `trip count ${p.tripCount}`,
    option: `trip count ${p.tripCount} (from the trip-count option)`,
    example: `trip count ${p.tripCount} (an example: the trip count is not constant)`,
  };
  const stages = `${p.numStages} stage${p.numStages === 1 ? '' : 's'}`;
  return `${stages}, ${trips[p.tripCountSource]}, ${p.peelPrologue ? '' : 'prologue predicated, '}epilogue ${p.peelEpilogue ? 'peeled' : 'predicated'}`;
}

/** Which iterations a predicated-off instance belongs to: past the last, and before the first where the prologue is predicated. */
export const predicatedOffWhen = (p: LoopPicture): string => (p.peelPrologue ? 'iteration >= trip count' : 'iteration < 0 or >= trip count');

export const timeLabel = (row: TimelineRow): string => (isElided(row) ? `t=${row.firstTime}..${row.lastTime}` : `t=${row.time}`);
