import { failure, type Failure } from '../../../core/ir/diagnostics.js';
/**
 * The dataflow of whole-problem ops that one kernel computes together (a tile.fusion's body, or
 * one op alone), and whether a kernel can: a row program (maps and last-dimension reductions over
 * the same rows: softmax, LayerNorm, RMSNorm) or a matmul epilogue (a tile.matmul and maps over
 * its result). Buffers are followed as versions: each op reads the latest version of its inputs
 * (written earlier in the program, or what the buffer held before) and makes a new version of its
 * outputs, so a buffer written in place is just a later version.
 */
import type { AffineMap } from '../../../core/ir/affine.js';
import type { Operation } from '../../../core/ir/operation.js';
import type { MemRefType } from '../../../core/ir/types.js';
import type { Value } from '../../../core/ir/value.js';
import { mapIndexingMaps, MapOp, MatmulOp, projectedDims, type ReduceKindAttr, reductionDims, ReductionOp, type ReduceKind } from '../../../dialects/tile/index.js';
import { dimsAgree } from '../../../dialects/tile/types.js';
import { type AttentionProgram, attentionProgram } from './attention-program.js';
import { usesIndices } from './map-body.js';

/** A version of a buffer: what the buffer held before the program, or what an op wrote. */
export type Def = { readonly kind: 'input'; readonly buffer: Value } | { readonly kind: 'result'; readonly op: Operation; readonly index: number; readonly buffer: Value };

/** How a tile of the program is shaped: over whole rows' columns (`full`) or one value per row (`row`). */
export type Extent = 'full' | 'row';

/** One input of an op as the program reads it. */
export interface Read {
  readonly def: Def;
  /** The iteration dimensions the input keeps (its indexing map's results), of the op's iteration space. */
  readonly kept: readonly number[];
}

export interface ProgramOp {
  readonly op: Operation;
  readonly reads: readonly Read[];
  /** The versions it makes, one per output. */
  readonly defs: readonly Def[];
  /** The extent of its iteration space: full for maps over rows and for reductions' inputs, row for maps over per-row values. */
  readonly extent: Extent;
}

export interface FusedProgram {
  readonly kind: 'rows' | 'epilogue';
  readonly ops: readonly ProgramOp[];
  /** Rank of the full iteration space (rows are its last dimension). */
  readonly rank: number;
  /** A buffer of the full iteration space's shape, for its sizes at run time. */
  readonly reference: Value;
  /** Buffers that are not materialized (a fusion's allocations). */
  readonly intermediates: ReadonlySet<Value>;
  /** The last version of every buffer the program writes that is not an intermediate: what the kernel stores. */
  readonly stores: readonly Def[];
}

const memrefOf = (v: Value): MemRefType => v.type as MemRefType;
const range = (n: number): number[] => Array.from({ length: n }, (_, i) => i);
const sameList = (a: readonly number[], b: readonly number[]): boolean => a.length === b.length && a.every((x, i) => x === b[i]);

/** The kind of a reduction op. */
export const reductionKind = (op: Operation): ReduceKind => (op.properties.get('kind') as ReduceKindAttr).value;

/**
 * The program of `ops` (in order) with `intermediates` unmaterialized, or why one kernel cannot
 * compute them. Tried as rows first, then as a matmul epilogue.
 */
export function fusedProgram(ops: readonly Operation[], intermediates: ReadonlySet<Value>): FusedProgram | Failure {
  if (ops.length === 0) return failure('nothing to fuse');
  return MatmulOp.isa(ops[0]!) ? epilogueProgram(ops, intermediates) : rowProgram(ops, intermediates);
}

/** What one kernel computes: a row program, a matmul epilogue, or attention. */
export type KernelProgram = FusedProgram | AttentionProgram;

/** The program of a tile.fusion's ops: attention when they are two matmuls with a softmax between, else fusedProgram's. */
export function kernelProgram(ops: readonly Operation[], intermediates: ReadonlySet<Value>): KernelProgram | Failure {
  return ops.filter((op) => MatmulOp.isa(op)).length === 2 ? attentionProgram(ops, intermediates) : fusedProgram(ops, intermediates);
}

/** Follows buffer versions through `ops`. */
class Versions {
  private readonly latest = new Map<Value, Def>();
  read(buffer: Value): Def {
    return this.latest.get(buffer) ?? { kind: 'input', buffer };
  }
  write(op: Operation, index: number, buffer: Value): Def {
    const def: Def = { kind: 'result', op, index, buffer };
    this.latest.set(buffer, def);
    return def;
  }
  /** The last versions written, intermediates left out. */
  stores(intermediates: ReadonlySet<Value>): Def[] {
    return [...this.latest.values()].filter((d) => !intermediates.has(d.buffer));
  }
}

