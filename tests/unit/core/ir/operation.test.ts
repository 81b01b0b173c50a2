import { describe, expect, it } from 'vitest';
import { IntegerAttr, StringAttr, SymbolRefAttr } from '../../../../core/ir/attributes.js';
import { Block } from '../../../../core/ir/block.js';
import { Builder } from '../../../../core/ir/builder.js';
import { IRMapping, Operation } from '../../../../core/ir/operation.js';
import { lookupSymbol } from '../../../../core/ir/symbol-table.js';
import { i32, i64, IntegerType, MemRefType, f32 } from '../../../../core/ir/types.js';
import { verify } from '../../../../core/ir/verifier.js';
import { ModuleOp } from '../../../../dialects/builtin/index.js';
import { AddOp, ConstOp, IsolatedOp, RegionOp, SegmentsOp, testContext, YieldOp } from '../test-dialect.js';

function setup() {
  const ctx = testContext();
  const module = Operation.create(ModuleOp.state({}));
  const block = module.region(0).appendBlock(new Block());
  const b = new Builder(ctx);
  b.setInsertionPointToEnd(block);
  return { ctx, module, block, b };
}

describe('types and attributes', () => {
  it('are uniqued', () => {
    expect(IntegerType.get(32)).toBe(i32);
    expect(MemRefType.get([4, -1], f32)).toBe(MemRefType.get([4, -1], f32));
    expect(IntegerAttr.get(i32, 5)).toBe(IntegerAttr.get(i32, 5n));
    expect(IntegerAttr.get(i32, 5)).not.toBe(IntegerAttr.get(i64, 5));
    expect(String(MemRefType.get([4, -1], f32))).toBe('memref<4x?xf32>');
  });
  it('wraps integers to their width', () => {
    expect(IntegerAttr.get(IntegerType.get(8), 255).value).toBe(-1n);
    expect(IntegerAttr.get(IntegerType.get(8, 'unsigned'), -1).value).toBe(255n);
  });
});

