import { DenseElementsAttr, type IntegerAttr } from '../../core/ir/attributes.js';
import { Builder } from '../../core/ir/builder.js';
import { failure, type Failure, isFailure } from '../../core/ir/diagnostics.js';
import type { Operation } from '../../core/ir/operation.js';
import { RankedTensorType, type Type } from '../../core/ir/types.js';
import type { Value } from '../../core/ir/value.js';
import { definePass } from '../../core/pass/pass.js';
import { kernelBlockSize } from '../../dialects/gpu/block-size.js';
import { BlockedLayoutAttr, CastOp, DotOp, isRegisterLayout, LoadOp, ReduceOp, type RegisterLayout, SliceLayoutAttr, StoreOp } from '../../dialects/tile/index.js';
import { kernelsIn } from '../../dialects/gpu/kernels.js';
import { innermostContiguous } from '../../dialects/memref/types.js';
import { accessLayoutFor, accumulatorLayoutFor, isPowerOfTwo } from './layouts.js';

const isTile = (t: Type): t is RankedTensorType => t instanceof RankedTensorType;

/** Values that must have one type (so one layout): a union-find over the kernel's tile values. */
class LayoutGroups {
  private readonly parent = new Map<Value, Value>();
  add(v: Value): void {
    if (isTile(v.type) && !this.parent.has(v)) this.parent.set(v, v);
  }
  find(v: Value): Value {
    let root = v;
    while (this.parent.get(root) !== root) root = this.parent.get(root)!;
    this.parent.set(v, root);
    return root;
  }
  union(a: Value, b: Value): void {
    if (!isTile(a.type) || !isTile(b.type)) return;
    this.add(a);
    this.add(b);
    this.parent.set(this.find(a), this.find(b));
  }
  groups(): Map<Value, Value[]> {
    const out = new Map<Value, Value[]>();
    for (const v of this.parent.keys()) {
      const root = this.find(v);
      (out.get(root) ?? out.set(root, []).get(root)!).push(v);
    }
    return out;
  }
}

/** Links the values an op requires to share a type: elementwise operands and results, loop-carried values, branch results. */
function linkOp(op: Operation, groups: LayoutGroups): void {
  for (const r of op.results) groups.add(r);
  for (const region of op.regions) for (const block of region.blocks) for (const a of block.arguments) groups.add(a);
  const dialect = op.name.slice(0, op.name.indexOf('.'));
  if ((dialect === 'arith' || dialect === 'math') && op.regions.length === 0) {
    const tiles = [...op.operands, ...op.results].filter((v) => isTile(v.type));
    for (const v of tiles.slice(1)) groups.union(tiles[0]!, v);
  } else if (op.name === 'scf.for') {
    const body = op.region(0).entry!;
    const yielded = body.last!.operands;
    op.results.forEach((r, i) => {
      groups.union(r, op.operand(3 + i));
      groups.union(r, body.arguments[1 + i]!);
      groups.union(r, yielded[i]!);
    });
  } else if (op.name === 'scf.if' || op.name === 'scf.execute_region' || op.name === 'scf.index_switch') {
    for (const region of op.regions) {
      const yielded = region.entry?.last?.operands ?? [];
      op.results.forEach((r, i) => yielded[i] && groups.union(r, yielded[i]!));
    }
  } else if (DotOp.isa(op)) {
    groups.union(op.operand(2), op.result);
  }
}

/**
 * The layout a group of values gets: the encoding one of them has, else a register-blocked
 * accumulator layout if a tile.dot makes one of them, else the access layout of the memory
 * the group is loaded from or stored to (vectorized where that memory is contiguous). A Failure
 * completes 'a tile ...' (the caller locates it at the group).
 */
