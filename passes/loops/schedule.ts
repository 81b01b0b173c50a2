import { Failure } from '../../core/ir/diagnostics.js';
import type { Operation } from '../../core/ir/operation.js';
import { bodyOps, loopDependences, type LoopDependence } from './loop-dependences.js';

/**
 * The software-pipelining schedule of an `scf.for`, checked against the dependences of its
 * body (checkSchedule). Where the stages and orders come from is the caller's: a hook gives
 * them (ScheduleFn).
 */
export interface LoopSchedule {
  readonly forOp: Operation;
  /** The body ops (terminator excluded) in emission order. */
  readonly ops: readonly Operation[];
  readonly stage: ReadonlyMap<Operation, number>;
  /** Position of each op in `ops`. */
  readonly position: ReadonlyMap<Operation, number>;
  readonly numStages: number;
  readonly dependences: readonly LoopDependence[];
}

/** A located reason why a schedule cannot be used: a Failure at the op to blame. */
export class ScheduleError extends Failure {
  declare readonly op: Operation;
  constructor(op: Operation, message: string) {
    super(message, op);
  }
}

/**
 * A schedule as a hook gives it (MLIR's getScheduleFn): every op of the loop body, terminator
 * excluded, once, in the order to emit them in a time slot, each with its stage.
 */
export type ScheduledOps = readonly (readonly [op: Operation, stage: number])[];

/** Gives the schedule of a loop, or a located reason why it has none that can be used. */
export type ScheduleFn = (forOp: Operation) => ScheduledOps | ScheduleError;

const opText = (op: Operation) => `'${op.name}'`;

/**
 * Checks a schedule given for a loop: it lists every body op once, with a non-negative integer
 * stage; a value is used in its producer's stage or later, after its producer when in the same
 * stage; a value of the previous iteration (through an iter_arg) is used at most one stage
 * before the stage that makes it. The loop must yield values made by its body ops.
 */
export function checkSchedule(forOp: Operation, scheduled: ScheduledOps): LoopSchedule | ScheduleError {
  const body = new Set(bodyOps(forOp));
  const stage = new Map<Operation, number>();
  for (const [op, s] of scheduled) {
    if (!body.has(op)) return new ScheduleError(op, `op ${opText(op)} is given a stage but is not an op of the loop body`);
    if (stage.has(op)) return new ScheduleError(op, `op ${opText(op)} is given a stage twice`);
    if (!Number.isInteger(s) || s < 0) return new ScheduleError(op, `op ${opText(op)} is given the stage ${s} (a stage is a non-negative integer)`);
    stage.set(op, s);
  }
  for (const op of body) if (!stage.has(op)) return new ScheduleError(op, `op ${opText(op)} has no stage (every op of a scheduled loop needs one)`);
  const ops = scheduled.map(([op]) => op);
  const position = new Map(ops.map((op, i) => [op, i]));
  const { dependences, unsupportedYields } = loopDependences(forOp);
  if (unsupportedYields.length > 0) {
    return new ScheduleError(forOp, `cannot pipeline: the loop yields a value (#${unsupportedYields[0]}) that no op of its body makes (an iter_arg or a value from outside the loop)`);
  }
  for (const d of dependences) {
    const [sp, sc] = [stage.get(d.producer)!, stage.get(d.consumer)!];
    const delay = sc - sp + d.distance;
    if (d.distance === 0 && sc < sp) {
      return new ScheduleError(d.consumer, `op ${opText(d.consumer)} in stage ${sc} uses a value of ${opText(d.producer)}, which is in the later stage ${sp}`);
    }
    if (delay < 0) {
      return new ScheduleError(
        d.consumer,
        `op ${opText(d.consumer)} in stage ${sc} uses the previous iteration's value of ${opText(d.producer)} (stage ${sp}): a loop-carried value must be used in stage ${sp - 1} or later`,
      );
    }
    if (delay === 0 && position.get(d.consumer)! < position.get(d.producer)!) {
      const what = d.distance === 0 ? 'a value of' : "the previous iteration's value of";
      return new ScheduleError(d.consumer, `op ${opText(d.consumer)} is ordered before ${opText(d.producer)} in the same time slot but uses ${what} it`);
    }
  }
  const numStages = Math.max(0, ...stage.values()) + 1;
  return { forOp, ops, stage, position, numStages, dependences };
}