describe('operations', () => {
  it('build with typed accessors and keep use lists', () => {
    const { b } = setup();
    const c = b.build(ConstOp, { attributes: { value: IntegerAttr.get(i64, 3) }, resultTypes: [i32] });
    const add = b.build(AddOp, { operands: { lhs: c.result, rhs: c.result }, resultTypes: [i32] });
    expect(add.lhs).toBe(c.result);
    expect(c.value.value).toBe(3n);
    expect(c.result.uses.length).toBe(2);
    expect(c.result.users()).toEqual([add.op]);
  });

  it('insert and erase in O(1) keep the block list consistent', () => {
    const { b, block } = setup();
    const ops = Array.from({ length: 5 }, (_, i) => b.build(ConstOp, { attributes: { value: IntegerAttr.get(i64, i) }, resultTypes: [i32] }).op);
    ops[2]!.erase();
    expect(block.ops).toEqual([ops[0], ops[1], ops[3], ops[4]]);
    ops[4]!.moveBefore(ops[0]!);
    expect(block.ops).toEqual([ops[4], ops[0], ops[1], ops[3]]);
    expect(ops[4]!.isBeforeInBlock(ops[3]!)).toBe(true);
    expect(ops[3]!.isBeforeInBlock(ops[0]!)).toBe(false);
  });

  it('refuses to erase an op whose results are used', () => {
    const { b } = setup();
    const c = b.build(ConstOp, { attributes: { value: IntegerAttr.get(i64, 1) }, resultTypes: [i32] });
    b.build(AddOp, { operands: { lhs: c.result, rhs: c.result }, resultTypes: [i32] });
    expect(() => c.op.erase()).toThrow(/still used/);
  });

  it('replaces all uses', () => {
    const { b } = setup();
    const c1 = b.build(ConstOp, { attributes: { value: IntegerAttr.get(i64, 1) }, resultTypes: [i32] });
    const c2 = b.build(ConstOp, { attributes: { value: IntegerAttr.get(i64, 2) }, resultTypes: [i32] });
    const add = b.build(AddOp, { operands: { lhs: c1.result, rhs: c1.result }, resultTypes: [i32] });
    c1.result.replaceAllUsesWith(c2.result);
    expect(add.lhs).toBe(c2.result);
    expect(c1.result.hasUses).toBe(false);
    expect(c2.result.uses.length).toBe(2);
    c1.op.erase();
  });

  it('walks in pre and post order and can be interrupted', () => {
    const { b, module } = setup();
    const region = b.build(RegionOp, { operands: { inputs: [] }, resultTypes: { results: [] } });
    const inner = region.body.appendBlock(new Block());
    const ib = new Builder(b.context);
    ib.setInsertionPointToEnd(inner);
    ib.build(ConstOp, { attributes: { value: IntegerAttr.get(i64, 1) }, resultTypes: [i32] });
    ib.build(YieldOp, { operands: { values: [] } });
    const pre: string[] = [];
    module.walk((op) => void pre.push(op.name), 'pre');
    const post: string[] = [];
    module.walk((op) => void post.push(op.name), 'post');
    expect(pre).toEqual(['builtin.module', 'test.region', 'test.const', 'test.yield']);
    expect(post).toEqual(['test.const', 'test.yield', 'test.region', 'builtin.module']);
    const seen: string[] = [];
    const r = module.walk((op) => {
      seen.push(op.name);
      return op.name === 'test.const' ? 'interrupt' : undefined;
    }, 'pre');
    expect(r).toBe('interrupt');
    expect(seen).toEqual(['builtin.module', 'test.region', 'test.const']);
  });

  it('clones with value mapping', () => {
    const { b } = setup();
    const c1 = b.build(ConstOp, { attributes: { value: IntegerAttr.get(i64, 1) }, resultTypes: [i32] });
    const c2 = b.build(ConstOp, { attributes: { value: IntegerAttr.get(i64, 2) }, resultTypes: [i32] });
    const add = b.build(AddOp, { operands: { lhs: c1.result, rhs: c1.result }, resultTypes: [i32] });
    const mapping = new IRMapping();
    mapping.map(c1.result, c2.result);
    const clone = add.op.clone(mapping);
    expect(clone.operands).toEqual([c2.result, c2.result]);
    expect(mapping.lookup(add.result)).toBe(clone.results[0]);
    expect(add.op.operands).toEqual([c1.result, c1.result]);
  });

  it('computes operand segments for several variadic groups', () => {
    const { b } = setup();
    const c = b.build(ConstOp, { attributes: { value: IntegerAttr.get(i64, 1) }, resultTypes: [i32] }).result;
    const s = b.build(SegmentsOp, { operands: { a: [c, c], b: c, c: [c] } });
    expect(s.a).toHaveLength(2);
    expect(s.b).toBe(c);
    expect(s.c).toHaveLength(1);
    expect(String(s.op.properties.get('operandSegmentSizes'))).toBe('array<i32: 2, 1, 1>');
  });
});

describe('symbols', () => {
  it('resolves nested references', () => {
    const { b, module } = setup();
    const inner = b.create({ name: 'builtin.module', definition: ModuleOp.definition, properties: { sym_name: StringAttr.get('a') }, regions: 1 });
    const ib = new Builder(b.context);
    ib.setInsertionPointToEnd(inner.region(0).appendBlock(new Block()));
    const leaf = ib.create({ name: 'builtin.module', definition: ModuleOp.definition, properties: { sym_name: StringAttr.get('b') }, regions: 1 });
    leaf.region(0).appendBlock(new Block());
    expect(lookupSymbol(module, SymbolRefAttr.get('a', ['b']))).toBe(leaf);
    expect(lookupSymbol(module, SymbolRefAttr.get('a', ['c']))).toBeUndefined();
    expect(String(SymbolRefAttr.get('a', ['b']))).toBe('@a::@b');
  });
});