function chooseLayout(members: readonly Value[], numThreads: number): RegisterLayout | Failure {
  const type = members[0]!.type as RankedTensorType;
  const written = members.map((v) => (v.type as RankedTensorType).encoding).filter((e) => e !== undefined);
  if (written.length > 0) {
    return isRegisterLayout(written[0]) ? written[0] : failure(`has the encoding ${written[0]}, which is not a #tile.blocked or #tile.slice layout`);
  }
  if (!type.hasStaticShape || type.shape.some((d) => d <= 0)) return failure(`of type '${type}' has no elements to spread over the threads (a zero-size or dynamic dimension)`);
  if (members.some((v) => DotOp.isa(v.definingOp)) && type.rank === 2) return accumulatorLayoutFor(type.shape, numThreads);
  let contiguous = true;
  for (const v of members) {
    if (LoadOp.isa(v.definingOp)) contiguous &&= innermostContiguous(v.definingOp!.operand(0).type);
    for (const use of v.uses) if (StoreOp.isa(use.owner) && use.index === 0) contiguous &&= innermostContiguous(use.owner.operand(1).type);
  }
  return accessLayoutFor(type.shape, numThreads, contiguous);
}

/** The tile.reduce ops among a group's definitions (their results then share the group's layout). */
const reductionsIn = (members: readonly Value[]): Operation[] => members.map((v) => v.definingOp).filter((op): op is Operation => op !== undefined && ReduceOp.isa(op));

/**
 * The layout of a group that holds reduction results, once the layout of a reduced tile is
 * known: the slice of that layout along the reduced axis, so that each row's result stays with
 * the threads that held the row. Undefined while no reduced tile has a layout yet; null when
 * the slice does not apply (no reduction result in the group, an encoding was written, or the
 * reduced tile's layout is a slice).
 */
function sliceLayout(members: readonly Value[], layoutOf: (v: Value) => RegisterLayout | undefined): SliceLayoutAttr | undefined | null {
  const reductions = reductionsIn(members);
  if (reductions.length === 0 || members.some((v) => (v.type as RankedTensorType).encoding !== undefined)) return null;
  let waiting = false;
  for (const reduce of reductions) {
    const input = layoutOf(reduce.operand(0));
    if (input instanceof BlockedLayoutAttr) return SliceLayoutAttr.get((reduce.properties.get('axis') as IntegerAttr).number, input);
    waiting ||= input === undefined;
  }
  return waiting ? undefined : null;
}

function withLayout(t: RankedTensorType, layout: RegisterLayout): RankedTensorType {
  return RankedTensorType.get(t.shape, t.elementType, layout);
}

/** Sets a value's type, and the type of a constant's dense attribute with it. */
function retype(v: Value, layout: RegisterLayout): void {
  v.type = withLayout(v.type as RankedTensorType, layout);
  const def = v.definingOp;
  const value = def?.name === 'arith.constant' ? def.getAttr('value') : undefined;
  if (value instanceof DenseElementsAttr) def!.setAttr('value', DenseElementsAttr.get(v.type as RankedTensorType, value.isSplat ? [value.values[0]!] : value.values));
}

/**
 * A store whose tile is less vectorized along the innermost dimension than the access layout of
 * its memory would be (e.g. a column-blocked accumulator) stores through a relayout.
 */
function coalesceStore(store: Operation, numThreads: number, b: Builder): boolean {
  const value = store.operand(0);
  const type = value.type as RankedTensorType;
  const have = type.encoding;
  const want = accessLayoutFor(type.shape, numThreads, innermostContiguous(store.operand(1).type));
  const inner = type.rank - 1;
  if (!(have instanceof BlockedLayoutAttr) || have === want || have.sizePerThread[inner]! >= want.sizePerThread[inner]! || have.order[0] !== inner) return false;
  b.setInsertionPointBefore(store);
  b.loc = store.loc;
  const cast = b.build(CastOp, { operands: { source: value }, resultTypes: [withLayout(type, want)] });
  store.setOperand(0, cast.result);
  return true;
}

