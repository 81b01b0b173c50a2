import type { Operation } from '../../../../core/ir/operation.js';
import { FloatType, IndexType, type MemRefType, type RankedTensorType, VectorType } from '../../../../core/ir/types.js';
import type { Value } from '../../../../core/ir/value.js';
import type { ConversionPatternRewriter, OpAdaptor } from '../../../../core/rewrite/conversion.js';
import { FmaOp } from '../../../../dialects/math/index.js';
import { LoadOp as MemLoadOp } from '../../../../dialects/memref/index.js';
import { LoadOp } from '../../../../dialects/tile/index.js';
import { fromElements, splat, vectorLanes } from '../../../../dialects/vector/builder.js';
import { effectsRecursively } from '../../../analysis/side-effects.js';
import type { ArithBuilder } from '../../../../dialects/arith/builder.js';
import { elementIndices, isWorkgroup } from '../../memory-access.js';
import { loadVector, loadVectorValue, VECTOR_WIDTH, vectorizable } from '../../vector-access.js';
import { convertScalar, convertVector, scalarConversionError } from '../scalar-conversion.js';
import { loadElement, tileRead } from './memory.js';
import { TilePattern, tileType } from './tile-pattern.js';
import type { StagedTile } from '../tile-lowering.js';
import { swizzledIndices } from '../swizzle.js';

/** How a dot reads an operand's elements (see DotLowering.operandSource). */
interface OperandSource {
  read(row: Value, col: Value): Value;
  readVector(row: Value, col: Value): Value[];
  /** readVector's lanes as one vector. */
  readVectorValue(row: Value, col: Value): Value;
  /** Whether runs of `run` consecutive columns may be read as vectors. */
  vectorizable(run: number): boolean;
  /** For a transpose read in place: (row..row+3, col) as the vector its buffer holds at (col, row..row+3). */
  readColumnVector?: (row: Value, col: Value) => Value[];
  /** The staged tile the source reads, to release once the dot is lowered. */
  staged?: StagedTile;
}

/** Whether an op may write memory: it declares a write, or declares nothing (counting the ops it holds where its effects are theirs). */
function mayWrite(op: Operation): boolean {
  const effects = effectsRecursively(op);
  return effects === undefined || effects.includes('write');
}

/**
 * Whether memory may be written between `from` and `to` (same block, `from` first): then the
 * buffer a tile was loaded from may no longer hold it, and reading it again is wrong.
 */
export function writesBetween(from: Operation, to: Operation): boolean {
  if (from.parent !== to.parent) return true;
  for (let op = from.next; op && op !== to; op = op.next) if (mayWrite(op)) return true;
  return false;
}

/** The tile.load of a workgroup buffer (rank >= 2) that defines `v`, if nothing writes memory between it and `at`. */
function workgroupLoad(v: Value, at: Operation): Operation | undefined {
  const load = v.definingOp;
  if (!load || !LoadOp.isa(load)) return undefined;
  const source = load.operand(0);
  return isWorkgroup(source.type) && (source.type as MemRefType).rank >= 2 && !writesBetween(load, at) ? load : undefined;
}

/** A's values of the thread's rows at k = 0, 1, ... in turn: read four k at a time where `vector`, else one by one. */
function rowReader(src: OperandSource, rows: readonly Value[], vector: boolean): (kk: number, kIndex: Value) => Value[] {
  let block: Value[][] = [];
  return (kk, kIndex) => {
    if (!vector) return rows.map((r) => src.read(r, kIndex));
    if (kk % VECTOR_WIDTH === 0) block = rows.map((r) => src.readVector(r, kIndex));
    return block.map((lanes) => lanes[kk % VECTOR_WIDTH]!);
  };
}

/** An operand read through a transpose, element by element (`readElement(row, col)` reads its buffer at (col, row)). */
function transposedSource(b: ArithBuilder, readElement: (row: Value, col: Value) => Value): OperandSource {
  const readVector = (row: Value, col: Value) => Array.from({ length: VECTOR_WIDTH }, (_, i) => readElement(row, b.add(col, b.constant(IndexType.get(), i))));
  return { read: readElement, readVector, readVectorValue: (row, col) => fromElements(b, readVector(row, col)), vectorizable: () => false };
}