/** Reads a loop's schedule through `getSchedule` and checks it. */
export function loopSchedule(forOp: Operation, getSchedule: ScheduleFn): LoopSchedule | ScheduleError {
  const scheduled = getSchedule(forOp);
  return isScheduleError(scheduled) ? scheduled : checkSchedule(forOp, scheduled);
}

export function isScheduleError<T extends object>(s: T | ScheduleError): s is ScheduleError {
  return s instanceof ScheduleError;
}

// ------------------------------------------------------------------------------------ timeline

export type PipelineRegion = 'prologue' | 'kernel' | 'epilogue';

/** One stage of one iteration placed in a time slot; `valid` is false when it is predicated off. */
export interface StageInstance {
  readonly stage: number;
  readonly iteration: number;
  readonly valid: boolean;
}

export interface TimeSlot {
  readonly time: number;
  readonly region: PipelineRegion;
  /** The stages emitted in this slot, in increasing stage order. */
  readonly instances: readonly StageInstance[];
}

/** A time slot of the pipelined loop and the range of stages it runs (see pipelineSlots). */
export interface SlotRange {
  readonly time: number;
  readonly region: PipelineRegion;
  readonly firstStage: number;
  readonly lastStage: number;
}

/**
 * The time slots of the pipelined loop, for a loop of `tripCount` iterations and `numStages`
 * stages (stage s of iteration i runs in slot i + s), each with the stages it runs. The prologue
 * has numStages-1 slots, slot p running stages 0..p. Peeled: the kernel runs slots
 * numStages-1 .. T-1 with every stage, T = max(tripCount, numStages-1), and the epilogue slots
 * T .. T+numStages-2, slot T+e-1 running stages e and up. Not peeled: the kernel runs
 * tripCount slots with every stage, and there is no epilogue. A prologue not peeled (with an
 * epilogue not peeled) is kernel slots too: the kernel runs from slot 0, stages of iterations
 * before the first switched off.
 */
export function* pipelineSlots(numStages: number, tripCount: number, peelEpilogue: boolean, peelPrologue = true): Generator<SlotRange> {
  const maxStage = numStages - 1;
  if (peelPrologue) for (let p = 0; p < maxStage; p++) yield { time: p, region: 'prologue', firstStage: 0, lastStage: p };
  const kernelEnd = peelEpilogue ? Math.max(tripCount, maxStage) : tripCount + maxStage;
  for (let t = peelPrologue ? maxStage : 0; t < kernelEnd; t++) yield { time: t, region: 'kernel', firstStage: 0, lastStage: maxStage };
  if (peelEpilogue) for (let e = 1; e <= maxStage; e++) yield { time: kernelEnd + e - 1, region: 'epilogue', firstStage: e, lastStage: maxStage };
}

/**
 * pipelineSlots with the stage instances of each slot spelled out: which iteration each stage
 * runs, and whether it exists (instances before the first or past the last are emitted but
 * predicated off).
 */
export function pipelineTimeline(numStages: number, tripCount: number, peelEpilogue: boolean, peelPrologue = true): TimeSlot[] {
  const slots: TimeSlot[] = [];
  for (const { time, region, firstStage, lastStage } of pipelineSlots(numStages, tripCount, peelEpilogue, peelPrologue)) {
    const instances: StageInstance[] = [];
    for (let s = firstStage; s <= lastStage; s++) instances.push({ stage: s, iteration: time - s, valid: time - s >= 0 && time - s < tripCount });
    slots.push({ time, region, instances });
  }
  return slots;
}
