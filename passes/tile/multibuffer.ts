import { IntegerAttr } from '../../core/ir/attributes.js';
import { Builder } from '../../core/ir/builder.js';
import type { Location } from '../../core/ir/location.js';
import type { Operation } from '../../core/ir/operation.js';
import { index, IndexType, MemRefType } from '../../core/ir/types.js';
import type { Value } from '../../core/ir/value.js';
import { definePass } from '../../core/pass/pass.js';
import { ConstantOp, IndexCastOp, RemUIOp } from '../../dialects/arith/index.js';
import { ForOp } from '../../dialects/scf/index.js';
import { AllocOp } from '../../dialects/tile/index.js';
import { isWorkgroupMemRef } from '../../dialects/tile/types.js';
import { kernelsIn } from '../../dialects/gpu/kernels.js';
import { staticByteSize } from '../../dialects/memref/types.js';
import { workgroupMemoryExceeded } from './workgroup-memory.js';
import { buildIterationNumber } from '../loops/iteration.js';
import { bodyAncestor } from '../loops/loop-dependences.js';
import { isScheduleError, type LoopSchedule } from '../loops/schedule.js';
import { hasSchedule, readSchedule, scheduleBefore, scheduleInPlaceOf } from './schedule-attrs.js';
import { addLeadingIndex, indexedAccess, type IndexedAccess } from './buffer-uses.js';

const lineCol = (loc: Location): string => {
  const flc = loc.fileLineCol();
  return flc ? `${flc.line}:${flc.col}` : String(loc);
};

/** The scf.for ops around `op` that do not contain `alloc`, innermost first. */
function loopsAround(op: Operation, alloc: Operation): Operation[] {
  const loops: Operation[] = [];
  for (let p = op.parentOp; p && !p.isAncestorOf(alloc); p = p.parentOp) if (ForOp.isa(p)) loops.push(p);
  return loops;
}

/** The ops using `v`, in program order (walking the op that holds its definition). */
function usersInOrder(v: Value, scope: Operation): Operation[] {
  const users = new Set(v.users());
  const ordered: Operation[] = [];
  scope.walk((op) => void (users.has(op) && ordered.push(op)), 'pre');
  return ordered;
}

/** A buffer that can be multibuffered over `forOp`, with every use an indexed access. */
interface Candidate {
  readonly alloc: Operation;
  readonly forOp: Operation;
  readonly accesses: readonly IndexedAccess[];
}

/** Why a buffer cannot be multibuffered (reported at its alloc). */
interface Refusal {
  readonly refused: string;
}

/**
 * Whether `alloc` is multibuffered, and over which loop: the innermost scf.for (not around the
 * alloc) that contains every use. Undefined for a buffer that no such loop uses, or that is not
 * both written and read there; refused for a use outside that loop or one it cannot index.
 */
function candidate(alloc: Operation): Candidate | Refusal | undefined {
  const buffer = alloc.result;
  const users = usersInOrder(buffer, alloc.parentOp ?? alloc);
  const inLoop = users.find((u) => loopsAround(u, alloc).length > 0);
  if (!inLoop) return undefined;
  const loops = loopsAround(inLoop, alloc);
  const forOp = loops.find((l) => users.every((u) => l.isAncestorOf(u)));
  if (!forOp) {
    const outside = users.find((u) => !loops.at(-1)!.isAncestorOf(u))!;
    return { refused: `cannot multibuffer: the buffer is used outside the loop (by '${outside.name}' at ${lineCol(outside.loc)})` };
  }
  const type = buffer.type as MemRefType;
  if (!isWorkgroupMemRef(type) || !type.hasStaticShape) {
    return { refused: `cannot multibuffer: the buffer must be a statically shaped workgroup buffer, got '${type}'` };
  }
  const accesses: IndexedAccess[] = [];
  for (const use of buffer.uses) {
    const access = indexedAccess(use);
    if (!access) {
      const user = use.owner;
      return {
        refused:
          `cannot multibuffer: the buffer is used by '${user.name}' at ${lineCol(user.loc)}, which cannot take a buffer index ` +
          '(only tile.load, tile.store, async.copy destinations, memref.load and memref.store can)',
      };
    }
    accesses.push(access);
  }
  accesses.sort((x, y) => users.indexOf(x.user) - users.indexOf(y.user));
  if (!accesses.some((a) => a.kind === 'write') || !accesses.some((a) => a.kind === 'read')) return undefined;
  return { alloc, forOp, accesses };
}

interface BuffersNeeded {
  readonly count: number;
  readonly writeStage: number;
  readonly readStage: number;
}

/**
 * How many buffers the schedule needs so that the write of iteration i+N comes after the read of
 * iteration i (stage s of iteration i runs in time slot i+s; within a slot ops run by position):
 * the maximum over writes W and reads R of max(1, sR - sW + (W after R in a slot ? 0 : 1)).
 */
function buffersNeeded(schedule: LoopSchedule, c: Candidate): BuffersNeeded {
  const at = (a: IndexedAccess) => {
    const op = bodyAncestor(c.forOp, a.user)!;
    return { stage: schedule.stage.get(op)!, position: schedule.position.get(op)! };
  };
  let need: BuffersNeeded = { count: 1, writeStage: 0, readStage: 0 };
  for (const w of c.accesses.filter((a) => a.kind === 'write').map(at)) {
    for (const r of c.accesses.filter((a) => a.kind === 'read').map(at)) {
      const count = r.stage - w.stage + (w.position > r.position ? 0 : 1);
      if (count > need.count) need = { count, writeStage: w.stage, readStage: r.stage };
    }
  }
  return need;
}

