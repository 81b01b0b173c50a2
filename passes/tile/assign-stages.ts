import type { Operation } from '../../core/ir/operation.js';
import { definePass } from '../../core/pass/pass.js';
import { CommitOp, CopyOp, WaitOp } from '../../dialects/async/index.js';
import { ForOp } from '../../dialects/scf/index.js';
import { LoadOp, numStagesOf, orderOf, registerStagesOf, setSchedule, stageOf } from '../../dialects/tile/index.js';
import { bodyOps, loopDependences, type LoopDependence } from '../loops/loop-dependences.js';
import { isScheduleError } from '../loops/schedule.js';
import { readSchedule } from './schedule-attrs.js';

/** The ops `seeds` depend on in the same iteration, themselves included. */
function backwardSlice(seeds: readonly Operation[], dependences: readonly LoopDependence[]): Set<Operation> {
  const producers = new Map<Operation, Operation[]>();
  for (const d of dependences) if (d.distance === 0) (producers.get(d.consumer) ?? producers.set(d.consumer, []).get(d.consumer)!).push(d.producer);
  const slice = new Set(seeds);
  const work = [...seeds];
  while (work.length > 0) {
    for (const p of producers.get(work.pop()!) ?? []) {
      if (!slice.has(p)) {
        slice.add(p);
        work.push(p);
      }
    }
  }
  return slice;
}

/**
 * Stages: the copies and their commits (or, in a loop without copies, its tile.loads) and
 * what they are computed from go to stage 0, everything else to the last stage; then every op
 * moves up to the stage of what it uses (the previous iteration's values: one stage before).
 * Stages the user wrote are kept.
 */
function assignStages(ops: readonly Operation[], dependences: readonly LoopDependence[], numStages: number): Map<Operation, number> {
  const copies = ops.filter((op) => CopyOp.isa(op) || CommitOp.isa(op));
  const seeds = copies.length > 0 ? copies : ops.filter((op) => LoadOp.isa(op));
  const early = backwardSlice(seeds, dependences);
  const stage = new Map(ops.map((op) => [op, stageOf(op) ?? (early.has(op) ? 0 : numStages - 1)]));
  const fixed = new Set(ops.filter((op) => stageOf(op) !== undefined));
  for (let changed = true; changed; ) {
    changed = false;
    for (const d of dependences) {
      if (fixed.has(d.consumer)) continue;
      const least = stage.get(d.producer)! - d.distance;
      if (stage.get(d.consumer)! < least) {
        stage.set(d.consumer, least);
        changed = true;
      }
    }
  }
  return stage;
}

/**
 * Orders: first the last stage's waits and loads (and what they need in that stage), then the
 * earlier stages (the copies for later iterations, issued once this iteration's buffers were
 * read, so that they overlap its compute), then the rest of the last stage.
 */
function assignOrders(ops: readonly Operation[], dependences: readonly LoopDependence[], stage: ReadonlyMap<Operation, number>): Operation[] {
  const last = Math.max(...stage.values());
  const reads = ops.filter((op) => stage.get(op) === last && (WaitOp.isa(op) || LoadOp.isa(op)));
  const front = [...backwardSlice(reads, dependences)].filter((op) => stage.get(op) === last);
  const inFront = new Set(front);
  const middle = ops.filter((op) => stage.get(op)! < last).sort((a, b) => stage.get(a)! - stage.get(b)!);
  const back = ops.filter((op) => stage.get(op) === last && !inFront.has(op));
  return [...ops.filter((op) => inFront.has(op)), ...middle, ...back];
}

/** How many stages the automatic schedule gives this loop (0: none). */
/** Stages of a copying loop when neither the option nor the loop says. */
const DEFAULT_STAGES = 3;

function stagesFor(loop: Operation, numStages: number, registerStages: number): number {
  const ops = bodyOps(loop);
  if (ops.some((op) => CopyOp.isa(op))) return numStages || (numStagesOf(loop) ?? DEFAULT_STAGES);
  const registers = registerStages || (registerStagesOf(loop) ?? 0);
  if (registers >= 2 && ops.some((op) => LoadOp.isa(op))) return registers;
  return 0;
}

export const tileAssignStagesPass = definePass({
  name: 'tile-assign-stages',
  displayName: 'TileAssignStages',
  summary: 'Write a software-pipelining schedule (tile.stage/tile.order) on the loops that copy tiles',
  description:
    'For every scf.for whose body issues async.copy ops: the copies, their commits and the index arithmetic they need go ' +
    'to stage 0, everything else to stage num-stages-1; the body is ordered waits and buffer loads first, then the copies ' +
    'for later iterations, then the compute, so that the copies overlap the compute. With register-stages >= 2, loops ' +
    'without copies whose body loads tiles (e.g. from workgroup memory, inside a K step) get that many stages, loads ' +
    'early: register double buffering. Annotations already present are kept (a user-written TVM-style schedule wins); ' +
    'num-stages=1 writes nothing.',
  options: {
    'num-stages': {
      type: 'uint',
      default: 0,
      help: `Pipeline stages of loops that copy tiles asynchronously (1: no pipelining; 0: the loop's tile.num_stages, which tile-tiling's automatic configuration writes, else ${DEFAULT_STAGES})`,
    },
    'register-stages': {
      type: 'int',
      default: 0,
      help: "Pipeline stages of loops that load tiles synchronously (1: none; 0: the loop's tile.register_stages, which tile-tiling writes on a vector-matrix product's loop, else none)",
    },
  },
  statistics: { 'num-scheduled': 'Number of loops given a schedule' },
  run(root, pass) {
    const numStages = pass.options['num-stages'];
    const registerStages = pass.options['register-stages'];
    const loops: Operation[] = [];
    root.walk((op) => {
      if (ForOp.isa(op)) loops.push(op);
    });
    // A bad option is reported at the first loop it would apply to.
    const where = (loops[0] ?? root).loc;
    if (registerStages < 0) {
      pass.fail(where, `'tile-assign-stages' option 'register-stages' must not be negative, got ${registerStages}`);
      return;
    }
    for (const loop of loops) {
      const ops = bodyOps(loop);
      const annotated = ops.some((op) => stageOf(op) !== undefined || orderOf(op) !== undefined);
      const stages = stagesFor(loop, numStages, registerStages);
      if (stages <= 1 && !annotated) continue;
      const { dependences } = loopDependences(loop);
      const userLast = Math.max(-1, ...ops.map((op) => stageOf(op) ?? -1));
      const stage = assignStages(ops, dependences, Math.max(stages, userLast + 1, 1));
      const keepOrders = ops.some((op) => orderOf(op) !== undefined);
      const ordered = keepOrders ? ops : assignOrders(ops, dependences, stage);
      ordered.forEach((op, i) => setSchedule(op, stage.get(op)!, keepOrders ? undefined : i));
      const checked = readSchedule(loop);
      if (isScheduleError(checked)) {
        pass.fail(checked.op.loc, `invalid pipeline schedule: ${checked.message}`);
        return;
      }
      pass.addStatistic('num-scheduled');
    }
  },
});