export const tileAssignLayoutsPass = definePass({
  name: 'tile-assign-layouts',
  displayName: 'TileAssignLayouts',
  summary: 'Give every register tile of a kernel a #tile.blocked or #tile.slice layout',
  description:
    'For each gpu.func kernel (its workgroup size from known_block_size or its launches, a power of two), every tile ' +
    'value without an encoding gets a #tile.blocked or #tile.slice layout for that many threads. Values that must share a type ' +
    '(elementwise operands and results, loop-carried values, branch results, a dot accumulator and its result) share ' +
    'one layout: the encoding one of them already has (encodings the user wrote are kept), else, for tile.reduce ' +
    "results, the slice of the reduced tile's layout along the axis (the results stay with the threads of their rows), else a register-blocked " +
    'layout for tile.dot accumulators (each thread owns an as-square-as-possible block, e.g. 8x8), else the coalesced ' +
    'access layout of the memory they are loaded from or stored to (4 contiguous elements per thread where the ' +
    'innermost dimension is contiguous). A tile.store of a tile less vectorized than its memory allows stores through ' +
    'a tile.cast to the access layout.',
  statistics: { 'num-tiles': 'Tile values given a layout', 'num-relayouts': 'tile.cast relayouts inserted before stores' },
  dependentDialects: ['tile'],
  run(root, pass) {
    const b = new Builder(pass.context);
    for (const kernel of kernelsIn(root)) {
      const groups = new LayoutGroups();
      kernel.walk((op) => linkOp(op, groups));
      const members = groups.groups();
      if (members.size === 0) continue;
      const size = kernelBlockSize(kernel, kernel.parentOp!, { who: 'tile-assign-layouts', unit: 'a kernel' });
      if (isFailure(size)) {
        pass.fail(size.op.loc, size.message);
        return;
      }
      const numThreads = size[0] * size[1] * size[2];
      if (!isPowerOfTwo(numThreads)) {
        pass.fail(
          kernel.loc,
          `tile-assign-layouts: the workgroup size ${numThreads} of this kernel is not a power of two; #tile.blocked layouts spread tiles over a power-of-two number of threads`,
        );
        return;
      }
      // Groups holding reduction results wait for the layout of a tile they reduce (their slice).
      const layouts = new Map<Value, RegisterLayout | Failure>();
      const layoutOf = (v: Value): RegisterLayout | undefined => {
        const t = v.type as RankedTensorType;
        const chosen = isRegisterLayout(t.encoding) ? t.encoding : layouts.get(groups.find(v));
        return chosen && !isFailure(chosen) ? chosen : undefined;
      };
      let left = [...members.entries()];
      while (left.length > 0) {
        const waiting = left.filter(([root, group]) => {
          const slice = sliceLayout(group, layoutOf);
          if (slice !== undefined) layouts.set(root, slice ?? chooseLayout(group, numThreads));
          return slice === undefined;
        });
        // Groups that only wait on each other's slices: the first takes a layout of its own.
        if (waiting.length === left.length) {
          const [root, group] = waiting.shift()!;
          layouts.set(root, chooseLayout(group, numThreads));
        }
        left = waiting;
      }
      for (const [root, group] of members) {
        const layout = layouts.get(root)!;
        if (isFailure(layout)) {
          pass.fail(group[0]!.definingOp?.loc ?? kernel.loc, `tile-assign-layouts: a tile ${layout.message}`);
          return;
        }
        if (layout.numThreads !== numThreads) {
          pass.fail(group[0]!.definingOp?.loc ?? kernel.loc, `tile-assign-layouts: the layout ${layout} spreads the tile over ${layout.numThreads} threads but the kernel has ${numThreads}`);
          return;
        }
        for (const v of group) {
          if ((v.type as RankedTensorType).encoding === undefined) {
            retype(v, layout);
            pass.addStatistic('num-tiles');
          }
        }
      }
      const stores: Operation[] = [];
      kernel.walk((op) => void (StoreOp.isa(op) && stores.push(op)));
      for (const store of stores) if (coalesceStore(store, numThreads, b)) pass.addStatistic('num-relayouts');
    }
  },
});