describe('verifier', () => {
  it('reports uses that are not dominated', () => {
    const { b, module } = setup();
    const c = b.build(ConstOp, { attributes: { value: IntegerAttr.get(i64, 1) }, resultTypes: [i32] });
    const add = b.build(AddOp, { operands: { lhs: c.result, rhs: c.result }, resultTypes: [i32] });
    expect(verify(module)).toBeUndefined();
    add.op.moveBefore(c.op);
    // The module body is a graph region (as in MLIR), so move both into a CFG region.
    const region = b.build(RegionOp, { operands: { inputs: [] }, resultTypes: { results: [] } });
    const blk = region.body.appendBlock(new Block());
    add.op.remove();
    c.op.remove();
    blk.append(add.op);
    blk.append(c.op);
    new Builder(b.context, { block: blk, before: undefined }).build(YieldOp, { operands: { values: [] } });
    expect(verify(module)?.message).toBe('operand #0 does not dominate this use');
  });

  it('reports values crossing an isolated-from-above boundary', () => {
    const { b, module } = setup();
    const c = b.build(ConstOp, { attributes: { value: IntegerAttr.get(i64, 1) }, resultTypes: [i32] });
    const iso = b.build(IsolatedOp, {});
    const ib = new Builder(b.context, { block: iso.body.appendBlock(new Block()), before: undefined });
    ib.build(AddOp, { operands: { lhs: c.result, rhs: c.result }, resultTypes: [i32] });
    const d = verify(module);
    expect(d?.message).toBe("'test.add' op using value defined outside the region");
    expect(d?.notes[0]?.message).toBe('required by region isolation constraints');
  });

  describe('dominance across regions (the walk decides most uses from its own marks)', () => {
    /** A test.region op in the module with one block ending in test.yield, and a builder before the yield. */
    function regionIn(b: Builder, resultTypes: IntegerType[] = []) {
      const region = b.build(RegionOp, { operands: { inputs: [] }, resultTypes: { results: resultTypes } });
      const block = region.body.appendBlock(new Block());
      const yieldOp = new Builder(b.context, { block, before: undefined }).build(YieldOp, { operands: { values: [] } });
      return { region, block, inner: new Builder(b.context, { block, before: yieldOp.op }) };
    }
    const one = (b: Builder) => b.build(ConstOp, { attributes: { value: IntegerAttr.get(i64, 1) }, resultTypes: [i32] }).result;

    it('rejects a value of a sibling region the walk has left', () => {
      const { b, module } = setup();
      const outer = regionIn(b);
      const first = regionIn(outer.inner);
      const x = one(first.inner);
      const second = regionIn(outer.inner);
      second.inner.build(AddOp, { operands: { lhs: x, rhs: x }, resultTypes: [i32] });
      expect(verify(module)?.message).toBe('operand #0 does not dominate this use');
    });

    it("rejects an op's own result inside its region", () => {
      const { b, module } = setup();
      const outer = regionIn(b);
      const r = regionIn(outer.inner, [i32]);
      r.inner.build(AddOp, { operands: { lhs: r.region.op.results[0]!, rhs: r.region.op.results[0]! }, resultTypes: [i32] });
      expect(verify(module)?.message).toBe('operand #0 does not dominate this use');
    });

    it('accepts values and block arguments of enclosing blocks, and sees a later move', () => {
      const { b, module } = setup();
      const outer = regionIn(b);
      const arg = outer.block.addArgument(i32, module.loc);
      const x = one(outer.inner);
      const nested = regionIn(regionIn(outer.inner).inner);
      nested.inner.build(AddOp, { operands: { lhs: x, rhs: arg }, resultTypes: [i32] });
      expect(verify(module)).toBeUndefined();
      expect(verify(module)).toBeUndefined();
      // Marks left by the walks above must not vouch for the moved definition.
      x.owner.moveBefore(outer.block.last!);
      expect(verify(module)?.message).toBe('operand #0 does not dominate this use');
    });

    it('rejects a block argument from outside an isolated op', () => {
      const { b, module } = setup();
      const outer = regionIn(b);
      const arg = outer.block.addArgument(i32, module.loc);
      const iso = outer.inner.build(IsolatedOp, {});
      const ib = new Builder(b.context, { block: iso.body.appendBlock(new Block()), before: undefined });
      ib.build(AddOp, { operands: { lhs: arg, rhs: arg }, resultTypes: [i32] });
      expect(verify(module)?.message).toBe("'test.add' op using value defined outside the region");
    });
  });

  it('checks declared operand types and required attributes', () => {
    const { b, module } = setup();
    const c = b.build(ConstOp, { attributes: { value: IntegerAttr.get(i64, 1) }, resultTypes: [i32] });
    b.create({ name: 'test.add', operands: [c.result, c.result], resultTypes: [i64] });
    expect(verify(module)?.message).toBe("'test.add' op requires the same type for all operands and results");
    const m2 = setup();
    m2.b.create({ name: 'test.const', resultTypes: [i32] });
    expect(verify(m2.module)?.message).toBe("'test.const' op requires attribute 'value'");
  });
});
