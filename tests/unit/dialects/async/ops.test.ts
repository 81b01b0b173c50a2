import { describe, expect, it } from 'vitest';
import { IntegerAttr, UnitAttr } from '../../../../core/ir/attributes.js';
import type { Operation } from '../../../../core/ir/operation.js';
import { f16, f32, i1, i64, index, MemRefType } from '../../../../core/ir/types.js';
import { verify } from '../../../../core/ir/verifier.js';
import { CommitOp, copySegments, CopyOp, GroupType, TokenType, WaitOp } from '../../../../dialects/async/index.js';
import { AddressSpaceAttr } from '../../../../dialects/gpu/index.js';
import { i64List } from '../../../../dialects/tile/index.js';
import { firstError, roundTrip } from '../harness.js';
import { blockWith } from '../tile/setup.js';

const wg = AddressSpaceAttr.get('workgroup');
const errorOf = (v: { op: Operation }) => verify(v.op)?.message;

describe('async types', () => {
  it('are singletons printed with the dialect prefix', () => {
    expect(TokenType.get()).toBe(TokenType.get());
    expect(String(TokenType.get())).toBe('!async.token');
    expect(String(GroupType.get())).toBe('!async.group');
    expect(TokenType.isa(GroupType.get())).toBe(false);
  });
  it('report unknown types where they are written', () => {
    expect(firstError('func.func private @f(!async.value)\n')).toBe('<stdin>:1:29: error: unknown async type: value');
  });
});

describe('async.copy', () => {
  it('builds a chained copy with typed accessors', () => {
    const { b, args } = blockWith(MemRefType.get([1000, 512], f16), MemRefType.get([3, 64, 32], f16, undefined, wg), index);
    const [src, dst, i] = args as [(typeof args)[0], (typeof args)[0], (typeof args)[0]];
    const first = b.build(CopyOp, {
      operands: { source: src, srcIndices: [i, i], dest: dst, dstIndices: [i, i, i] },
      resultTypes: [TokenType.get()],
      attributes: { shape: i64List([64, 32]) },
    });
    const second = b.build(CopyOp, {
      operands: { source: src, srcIndices: [i, i], dest: dst, dstIndices: [i, i, i], deps: [first.token] },
      resultTypes: [TokenType.get()],
      attributes: { shape: i64List([64, 32]), masked: UnitAttr.get() },
    });
    expect(first.token.type).toBe(TokenType.get());
    expect(second.source).toBe(src);
    expect(second.srcIndices).toHaveLength(2);
    expect(second.dest).toBe(dst);
    expect(second.dstIndices).toHaveLength(3);
    expect(second.deps).toEqual([first.token]);
    expect(second.masked).toBe(UnitAttr.get());
    expect(second.shape.numbers).toEqual([64, 32]);
    expect(errorOf(first)).toBeUndefined();
    expect(errorOf(second)).toBeUndefined();
  });
  it('builds a predicated copy: the predicate comes after the dependencies', () => {
    const { b, args } = blockWith(MemRefType.get([64], f32), MemRefType.get([64], f32, undefined, wg), index, i1, TokenType.get());
    const [src, dst, i, p, dep] = args as [(typeof args)[0], (typeof args)[0], (typeof args)[0], (typeof args)[0], (typeof args)[0]];
    const copy = b.build(CopyOp, { operands: { source: src, srcIndices: [i], dest: dst, dstIndices: [i], deps: [dep], predicate: p }, attributes: { shape: i64List([8]) } });
    expect(copy.predicate).toBe(p);
    expect(copy.deps).toEqual([dep]);
    expect(copy.op.operands.at(-1)).toBe(p);
    expect(copySegments(copy.op)).toEqual([1, 1, 1, 1, 1, 1]);
    expect(errorOf(copy)).toBeUndefined();
    const plain = b.build(CopyOp, { operands: { source: src, srcIndices: [i], dest: dst, dstIndices: [i] }, attributes: { shape: i64List([8]) } });
    expect(plain.predicate).toBeUndefined();
  });
  it('rejects copies that do not go from global to workgroup memory', () => {
    const { b, args } = blockWith(MemRefType.get([64], f32, undefined, wg), MemRefType.get([64], f32), index);
    const back = b.build(CopyOp, {
      operands: { source: args[0]!, srcIndices: [args[2]!], dest: args[1]!, dstIndices: [args[2]!] },
      resultTypes: [TokenType.get()],
      attributes: { shape: i64List([8]) },
    });
    expect(errorOf(back)).toBe("'async.copy' op source must be in global memory (no memory space or #gpu.address_space<global>), got 'memref<64xf32, #gpu.address_space<workgroup>>'");
  });
  it('accepts an explicit global address space', () => {
    const { b, args } = blockWith(MemRefType.get([64], f32, undefined, AddressSpaceAttr.get('global')), MemRefType.get([64], f32, undefined, wg), index);
    const copy = b.build(CopyOp, {
      operands: { source: args[0]!, srcIndices: [args[2]!], dest: args[1]!, dstIndices: [args[2]!] },
      resultTypes: [TokenType.get()],
      attributes: { shape: i64List([64]) },
    });
    expect(errorOf(copy)).toBeUndefined();
  });
});

describe('async.commit / async.wait', () => {
  it('groups tokens and waits with or without a count', () => {
    const { b, args } = blockWith(TokenType.get(), TokenType.get());
    const g = b.build(CommitOp, { operands: { tokens: args }, resultTypes: [GroupType.get()] });
    expect(g.group.type).toBe(GroupType.get());
    expect(g.tokens).toEqual(args);
    const w1 = b.build(WaitOp, { operands: { groups: [g.group] }, attributes: { pending: IntegerAttr.get(i64, 1) } });
    expect(w1.pending?.number).toBe(1);
    expect(w1.groups).toEqual([g.group]);
    const all = b.build(WaitOp, {});
    expect(all.pending).toBeUndefined();
    expect(errorOf(w1)).toBeUndefined();
    expect(errorOf(all)).toBeUndefined();
    const twice = b.build(CommitOp, { operands: { tokens: [args[0]!, args[1]!, args[0]!] }, resultTypes: [GroupType.get()] });
    expect(errorOf(twice)).toBe("'async.commit' op token #2 repeats token #0: a copy is committed once");
  });
  it('round-trips tokens and groups through scf.for iter_args', () => {
    const text = [
      'func.func @f(%g: !async.group, %lb: index, %ub: index) {',
      '  %r = scf.for %i = %lb to %ub step %lb iter_args(%x = %g) -> (!async.group) {',
      '    async.wait 1 for %x',
      '    %n = async.commit',
      '    scf.yield %n : !async.group',
      '  }',
      '  async.wait all',
      '  return',
      '}',
      '',
    ].join('\n');
    const out = roundTrip(text);
    expect(out).toContain('iter_args(%arg4 = %arg0) -> (!async.group)');
    expect(out).toContain('async.wait 1 for %arg4\n');
    expect(out).toContain('%group = async.commit\n');
    expect(roundTrip(out)).toBe(out);
  });
});
