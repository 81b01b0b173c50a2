import { FloatAttr, IntegerAttr, StridedLayoutAttr } from '../../core/ir/attributes.js';
import { attrConstraint, Index, optionalAttr, required, variadic } from '../../core/ir/constraints.js';
import { defineOp } from '../../core/ir/op-definition.js';
import type { Operation } from '../../core/ir/operation.js';
import { MemoryEffects, Pure } from '../../core/ir/traits.js';
import { MemRefType, type RankedTensorType, type Type } from '../../core/ir/types.js';
import { stridesAndOffset } from '../memref/types.js';
import { I64ListAttr, SharedLayoutConstraint, UnitAttrC, type SharedLayoutAttr } from './attributes.js';
import { isGlobalMemRef, isWorkgroupMemRef, RankedMemRef, shapeText, TileTensor, tileEncodingError } from './types.js';

/** A scalar constant: the padding of masked loads. */
export const PaddingAttr = attrConstraint('integer or float attribute', (a): a is IntegerAttr | FloatAttr => a instanceof IntegerAttr || a instanceof FloatAttr);

function memorySpaceText(t: MemRefType): string {
  return t.memorySpace === undefined ? 'global memory' : String(t.memorySpace);
}

/**
 * Checks shared by tile.load and tile.store: memory space, index count, rank and element type.
 * A tile of rank k spans the trailing k dimensions of the memref; leading indices pick one slice.
 */
function checkTileAccess(mem: MemRefType, numIndices: number, tile: RankedTensorType, tileName: string): string | undefined {
  if (!isGlobalMemRef(mem) && !isWorkgroupMemRef(mem)) return `memref must be in global or workgroup memory, got ${memorySpaceText(mem)}`;
  if (numIndices !== mem.rank) return `requires ${mem.rank} indices (the memref rank), got ${numIndices}`;
  if (tile.rank > mem.rank) return `${tileName} rank (${tile.rank}) exceeds the memref rank (${mem.rank})`;
  if (tile.elementType !== mem.elementType) return `${tileName} element type '${tile.elementType}' does not match the memref element type '${mem.elementType}'`;
  return tileEncodingError(tile, tileName);
}

/**
 * Discardable unit attribute of a tile.load or tile.store, a lowering hint with no effect on the
 * meaning: an edge tile (partly outside the memref) whose memref's last size and first column
 * are multiples of 4 is accessed in aligned vectors of 4, each under its first element's bounds
 * test, rather than element by element. Set by tile-tiling on row programs' tiles (rows of 2049 to
 * 4095 columns end inside their 4096-column block: every tile is an edge tile).
 */
export const VECTOR_EDGES_ATTR = 'tile.vector_edges';

/**
 * `%t = tile.load %A[%i, %j] padding(0.0 : f32) : memref<1000x2000xf32> -> tensor<32x64xf32>`:
 * the tile of the result's shape whose element (0, 0) is A[%i, %j]. Elements outside A's bounds are
 * not read and read as `padding` (zero when absent); `in_bounds` promises there are none.
 */
export const LoadOp = defineOp({
  name: 'tile.load',
  summary: 'loads a tile from a memref at index offsets, masked at the edges',
  operands: { source: RankedMemRef, indices: variadic(Index) },
  results: { result: TileTensor },
  attributes: { padding: optionalAttr(PaddingAttr), in_bounds: optionalAttr(UnitAttrC) },
  traits: [MemoryEffects('read')],
  assemblyFormat: '$source `[` $indices `]` (`in_bounds` $in_bounds^)? (`padding` `(` $padding^ `)`)? attr-dict `:` type($source) `->` type($result)',
  resultNames: () => ['tile'],
  verify(op) {
    const mem = op.operands[0]!.type as MemRefType;
    const tile = op.resultTypes[0] as RankedTensorType;
    const access = checkTileAccess(mem, op.numOperands - 1, tile, 'result');
    if (access) return access;
    const padding = op.properties.get('padding');
    if (padding && padding.type !== mem.elementType) return `padding type '${padding.type}' does not match the element type '${mem.elementType}'`;
    return undefined;
  },
});

/**
 * `tile.store %t, %A[%i, %j] : tensor<32x64xf32> -> memref<1000x2000xf32>`: writes the tile with its
 * element (0, 0) at A[%i, %j]; elements falling outside A's bounds are not written.
 */
