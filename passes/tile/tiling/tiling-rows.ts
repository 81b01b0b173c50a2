/**
 * Row kernels: a row program (maps and last-dimension reductions over the same rows, e.g.
 * softmax, LayerNorm, RMSNorm, or one such op alone) as one kernel in which each workgroup owns
 * a block of R rows and walks their columns in blocks of C.
 *
 * When a row fits in one block (the row length N <= C, tested at run time), the rows are read
 * once: every value is a register tile and each reduction reduces its tile at once. Otherwise the
 * reductions are computed in passes over the column blocks, one per level of dependence (a
 * reduction of values that need an earlier reduction's result waits for it), accumulating
 * elementwise into [R, C] tiles that are reduced once after the loop; a last pass computes and
 * stores the outputs. Reductions mask the columns past N with their identity.
 */
import type { Operation } from '../../../core/ir/operation.js';
import type { Value } from '../../../core/ir/value.js';
import { MapOp } from '../../../dialects/tile/index.js';
import { buildForLoop } from './for-loop.js';
import type { Def, FusedProgram, ProgramOp } from './fused-program.js';
import { reductionKind } from './fused-program.js';
import { BlockTiles, DefMap, producer, type Placement } from './fused-tiles.js';
import { blockCoordinates, gridAxes } from './grid.js';
import { replaceByLaunch } from './host-launch.js';
import type { IndexBuilder } from './index-builder.js';
import { kernelBodyBuilder, uniqueValues, type Kernel } from './kernels.js';
import { capturedValues } from './map-body.js';
import { sinkViews } from './sink-views.js';
import type { TilingContext } from './tiling-context.js';
import { MemRefType, RankedTensorType } from '../../../core/ir/types.js';

/** Tile sizes of a row kernel when none are given: [1, ..., 1, R, C]. */
export function rowDefaultTileSizes(rank: number): number[] {
  return [...new Array<number>(rank - 2).fill(1), 1, 512];
}

/** The buffers from outside a fused program reads or writes, in order of first use. */
export function programBuffers(program: FusedProgram): Value[] {
  const buffers: Value[] = [];
  for (const p of program.ops) {
    for (const r of p.reads) if (r.def.kind === 'input') buffers.push(r.def.buffer);
    for (const d of p.defs) buffers.push(d.buffer);
  }
  return uniqueValues(buffers.filter((v) => !program.intermediates.has(v)));
}

/** The scalars from outside the map bodies of a program use. */
export function programCaptures(program: FusedProgram): Value[] {
  return uniqueValues(program.ops.flatMap((p) => (MapOp.isa(p.op) ? capturedValues(p.op) : [])));
}

/** The level of each per-row value: after which pass over the columns it is known (0: before any). */
function rowLevels(program: FusedProgram): (d: Def) => number {
  const rowLevel = new DefMap<number>();
  const fullLevel = new DefMap<number>();
  const levelOfRead = (d: Def): number => (d.kind === 'input' ? 0 : (rowLevel.get(d) ?? fullLevel.get(d) ?? 0));
  for (const p of program.ops) {
    if (p.op.name === 'tile.reduction') {
      const inputLevel = levelOfRead(p.reads[0]!.def);
      const previous = p.reads[1] ? levelOfRead(p.reads[1].def) : 0;
      rowLevel.set(p.defs[0]!, Math.max(inputLevel + 1, previous));
    } else {
      const level = Math.max(0, ...p.reads.map((r) => levelOfRead(r.def)));
      for (const d of p.defs) (p.extent === 'full' ? fullLevel : rowLevel).set(d, level);
    }
  }
  return (d) => rowLevel.get(d) ?? 0;
}

/**
 * Replaces `op` (a tile.fusion, or the one op of `program`) by the launch of a row kernel with
 * tile sizes [1, ..., 1, R, C].
 */
export function tileRows(op: Operation, program: FusedProgram, sizes: readonly number[], tiling: TilingContext): void {
  const buffers = programBuffers(program);
  const views = sinkViews(buffers);
  const launchArgs = uniqueValues([...views.launchArgs, ...programCaptures(program)]);
  const kernel = tiling.outliner.createKernel(tiling.kernelName, launchArgs, op.loc);
  const inKernel = views.rebuild(tiling.context, kernel.entry, (v) => kernel.argumentOf.get(v)!);
  const argOf = (v: Value): Value => inKernel.get(v) ?? kernel.argumentOf.get(v)!;
  buildRowKernel(program, sizes, tiling, kernel, argOf, op);
  const rank = program.rank;
  replaceByLaunch(op, tiling, kernel, launchArgs, { extents: (b) => sizes.slice(0, rank - 1).map((_, d) => b.dim(program.reference, d)), sizes: sizes.slice(0, rank - 1) });
}

