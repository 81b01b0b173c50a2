/**
 * memref -> WGSL array accesses. A memref value is a view (array variable, offset, strides,
 * sizes); subview and cast make new views without code beyond their address arithmetic.
 */
import type { DenseArrayAttr, IntegerAttr } from '../../core/ir/attributes.js';
import type { Operation } from '../../core/ir/operation.js';
import { MemRefType, VectorType, type FloatType, type IntegerType } from '../../core/ir/types.js';
import type { Value } from '../../core/ir/value.js';
import { AddressSpaceAttr } from '../../dialects/gpu/attributes.js';
import { isDynamicIndex } from '../../dialects/memref/dynamic-index-list.js';
import { stridesAndOffset } from '../../dialects/memref/types.js';
import type { KernelContext, MemrefView, OpEmitter } from './context.js';
import { addIndex, constIndex, mulIndex, sumIndex, type IndexExpr } from './index-expr.js';
import { isI1, memoryScalar, unsupportedElementReason, usesF16 } from './types.js';

export type MemorySpace = 'global' | 'workgroup' | 'private';

/** The gpu address space of a memref type (no attribute: global). */
export function memorySpaceOf(t: MemRefType): MemorySpace | undefined {
  const ms = t.memorySpace;
  if (ms === undefined) return 'global';
  return ms instanceof AddressSpaceAttr ? ms.value : undefined;
}

/**
 * A view of a whole array declared with the type's static shape (workgroup and private memory):
 * strides and offset from the layout, which must be static. `shaped`: declared as one WGSL
 * array per dimension (shapedArrays).
 */
export function staticArrayView(cx: KernelContext, op: Operation, root: string, t: MemRefType, asVectors = false, shaped = false): { view: MemrefView; length: number } {
  const why = unsupportedElementReason(t.elementType);
  if (why) cx.fail(op, why);
  if (usesF16(t)) cx.enables.add('f16');
  if (!t.hasStaticShape) cx.fail(op, `needs a static shape for a WGSL array, got '${t}'`);
  const so = stridesAndOffset(t);
  if (!so || so.offset === null || so.strides.some((s) => s === null)) cx.fail(op, `needs a static strided layout for a WGSL array, got '${t}'`);
  const strides = so.strides as number[];
  const length = t.rank === 0 ? 1 + so.offset : so.offset + t.shape.reduce((end, d, i) => end + (d - 1) * strides[i]!, 0) + 1;
  return {
    view: {
      root,
      element: t.elementType,
      offset: constIndex(so.offset),
      strides: strides.map(constIndex),
      sizes: t.shape.map(constIndex),
      ...(asVectors ? { lanes: ARRAY_LANES } : {}),
      ...(shaped ? { shaped } : {}),
    },
    length: t.shape.some((d) => d === 0) ? 1 : length,
  };
}

/**
 * `array<f32, 256>` for a memref held in workgroup or private memory; `array<vec4<f32>, 64>` for
 * one held as vectors; for a shaped view one array per dimension (`array<array<vec4<f32>, 32>, 8>`
 * for memref<8x128xf32>).
 */
export function arrayType(t: MemRefType, length: number, view: MemrefView): string {
  const scalar = memoryScalar(t.elementType);
  const lanes = view.lanes;
  const element = lanes ? `vec${lanes}<${scalar}>` : scalar;
  if (view.shaped) return t.shape.reduceRight((inner, d, i) => `array<${inner}, ${i === t.rank - 1 && lanes ? d / lanes : d}>`, element);
  return `array<${element}, ${lanes ? length / lanes : length}>`;
}

/** Elements per WGSL vector for arrays that vector.load/store read or write 4 elements at a time. */
const ARRAY_LANES = 4;

/**
 * The arrays to declare as arrays of vec4 (their views get `lanes`): workgroup and private
 * arrays that a vector.load or vector.store of 4 elements accesses directly, whose length is a
 * multiple of 4 (their addresses are split at compile time where the affine form allows), and
 * storage buffers (kernel arguments) that such an access marked `alignment` = its size reads or
 * writes. i1 arrays stay scalar. Other accesses to them pick a lane.
 */
