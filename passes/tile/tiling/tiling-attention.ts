/**
 * FlashAttention from an attention program (attention-program.ts): one kernel per (batch
 * indices, block of BM queries) that walks the keys in blocks of BN with a running row maximum m
 * and sum l (online softmax), rescaling its output accumulator by exp(m_old - m_new) as the
 * maximum grows. The scores of a block are computed, mapped (scale, mask) and exponentiated in
 * registers and never reach global memory. Q, K and V tiles span BD columns of the head
 * dimension (zero padding past D); the host launches the kernel when D <= BD and otherwise runs
 * the chain unfused (`fallback`). With a fourth size BK < BD, the head dimension is taken in
 * chunks of BK: the scores sum BD / BK dots of Q's and K's chunks (loaded per key block), and the
 * output is BD / BK accumulators of BK columns, each adding P times V's chunk. Each dot then
 * stages BK-column tiles, which is what lets 64-query blocks of a 128-wide head fit in a GPU's
 * workgroup memory. With a causal mask, the key loop ends after the last key the
 * block's last query sees, and the grid takes the longest blocks first.
 */
import { IRMapping, type Operation } from '../../../core/ir/operation.js';
import { IntegerAttr } from '../../../core/ir/attributes.js';
import { f32, i64, IndexType, type MemRefType, RankedTensorType } from '../../../core/ir/types.js';
import type { Value } from '../../../core/ir/value.js';
import { constantValue } from '../../../core/rewrite/folder.js';
import { MinSIOp } from '../../../dialects/arith/index.js';
import { DotOp, LoadOp, REGISTER_STAGES_ATTR, StoreOp, TransposeOp } from '../../../dialects/tile/index.js';
import type { AttentionProgram } from './attention-program.js';
import { buildForLoop } from '../../../dialects/scf/builder.js';
import { blockCoordinates, gridLayout } from './grid.js';
import { launchBefore, launchByBound } from './host-launch.js';
import { IndexBuilder } from './index-builder.js';
import { kernelBodyBuilder, uniqueValues, type Kernel } from './kernels.js';
import { capturedTiles, capturedValues, emitTiledBody, indexTiles } from './map-body.js';
import type { TilingContext } from './tiling-context.js';
import { TileOps } from './tile-ops.js';
import { kernelWithViews } from './tiling-matmul.js';

/** One FlashAttention kernel of an attention chain: its tile sizes [BM, BN, BD] or [BM, BN, BD, BK], and its tiling. */
export interface AttentionVariant {
  readonly sizes: readonly number[];
  readonly tiling: TilingContext;
}

/**
 * [BM, BN, BD] without the tile-sizes option and the automatic configuration (auto-config=false):
 * queries per workgroup, keys per step, head dimension covered. 16 x 16 x 32 fits WebGPU's
 * default 16 KB of workgroup memory at three stages.
 */
export const ATTENTION_DEFAULT_TILE_SIZES: readonly number[] = [16, 16, 32];
export const ATTENTION_TILE_SIZES_TEXT =
  '3 or 4 (BM queries per workgroup, BN keys per step, BD >= the head dimension, and optionally BK: the head dimension in chunks of BK, a divisor of BD)';

/** Why [BM, BN, BD, BK] does not split the head dimension, or undefined (three sizes: no chunks). */
export function attentionChunkError(sizes: readonly number[]): string | undefined {
  const [bd, bk] = [sizes[2]!, sizes[3]];
  return bk !== undefined && bd % bk !== 0 ? `BK (${bk}) must divide BD (${bd})` : undefined;
}

const memrefOf = (v: Value): MemRefType => v.type as MemRefType;

/**
 * Replaces the tile.fusion `fusion` (holding `program`) by host code that launches the first
 * FlashAttention kernel of `variants` whose BD the head dimension fits (an scf.if per variant,
 * tested in order), and otherwise runs a copy of the fusion's body. A static head dimension gets
 * the kernel it fits alone, or the copy alone. Returns the copy's whole-problem ops, for the
 * caller to tile one by one, and how many kernels were built.
 */
export function tileAttention(fusion: Operation, program: AttentionProgram, variants: readonly AttentionVariant[]): { fallback: Operation[]; kernels: number } {
  const { q, rank } = program;
  const staticD = (q.type as MemRefType).shape[rank - 1]!;
  if (staticD >= 0) {
    const fits = variants.find((v) => staticD <= v.sizes[2]!);
    if (fits) {
      launchAttention(program, fits, fusion, fusion);
      fusion.erase();
      return { fallback: [], kernels: 1 };
    }
  }
  const b = new IndexBuilder(variants[0]!.tiling.context);
  b.loc = fusion.loc;
  // The unfused copy goes before `anchor`: the fusion (a static D too large), else the last else branch's yield.
  const anchor =
    staticD >= 0
      ? fusion
      : launchByBound(
          b,
          fusion,
          (hb) => hb.dim(q, rank - 1),
          variants.map((v) => v.sizes[2]!),
          (i, at) => launchAttention(program, variants[i]!, fusion, at),
        );
  const fallback: Operation[] = [];
  const mapping = new IRMapping();
  for (const op of fusion.region(0).entry!.ops.slice(0, -1)) {
    const copy = op.clone(mapping);
    copy.moveBefore(anchor);
    if (op.name.startsWith('tile.')) fallback.push(copy);
  }
  fusion.erase();
  return { fallback, kernels: staticD >= 0 ? 0 : variants.length };
}

