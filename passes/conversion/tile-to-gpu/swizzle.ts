/**
 * `#tile.shared` layouts made physical: when convert-tile-to-gpu turns a `tile.alloc` with a
 * swizzled or column-major (`order = [0, 1]`) layout into a workgroup attribution, every load and
 * store of the buffer, scalar or vector (from tile.load/tile.store, tile.dot operand reads and the
 * register-staged async copies that convert-async-to-gpu left), gets its logical [.., row, col]
 * indices mapped to the physical ones: the swizzle, then for column-major buffers [.., col, row]
 * in an attribution whose trailing sizes are swapped (docs/dialects/tile.md). Until then the
 * layout only annotates placement, so the IR before means the same as after.
 */
import { StringAttr } from '../../../core/ir/attributes.js';
import { type Diagnostic, opDiagnostic } from '../../../core/ir/diagnostics.js';
import type { Operation } from '../../../core/ir/operation.js';
import { MemRefType } from '../../../core/ir/types.js';
import type { Value } from '../../../core/ir/value.js';
import { DivUIOp, RemUIOp } from '../../../dialects/arith/index.js';
import { CastOp as MemCastOp } from '../../../dialects/memref/index.js';
import { AllocOp, SharedLayoutAttr } from '../../../dialects/tile/index.js';
import type { ArithBuilder } from '../../../dialects/arith/builder.js';

const MARK = 'tile.swizzled_buffer';

/** Whether a layout stores its trailing two dimensions column-major (`order = [0, 1]`): they are swapped in memory. */
const isColumnMajor = (l: SharedLayoutAttr): boolean => l.rank === 2 && l.order[0] === 0;

/** Whether a layout moves anything (row-major with vec = perPhase = maxPhase = 1, or rank 1, is the identity). */
const isIdentity = (l: SharedLayoutAttr): boolean => l.rank < 2 || (l.maxPhase === 1 && !isColumnMajor(l));

/** The physical type of a buffer placed by `layout`: column-major layouts swap the trailing two sizes. */
function placedType(layout: SharedLayoutAttr, type: MemRefType): MemRefType {
  if (!isColumnMajor(layout)) return type;
  const shape = [...type.shape];
  const n = shape.length;
  [shape[n - 2], shape[n - 1]] = [shape[n - 1]!, shape[n - 2]!];
  return MemRefType.get(shape, type.elementType, type.layout, type.memorySpace);
}

/** Why the swizzle cannot be applied to a buffer of this type (it must map each row onto itself), or undefined. */
export function swizzleError(layout: SharedLayoutAttr, type: MemRefType): string | undefined {
  if (layout.rank > 2 && layout.order.some((d, i) => d !== layout.rank - 1 - i))
    return `its layout (${layout}) permutes more than two dimensions, which the lowering cannot place; use a row-major order or a rank-2 layout`;
  if (layout.maxPhase === 1) return undefined;
  const lead = type.rank - layout.rank;
  const c = lead + layout.order[0]!;
  const n = type.shape[c]!;
  const phases = 2 ** Math.ceil(Math.log2(layout.maxPhase));
  if (n % (layout.vec * phases) !== 0) {
    return `its swizzle (${layout}) needs the contiguous dimension (size ${n}) to be a multiple of vec * maxPhase rounded up to a power of two (${layout.vec * phases}); use a smaller vec or maxPhase`;
  }
  return undefined;
}

/**
 * The physical indices of logical `indices` of a buffer swizzled by `layout` (applied to the
 * trailing layout.rank dimensions): col' = ((col div vec) xor ((row div perPhase) mod maxPhase)) * vec + col mod vec.
 */
export function swizzledIndices(b: ArithBuilder, layout: SharedLayoutAttr, indices: readonly Value[]): Value[] {
  if (layout.rank < 2 || layout.maxPhase === 1) return [...indices];
  const lead = indices.length - layout.rank;
  const [c, r] = [lead + layout.order[0]!, lead + layout.order[1]!];
  const k = (n: number) => b.constant(indices[c]!.type, n);
  const col = indices[c]!;
  const phase = b.binary(RemUIOp, b.binary(DivUIOp, indices[r]!, k(layout.perPhase)), k(layout.maxPhase));
  const group = b.binary(DivUIOp, col, k(layout.vec));
  const swizzled = b.create({ name: 'arith.xori', operands: [group, phase], resultTypes: [col.type] }).results[0]!;
  // col + (group' - group) * vec: the same column, written so that a column known to be a multiple
  // of 4 stays visibly one (the WGSL target then addresses a vector access as one vec4).
  const out = [...indices];
  out[c] = b.add(col, b.mul(b.sub(swizzled, group), k(layout.vec)));
  return out;
}

/**
 * The swizzle for staging a [rows, cols] tile that is read back transposed, each reading thread
 * taking `readRun` consecutive rows of one column: lanes then read rows readRun apart down a
 * column, all on one bank in a row-major buffer whose row is a multiple of the bank count. The
 * phase (row div readRun) moves each lane's column to another group of four, so lanes
 * spread over the banks, while the writers' rows of vectors stay whole (each row is permuted in
 * groups of 4). The same swizzle serves lanes that read four columns at a time along rows
 * readRun apart (a transpose that dots read in place): their reads, which would all start on one
 * bank, spread the same way. Undefined when the columns do not split into a power of two of such
 * groups.
 */