export const StoreOp = defineOp({
  name: 'tile.store',
  summary: 'stores a tile into a memref at index offsets, masked at the edges',
  operands: { value: TileTensor, dest: RankedMemRef, indices: variadic(Index) },
  attributes: { in_bounds: optionalAttr(UnitAttrC) },
  traits: [MemoryEffects('write')],
  assemblyFormat: '$value `,` $dest `[` $indices `]` (`in_bounds` $in_bounds^)? attr-dict `:` type($value) `->` type($dest)',
  verify(op) {
    const mem = op.operands[1]!.type as MemRefType;
    return checkTileAccess(mem, op.numOperands - 2, op.operands[0]!.type as RankedTensorType, 'stored tile');
  },
});

/** `%buf = tile.alloc layout #tile.shared<...> : memref<2x64x32xf16, #gpu.address_space<workgroup>>` */
export const AllocOp = defineOp({
  name: 'tile.alloc',
  summary: 'allocates a workgroup buffer',
  attributes: { layout: optionalAttr(SharedLayoutConstraint) },
  results: { result: RankedMemRef },
  traits: [MemoryEffects('allocate')],
  assemblyFormat: '(`layout` $layout^)? attr-dict `:` type($result)',
  resultNames: () => ['buf'],
  verify(op) {
    const t = op.resultTypes[0] as MemRefType;
    if (!isWorkgroupMemRef(t)) return `result must be in workgroup memory (#gpu.address_space<workgroup>), got ${memorySpaceText(t)}`;
    if (!t.hasStaticShape) return `result must have a static shape, got ${shapeText(t.shape)}`;
    if (t.layout !== undefined) return `result must have the identity layout, got ${t.layout}`;
    const layout = op.properties.get('layout') as SharedLayoutAttr | undefined;
    // A layout of lower rank swizzles the trailing dimensions (each leading index is one whole copy).
    if (layout && layout.rank > t.rank) return `layout rank (${layout.rank}) exceeds the buffer rank (${t.rank})`;
    return undefined;
  },
});

/**
 * The type of `tile.view`: each dimension is the tile size where the source dimension is static
 * and a multiple of it, else dynamic (edge tiles are clamped); strides are the source's and the
 * offset is dynamic. Undefined when the source has no strided layout.
 */
export function viewType(source: MemRefType, tile: readonly number[]): MemRefType | undefined {
  const so = stridesAndOffset(source);
  if (!so || tile.length !== source.rank) return undefined;
  const shape = tile.map((t, d) => {
    const dim = source.shape[d]!;
    return dim >= 0 && dim % t === 0 ? t : -1;
  });
  return MemRefType.get(shape, source.elementType, StridedLayoutAttr.get(null, so.strides), source.memorySpace);
}

function tileSizes(op: Operation): number[] {
  const a = op.properties.get('tile');
  return a && I64ListAttr.test(a) ? a.numbers : [];
}

/**
 * `%v = tile.view %A[%bi, %bj] tile [32, 64] : memref<1000x2000xf32> -> memref<?x64xf32, strided<[2000, 1], offset: ?>>`:
 * the tile at tile coordinates (%bi, %bj), i.e. A[%bi*32 .. min(%bi*32+32, 1000), %bj*64 .. ...] (Croktile's chunkat).
 */
export const ViewOp = defineOp({
  name: 'tile.view',
  summary: 'the tile of a memref at tile coordinates',
  operands: { source: RankedMemRef, coords: variadic(Index) },
  attributes: { tile: required(I64ListAttr) },
  results: { result: RankedMemRef },
  traits: [Pure],
  assemblyFormat: '$source `[` $coords `]` `tile` $tile attr-dict `:` type($source) `->` type($result)',
  resultNames: () => ['view'],
  inferResultTypes(operands, attributes): Type[] | string {
    const source = operands[0]?.type;
    const tile = attributes.get('tile');
    if (!(source instanceof MemRefType) || !tile || !I64ListAttr.test(tile)) return 'tile.view needs a memref source and a tile attribute';
    const t = viewType(source, tile.numbers);
    return t ? [t] : 'tile.view needs a strided source of the tile rank';
  },
  verify(op) {
    const source = op.operands[0]!.type as MemRefType;
    const tile = tileSizes(op);
    if (op.numOperands - 1 !== source.rank) return `requires ${source.rank} tile coordinates (the memref rank), got ${op.numOperands - 1}`;
    if (tile.length !== source.rank) return `tile has ${tile.length} sizes but the memref has rank ${source.rank}`;
    if (tile.some((t) => t < 1)) return `tile sizes must be positive, got [${tile.join(', ')}]`;
    const expected = viewType(source, tile);
    if (!expected) return 'source memref must have a strided layout';
    if (op.resultTypes[0] !== expected) return `result type '${op.resultTypes[0]}' does not match the view type '${expected}'`;
    return undefined;
  },
});