/** The inputs, outputs and indexing maps of a tile.map. */
function mapParts(op: Operation): { inputs: readonly Value[]; outputs: readonly Value[]; maps: AffineMap[] } {
  const view = MapOp.view(op);
  return { inputs: view.inputs, outputs: view.outputs, maps: mapIndexingMaps(op) };
}

/** Where each def was made: full or per-row values. */
type ExtentOf = Map<Def, Extent>;

function rowProgram(ops: readonly Operation[], intermediates: ReadonlySet<Value>): FusedProgram | Failure {
  // The full rank: the highest of the reductions' inputs and the maps' iteration spaces (maps over
  // one value per row may come first).
  const rank = Math.max(...ops.map((op) => (ReductionOp.isa(op) ? memrefOf(op.operand(0)).rank : MapOp.isa(op) ? memrefOf(mapParts(op).outputs[0]!).rank : 0)));
  if (rank < 2) return failure(`a row kernel needs an iteration space of rank 2 or more, got rank ${rank}`);
  let reference: Value | undefined;
  const versions = new Versions();
  const extents: ExtentOf = new Map();
  const extentOfDef = (d: Def): Extent | undefined =>
    extents.get(d) ?? (d.kind === 'input' ? (memrefOf(d.buffer).rank === rank ? 'full' : memrefOf(d.buffer).rank === rank - 1 ? 'row' : undefined) : undefined);
  const fullBuffers: Value[] = [];
  const fullShapeAgrees = (v: Value): boolean => {
    fullBuffers.push(v);
    if (!reference) return ((reference = v), true);
    const [a, b] = [memrefOf(v).shape, memrefOf(reference).shape];
    return a.every((d, i) => dimsAgree(d, b[i]!));
  };
  // Per-row buffers written before the first full one are checked against it at the end.
  const rowBuffers: Value[] = [];
  const rowShapeAgrees = (v: Value): boolean => {
    if (!reference) return (rowBuffers.push(v), true);
    return memrefOf(v).shape.every((d, i) => dimsAgree(d, memrefOf(reference!).shape[i]!));
  };
  const out: ProgramOp[] = [];
  for (const op of ops) {
    if (ReductionOp.isa(op)) {
      const [input, output] = [op.operand(0), op.operand(1)];
      if (memrefOf(input).rank !== rank || !sameList(reductionDims(op), [rank - 1]))
        return failure(
          `'tile.reduction' must reduce the last dimension of a rank-${rank} input to join a row kernel, got dimensions [${reductionDims(op).join(', ')}] of rank ${memrefOf(input).rank}`,
        );
      if (!fullShapeAgrees(input)) return failure(`'tile.reduction' input has shape ${memrefOf(input)} where the rows are ${memrefOf(reference!)}`);
      const read = versions.read(input);
      if (read.kind === 'input' && intermediates.has(input)) return failure(`'tile.reduction' reads an intermediate that holds nothing yet`);
      if (extentOfDef(read) !== 'full') return failure(`'tile.reduction' input is not a full-rank value of the rows`);
      if (op.properties.has('accumulate') && intermediates.has(output) && versions.read(output).kind === 'input')
        return failure(`'tile.reduction' accumulates into an intermediate that holds nothing yet`);
      const accumulated = op.properties.has('accumulate') ? [{ def: versions.read(output), kept: range(rank - 1) }] : [];
      const def = versions.write(op, 0, output);
      extents.set(def, 'row');
      out.push({ op, reads: [{ def: read, kept: range(rank) }, ...accumulated], defs: [def], extent: 'full' });
      continue;
    }
    if (!MapOp.isa(op)) return failure(`'${op.name}' cannot join a row kernel (only tile.map and tile.reduction can)`);
    if (usesIndices(op)) return failure(`'tile.map' uses tile.index, which a row kernel does not provide`);
    const { inputs, outputs, maps } = mapParts(op);
    const space = memrefOf(outputs[0]!).rank;
    const extent: Extent | undefined = space === rank ? 'full' : space === rank - 1 ? 'row' : undefined;
    if (!extent) return failure(`'tile.map' iterates over rank ${space}, but the rows have rank ${rank} (a map joins a row kernel over the rows or over one value per row)`);
    for (const o of outputs)
      if (extent === 'full' ? !fullShapeAgrees(o) : !rowShapeAgrees(o)) return failure(`'tile.map' output ${memrefOf(o)} does not match the rows ${memrefOf(reference!)}`);
    const reads: Read[] = [];
    for (const [i, input] of inputs.entries()) {
      const kept = projectedDims(maps[i]!)!;
      const def = versions.read(input);
      if (def.kind === 'input' && intermediates.has(input)) return failure(`'tile.map' reads input #${i}, an intermediate that holds nothing yet`);
      const had = extentOfDef(def);
      // A value computed in the kernel is read whole (full from full, per row from per row, or a
      // per-row value broadcast along the rows); a buffer from outside may be read through any projection.
      if (def.kind === 'result' || intermediates.has(input)) {
        const whole = had === extent && kept.length === space;
        const rowBroadcast = had === 'row' && extent === 'full' && sameList(kept, range(rank - 1));
        if (!whole && !rowBroadcast) return failure(`'tile.map' reads a value computed in the kernel through indexing map affine_map<${maps[i]}>, which a row kernel cannot provide`);
      } else if (extent === 'row' && kept.includes(rank - 1)) {
        return failure(`'tile.map' over one value per row reads input #${i} along the last dimension`);
      } else if (extent === 'full' && kept.length === rank && !fullShapeAgrees(input)) {
        return failure(`'tile.map' input #${i} has shape ${memrefOf(input)} where the rows are ${memrefOf(reference!)}`);
      }
      reads.push({ def, kept });
    }
    const defs = outputs.map((o, k) => versions.write(op, k, o));
    for (const d of defs) extents.set(d, extent);
    out.push({ op, reads, defs, extent });
  }
  const misfit = rowBuffers.find((v) => !rowShapeAgrees(v));
  if (misfit) return failure(`'tile.map' output ${memrefOf(misfit)} does not match the rows ${memrefOf(reference!)}`);
  // The launch reads the rows' sizes on the host, from a buffer that outlives the fusion.
  const outside = fullBuffers.find((v) => !intermediates.has(v));
  if (!outside) return failure('a row kernel needs a buffer of the full rows from outside (an input or an output)');
  return { kind: 'rows', ops: out, rank, reference: outside, intermediates, stores: versions.stores(intermediates) };
}