export function transposeStagingSwizzle(shape: readonly number[], readRun: number): SharedLayoutAttr | undefined {
  if (shape.length !== 2) return undefined;
  const vec = 4; // the vector width of workgroup stores (vector-access.ts, which imports this module)
  const groups = shape[1]! / vec;
  if (!Number.isInteger(groups)) return undefined;
  const maxPhase = groups & -groups; // the largest power of two dividing groups
  if (maxPhase < 2) return undefined;
  return SharedLayoutAttr.get({ vec, perPhase: readRun, maxPhase, order: [1, 0] });
}

/**
 * Before the lowering: every swizzled tile.alloc's uses go through a marked `memref.cast` (a
 * handle that survives the alloc becoming a kernel attribution). Returns the error, located at the
 * alloc, when a swizzle does not fit its buffer (then nothing is marked).
 */
export function markSwizzledBuffers(kernel: Operation, b: ArithBuilder): Diagnostic | undefined {
  const allocs: Operation[] = [];
  kernel.walk((op) => void (AllocOp.isa(op) && swizzleOf(op.results[0]!) && allocs.push(op)));
  for (const alloc of allocs) {
    const why = swizzleError(swizzleOf(alloc.results[0]!)!, alloc.results[0]!.type as MemRefType);
    if (why) return opDiagnostic(alloc, `cannot be lowered: ${why}`);
  }
  for (const alloc of allocs) {
    const layout = swizzleOf(alloc.results[0]!)!;
    const type = alloc.results[0]!.type as MemRefType;
    b.setInsertionPointAfter(alloc);
    b.loc = alloc.loc;
    const handle = b.build(MemCastOp, { operands: { source: alloc.results[0]! }, resultTypes: [type] }).op;
    handle.setAttr(MARK, StringAttr.get(String(layout)));
    alloc.results[0]!.replaceAllUsesWith(handle.results[0]!);
    handle.setOperand(0, alloc.results[0]!);
    swizzles.set(handle, layout);
  }
  return undefined;
}

const swizzles = new WeakMap<Operation, SharedLayoutAttr>();

/** The swizzle of a workgroup buffer (a swizzled tile.alloc, or its handle during the lowering), if it moves anything. */
export function swizzleOf(memref: Value): SharedLayoutAttr | undefined {
  const def = memref.definingOp;
  if (!def) return undefined;
  const layout = AllocOp.isa(def) ? (def.properties.get('layout') ?? def.getAttr('layout')) : swizzles.get(def);
  return layout instanceof SharedLayoutAttr && !isIdentity(layout) ? layout : undefined;
}

/** Whether `lanes` consecutive elements along the last dimension, from a multiple of `lanes`, stay consecutive in memory under a buffer's layout. */
export function swizzleKeepsVectors(memref: Value, lanes: number): boolean {
  const layout = swizzleOf(memref);
  return !layout || (!isColumnMajor(layout) && (layout.maxPhase === 1 || layout.vec % lanes === 0));
}

/**
 * After the lowering: the marked buffers' loads and stores use swizzled indices; the marks go.
 * Returns the error, located at the use, when a buffer is used otherwise.
 */
export function applySwizzles(kernel: Operation, b: ArithBuilder): Diagnostic | undefined {
  const handles: Operation[] = [];
  kernel.walk((op) => void (op.getAttr(MARK) && handles.push(op)));
  for (const handle of handles) {
    const layout = swizzles.get(handle)!;
    const buffer = handle.results[0]!;
    const unswizzlable = buffer.uses.find((use) => !isLoadIndexing(use) && !isStoreIndexing(use));
    if (unswizzlable) return opDiagnostic(unswizzlable.owner, 'uses a swizzled workgroup buffer in a way the lowering cannot swizzle (only loads and stores can)');
    for (const use of [...buffer.uses]) {
      const user = use.owner;
      const isLoad = isLoadIndexing(use);
      b.setInsertionPointBefore(user);
      b.loc = user.loc;
      const first = isLoad ? 1 : 2;
      const indices = swizzledIndices(b, layout, user.operands.slice(first));
      const n = indices.length;
      if (isColumnMajor(layout)) [indices[n - 2], indices[n - 1]] = [indices[n - 1]!, indices[n - 2]!];
      indices.forEach((v, i) => user.setOperand(first + i, v));
    }
    // The workgroup attribution the tile.alloc became takes the physical shape.
    const attribution = handle.operand(0);
    attribution.type = placedType(layout, attribution.type as MemRefType);
    buffer.replaceAllUsesWith(attribution);
    handle.erase();
  }
  return undefined;
}

/** A use as the memref of a load (a vector access, only made where swizzleKeepsVectors, moves as its first element does). */
const isLoadIndexing = (use: { owner: Operation; index: number }): boolean => (use.owner.name === 'memref.load' || use.owner.name === 'vector.load') && use.index === 0;
const isStoreIndexing = (use: { owner: Operation; index: number }): boolean => (use.owner.name === 'memref.store' || use.owner.name === 'vector.store') && use.index === 1;
