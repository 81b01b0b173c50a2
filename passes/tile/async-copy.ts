import { FloatAttr, IntegerAttr, UnitAttr, type Attribute } from '../../core/ir/attributes.js';
import { Builder } from '../../core/ir/builder.js';
import type { Context } from '../../core/ir/dialect.js';
import type { Operation } from '../../core/ir/operation.js';
import { i64, index, MemRefType, type RankedTensorType } from '../../core/ir/types.js';
import type { Value } from '../../core/ir/value.js';
import { definePass } from '../../core/pass/pass.js';
import { ConstantOp } from '../../dialects/arith/index.js';
import { CommitOp, CopyOp, WaitOp } from '../../dialects/async/index.js';
import { AddressSpaceAttr, GPUFuncOp } from '../../dialects/gpu/index.js';
import { ForOp } from '../../dialects/scf/index.js';
import { AllocOp, i64List, LoadOp, registerStagesOf, SharedLayoutAttr } from '../../dialects/tile/index.js';
import { isGlobalMemRef } from '../../dialects/tile/types.js';
import { bodyOps } from '../loops/loop-dependences.js';
import { scheduleBefore, scheduleInPlaceOf } from './schedule-attrs.js';
import { groupLoads } from './copy-groups.js';

const isZero = (a: Attribute | undefined): boolean => a === undefined || (a instanceof IntegerAttr && a.value === 0n) || (a instanceof FloatAttr && Object.is(a.value, 0));

/** A tile.load of global memory whose padding is zero: a masked copy fills the edges the same way. */
function isConvertible(op: Operation): boolean {
  return LoadOp.isa(op) && isGlobalMemRef(op.operand(0).type) && isZero(op.getProperty('padding'));
}

/** The workgroup buffer type holding one tile of `load`'s result. */
function bufferType(load: Operation): MemRefType {
  const tile = load.resultTypes[0] as RankedTensorType;
  return MemRefType.get(tile.shape, tile.elementType, undefined, AddressSpaceAttr.get('workgroup'));
}

/** Whether a loaded tile reaches a tile.dot operand (directly or through transposes and casts): other threads' elements are read. */
function feedsDot(load: Operation): boolean {
  const seen = new Set<Operation>();
  const visit = (op: Operation): boolean =>
    op.results.some((r) =>
      r.users().some((u) => {
        if (seen.has(u)) return false;
        seen.add(u);
        return u.name === 'tile.dot' || ((u.name === 'tile.transpose' || u.name === 'tile.cast') && visit(u));
      }),
    );
  return visit(load);
}

export type CopiedLoads = 'all' | 'dot-operands' | 'none';

/** Whether a loaded 2-D tile is directly the left operand of a tile.dot. */
const isDotLhs = (load: Operation): boolean =>
  (load.resultTypes[0] as RankedTensorType).rank === 2 && load.results[0]!.users().some((u) => u.name === 'tile.dot' && u.operand(0) === load.results[0]);

/**
 * Column-major placement (`order = [0, 1]`): a dot reads its left operand a column (one k, the
 * rows of a thread) at a time, so these become consecutive words: vector reads, as the fast
 * hand-written kernels store A transposed.
 */
const COLUMN_MAJOR = (): SharedLayoutAttr => SharedLayoutAttr.get({ vec: 1, perPhase: 1, maxPhase: 1, order: [0, 1] });

/**
 * Replaces the convertible loads of one loop body by copies into workgroup buffers allocated
 * before the loop; each group of loads is copied, committed and waited for (`async.wait 0`) at
 * its first load, and each load then reads its buffer. Returns the number of loads converted.
 */