/** B's values of the thread's columns at k = 0, 1, ... in turn, each column read four k at a time. */
function columnReader(read: (row: Value, col: Value) => Value[], cols: readonly Value[]): (kk: number, kIndex: Value) => Value[] {
  let block: Value[][] = [];
  return (kk, kIndex) => {
    if (kk % VECTOR_WIDTH === 0) block = cols.map((c) => read(kIndex, c));
    return block.map((lanes) => lanes[kk % VECTOR_WIDTH]!);
  };
}

/**
 * tile.dot %a, %b, %acc: acc[i, j] += a[i, k] * b[k, j], the K dimension unrolled: each thread
 * reads the rows of A and columns of B its accumulator elements need from workgroup memory
 * (directly from the buffer a tile.load read them from, else from a staged copy) and issues
 * FMAs. Reads are vectorized along each buffer's contiguous dimension where it is allowed: A four
 * k at a time, B the runs of four columns the accumulator layout gives a thread.
 */
export class DotLowering extends TilePattern {
  readonly name = 'tile-dot-to-simt';
  readonly root = 'tile.dot';

  protected override problem(op: Operation): string | undefined {
    const elem = tileType(op.operand(2))!.elementType;
    const conversion = scalarConversionError(tileType(op.operand(0))!.elementType, elem) ?? scalarConversionError(tileType(op.operand(1))!.elementType, elem);
    if (conversion) return conversion;
    const readDirectly = (v: Value) => workgroupLoad(v, op) !== undefined || this.lowering.readThroughLoad(v) !== undefined || this.lowering.stagedTranspose(v) !== undefined;
    return readDirectly(op.operand(0)) && readDirectly(op.operand(1)) ? undefined : this.lowering.workgroupBufferError;
  }

  protected lower(op: Operation, adaptor: OpAdaptor, rewriter: ConversionPatternRewriter, b: ArithBuilder): void {
    const [a, bv] = [op.operand(0), op.operand(1)];
    const accType = tileType(op.operand(2))!;
    const e = this.lowering.elementsOf(b, accType);
    const [rows, cols] = [e.coords[0]!, e.coords[1]!];
    const k = tileType(a)!.shape[1]!;
    const elem = accType.elementType;
    const srcA = this.operandSource(b, rewriter, a, adaptor.values(0), op);
    const srcB = this.operandSource(b, rewriter, bv, adaptor.values(1), op);
    const vectorize = this.lowering.options.vectorize;
    const vectorA = vectorize && srcA.vectorizable(k);
    const vectorB = vectorize && (srcB.vectorizable(e.runs[1]!) || (srcB.readColumnVector !== undefined && k % VECTOR_WIDTH === 0 && e.runs[1]! % VECTOR_WIDTH === 0));
    // A run of VECTOR_WIDTH accumulator columns of a row is one vector where B is read in such
    // runs and the types are floats: per k, one vector FMA of the splat A value and B's vector.
    const width = vectorB && elem instanceof FloatType && tileType(bv)!.elementType instanceof FloatType && cols.length % VECTOR_WIDTH === 0 ? VECTOR_WIDTH : 1;
    const pieceType = width > 1 ? VectorType.get([width], elem) : elem;
    const pieces = cols.length / width;
    const scalars = adaptor.values(2);
    const acc = width > 1 ? Array.from({ length: rows.length * pieces }, (_, r) => fromElements(b, scalars.slice(r * width, (r + 1) * width))) : [...scalars];
    const readA = rowReader(srcA, rows, vectorA);
    // A transpose read in place gives each of the thread's columns four k at a time.
    const readColumns = vectorize && k % VECTOR_WIDTH === 0 && srcB.readColumnVector ? columnReader(srcB.readColumnVector, cols) : undefined;
    const readB = (kk: number, kIndex: Value): Value[] => {
      if (readColumns) {
        const bs = readColumns(kk, kIndex);
        if (width === 1) return bs.map((x) => convertScalar(b, x, elem));
        return Array.from({ length: pieces }, (_, j) => convertVector(b, fromElements(b, bs.slice(j * width, (j + 1) * width)), pieceType as VectorType));
      }
      if (width > 1) return Array.from({ length: pieces }, (_, j) => convertVector(b, srcB.readVectorValue(kIndex, cols[j * width]!), pieceType as VectorType));
      const bs = vectorB ? cols.flatMap((c, j) => (j % VECTOR_WIDTH === 0 ? srcB.readVector(kIndex, c) : [])) : cols.map((c) => srcB.read(kIndex, c));
      return bs.map((x) => convertScalar(b, x, elem));
    };
    for (let kk = 0; kk < k; kk++) {
      const kIndex = b.constant(IndexType.get(), kk);
      const as = readA(kk, kIndex).map((x) => convertScalar(b, x, elem));
      const bs = readB(kk, kIndex);
      for (let i = 0; i < rows.length; i++) {
        const ai = width > 1 ? splat(b, as[i]!, pieceType as VectorType) : as[i]!;
        for (let j = 0; j < pieces; j++) {
          const n = i * pieces + j;
          acc[n] = b.build(FmaOp, { operands: { a: ai, b: bs[j]!, c: acc[n]! }, resultTypes: [pieceType] }).result;
        }
      }
    }
    rewriter.replaceOpWithMultiple(op, [width > 1 ? acc.flatMap((v) => vectorLanes(b, v)) : acc]);
    for (const src of [srcA, srcB]) if (src.staged) this.lowering.releaseStaged(src.staged);
  }

