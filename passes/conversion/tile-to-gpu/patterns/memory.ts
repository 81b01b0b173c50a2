import type { Attribute } from '../../../../core/ir/attributes.js';
import type { Operation } from '../../../../core/ir/operation.js';
import type { MemRefType, RankedTensorType, Type } from '../../../../core/ir/types.js';
import type { Value } from '../../../../core/ir/value.js';
import type { ConversionPatternRewriter, OpAdaptor } from '../../../../core/rewrite/conversion.js';
import { LoadOp as MemLoadOp, StoreOp as MemStoreOp } from '../../../../dialects/memref/index.js';
import type { ArithBuilder } from '../../../../dialects/arith/builder.js';
import { zeroAttr } from '../../../../core/ir/attributes.js';
import { buildIfThenElse } from '../../../../dialects/scf/builder.js';
import { elementIndices, fastPathTest, inBounds, withInteriorPath } from '../../memory-access.js';
import { VECTOR_EDGES_ATTR } from '../../../../dialects/tile/index.js';
import { globalVectorizable, loadVector, storeVector, VECTOR_WIDTH, wholeVectorRuns } from '../../vector-access.js';
import { elementCoords } from '../thread-layout.js';
import { TilePattern } from './tile-pattern.js';

/** What a tile.load reads: its memref, the tile's origin in it, and how it is masked. */
export interface TileRead {
  readonly memref: Value;
  readonly origin: readonly Value[];
  /** Whether elements outside the memref read the padding (no `in_bounds`). */
  readonly masked: boolean;
  readonly padding: Attribute | undefined;
}

/** The read a tile.load makes, with its operands as `values` gives them. */
export function tileRead(load: Operation, values: readonly Value[]): TileRead {
  return { memref: values[0]!, origin: values.slice(1), masked: !load.properties.has('in_bounds'), padding: load.properties.get('padding') as Attribute | undefined };
}

/** `memref.load` of the element at `coords` of a tile read; masked (unless `masked` is false): the padding where it falls outside the memref. */
export function loadElement(b: ArithBuilder, read: TileRead, coords: readonly Value[], masked = read.masked): Value {
  const { memref } = read;
  const type = memref.type as MemRefType;
  const indices = elementIndices(b, read.origin, coords, type.rank);
  const elem = type.elementType;
  if (!masked) return b.build(MemLoadOp, { operands: { memref, indices }, resultTypes: [elem] }).result;
  const padding = read.padding ?? zeroAttr(elem)!;
  return buildIfThenElse(
    b,
    inBounds(b, memref, indices),
    [elem],
    () => [b.build(MemLoadOp, { operands: { memref, indices }, resultTypes: [elem] }).result],
    () => [b.constantOf(padding)],
  ).results[0]!;
}

/** Whether a tile.load or tile.store asks for vector edges and its memref allows vectors. */
const vectorEdges = (op: Operation, vector: boolean, masked: boolean): boolean => vector && masked && op.getAttr(VECTOR_EDGES_ATTR) !== undefined;

/**
 * tile.load: the elements the thread holds, each read with a bounds test (padding outside), or
 * where the whole tile is in bounds (one uniform test) without, in aligned vectors where the
 * memref allows. With VECTOR_EDGES_ATTR, an edge tile whose runs of 4 are whole (wholeVectorRuns)
 * reads each run as an aligned vector under its first element's test.
 */
export class LoadLowering extends TilePattern {
  readonly name = 'tile-load-to-simt';
  readonly root = 'tile.load';