function convertLoop(context: Context, forOp: Operation, which: CopiedLoads, transposeLhs: boolean): number {
  // A loop that asks for register stages keeps its loads.
  if (which === 'none' || registerStagesOf(forOp) !== undefined) return 0;
  const loads = bodyOps(forOp).filter((op) => isConvertible(op) && (which === 'all' || feedsDot(op)));
  if (loads.length === 0) return 0;
  const b = new Builder(context);
  b.setInsertionPointBefore(forOp);
  b.loc = forOp.loc;
  const c0 = b.build(ConstantOp, { attributes: { value: IntegerAttr.get(index, 0) } });
  scheduleBefore(c0.op, forOp);
  const buffers = new Map<Operation, Value>();
  for (const load of loads) {
    const layout = transposeLhs && isDotLhs(load) ? { layout: COLUMN_MAJOR() } : {};
    const alloc = b.build(AllocOp, { attributes: layout, resultTypes: [bufferType(load)], loc: load.loc });
    scheduleBefore(alloc.op, forOp);
    buffers.set(load, alloc.result);
  }
  const zeros = (load: Operation) => new Array<Value>(bufferType(load).rank).fill(c0.result);

  for (const group of groupLoads(loads)) {
    const first = group[0]!;
    b.setInsertionPointBefore(first);
    const tokens = group.map((load) => {
      const source = LoadOp.view(load);
      const copy = b.build(CopyOp, {
        operands: { source: source.source, srcIndices: source.indices, dest: buffers.get(load)!, dstIndices: zeros(load) },
        attributes: { shape: i64List((load.resultTypes[0] as RankedTensorType).shape), masked: source.in_bounds ? undefined : UnitAttr.get() },
        loc: load.loc,
      });
      scheduleBefore(copy.op, first);
      return copy.token;
    });
    const commit = b.build(CommitOp, { operands: { tokens }, loc: first.loc });
    scheduleBefore(commit.op, first);
    const wait = b.build(WaitOp, { operands: { groups: [commit.group] }, attributes: { pending: IntegerAttr.get(i64, 0) }, loc: first.loc });
    scheduleBefore(wait.op, first);
    for (const load of group) {
      b.setInsertionPointBefore(load);
      const local = b.build(LoadOp, {
        operands: { source: buffers.get(load)!, indices: zeros(load) },
        attributes: { in_bounds: UnitAttr.get() },
        resultTypes: load.resultTypes,
        loc: load.loc,
      });
      scheduleInPlaceOf(local.op, load);
      load.replaceAllUsesWith(local.op.results);
      load.erase();
    }
  }
  return loads.length;
}

export const tileAsyncCopyPass = definePass({
  name: 'tile-async-copy',
  displayName: 'TileAsyncCopy',
  summary: 'Turn tile.loads of global memory in kernel loops into async copies into workgroup buffers',
  description:
    'For every scf.for inside a gpu.func, the tile.loads of global memory directly in its body (no padding, or a zero ' +
    'padding) become async.copy into a workgroup buffer allocated before the loop, then a tile.load of that buffer. ' +
    'Loads whose operands are available at the first load of a run are copied together: one async.commit and ' +
    "async.wait 0 per run. New ops in a scheduled loop take the stage of the load they replace ('tile.stage'/'tile.order').",
  options: {
    loads: {
      type: 'enum',
      values: ['all', 'dot-operands', 'none'],
      default: 'all',
      help: 'Which loads to copy: all, only those feeding a tile.dot (the others stay loads into registers, as Triton pipelines them; best where copies are register-staged, as in WGSL), or none',
    },
    'transpose-lhs': {
      type: 'bool',
      default: false,
      help: 'Place the buffers of tile.dot left operands column-major (layout #tile.shared<.., order = [0, 1]>), so that the dot reads 4 rows of one k as a vector',
    },
  },
  statistics: { 'num-converted': 'Number of tile.loads turned into asynchronous copies' },
  dependentDialects: ['arith', 'async', 'tile'],
  run(root, pass) {
    const loops: Operation[] = [];
    root.walk((op) => {
      if (ForOp.isa(op) && op.parentOfType(GPUFuncOp.isa)) loops.push(op);
    });
    for (const loop of loops) pass.addStatistic('num-converted', convertLoop(pass.context, loop, pass.options.loads as CopiedLoads, pass.options['transpose-lhs']));
  },
});
