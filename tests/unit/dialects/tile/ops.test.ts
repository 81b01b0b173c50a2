import { describe, expect, it } from 'vitest';
import { DenseElementsAttr, FloatAttr, IntegerAttr, UnitAttr } from '../../../../core/ir/attributes.js';
import { f16, f32, i32, i64, index, MemRefType, RankedTensorType } from '../../../../core/ir/types.js';
import { verify } from '../../../../core/ir/verifier.js';
import { AddressSpaceAttr } from '../../../../dialects/gpu/index.js';
import {
  AllocOp,
  BlockedLayoutAttr,
  BroadcastOp,
  broadcastAddedDims,
  CastOp,
  DotOp,
  i64List,
  LoadOp,
  MatmulOp,
  orderOf,
  ReduceKindAttr,
  ReduceOp,
  scheduleAnnotationError,
  setSchedule,
  SharedLayoutAttr,
  SplatOp,
  stageOf,
  StoreOp,
  TransposeOp,
  ViewOp,
  viewType,
} from '../../../../dialects/tile/index.js';
import { roundTrip } from '../harness.js';
import { blockWith } from './setup.js';

const workgroup = AddressSpaceAttr.get('workgroup');
const global2d = MemRefType.get([100, 64], f32);
const tensor = (shape: number[], elem = f32, enc?: BlockedLayoutAttr) => RankedTensorType.get(shape, elem, enc);
const blocked = BlockedLayoutAttr.get({ sizePerThread: [1, 4], threadsPerWarp: [8, 4], warpsPerGroup: [2, 2], order: [1, 0] });

/** The verifier's message for the op (undefined when it verifies). */
const errorOf = (op: { op: import('../../../../core/ir/operation.js').Operation }) => verify(op.op)?.message;

describe('tile attributes', () => {
  it('uniques blocked layouts and derives their thread counts and extents', () => {
    expect(BlockedLayoutAttr.get({ sizePerThread: [1, 4], threadsPerWarp: [8, 4], warpsPerGroup: [2, 2], order: [1, 0] })).toBe(blocked);
    expect(blocked.numThreads).toBe(128);
    expect(blocked.shapePerGroup).toEqual([16, 32]);
    expect(String(blocked)).toBe('#tile.blocked<sizePerThread = [1, 4], threadsPerWarp = [8, 4], warpsPerGroup = [2, 2], order = [1, 0]>');
  });
  it('rejects malformed layout parameters', () => {
    expect(BlockedLayoutAttr.check({ sizePerThread: [1], threadsPerWarp: [8, 4], warpsPerGroup: [2, 2], order: [1, 0] })).toBe("'sizePerThread' has 1 entries but 'order' has 2");
    expect(BlockedLayoutAttr.check({ sizePerThread: [0, 1], threadsPerWarp: [8, 4], warpsPerGroup: [2, 2], order: [1, 0] })).toBe("'sizePerThread' entries must be positive, got [0, 1]");
    expect(() => SharedLayoutAttr.get({ vec: 4, perPhase: 1, maxPhase: 8, order: [1, 1] })).toThrow("'order' [1, 1] must be a permutation of 0..1");
    expect(String(SharedLayoutAttr.get({ vec: 4, perPhase: 1, maxPhase: 8, order: [1, 0] }))).toBe('#tile.shared<vec = 4, perPhase = 1, maxPhase = 8, order = [1, 0]>');
  });
  it('parses what it prints', () => {
    const text = `func.func private @f(tensor<4x4xf32, ${blocked}>)\n`;
    expect(roundTrip(text)).toContain(String(blocked));
  });
});