export function vectorAccessedArrays(fn: Operation): Set<Value> {
  const out = new Set<Value>();
  fn.walk((op) => {
    const base = op.name === 'vector.load' ? op.operand(0) : op.name === 'vector.store' ? op.operand(1) : undefined;
    const vector = op.name === 'vector.load' ? op.results[0]!.type : base && op.operand(0).type;
    if (!base || !(vector instanceof VectorType) || vector.rank !== 1 || vector.shape[0] !== ARRAY_LANES) return;
    const t = base.type as MemRefType;
    if (isI1(t.elementType) || (base.parentBlock !== fn.region(0).entry && base.definingOp?.name !== 'memref.alloc' && base.definingOp?.name !== 'memref.alloca')) return;
    if (memorySpaceOf(t) === 'global') {
      if (isAlignedVectorAccess(op)) out.add(base);
    } else if (t.hasStaticShape && t.shape.reduce((n, d) => n * d, 1) % ARRAY_LANES === 0) {
      out.add(base);
    }
  });
  return out;
}

/**
 * The workgroup arrays to declare with their memref's shape (`array<array<vec4<f32>, 32>, 16>`
 * for memref<16x128xf32>) rather than flat. WebGPU clamps every array index (robust access): per
 * dimension, a constant index (the unrolled k of a dot) needs no clamp and a thread's index is
 * clamped once for all its accesses, where a flat index is clamped at every access (about 10% of
 * an f32 matmul on an H200, bench/RESULTS.md). Arrays of rank >= 2 with an identity layout and a
 * static shape without zero sizes, used only by loads and stores on the array itself (a view of
 * it would need a linear address); held as vectors, the innermost size must be a multiple of 4.
 */
export function shapedArrays(fn: Operation, vectorArrays: ReadonlySet<Value>): Set<Value> {
  const candidates: Value[] = [];
  fn.walk((op) => {
    if (op.name === 'memref.alloc' || op.name === 'memref.alloca') candidates.push(op.result);
  });
  const entry = fn.region(0).entry;
  if (entry) candidates.push(...entry.arguments);
  const isLoad = (use: { owner: Operation; index: number }) => (use.owner.name === 'memref.load' || use.owner.name === 'vector.load') && use.index === 0;
  const accessedAsArray = (use: { owner: Operation; index: number }): boolean => isLoad(use) || ((use.owner.name === 'memref.store' || use.owner.name === 'vector.store') && use.index === 1);
  // Most loads must have constant outer indices: where a thread's outer index takes several
  // values (8 rows of A held [m][k]) each is clamped, measured slower than the flat array.
  const constantOuter = (use: { owner: Operation; index: number }): boolean => use.owner.operands.slice(1, -1).every((i) => i.definingOp?.name === 'arith.constant');
  return new Set(
    candidates.filter((v) => {
      const t = v.type;
      if (!(t instanceof MemRefType) || memorySpaceOf(t) !== 'workgroup' || t.rank < 2 || !t.hasStaticShape || t.layout !== undefined) return false;
      if (t.shape.some((d) => d === 0) || (vectorArrays.has(v) && t.shape[t.rank - 1]! % ARRAY_LANES !== 0)) return false;
      const loads = v.uses.filter(isLoad);
      return v.uses.every(accessedAsArray) && 2 * loads.filter(constantOuter).length > loads.length;
    }),
  );
}

/** Whether a vector.load/store says that its address is aligned to the whole vector (`alignment`, in bytes). */
export function isAlignedVectorAccess(op: Operation): boolean {
  const alignment = op.getAttr('alignment') as IntegerAttr | undefined;
  const vector = (op.name === 'vector.load' ? op.results[0]!.type : op.operand(0).type) as VectorType;
  const bytes = vector.shape[0]! * Math.ceil((vector.elementType as FloatType | IntegerType).width / 8);
  return alignment !== undefined && alignment.number >= bytes;
}

/** alloca without a memory space is private (stack) memory; alloc without one would be global memory. */
const allocation =
  (kind: 'alloc' | 'alloca'): OpEmitter =>
  (op, cx) => {
    const t = op.result.type as MemRefType;
    const space = memorySpaceOf(t);
    if (space === 'global' && kind === 'alloc') cx.fail(op, 'in global memory is not supported by the WGSL target (only workgroup and private memory)');
    if (space === undefined) cx.fail(op, `memory space '${t.memorySpace}' is not supported by the WGSL target`);
    const name = cx.name(op.result);
    const { view, length } = staticArrayView(cx, op, name, t, cx.vectorArrays.has(op.result), cx.shapedArrays.has(op.result));
    if (space === 'workgroup') cx.workgroupVars.push(`var<workgroup> ${name}: ${arrayType(t, length, view)};`);
    else cx.line(`var ${name}: ${arrayType(t, length, view)};`);
    cx.setView(op.result, view);
  };