function epilogueProgram(ops: readonly Operation[], intermediates: ReadonlySet<Value>): FusedProgram | Failure {
  const matmul = ops[0]!;
  const mm = MatmulOp.view(matmul);
  if (memrefOf(mm.c).rank !== 2) return failure(`'tile.matmul' is batched (rank ${memrefOf(mm.c).rank}): only 2-D matmuls take an epilogue`);
  const versions = new Versions();
  if (mm.accumulate !== undefined && intermediates.has(mm.c)) return failure(`'tile.matmul' accumulates into an intermediate that holds nothing yet`);
  const result = versions.write(matmul, 0, mm.c);
  const out: ProgramOp[] = [{ op: matmul, reads: [], defs: [result], extent: 'full' }];
  for (const op of ops.slice(1)) {
    if (!MapOp.isa(op)) return failure(`'${op.name}' cannot join a matmul epilogue (only elementwise tile.map ops can)`);
    if (usesIndices(op)) return failure(`'tile.map' uses tile.index, which a matmul epilogue does not provide`);
    const { inputs, outputs, maps } = mapParts(op);
    for (const o of outputs) {
      const shape = memrefOf(o).shape;
      if (shape.length !== 2 || !dimsAgree(shape[0]!, memrefOf(mm.c).shape[0]!) || !dimsAgree(shape[1]!, memrefOf(mm.c).shape[1]!)) {
        return failure(`'tile.map' output ${memrefOf(o)} is not of the matmul result's shape ${memrefOf(mm.c)}`);
      }
    }
    const reads: Read[] = [];
    for (const [i, input] of inputs.entries()) {
      const kept = projectedDims(maps[i]!)!;
      const def = versions.read(input);
      if (def.kind === 'input' && intermediates.has(input)) return failure(`'tile.map' reads input #${i}, an intermediate that holds nothing yet`);
      if ((def.kind === 'result' || intermediates.has(input)) && kept.length !== 2)
        return failure(`'tile.map' reads a value computed in the kernel through indexing map affine_map<${maps[i]}>`);
      reads.push({ def, kept });
    }
    out.push({ op, reads, defs: outputs.map((o, k) => versions.write(op, k, o)), extent: 'full' });
  }
  const reference = [mm.c, ...out.flatMap((p) => p.defs.map((d) => d.buffer))].find((v) => !intermediates.has(v));
  if (!reference) return failure('a matmul epilogue needs an output from outside');
  return { kind: 'epilogue', ops: out, rank: 2, reference, intermediates, stores: versions.stores(intermediates) };
}

/** Identifies a def: inputs by buffer, results by op and output. */
export const sameDef = (a: Def, b: Def): boolean => (a.kind === 'input' ? b.kind === 'input' && a.buffer === b.buffer : b.kind === 'result' && a.op === b.op && a.index === b.index);
