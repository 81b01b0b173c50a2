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
import { MapOp, REGISTER_STAGES_ATTR } from '../../../dialects/tile/index.js';
import { buildForLoop } from '../../../dialects/scf/builder.js';
import type { Def, FusedProgram, ProgramOp, Read } from './fused-program.js';
import { reductionKind, sameDef } from './fused-program.js';
import { BlockTiles, DefMap, producer, type Placement } from './fused-tiles.js';
import { blockCoordinates, gridLayout } from './grid.js';
import { launchBefore, launchByBound } from './host-launch.js';
import { IndexBuilder } from './index-builder.js';
import { kernelBodyBuilder, uniqueValues, type Kernel } from './kernels.js';
import { capturedValues } from './map-body.js';
import { sinkViews } from './sink-views.js';
import type { TilingContext } from './tiling-context.js';
import { i64, type MemRefType, RankedTensorType } from '../../../core/ir/types.js';
import { IntegerAttr } from '../../../core/ir/attributes.js';
import { buildIfThenElse } from '../../../dialects/scf/builder.js';

/** Tile sizes of a row kernel when none are given: [1, ..., 1, R, C]. */
export function rowDefaultTileSizes(rank: number): number[] {
  return [...new Array<number>(rank - 2).fill(1), 1, 256];
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

/**
 * A sum that a pass over the columns can compute together with an earlier reduction, so that
 * long rows are read twice (once for the statistics, once for the outputs) rather than once per
 * level of reductions:
 * - softmax's `sum(exp(u - max(u)))`, accumulated online with the maximum (the running sum
 *   rescaled by exp(old max - new max), as FlashAttention does);
 * - a variance's `sum((u - mu)^2)` for a per-row mu known after the pass that reads u, from
 *   per-column count, mean and sum of squared deviations (Welford's update per block, Chan et
 *   al.'s merge with mu at the end: sum_c M2_c + n_c (mean_c - mu)^2).
 */
type MergedSum =
  | { readonly kind: 'online-softmax'; readonly sum: ProgramOp; readonly max: ProgramOp; readonly u: Read }
  | { readonly kind: 'variance'; readonly sum: ProgramOp; readonly u: Read; readonly mu: Read };

/** The body of a map as op names, if it is one chain of single-result ops over its arguments. */
function bodyNames(map: Operation): string[] {
  return map
    .region(0)
    .entry!.ops.slice(0, -1)
    .map((o) => o.name);
}

function mergedSum(program: FusedProgram, sum: ProgramOp): MergedSum | undefined {
  if (sum.op.name !== 'tile.reduction' || reductionKind(sum.op) !== 'add' || sum.reads.length !== 1) return undefined;
  const e = producer(program, sum.reads[0]!.def);
  if (!e || e.op.name !== 'tile.map' || e.extent !== 'full' || e.reads.length !== 2 || e.defs.length !== 1) return undefined;
  const body = e.op.region(0).entry!;
  const [sub, last] = body.ops;
  const args = body.arguments;
  if (!sub || !last || sub.name !== 'arith.subf' || sub.operand(0) !== args[0] || sub.operand(1) !== args[1]) return undefined;
  if (body.last!.operand(0) !== last.results[0]) return undefined;
  const [u, m] = e.reads as [Read, Read];
  const names = bodyNames(e.op);
  const mp = producer(program, m.def);
  if (!mp || !(mp.op.name === 'tile.reduction' || mp.extent === 'row')) return undefined;
  if (names.join() === 'arith.subf,math.exp' && last.operand(0) === sub.results[0]) {
    const isMax = mp.op.name === 'tile.reduction' && reductionKind(mp.op) === 'max' && mp.reads.length === 1 && sameDef(mp.reads[0]!.def, u.def);
    return isMax && u.kept.length === program.rank ? { kind: 'online-softmax', sum, max: mp, u } : undefined;
  }
  if (names.join() === 'arith.subf,arith.mulf' && last.operand(0) === sub.results[0] && last.operand(1) === sub.results[0]) {
    return u.kept.length === program.rank ? { kind: 'variance', sum, u, mu: m } : undefined;
  }
  return undefined;
}

/**
 * The level of each per-row value: after which pass over the columns it is known (0: before
 * any). A merged sum is known after the pass that reads its input.
 */
function rowLevels(program: FusedProgram, merged: ReadonlyMap<ProgramOp, MergedSum>): (d: Def) => number {
  const rowLevel = new DefMap<number>();
  const fullLevel = new DefMap<number>();
  const levelOfRead = (d: Def): number => (d.kind === 'input' ? 0 : (rowLevel.get(d) ?? fullLevel.get(d) ?? 0));
  for (const p of program.ops) {
    if (p.op.name === 'tile.reduction') {
      const m = merged.get(p);
      const inputLevel = levelOfRead((m ? m.u : p.reads[0]!).def);
      const previous = p.reads[1] ? levelOfRead(p.reads[1].def) : 0;
      rowLevel.set(p.defs[0]!, Math.max(inputLevel + 1, previous, m?.kind === 'variance' ? levelOfRead(m.mu.def) : 0));
    } else {
      const level = Math.max(0, ...p.reads.map((r) => levelOfRead(r.def)));
      for (const d of p.defs) (p.extent === 'full' ? fullLevel : rowLevel).set(d, level);
    }
  }
  return (d) => rowLevel.get(d) ?? 0;
}

/** The sums merged into earlier passes: each only when its partner's pass is the one that reads its input. */
function mergedSums(program: FusedProgram): Map<ProgramOp, MergedSum> {
  const merged = new Map<ProgramOp, MergedSum>();
  const plain = rowLevels(program, new Map());
  for (const p of program.ops) {
    const m = mergedSum(program, p);
    if (!m) continue;
    const uLevel = m.u.def.kind === 'input' ? 0 : plain(m.u.def);
    if (m.kind === 'variance' && plain(m.mu.def) !== uLevel + 1) continue;
    // One online sum per maximum (a second sum of the same exponentials is computed in its own pass).
    if (m.kind === 'online-softmax' && [...merged.values()].some((o) => o.kind === 'online-softmax' && o.max === m.max)) continue;
    merged.set(p, m);
  }
  return merged;
}

/** A row kernel of a row program: its tile sizes [1, ..., 1, R, C] and tiling. */
export interface RowVariant {
  readonly sizes: readonly number[];
  readonly tiling: TilingContext;
}

/**
 * Replaces `op` (a tile.fusion, or the one op of `program`) by the launch of a row kernel with
 * tile sizes [1, ..., 1, R, C].
 */
export function tileRows(op: Operation, program: FusedProgram, sizes: readonly number[], tiling: TilingContext): void {
  launchRows(op, program, { sizes, tiling }, op);
  op.erase();
}

/**
 * Replaces `op` by the launch of the first variant whose C the row length N fits (N <= C), the
 * last one for longer rows (which walks them in blocks of its C): chosen now for a static N, else
 * at run time by an scf.if per variant but the last, each kernel named `<kernel>_RxC`. Returns the
 * kernels built.
 */
export function tileRowVariants(op: Operation, program: FusedProgram, variants: readonly RowVariant[]): number {
  const rank = program.rank;
  const fitting = (n: number) => variants.find((v) => n <= v.sizes[rank - 1]!) ?? variants.at(-1)!;
  const staticN = (program.reference.type as MemRefType).shape[rank - 1]!;
  if (staticN >= 0 || variants.length === 1) {
    const v = staticN >= 0 ? fitting(staticN) : variants[0]!;
    tileRows(op, program, v.sizes, v.tiling);
    return 1;
  }
  // Each kernel is named after its rows and columns (R x C).
  const named = (v: RowVariant): RowVariant => ({ ...v, tiling: { ...v.tiling, kernelName: `${v.tiling.kernelName}_${v.sizes.slice(rank - 2).join('x')}` } });
  const b = new IndexBuilder(variants[0]!.tiling.context);
  b.loc = op.loc;
  const shorter = variants.slice(0, -1);
  const rest = launchByBound(
    b,
    op,
    (hb) => hb.dim(program.reference, rank - 1),
    shorter.map((v) => v.sizes[rank - 1]!),
    (i, at) => launchRows(op, program, named(shorter[i]!), at),
  );
  launchRows(op, program, named(variants.at(-1)!), rest);
  op.erase();
  return variants.length;
}

/** Builds the row kernel of `variant` and launches it before `at`. */
function launchRows(op: Operation, program: FusedProgram, { sizes, tiling }: RowVariant, at: Operation): void {
  const buffers = programBuffers(program);
  const views = sinkViews(buffers);
  const launchArgs = uniqueValues([...views.launchArgs, ...programCaptures(program)]);
  const kernel = tiling.outliner.createKernel(tiling.kernelName, launchArgs, op.loc);
  const inKernel = views.rebuild(tiling.context, kernel.entry, (v) => kernel.argumentOf.get(v)!);
  const argOf = (v: Value): Value => inKernel.get(v) ?? kernel.argumentOf.get(v)!;
  buildRowKernel(program, sizes, tiling, kernel, argOf, op);
  const rank = program.rank;
  launchBefore(at, tiling, kernel, launchArgs, { extents: (hb) => sizes.slice(0, rank - 1).map((_, d) => hb.dim(program.reference, d)), sizes: sizes.slice(0, rank - 1) });
}

function buildRowKernel(program: FusedProgram, sizes: readonly number[], tiling: TilingContext, kernel: Kernel, argOf: (v: Value) => Value, at: Operation): void {
  const rank = program.rank;
  const shape = [sizes[rank - 2]!, sizes[rank - 1]!] as const;
  const b = kernelBodyBuilder(tiling.context, kernel, at.loc);
  const reference = argOf(program.reference);
  const coords = blockCoordinates(b, gridLayout(rank - 1, tiling), (d) => b.tileCount(b.dim(reference, d), sizes[d]!));
  const offsets = coords.map((c, d) => b.scale(c, sizes[d]!));
  const rowLength = b.dim(reference, rank - 1);
  const blockAt = (col0: Value): Placement => ({ lead: offsets.slice(0, rank - 2), row0: offsets[rank - 2]!, col0 });
  const zero = b.index(0);
  const fits = b.compare('ule', rowLength, b.index(shape[1]));
  buildIfThenElse(
    b,
    fits,
    [],
    () => {
      const block = new BlockTiles(b, program, argOf, blockAt(zero), shape, new DefMap(), { rowLength, reduceInBlock: true, vectorEdges: true });
      for (const def of program.stores) block.store(def);
      return [];
    },
    () => {
      emitPasses(b, program, argOf, shape, blockAt, rowLength, tiling.registerStages);
      return [];
    },
  );
  b.hoistConstants(kernel.entry, undefined);
}

/** The passes over the column blocks of rows longer than one block (their loops carrying `registerStages` as tile.register_stages, when given). */
function emitPasses(
  b: IndexBuilder,
  program: FusedProgram,
  argOf: (v: Value) => Value,
  shape: readonly [number, number],
  blockAt: (col0: Value) => Placement,
  rowLength: Value,
  registerStages: number | undefined,
): void {
  const staged = (loop: Operation): void => {
    if (registerStages !== undefined) loop.setAttr(REGISTER_STAGES_ATTR, IntegerAttr.get(i64, registerStages));
  };
  const merged = mergedSums(program);
  const level = rowLevels(program, merged);
  const rows = new DefMap<Value>();
  const bounds = { lower: b.index(0), upper: rowLength, step: b.index(shape[1]) };
  const reductions = program.ops.filter((p) => p.op.name === 'tile.reduction');
  const passes = Math.max(0, ...reductions.map((p) => level(p.defs[0]!)));
  const top = () => new BlockTiles(b, program, argOf, blockAt(bounds.lower), shape, rows, { rowLength, vectorEdges: true });
  const rowMapsDone = new Set<ProgramOp>();
  const known = (d: Def): boolean => d.kind === 'input' || rows.get(d) !== undefined;
  // Per-row maps are computed outside the loops, as soon as their inputs are known.
  const computeRowMaps = () => {
    const block = top();
    for (const p of program.ops) {
      if (p.extent === 'row' && !rowMapsDone.has(p) && p.reads.every((r) => known(r.def))) {
        block.evaluate(p);
        rowMapsDone.add(p);
      }
    }
  };
  computeRowMaps();
  for (let pass = 1; pass <= passes; pass++) {
    const accumulations = reductions.filter((p) => level(p.defs[0]!) === pass && !(merged.get(p)?.kind === 'online-softmax')).map((p) => accumulation(p, merged.get(p), merged, shape));
    const inits = accumulations.flatMap((a) => a.inits(top()));
    const loop = buildForLoop(b, bounds, inits, (col0, accs) => {
      const block = new BlockTiles(b, program, argOf, blockAt(col0), shape, rows, { rowLength, loop: col0.owner.parentOp, vectorEdges: true });
      let at = 0;
      return accumulations.flatMap((a) => {
        const mine = accs.slice(at, (at += a.count));
        b.loc = a.loc;
        return a.step(block, mine);
      });
    });
    staged(loop);
    let at = 0;
    const results = accumulations.map((a) => loop.results.slice(at, (at += a.count)));
    // Sums that need a per-row value of this pass (a variance's mean) finish after the others.
    for (const late of [false, true]) {
      const block = top();
      accumulations.forEach((a, k) => {
        if (a.late !== late) return;
        b.loc = a.loc;
        a.finish(block, results[k]!, rows);
      });
      computeRowMaps();
    }
  }
  const fullStores = program.stores.filter((d) => {
    const p = producer(program, d)!;
    return p.extent === 'full' && p.op.name !== 'tile.reduction';
  });
  if (fullStores.length > 0) {
    staged(
      buildForLoop(b, bounds, [], (col0) => {
        const block = new BlockTiles(b, program, argOf, blockAt(col0), shape, rows, { rowLength, loop: col0.owner.parentOp, vectorEdges: true });
        for (const d of fullStores) block.store(d);
        return [];
      }),
    );
  }
  const block = top();
  for (const d of program.stores) if (!fullStores.includes(d)) block.store(d);
}

/** How a pass accumulates one reduction (or a merged pair) over the column blocks, and turns the accumulators into per-row values. */
interface Accumulation {
  readonly loc: Operation['loc'];
  readonly count: number;
  /** Whether it finishes with a per-row value computed after the pass's other reductions. */
  readonly late: boolean;
  inits(block: BlockTiles): Value[];
  step(block: BlockTiles, accs: readonly Value[]): Value[];
  finish(block: BlockTiles, accs: readonly Value[], rows: DefMap<Value>): void;
}

function accumulation(p: ProgramOp, merge: MergedSum | undefined, all: ReadonlyMap<ProgramOp, MergedSum>, shape: readonly [number, number]): Accumulation {
  const elem = (p.op.operand(0).type as MemRefType).elementType;
  const tile = RankedTensorType.get([...shape], elem);
  const kind = reductionKind(p.op);
  const arith = (block: BlockTiles, name: string, ...operands: Value[]) => block.arith(name, operands);
  // A max whose sum is merged with it: the online softmax pair.
  const softmax = [...all.values()].find((m) => m.kind === 'online-softmax' && m.max === p) as Extract<MergedSum, { kind: 'online-softmax' }> | undefined;
  if (softmax) {
    return {
      loc: p.op.loc,
      count: 2,
      late: false,
      inits: (block) => [block.identity('max', tile), block.identity('add', tile)],
      step(block, [m, s]) {
        const x = block.masked(block.read(softmax.u, 'full'), 'max');
        const next = arith(block, 'arith.maximumf', m!, x);
        const rescaled = arith(block, 'arith.mulf', s!, arith(block, 'math.exp', arith(block, 'arith.subf', m!, next)));
        return [next, arith(block, 'arith.addf', rescaled, arith(block, 'math.exp', arith(block, 'arith.subf', x, next)))];
      },
      finish(block, [m, s], rows) {
        const max = block.reduce(p.op, m!);
        rows.set(p.defs[0]!, max);
        const scaled = arith(block, 'arith.mulf', s!, arith(block, 'math.exp', arith(block, 'arith.subf', m!, block.broadcastRow(max))));
        rows.set(softmax.sum.defs[0]!, block.reduce(softmax.sum.op, scaled));
      },
    };
  }
  if (merge?.kind === 'variance') {
    const variance = merge;
    return {
      loc: p.op.loc,
      count: 3,
      late: true,
      inits: (block) => [block.identity('add', tile), block.identity('add', tile), block.identity('add', tile)],
      step(block, [n, mean, m2]) {
        const x = block.read(variance.u, 'full');
        const valid = block.validColumns();
        const one = block.identity('mul', tile);
        const n1 = arith(block, 'arith.addf', n!, block.select(valid, one, block.identity('add', tile)));
        const delta = arith(block, 'arith.subf', x, mean!);
        const mean1 = arith(block, 'arith.addf', mean!, block.select(valid, arith(block, 'arith.divf', delta, n1), block.identity('add', tile)));
        const m21 = arith(block, 'arith.addf', m2!, block.select(valid, arith(block, 'arith.mulf', delta, arith(block, 'arith.subf', x, mean1)), block.identity('add', tile)));
        return [n1, mean1, m21];
      },
      finish(block, [n, mean, m2], rows) {
        const mu = block.broadcastRow(block.read(variance.mu, 'row'));
        const d = arith(block, 'arith.subf', mean!, mu);
        const total = arith(block, 'arith.addf', m2!, arith(block, 'arith.mulf', n!, arith(block, 'arith.mulf', d, d)));
        rows.set(p.defs[0]!, block.reduce(p.op, total));
      },
    };
  }
  return {
    loc: p.op.loc,
    count: 1,
    late: false,
    inits: (block) => [block.identity(kind, tile)],
    step: (block, [acc]) => [block.combine(kind, acc!, block.masked(block.read(p.reads[0]!, 'full'), kind))],
    finish(block, [acc], rows) {
      const reduced = block.reduce(p.op, acc!);
      rows.set(p.defs[0]!, p.reads[1] ? block.combine(kind, block.read(p.reads[1], 'row'), reduced) : reduced);
    },
  };
}