const load: OpEmitter = (op, cx) => {
  const view = cx.view(op, op.operand(0));
  cx.define(op, cx.loadElement(view, cx.address(view, op.operands.slice(1))));
};

const store: OpEmitter = (op, cx) => {
  const view = cx.view(op, op.operand(1));
  cx.storeElement(view, cx.address(view, op.operands.slice(2)), cx.operand(op, 0));
};

const dim: OpEmitter = (op, cx) => {
  const view = cx.view(op, op.operand(0));
  const k = cx.index(op.operand(1)).value;
  if (k === undefined) return cx.fail(op, 'with a dimension index that is not a constant is not supported by the WGSL target');
  const size = view.sizes[k];
  if (!size) return cx.fail(op, `dimension ${k} is out of range`);
  cx.define(op, size.text);
  if (size.value !== undefined) cx.noteInteger(op.result, size.value);
};

/** Static entries of a mixed list, with the dynamic ones taken in order from `values`. */
function mixed(cx: KernelContext, op: Operation, attr: string, values: readonly Value[]): IndexExpr[] {
  let next = 0;
  return ((op.getAttr(attr) as DenseArrayAttr).values as bigint[]).map((v) => (isDynamicIndex(v) ? cx.index(values[next++]!) : constIndex(Number(v))));
}

/** Which source dimensions a rank-reducing subview keeps: MLIR's greedy computeRankReductionMask. */
function keptDims(op: Operation, cx: KernelContext, result: MemRefType): number[] {
  const sizes = ((op.getAttr('static_sizes') as DenseArrayAttr).values as bigint[]).map((v) => (isDynamicIndex(v) ? -1 : Number(v)));
  const kept: number[] = [];
  sizes.forEach((size, i) => {
    const want = result.shape[kept.length];
    if (want !== undefined && size === want) kept.push(i);
    else if (size !== 1) cx.fail(op, 'rank reduction could not be matched against the result type by the WGSL target');
  });
  if (kept.length !== result.rank) cx.fail(op, 'rank reduction could not be matched against the result type by the WGSL target');
  return kept;
}

const subview: OpEmitter = (op, cx) => {
  const src = cx.view(op, op.operand(0));
  const seg = (op.getAttr('operandSegmentSizes') as DenseArrayAttr).numbers;
  const operands = op.operands;
  const offsets = mixed(cx, op, 'static_offsets', operands.slice(1, 1 + seg[1]!));
  const sizes = mixed(cx, op, 'static_sizes', operands.slice(1 + seg[1]!, 1 + seg[1]! + seg[2]!));
  const steps = mixed(cx, op, 'static_strides', operands.slice(1 + seg[1]! + seg[2]!));
  const result = op.result.type as MemRefType;
  const base = cx.name(op.result);
  const offset = cx.materialize(`${base}_offset`, addIndex(src.offset, sumIndex(offsets.map((o, i) => mulIndex(o, src.strides[i]!)))));
  const kept = keptDims(op, cx, result);
  const strides = kept.map((d) => cx.materialize(`${base}_stride${d}`, mulIndex(src.strides[d]!, steps[d]!)));
  cx.setView(op.result, { root: src.root, element: src.element, offset, strides, sizes: kept.map((d) => sizes[d]!) });
};

const cast: OpEmitter = (op, cx) => {
  if (!(op.result.type instanceof MemRefType)) cx.fail(op, 'to an unranked memref is not supported by the WGSL target');
  cx.setView(op.result, cx.view(op, op.operand(0)));
};

export const memrefEmitters: Record<string, OpEmitter> = {
  'memref.load': load,
  'memref.store': store,
  'memref.dim': dim,
  'memref.subview': subview,
  'memref.cast': cast,
  'memref.alloca': allocation('alloca'),
  'memref.alloc': allocation('alloc'),
  // Workgroup and private arrays live as long as the kernel invocation; nothing to free.
  'memref.dealloc': () => {},
};