  protected lower(op: Operation, adaptor: OpAdaptor, rewriter: ConversionPatternRewriter, b: ArithBuilder): void {
    const type = op.results[0]!.type as RankedTensorType;
    const e = this.lowering.elementsOf(b, type);
    const read = tileRead(op, adaptor.operands);
    const loadAll = () => Array.from({ length: e.count }, (_, i) => loadElement(b, read, elementCoords(e, i)));
    const { memref, origin, masked } = read;
    const vector = this.lowering.options.vectorize && globalVectorizable(memref, e.runs[e.runs.length - 1]!);
    if (!masked && !vector) return rewriter.replaceOpWithMultiple(op, [loadAll()]);
    // Interior tiles load without per-element tests, in aligned vectors where the memref allows.
    const fast = fastPathTest(b, memref, origin, type.shape, masked, vector)!;
    const rank = (memref.type as MemRefType).rank;
    const fastLoads = () =>
      vector
        ? Array.from({ length: e.count / VECTOR_WIDTH }, (_, i) => loadVector(b, memref, elementIndices(b, origin, elementCoords(e, i * VECTOR_WIDTH), rank), true)).flat()
        : Array.from({ length: e.count }, (_, i) => loadElement(b, read, elementCoords(e, i), false));
    const types = new Array<Type>(e.count).fill(type.elementType);
    const padding = () => b.constantOf(read.padding ?? zeroAttr(type.elementType)!);
    const runLoads = () =>
      Array.from({ length: e.count / VECTOR_WIDTH }, (_, i) => {
        const first = elementIndices(b, origin, elementCoords(e, i * VECTOR_WIDTH), rank);
        return buildIfThenElse(
          b,
          inBounds(b, memref, first),
          types.slice(0, VECTOR_WIDTH),
          () => loadVector(b, memref, first, true),
          () => new Array<Value>(VECTOR_WIDTH).fill(padding()),
        ).results;
      }).flat();
    const edges = vectorEdges(op, vector, masked) ? () => withInteriorPath(b, wholeVectorRuns(b, memref, origin), types, runLoads, loadAll) : loadAll;
    rewriter.replaceOpWithMultiple(op, [withInteriorPath(b, fast, types, fastLoads, edges)]);
  }
}

/**
 * tile.store: the thread's elements, each under a bounds test, or for interior tiles without, in
 * aligned vectors where the memref allows; with VECTOR_EDGES_ATTR, an edge tile's whole runs of 4
 * as aligned vectors, each under its first element's test.
 */
export class StoreLowering extends TilePattern {
  readonly name = 'tile-store-to-simt';
  readonly root = 'tile.store';

  protected lower(op: Operation, adaptor: OpAdaptor, rewriter: ConversionPatternRewriter, b: ArithBuilder): void {
    const type = op.operand(0).type as RankedTensorType;
    const scalars = adaptor.values(0);
    const memref = adaptor.operand(1);
    const origin = adaptor.operandValues.slice(2).map((v) => v[0]!);
    const e = this.lowering.elementsOf(b, type);
    const rank = (memref.type as MemRefType).rank;
    const indices = Array.from({ length: e.count }, (_, i) => elementIndices(b, origin, elementCoords(e, i), rank));
    const storeAll = (masked: boolean) => () => {
      for (let i = 0; i < e.count; i++) storeElement(b, scalars[i]!, memref, indices[i]!, masked);
      return [];
    };
    const vector = this.lowering.options.vectorize && globalVectorizable(memref, e.runs[e.runs.length - 1]!);
    const masked = !op.properties.has('in_bounds');
    const stores = (): Value[] => {
      if (!masked && !vector) return storeAll(false)();
      // Interior tiles store without per-element tests, in aligned vectors where the memref allows.
      const fastStores = () => {
        for (let i = 0; i < e.count; i += VECTOR_WIDTH) storeVector(b, scalars.slice(i, i + VECTOR_WIDTH), memref, indices[i]!, true);
        return [];
      };
      const runStores = () => {
        for (let i = 0; i < e.count; i += VECTOR_WIDTH)
          buildIfThenElse(b, inBounds(b, memref, indices[i]!), [], () => {
            storeVector(b, scalars.slice(i, i + VECTOR_WIDTH), memref, indices[i]!, true);
            return [];
          });
        return [];
      };
      const edges = vectorEdges(op, vector, masked) ? () => withInteriorPath(b, wholeVectorRuns(b, memref, origin), [], runStores, storeAll(masked)) : storeAll(masked);
      withInteriorPath(b, fastPathTest(b, memref, origin, type.shape, masked, vector)!, [], vector ? fastStores : storeAll(false), edges);
      return [];
    };
    // Of the threads that hold an element, the first writes it.
    if (e.owner) buildIfThenElse(b, e.owner(b), [], stores);
    else stores();
    rewriter.eraseOp(op);
  }
}

function storeElement(b: ArithBuilder, value: Value, memref: Value, indices: readonly Value[], masked: boolean): void {
  if (!masked) {
    b.build(MemStoreOp, { operands: { value, memref, indices } });
    return;
  }
  buildIfThenElse(b, inBounds(b, memref, indices), [], () => {
    b.build(MemStoreOp, { operands: { value, memref, indices } });
    return [];
  });
}