/**
 * Gives the buffer a leading dimension of `n` slots; each access, in iteration i of the loop,
 * uses slot i mod n, computed right before it (in its pipeline stage).
 */
function multibuffer(b: Builder, c: Candidate, n: number, slotCount: (forOp: Operation, n: number) => Value): void {
  const { alloc, forOp } = c;
  const type = alloc.result.type as MemRefType;
  b.setInsertionPointBefore(alloc);
  const wide = b.build(AllocOp, {
    attributes: { layout: alloc.getProperty('layout') },
    resultTypes: [MemRefType.get([n, ...type.shape], type.elementType, undefined, type.memorySpace)],
    loc: alloc.loc,
  });
  scheduleInPlaceOf(wide.op, alloc);

  const ivType = forOp.region(0).entry!.arguments[0]!.type;
  const slots = slotCount(forOp, n);
  for (const access of c.accesses) {
    b.setInsertionPointBefore(access.user);
    b.loc = access.user.loc;
    const { value: iteration, ops } = buildIterationNumber(b, forOp);
    const rem = b.build(RemUIOp, { operands: { lhs: iteration, rhs: slots }, resultTypes: [ivType] });
    ops.push(rem.op);
    let slot: Value = rem.result;
    if (!(ivType instanceof IndexType)) {
      const cast = b.build(IndexCastOp, { operands: { in: slot }, resultTypes: [index] });
      ops.push(cast.op);
      slot = cast.out;
    }
    for (const op of ops) scheduleBefore(op, access.user);
    addLeadingIndex(access, wide.result, slot);
  }
  alloc.erase();
}

export const tileMultibufferPass = definePass({
  name: 'tile-multibuffer',
  displayName: 'TileMultibuffer',
  summary: 'Give workgroup buffers written and read in each iteration of a loop one slot per in-flight iteration',
  description:
    "As MLIR's memref::multiBuffer: a tile.alloc defined outside an scf.for whose uses are all inside it, written and " +
    'read there, gets a leading dimension of N slots, and every access in iteration i uses slot ' +
    "((iv - lb) divui step) remui N. With num-buffers=0, N is what the loop's schedule (tile.stage/tile.order) needs, " +
    'or 1 (the buffer is left as it is) when it has none; a buffer of 1 slot is left as it is.',
  options: {
    'num-buffers': { type: 'uint', default: 0, help: "Slots of each multibuffered workgroup buffer (0: as many as the loop's schedule needs; fewer is an error)" },
    'max-workgroup-memory': {
      type: 'uint',
      default: 0,
      help: 'Bytes of workgroup memory a kernel may use: refuse a kernel whose buffers need more once multibuffered, before pipelining copies them (0: no limit)',
    },
  },
  statistics: { 'num-multibuffered': 'Number of buffers multibuffered' },
  dependentDialects: ['arith', 'tile'],
  run(root, pass) {
    const allocs: Operation[] = [];
    root.walk((op) => void (AllocOp.isa(op) && allocs.push(op)));
    const given = pass.options['num-buffers'];
    const b = new Builder(pass.context);
    // One constant N before each loop, shared by its buffers.
    const constants = new Map<Operation, Map<number, Value>>();
    const slotCount = (forOp: Operation, n: number): Value => {
      const perLoop = constants.get(forOp) ?? new Map<number, Value>();
      constants.set(forOp, perLoop);
      let c = perLoop.get(n);
      if (!c) {
        b.setInsertionPointBefore(forOp);
        const ivType = forOp.region(0).entry!.arguments[0]!.type;
        const op = b.build(ConstantOp, { attributes: { value: IntegerAttr.get(ivType, n) }, loc: forOp.loc });
        scheduleBefore(op.op, forOp);
        perLoop.set(n, (c = op.result));
      }
      return c;
    };
    for (const alloc of allocs) {
      const c = candidate(alloc);
      if (!c) continue;
      if ('refused' in c) {
        pass.fail(alloc.loc, c.refused);
        return;
      }
      // Without a schedule, 0 asks for nothing: one buffer, left as it is.
      let n = given > 0 ? given : 1;
      if (hasSchedule(c.forOp)) {
        const schedule = readSchedule(c.forOp);
        if (isScheduleError(schedule)) {
          pass.fail(schedule.op.loc, schedule.message);
          return;
        }
        const need = buffersNeeded(schedule, c);
        if (given === 0) n = need.count;
        else if (given < need.count) {
          pass.fail(
            alloc.loc,
            `'tile-multibuffer' option 'num-buffers' is ${given} but the schedule of the loop at ${lineCol(c.forOp.loc)} needs ${need.count} ` +
              `buffers for this buffer (written in stage ${need.writeStage}, read in stage ${need.readStage})`,
          );
          return;
        }
      }
      if (n === 1) continue;
      multibuffer(b, c, n, slotCount);
      pass.addStatistic('num-multibuffered');
    }
    const limit = pass.options['max-workgroup-memory'];
    if (limit > 0) {
      for (const kernel of kernelsIn(root)) {
        const bytes = allocatedWorkgroupBytes(kernel);
        if (bytes > limit) {
          pass.fail(kernel.loc, `${workgroupMemoryExceeded(bytes, limit)}`);
          return;
        }
      }
    }
  },
});

/** The bytes of the workgroup buffers a kernel allocates (tile.alloc). */
function allocatedWorkgroupBytes(kernel: Operation): number {
  let bytes = 0;
  kernel.walk((op) => void (AllocOp.isa(op) && (bytes += staticByteSize(op.result.type as MemRefType))));
  return bytes;
}
