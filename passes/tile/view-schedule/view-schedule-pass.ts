import type { Location } from '../../../core/ir/location.js';
import type { Operation } from '../../../core/ir/operation.js';
import { definePass } from '../../../core/pass/pass.js';
import { writeTextFile } from '../../../core/support/files.js';
import { SSANames } from '../../../core/syntax/ssa-names.js';
import { orderOf } from '../../../dialects/tile/schedule.js';
import { ForOp } from '../../../dialects/scf/index.js';
import { isScheduleError, type LoopSchedule } from '../../loops/schedule.js';
import { hasSchedule, readSchedule } from '../schedule-attrs.js';
import { constantTripCount } from '../../loops/trip-count.js';
import { timelineView, type LoopPicture, type TripCountSource } from './schedule-picture.js';
import { renderScheduleSvg } from './schedule-svg.js';
import { renderScheduleText } from './schedule-text.js';

/** Op descriptions longer than this are cut (with `...`) to keep the table in 100 columns. */
const MAX_OP_TEXT = 72;

/**
 * `%3 = arith.remui %arg4, %c3`: results, name and operands, with the SSA names tile-opt prints
 * for the whole IR (custom form) at this point of the pipeline; `{...}` for an op with regions.
 */
export function opText(op: Operation, names: SSANames): string {
  const results = op.results.map((r) => names.useName(r)).join(', ');
  const operands = op.operands.map((v) => names.useName(v)).join(', ');
  const text = `${results ? `${results} = ` : ''}${op.name}${operands ? ` ${operands}` : ''}${op.regions.length > 0 ? ' {...}' : ''}`;
  return text.length > MAX_OP_TEXT ? text.slice(0, MAX_OP_TEXT - 3) + '...' : text;
}

/** `file:line:col`, without the quotes of the location's IR syntax. */
export function locationText(loc: Location): string {
  const flc = loc.fileLineCol();
  return flc ? `${flc.file}:${flc.line}:${flc.col}` : String(loc);
}

/** The trip count to draw: the option's, else the loop's constant one, else an example. */
function pictureTripCount(forOp: Operation, numStages: number, option: number): { tripCount: number; source: TripCountSource } {
  if (option > 0) return { tripCount: option, source: 'option' };
  const constant = constantTripCount(forOp);
  if (constant !== undefined) return { tripCount: Number(constant), source: 'constant' };
  return { tripCount: 2 * numStages + 1, source: 'example' };
}

/** What tile-pipeline's options change in the picture, and the trip count to draw (0: the loop's own, else an example). */
export interface ScheduleDrawingOptions {
  readonly peelEpilogue: boolean;
  readonly peelPrologue: boolean;
  readonly tripCount: number;
}

export function loopPicture(schedule: LoopSchedule, names: SSANames, options: ScheduleDrawingOptions): LoopPicture {
  const { forOp, numStages } = schedule;
  const { tripCount, source } = pictureTripCount(forOp, numStages, options.tripCount);
  return {
    location: locationText(forOp.loc),
    numStages,
    tripCount,
    tripCountSource: source,
    peelEpilogue: options.peelEpilogue,
    peelPrologue: options.peelPrologue,
    ops: schedule.ops.map((op) => ({ order: orderOf(op) ?? schedule.position.get(op)!, stage: schedule.stage.get(op)!, text: opText(op, names) })),
    timeline: timelineView(numStages, tripCount, options.peelEpilogue, options.peelPrologue),
  };
}

/**
 * The pictures of every scf.for under `root` whose body carries a schedule, in pre-order (also used
 * by the JavaScript API, api/, which draws them without a file); the first schedule that cannot be
 * used instead, with its op.
 */
export function schedulePictures(root: Operation, options: ScheduleDrawingOptions): LoopPicture[] | { op: Operation; message: string } {
  const loops: Operation[] = [];
  root.walk((op) => void (ForOp.isa(op) && hasSchedule(op) && loops.push(op)), 'pre');
  // Names as tile-opt prints the whole IR, so the table's values can be found in the output.
  let top = root;
  while (top.parentOp) top = top.parentOp;
  const names = new SSANames(top, false);
  const pictures: LoopPicture[] = [];
  for (const loop of loops) {
    const schedule = readSchedule(loop);
    if (isScheduleError(schedule)) return schedule;
    pictures.push(loopPicture(schedule, names, options));
  }
  return pictures;
}

export const tileViewSchedulePass = definePass({
  name: 'tile-view-schedule',
  displayName: 'TileViewSchedule',
  summary: 'Draw the software-pipelining schedule of each scheduled scf.for (text or SVG); the IR is unchanged',
  description:
    'For every scf.for whose body carries tile.stage / tile.order annotations, in pre-order, draws the op table by ' +
    'order and the timeline of the pipelined loop (which stage of which iteration runs in each time slot of the ' +
    'prologue, kernel and epilogue), as tile-pipeline would emit it. A schedule that cannot be used is an error at ' +
    'its op. Text goes to stderr unless `output` names a file; SVG needs `output`. Files are written only on success.',
  options: {
    format: { type: 'enum', values: ['text', 'svg'], default: 'text', help: 'Picture format' },
    output: { type: 'string', default: '', help: "File to write (overwritten); '' writes text to stderr (svg needs a file)" },
    'peel-epilogue': { type: 'bool', default: true, help: 'Draw the timeline of tile-pipeline{peel-epilogue=...}' },
    'peel-prologue': { type: 'bool', default: true, help: 'Draw the timeline of tile-pipeline{peel-prologue=...} (false needs peel-epilogue=false)' },
    'trip-count': { type: 'uint', default: 0, help: 'Trip count to draw (0: the constant trip count, else 2*stages+1 as an example)' },
  },
  run(root, pass) {
    const { format, output } = pass.options;
    if (format === 'svg' && output === '') {
      pass.fail(root.loc, 'format=svg needs an output file: tile-view-schedule{format=svg output=FILE}');
      return;
    }
    const peelEpilogue = pass.options['peel-epilogue'];
    const peelPrologue = pass.options['peel-prologue'];
    if (!peelPrologue && peelEpilogue) {
      pass.fail(root.loc, 'peel-prologue=false needs peel-epilogue=false, as in tile-pipeline');
      return;
    }
    const pictures = schedulePictures(root, { peelEpilogue, peelPrologue, tripCount: pass.options['trip-count'] });
    if (!Array.isArray(pictures)) {
      pass.fail(pictures.op.loc, pictures.message);
      return;
    }
    const picture = format === 'svg' ? renderScheduleSvg(pictures) : renderScheduleText(pictures);
    // To the error stream, as mlir-opt's view-op-graph writes to llvm::errs().
    if (output === '') return pass.errs(picture);
    try {
      writeTextFile(output, picture);
    } catch (e) {
      pass.fail(root.loc, `cannot write the schedule picture to '${output}': ${(e as Error).message}`);
    }
  },
});