/** Builds the kernel of `variant` and launches it before `at`. */
function launchAttention(program: AttentionProgram, { sizes, tiling }: AttentionVariant, fusion: Operation, at: Operation): void {
  const [bm, bn, bd] = sizes as [number, number, number];
  const { q, k, v, o, rank } = program;
  const captures = uniqueValues(program.scoreMaps.flatMap((m) => capturedValues(m)));
  const { kernel, launchArgs, argOf } = kernelWithViews(`${tiling.kernelName}_attention`, [q, k, v, o], tiling, fusion, captures);
  buildAttentionKernel(program, [bm, bn, bd, sizes[3] ?? bd], tiling, kernel, argOf);
  const dims = gridDims(program);
  launchBefore(at, tiling, kernel, launchArgs, {
    extents: (hb) => dims.map((d) => hb.dim(q, d)),
    sizes: dims.map((d) => (d === rank - 2 ? bm : 1)),
  });
}

/**
 * Whether the grid takes the blocks of queries heaviest first (causal: a block walks the keys up
 * to its last query, so later blocks take longer). In grid order (blocks of one head side by
 * side) the longest blocks of the last heads started last and ran alone at the end: on the H200,
 * 4x16x4096x4096x64 took 5.59 ms that way and 5.01 heaviest first (bench/RESULTS.md). Without a
 * mask the blocks of one head stay side by side, sharing its K and V in the cache.
 */
function heaviestFirst(program: AttentionProgram): boolean {
  return program.causalOffset !== undefined;
}

/** The dimensions of Q the grid covers, outermost first: the batch indices and the queries (rank - 2), outermost when heaviestFirst. */
function gridDims(program: AttentionProgram): number[] {
  const lead = Array.from({ length: program.rank - 2 }, (_, d) => d);
  return heaviestFirst(program) ? [program.rank - 2, ...lead] : [...lead, program.rank - 2];
}