describe('tile.load / tile.store', () => {
  it('builds with typed accessors', () => {
    const { b, args } = blockWith(global2d, index, index);
    const load = b.build(LoadOp, {
      operands: { source: args[0]!, indices: [args[1]!, args[2]!] },
      resultTypes: [tensor([32, 16], f32, blocked)],
      attributes: { padding: FloatAttr.get(f32, -1), in_bounds: UnitAttr.get() },
    });
    expect(load.source).toBe(args[0]);
    expect(load.indices).toEqual([args[1], args[2]]);
    expect(load.padding?.value).toBe(-1);
    expect(load.in_bounds).toBe(UnitAttr.get());
    expect(errorOf(load)).toBeUndefined();
    const store = b.build(StoreOp, { operands: { value: load.result, dest: args[0]!, indices: [args[1]!, args[2]!] } });
    expect(store.value).toBe(load.result);
    expect(store.in_bounds).toBeUndefined();
    expect(errorOf(store)).toBeUndefined();
  });
  it('explains bad accesses', () => {
    const { b, args } = blockWith(global2d, index, MemRefType.get([8], f32, undefined, AddressSpaceAttr.get('private')));
    const fewer = b.build(LoadOp, { operands: { source: args[0]!, indices: [args[1]!] }, resultTypes: [tensor([4, 4])] });
    expect(errorOf(fewer)).toBe("'tile.load' op requires 2 indices (the memref rank), got 1");
    const pad = b.build(LoadOp, { operands: { source: args[0]!, indices: [args[1]!, args[1]!] }, resultTypes: [tensor([4, 4])], attributes: { padding: IntegerAttr.get(i32, 0) } });
    expect(errorOf(pad)).toBe("'tile.load' op padding type 'i32' does not match the element type 'f32'");
    const priv = b.build(LoadOp, { operands: { source: args[2]!, indices: [args[1]!] }, resultTypes: [tensor([4])] });
    expect(errorOf(priv)).toBe("'tile.load' op memref must be in global or workgroup memory, got #gpu.address_space<private>");
    const badLayout = b.build(LoadOp, { operands: { source: args[0]!, indices: [args[1]!, args[1]!] }, resultTypes: [tensor([4], f32, blocked)] });
    expect(errorOf(badLayout)).toBe("'tile.load' op result has a rank-2 layout on a rank-1 tensor");
  });
});

describe('tile.alloc and tile.view', () => {
  it('allocates static workgroup buffers only', () => {
    const { b } = blockWith();
    const ok = b.build(AllocOp, {
      resultTypes: [MemRefType.get([2, 64, 32], f16, undefined, workgroup)],
      attributes: { layout: SharedLayoutAttr.get({ vec: 8, perPhase: 1, maxPhase: 8, order: [1, 0] }) },
    });
    expect(errorOf(ok)).toBeUndefined();
    expect(ok.layout?.vec).toBe(8);
    const glob = b.build(AllocOp, { resultTypes: [MemRefType.get([4], f16)] });
    expect(errorOf(glob)).toBe("'tile.alloc' op result must be in workgroup memory (#gpu.address_space<workgroup>), got global memory");
  });
  it('infers clamped view types', () => {
    expect(String(viewType(global2d, [32, 16]))).toBe('memref<?x16xf32, strided<[64, 1], offset: ?>>');
    expect(String(viewType(MemRefType.get([-1, 64], f32), [10, 64]))).toBe('memref<?x64xf32, strided<[64, 1], offset: ?>>');
    expect(String(viewType(MemRefType.get([64, -1], f32), [8, 16]))).toBe('memref<8x?xf32, strided<[?, 1], offset: ?>>');
    const { b, args } = blockWith(global2d, index);
    const view = b.build(ViewOp, { operands: { source: args[0]!, coords: [args[1]!, args[1]!] }, resultTypes: [viewType(global2d, [25, 32])!], attributes: { tile: i64List([25, 32]) } });
    expect(String(view.result.type)).toBe('memref<25x32xf32, strided<[64, 1], offset: ?>>');
    expect(view.tile.numbers).toEqual([25, 32]);
    expect(errorOf(view)).toBeUndefined();
  });
});