  /**
   * Where a dot operand's elements are read: the workgroup buffer its tile.load reads (masked
   * as that load is), the buffer of a transpose read in place, else a staged copy of `scalars`.
   * `readVector(row, col)` reads (row, col..col+3).
   */
  private operandSource(b: ArithBuilder, rewriter: ConversionPatternRewriter, v: Value, scalars: readonly Value[], at: Operation): OperandSource {
    const load = workgroupLoad(v, at);
    if (load) {
      const read = tileRead(
        load,
        load.operands.map((x) => rewriter.getRemappedValue(x)),
      );
      const rank = (read.memref.type as MemRefType).rank;
      return {
        read: (row, col) => loadElement(b, read, [row, col]),
        readVector: (row, col) => loadVector(b, read.memref, elementIndices(b, read.origin, [row, col], rank)),
        readVectorValue: (row, col) => loadVectorValue(b, read.memref, elementIndices(b, read.origin, [row, col], rank)),
        vectorizable: (run) => !read.masked && vectorizable(read.memref, run),
      };
    }
    const transposed = this.lowering.readThroughLoad(v);
    if (transposed) {
      const read = tileRead(
        transposed,
        transposed.operands.map((x) => rewriter.getRemappedValue(x)),
      );
      // (row, col) of the transpose is (col, row) of the buffer; runs of rows that are consecutive
      // words there become vector loads in combine-loads.
      return transposedSource(b, (row, col) => loadElement(b, read, [col, row]));
    }
    const staged = this.lowering.stagedTranspose(v);
    if (staged) {
      // (row, col) of the transpose is (col, row) of the staged tile; its rows hold k contiguously.
      const { buffer, swizzle } = staged;
      const at = (indices: Value[]) => (swizzle ? swizzledIndices(b, swizzle, indices) : indices);
      const elem = (buffer.type as MemRefType).elementType;
      return {
        ...transposedSource(b, (row, col) => b.build(MemLoadOp, { operands: { memref: buffer, indices: at([col, row]) }, resultTypes: [elem] }).result),
        readColumnVector: vectorizable(buffer, VECTOR_WIDTH) ? (row, col) => loadVector(b, buffer, at([col, row])) : undefined,
        staged,
      };
    }
    const type = tileType(v) as RankedTensorType;
    const buffer = this.lowering.stageTile(b, v, scalars, at);
    return {
      read: (row, col) => b.build(MemLoadOp, { operands: { memref: buffer, indices: [row, col] }, resultTypes: [type.elementType] }).result,
      readVector: (row, col) => loadVector(b, buffer, [row, col]),
      readVectorValue: (row, col) => loadVectorValue(b, buffer, [row, col]),
      vectorizable: (run) => vectorizable(buffer, run),
    };
  }
}