function buildRowKernel(program: FusedProgram, sizes: readonly number[], tiling: TilingContext, kernel: Kernel, argOf: (v: Value) => Value, at: Operation): void {
  const rank = program.rank;
  const shape = [sizes[rank - 2]!, sizes[rank - 1]!] as const;
  const b = kernelBodyBuilder(tiling.context, kernel, at.loc);
  const reference = argOf(program.reference);
  const coords = blockCoordinates(b, gridAxes(rank - 1, tiling.maxGridDims), (d) => b.tileCount(b.dim(reference, d), sizes[d]!));
  const offsets = coords.map((c, d) => b.scale(c, sizes[d]!));
  const rowLength = b.dim(reference, rank - 1);
  const blockAt = (col0: Value): Placement => ({ lead: offsets.slice(0, rank - 2), row0: offsets[rank - 2]!, col0 });
  const zero = b.index(0);
  const fits = b.compare('ule', rowLength, b.index(shape[1]));
  b.ifThenElse(
    fits,
    [],
    () => {
      const block = new BlockTiles(b, program, argOf, blockAt(zero), shape, new DefMap(), { rowLength, reduceInBlock: true });
      for (const def of program.stores) block.store(def);
      return [];
    },
    () => {
      emitPasses(b, program, argOf, shape, blockAt, rowLength);
      return [];
    },
  );
  b.hoistConstants(kernel.entry, undefined);
}

/** The passes over the column blocks of rows longer than one block. */
function emitPasses(b: IndexBuilder, program: FusedProgram, argOf: (v: Value) => Value, shape: readonly [number, number], blockAt: (col0: Value) => Placement, rowLength: Value): void {
  const level = rowLevels(program);
  const rows = new DefMap<Value>();
  const bounds = { lower: b.index(0), upper: rowLength, step: b.index(shape[1]) };
  const reductions = program.ops.filter((p) => p.op.name === 'tile.reduction');
  const passes = Math.max(0, ...reductions.map((p) => level(p.defs[0]!)));
  const top = () => new BlockTiles(b, program, argOf, blockAt(bounds.lower), shape, rows, { rowLength });
  const rowMapsDone = new Set<ProgramOp>();
  // Per-row maps are computed outside the loops, as soon as their inputs are known.
  const computeRowMaps = (known: number) => {
    const block = top();
    for (const p of program.ops) {
      if (p.extent === 'row' && !rowMapsDone.has(p) && p.defs.every((d) => level(d) <= known)) {
        block.evaluate(p);
        rowMapsDone.add(p);
      }
    }
  };
  computeRowMaps(0);
  for (let pass = 1; pass <= passes; pass++) {
    const now = reductions.filter((p) => level(p.defs[0]!) === pass);
    const inits = now.map((p) => {
      const elem = (p.op.operand(0).type as MemRefType).elementType;
      return top().identity(reductionKind(p.op), RankedTensorType.get([...shape], elem));
    });
    const loop = buildForLoop(b, bounds, inits, (col0, accs) => {
      const block = new BlockTiles(b, program, argOf, blockAt(col0), shape, rows, { rowLength, loop: col0.owner.parentOp });
      return now.map((p, k) => {
        b.loc = p.op.loc;
        const kind = reductionKind(p.op);
        return block.combine(kind, accs[k]!, block.masked(block.read(p.reads[0]!, 'full'), kind));
      });
    });
    const block = top();
    now.forEach((p, k) => {
      b.loc = p.op.loc;
      const reduced = block.reduce(p.op, loop.results[k]!);
      rows.set(p.defs[0]!, p.reads[1] ? block.combine(reductionKind(p.op), block.read(p.reads[1], 'row'), reduced) : reduced);
    });
    computeRowMaps(pass);
  }
  const fullStores = program.stores.filter((d) => {
    const p = producer(program, d)!;
    return p.extent === 'full' && p.op.name !== 'tile.reduction';
  });
  if (fullStores.length > 0) {
    buildForLoop(b, bounds, [], (col0) => {
      const block = new BlockTiles(b, program, argOf, blockAt(col0), shape, rows, { rowLength, loop: col0.owner.parentOp });
      for (const d of fullStores) block.store(d);
      return [];
    });
  }
  const block = top();
  for (const d of program.stores) if (!fullStores.includes(d)) block.store(d);
}