/** The kernel body, built before `end` (the kernel's gpu.return). */
function buildAttentionKernel(program: AttentionProgram, [bm, bn, bd, bk]: [number, number, number, number], tiling: TilingContext, kernel: Kernel, argOf: (v: Value) => Value): void {
  const { rank } = program;
  const [Q, K, V, O] = [program.q, program.k, program.v, program.o].map(argOf) as [Value, Value, Value, Value];
  const b = kernelBodyBuilder(tiling.context, kernel, program.ops[0]!.loc);
  const inType = memrefOf(Q).elementType;
  const scoreType = memrefOf(program.ops[0]!.operand(2)).elementType;
  const scoresTile = RankedTensorType.get([bm, bn], scoreType);
  const accTile = RankedTensorType.get([bm, bk], f32);
  const rowTile = RankedTensorType.get([bm], scoreType);
  const t = new TileOps(b);
  const chunks = bd / bk;

  // Workgroup coordinates: the batch indices, then the block of queries.
  const S = b.dim(Q, rank - 2);
  const T = b.dim(K, rank - 2);
  // Built where needed, not kept: blockCoordinates discards the counts it finds it does not need
  // (a static count that cannot spill onto a second axis), and a kept one would then be erased.
  const queryBlocks = () => b.tileCount(S, bm);
  const dims = gridDims(program);
  const coords = new Array<Value>(rank - 1);
  blockCoordinates(b, gridLayout(rank - 1, tiling), (i) => (dims[i] === rank - 2 ? queryBlocks() : b.dim(Q, dims[i]!))).forEach((c, i) => {
    coords[dims[i]!] = c;
  });
  // Heaviest first, the blocks of queries are taken from the last: workgroups start in grid order,
  // so every (batch, head)'s last block, the one that walks the most keys, starts first.
  if (heaviestFirst(program)) coords[rank - 2] = b.sub(b.sub(queryBlocks(), b.index(1)), coords[rank - 2]!);
  const lead = coords.slice(0, rank - 2);
  const m0 = b.scale(coords[rank - 2]!, bm);
  const zero = b.index(0);
  const column = (c: number) => b.index(c * bk);
  const load = (source: Value, row: Value, c: number, rows: number) =>
    b.build(LoadOp, { operands: { source, indices: [...lead, row, column(c)] }, resultTypes: [RankedTensorType.get([rows, bk], inType)] }).result;

  // One chunk: Q's block loaded once, before the key loop; chunks of it are loaded per key block.
  const qWhole = chunks === 1 ? load(Q, m0, 0, bm) : undefined;
  const negInf = t.dense(scoresTile, -Infinity);
  const Tt = t.splatIndex(T, [bm, bn]);

  // Keys past the last one the block's last query sees are skipped (causal): the loop ends at
  // min(T, m0 + BM + offset).
  let upper = T;
  if (program.causalOffset) {
    // A constant offset is not among the kernel's captured values (constants are rebuilt inside it).
    const constant = constantValue(program.causalOffset);
    const offset = constant instanceof IntegerAttr ? b.index(Number(constant.value)) : argOf(program.causalOffset);
    upper = b.create(MinSIOp.state({ loc: b.loc, operands: { lhs: T, rhs: b.add(b.add(m0, b.index(bm)), offset) }, resultTypes: [IndexType.get()] })).results[0]!;
  }

  const inits = [...Array.from({ length: chunks }, () => t.dense(accTile, 0)), t.dense(rowTile, -Infinity), t.dense(rowTile, 0)];
  const loop = buildForLoop(b, { lower: zero, upper, step: b.index(bn) }, inits, (t0, carried) => {
    const accs = carried.slice(0, chunks);
    const [m, l] = [carried[chunks]!, carried[chunks + 1]!];
    // Each load is issued one dot ahead of its use, so that its latency overlaps the dot before
    // (NVIDIA's compiler does not move a global load up across a dot's staging barriers): the K
    // and Q chunks before the previous chunk's score dot, every chunk of V before the last score
    // dot. 2-13% faster over issue 37's shapes (bench/RESULTS.md, "Where FlashAttention's time goes").
    const scoreLoads = (c: number) => ({ k: load(K, t0, c, bn), q: qWhole ?? load(Q, m0, c, bm) });
    let next = scoreLoads(0);
    let vTiles: Value[] = [];
    let s: Value = t.dense(scoresTile, 0);
    for (let c = 0; c < chunks; c++) {
      const { k: kTile, q: qTile } = next;
      if (c + 1 < chunks) next = scoreLoads(c + 1);
      else vTiles = Array.from({ length: chunks }, (_, cv) => load(V, t0, cv, bn));
      const kT = b.build(TransposeOp, { operands: { source: kTile }, resultTypes: [RankedTensorType.get([bk, bn], inType)] }).result;
      s = b.build(DotOp, { operands: { a: qTile, b: kT, acc: s }, resultTypes: [scoresTile] }).result;
    }
    // The score maps, their tile.index d being the batch, query (d = rank-2) or key (rank-1) index.
    const indices = indexTiles(b, [bm, bn], [...lead, m0, t0]);
    for (const map of program.scoreMaps) {
      const outside = capturedTiles(b, map, [bm, bn], argOf);
      s = emitTiledBody(b, map, [bm, bn], [s], outside, undefined, indices)[0]!;
    }
    // Keys past T do not exist.
    s = t.select(t.cmpi('slt', indices(rank - 1), Tt), s, negInf);
    const mNew = t.arith('arith.maximumf', m, t.reduce('max', s));
    // A row whose keys are all masked so far keeps m = -inf; subtracting 0 instead keeps exp at 0 (not NaN).
    const mSafe = t.select(t.cmpf('oeq', mNew, t.dense(rowTile, -Infinity)), t.dense(rowTile, 0), mNew);
    const p = t.arith('math.exp', t.arith('arith.subf', s, t.broadcastRows(mSafe, scoresTile)));
    const alpha = t.arith('math.exp', t.arith('arith.subf', m, mSafe));
    const lNew = t.arith('arith.addf', t.arith('arith.mulf', l, alpha), t.reduce('add', p));
    const pIn = t.cast(p, RankedTensorType.get([bm, bn], program.probabilityType));
    const accsNew = accs.map((acc, c) => {
      const vTile = vTiles[c]!;
      const rescaled = t.arith('arith.mulf', acc, t.broadcastRows(alpha, accTile));
      return b.build(DotOp, { operands: { a: pIn, b: vTile, acc: rescaled }, resultTypes: [accTile] }).result;
    });
    return [...accsNew, mNew, lNew];
  });
  if (tiling.registerStages !== undefined) loop.setAttr(REGISTER_STAGES_ATTR, IntegerAttr.get(i64, tiling.registerStages));
  const results = loop.results as unknown as Value[];
  const l = results[chunks + 1]!;
  b.loc = program.ops[program.ops.length - 1]!.loc;
  const outElem = memrefOf(O).elementType;
  for (let c = 0; c < chunks; c++) {
    let out = t.arith('arith.divf', results[c]!, t.broadcastRows(l, accTile));
    if (outElem !== f32) out = t.cast(out, RankedTensorType.get([bm, bk], outElem));
    b.build(StoreOp, { operands: { value: out, dest: O, indices: [...lead, m0, column(c)] } });
  }
  b.hoistConstants(kernel.entry, undefined);
}