describe('tile compute ops', () => {
  it('verifies tile.dot shapes and element types', () => {
    const { b, args } = blockWith(tensor([64, 32], f16), tensor([32, 64], f16), tensor([64, 64], f32), tensor([16, 64], f16));
    const dot = b.build(DotOp, { operands: { a: args[0]!, b: args[1]!, acc: args[2]! }, resultTypes: [tensor([64, 64], f32)] });
    expect([dot.a, dot.b, dot.acc]).toEqual(args.slice(0, 3));
    expect(errorOf(dot)).toBeUndefined();
    const bad = b.build(DotOp, { operands: { a: args[0]!, b: args[3]!, acc: args[2]! }, resultTypes: [tensor([64, 64], f32)] });
    expect(errorOf(bad)).toBe("'tile.dot' op reduction dimensions differ: A is 64x32 and B is 16x64");
  });
  it('reduces with a kind and checks the result shape', () => {
    const { b, args } = blockWith(tensor([32, 64]));
    const r = b.build(ReduceOp, { operands: { input: args[0]! }, resultTypes: [tensor([32])], attributes: { kind: ReduceKindAttr.get('max'), axis: IntegerAttr.get(i64, 1) } });
    expect(r.kind?.value).toBe('max');
    expect(r.axis.number).toBe(1);
    expect(errorOf(r)).toBeUndefined();
    const wrong = b.build(ReduceOp, { operands: { input: args[0]! }, resultTypes: [tensor([64])], attributes: { kind: ReduceKindAttr.get('add'), axis: IntegerAttr.get(i64, 1) } });
    expect(errorOf(wrong)).toBe("'tile.reduce' op expected a result of shape 32 and element type 'f32' (input without dimension 1), got 'tensor<64xf32>'");
  });
  it('broadcasts along the leading dimensions by default', () => {
    const { b, args } = blockWith(tensor([16]));
    const lead = b.build(BroadcastOp, { operands: { source: args[0]! }, resultTypes: [tensor([4, 16])] });
    expect(broadcastAddedDims(lead.op)).toEqual([0]);
    expect(errorOf(lead)).toBeUndefined();
    const trail = b.build(BroadcastOp, { operands: { source: args[0]! }, resultTypes: [tensor([16, 4])], attributes: { dims: i64List([1]) } });
    expect(broadcastAddedDims(trail.op)).toEqual([1]);
    expect(errorOf(trail)).toBeUndefined();
    const clash = b.build(BroadcastOp, { operands: { source: args[0]! }, resultTypes: [tensor([16, 4])] });
    expect(errorOf(clash)).toBe("'tile.broadcast' op source dimension 0 (size 16) cannot be broadcast to result dimension 1 (size 4)");
  });
  it('folds a splat of a constant into a dense splat', () => {
    const { b, args } = blockWith(f32);
    const t = tensor([8, 8], f32, undefined);
    const splat = b.build(SplatOp, { operands: { input: args[0]! }, resultTypes: [t] });
    const fold = SplatOp.definition.spec.fold!;
    const folded = fold(splat.op, [FloatAttr.get(f32, 2.5)]);
    expect(folded).toBe(DenseElementsAttr.get(t, [2.5]));
    expect(fold(splat.op, [undefined])).toBeUndefined();
  });
  it('verifies tile.transpose: rank 2, swapped shape, same element type', () => {
    const { b, args } = blockWith(tensor([16, 32], f16), tensor([8]));
    const t = b.build(TransposeOp, { operands: { source: args[0]! }, resultTypes: [tensor([32, 16], f16, blocked)] });
    expect(t.source).toBe(args[0]);
    expect(errorOf(t)).toBeUndefined();
    const unswapped = b.build(TransposeOp, { operands: { source: args[0]! }, resultTypes: [tensor([16, 32], f16)] });
    expect(errorOf(unswapped)).toBe("'tile.transpose' op result shape 16x32 must be the source shape 16x32 swapped (32x16)");
    const elem = b.build(TransposeOp, { operands: { source: args[0]! }, resultTypes: [tensor([32, 16], f32)] });
    expect(errorOf(elem)).toBe("'tile.transpose' op source and result element types differ: 'f16' vs 'f32'");
    const rank1 = b.build(TransposeOp, { operands: { source: args[1]! }, resultTypes: [tensor([8])] });
    expect(errorOf(rank1)).toBe("'tile.transpose' op source must be a 2-D tensor, got 'tensor<8xf32>'");
  });
  it('folds transpose(transpose(x)) to x when the types match', () => {
    const { b, args } = blockWith(tensor([16, 32], f16));
    const fold = TransposeOp.definition.spec.fold!;
    const once = b.build(TransposeOp, { operands: { source: args[0]! }, resultTypes: [tensor([32, 16], f16)] });
    const twice = b.build(TransposeOp, { operands: { source: once.result }, resultTypes: [tensor([16, 32], f16)] });
    expect(fold(once.op, [undefined])).toBeUndefined();
    expect(fold(twice.op, [undefined])).toBe(args[0]);
    // A different encoding on the way back is a relayout, not the source: no fold.
    const relaid = b.build(TransposeOp, {
      operands: { source: once.result },
      resultTypes: [tensor([16, 32], f16, BlockedLayoutAttr.get({ sizePerThread: [1, 4], threadsPerWarp: [8, 4], warpsPerGroup: [1, 1], order: [1, 0] }))],
    });
    expect(fold(relaid.op, [undefined])).toBeUndefined();
  });
  it('folds a cast to the same type away, and only that', () => {
    const { b, args } = blockWith(tensor([8, 8]));
    const same = b.build(CastOp, { operands: { source: args[0]! }, resultTypes: [tensor([8, 8])] });
    const fold = CastOp.definition.spec.fold!;
    expect(fold(same.op, [undefined])).toBe(args[0]);
    const relayout = b.build(CastOp, {
      operands: { source: args[0]! },
      resultTypes: [tensor([8, 8], f32, BlockedLayoutAttr.get({ sizePerThread: [1, 1], threadsPerWarp: [8, 8], warpsPerGroup: [1, 1], order: [1, 0] }))],
    });
    expect(errorOf(relayout)).toBeUndefined();
    expect(fold(relayout.op, [undefined])).toBeUndefined();
    const reshape = b.build(CastOp, { operands: { source: args[0]! }, resultTypes: [tensor([64])] });
    expect(errorOf(reshape)).toBe("'tile.cast' op requires the same shape, got 8x8 and 64");
  });
});

describe('tile.matmul and schedule annotations', () => {
  it('checks transposed operand shapes', () => {
    const { b, args } = blockWith(MemRefType.get([64, 32], f16), MemRefType.get([128, 32], f16), MemRefType.get([64, 128], f32));
    const mm = b.build(MatmulOp, { operands: { a: args[0]!, b: args[1]!, c: args[2]! }, attributes: { transpose_b: UnitAttr.get() } });
    expect(mm.transpose_b).toBe(UnitAttr.get());
    expect(mm.accumulate).toBeUndefined();
    expect(errorOf(mm)).toBeUndefined();
    const plain = b.build(MatmulOp, { operands: { a: args[0]!, b: args[1]!, c: args[2]! } });
    expect(errorOf(plain)).toBe("'tile.matmul' op reduction dimensions differ: op(A) is 64x32 and op(B) is 128x32");
  });
  it('reads and writes stage/order annotations', () => {
    const { b, args } = blockWith(MemRefType.get([64, 32], f16), MemRefType.get([32, 64], f16), MemRefType.get([64, 64], f32));
    const mm = b.build(MatmulOp, { operands: { a: args[0]!, b: args[1]!, c: args[2]! } });
    expect(stageOf(mm.op)).toBeUndefined();
    setSchedule(mm.op, 2, 5);
    expect([stageOf(mm.op), orderOf(mm.op)]).toEqual([2, 5]);
    expect(scheduleAnnotationError(mm.op)).toBeUndefined();
    mm.op.setAttr('tile.stage', IntegerAttr.get(i64, -1));
    expect(scheduleAnnotationError(mm.op)).toBe("'tile.stage' must be a non-negative integer, got -1 : i64");
  });
});
