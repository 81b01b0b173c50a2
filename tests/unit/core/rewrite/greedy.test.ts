import { describe, expect, it } from 'vitest';
import { IntegerAttr } from '../../../../core/ir/attributes.js';
import { AnyType, I64Attr, optionalAttr, required, typeConstraint } from '../../../../core/ir/constraints.js';
import { Context, defineDialect } from '../../../../core/ir/dialect.js';
import { defineOp } from '../../../../core/ir/op-definition.js';
import type { Operation } from '../../../../core/ir/operation.js';
import { ConstantLike, IsolatedFromAbove, MemoryEffects, NoTerminator, Pure, SameOperandsAndResultType } from '../../../../core/ir/traits.js';
import { IntegerType } from '../../../../core/ir/types.js';
import { applyPatternsGreedily } from '../../../../core/rewrite/greedy.js';
import { definePattern, PatternSet, type RewritePattern } from '../../../../core/rewrite/pattern.js';
import { printOperation } from '../../../../core/syntax/printer.js';
import { builtinDialect } from '../../../../dialects/builtin/index.js';
import { parseModule } from '../../../../dialects/builtin/parse-module.js';

const Int = typeConstraint('integer', (t) => t instanceof IntegerType);
const ConstOp = defineOp({
  name: 'g.const',
  results: { result: Int },
  attributes: { value: required(I64Attr) },
  traits: [ConstantLike, Pure],
  assemblyFormat: '$value attr-dict `:` type($result)',
  // The value typed as the result, as the folder of g.add produces it.
  fold: (op) => IntegerAttr.get(op.results[0]!.type, (op.getAttr('value') as IntegerAttr).value),
});
const valueOf = (a: unknown) => (a instanceof IntegerAttr ? a.value : undefined);
const AddOp = defineOp({
  name: 'g.add',
  operands: { lhs: Int, rhs: Int },
  results: { result: Int },
  traits: [Pure, SameOperandsAndResultType],
  assemblyFormat: '$lhs `,` $rhs attr-dict `:` type($result)',
  fold: (op, [l, r]) => {
    const a = valueOf(l);
    const b = valueOf(r);
    if (a !== undefined && b !== undefined) return IntegerAttr.get(op.results[0]!.type, a + b);
    if (b === 0n) return op.operand(0);
    return undefined;
  },
});
const NegOp = defineOp({
  name: 'g.neg',
  operands: { input: Int },
  results: { result: Int },
  traits: [Pure, SameOperandsAndResultType],
  assemblyFormat: '$input attr-dict `:` type($result)',
});
/** Has a write effect: never dead. */
const SinkOp = defineOp({
  name: 'g.sink',
  operands: { input: AnyType },
  attributes: { mark: optionalAttr(I64Attr) },
  traits: [MemoryEffects('write')],
  assemblyFormat: '$input attr-dict `:` type($input)',
});
const FuncOp = defineOp({
  name: 'g.func',
  regions: { body: {} },
  traits: [IsolatedFromAbove, NoTerminator],
  assemblyFormat: 'attr-dict-with-keyword $body',
});
const gDialect = defineDialect({
  name: 'g',
  ops: [ConstOp, AddOp, NegOp, SinkOp, FuncOp],
  materializeConstant: (builder, value, type) => builder.create(ConstOp.state({ attributes: { value }, resultTypes: [type] })),
});

const context = () => new Context([builtinDialect, gDialect]);

const negNeg = definePattern({
  name: 'neg-neg',
  root: 'g.neg',
  matchAndRewrite(op, rewriter) {
    const inner = op.operand(0).definingOp;
    if (!NegOp.isa(inner)) return false;
    rewriter.replaceOp(op, [inner!.operand(0)]);
    return true;
  },
});

function run(text: string, patterns: RewritePattern[] = [], config = {}) {
  const ctx = context();
  const module = parseModule(text, ctx);
  const result = applyPatternsGreedily(ctx, module.regions, new PatternSet(patterns), config);
  return { result, text: printOperation(module) };
}

describe('greedy pattern driver', () => {
  it('folds constant chains into one constant at the start of the isolated region', () => {
    const { result, text } = run(`g.func {
  %a = g.const 1 : i32
  %b = g.const 2 : i32
  %s = g.add %a, %b : i32
  %t = g.add %s, %b : i32
  g.sink %t : i32
}`);
    expect(result.converged).toBe(true);
    expect(result.changed).toBe(true);
    expect(text).toContain('g.const 5 : i32');
    expect(text).not.toContain('g.add');
    // The unused inputs are dead and gone; only the folded constant feeds the sink.
    expect(text.match(/g\.const/g)).toHaveLength(1);
    expect(text.indexOf('g.const 5')).toBeLessThan(text.indexOf('g.sink'));
  });

  it('uniques equal constants and replaces a fold to an operand', () => {
    const { text } = run(`g.func {
  %x = g.const 7 : i32
  g.sink %x : i32
  %z = g.const 0 : i32
  %y = g.const 7 : i32
  %s = g.add %y, %z : i32
  g.sink %s : i32
}`);
    expect(text.match(/g\.const 7/g)).toHaveLength(1);
    expect(text).not.toContain('g.add');
    expect(text).toMatch(/g\.sink (%\S+) : i32\n\s*g\.sink \1 : i32/);
  });

  it('erases dead pure ops but keeps ops with effects', () => {
    const { text } = run(`g.func {
  %a = g.const 1 : i32
  %n = g.neg %a : i32
  %m = g.neg %n : i32
  g.sink %a {mark = 1} : i32
}`);
    expect(text).not.toContain('g.neg');
    expect(text).toContain('g.sink');
  });

  it('applies patterns, higher benefit first', () => {
    const applied: string[] = [];
    const tag = (name: string, benefit: number) =>
      definePattern({
        name,
        root: 'g.sink',
        benefit,
        matchAndRewrite(op, rewriter) {
          if (op.getAttr('mark')) return false;
          applied.push(name);
          rewriter.modifyOpInPlace(op, () => op.setAttr('mark', IntegerAttr.get(IntegerType.get(64), BigInt(benefit))));
          return true;
        },
      });
    const { text } = run(
      `g.func {
  %a = g.const 1 : i32
  g.sink %a : i32
}`,
      [tag('low', 1), tag('high', 5)],
    );
    expect(applied).toEqual(['high']);
    expect(text).toContain('mark = 5');
  });

  it('rewrites through patterns until a fixed point', () => {
    const { result, text } = run(
      `g.func {
  %a = g.const 3 : i32
  %b = g.add %a, %a : i32
  %n = g.neg %b : i32
  %m = g.neg %n : i32
  %o = g.neg %m : i32
  %p = g.neg %o : i32
  g.sink %p : i32
}`,
      [negNeg],
    );
    expect(result.converged).toBe(true);
    expect(text).not.toContain('g.neg');
    expect(text).toMatch(/(%\S+) = g.const 6 : i32\n\s*g.sink \1/);
  });

  it('reports non-convergence at the iteration limit', () => {
    let flips = 0;
    const flip = definePattern({
      name: 'flip',
      root: 'g.sink',
      matchAndRewrite(op, rewriter) {
        flips = (flips + 1) % 2;
        rewriter.modifyOpInPlace(op, () => op.setAttr('mark', IntegerAttr.get(IntegerType.get(64), BigInt(flips))));
        return true;
      },
    });
    const { result } = run(
      `g.func {
  %a = g.const 1 : i32
  g.sink %a : i32
}`,
      [flip],
      { maxIterations: 3, maxNumRewrites: -1 },
    );
    expect(result.converged).toBe(false);
    expect(result.iterations).toBe(3);
  });

  it('stops after max-num-rewrites', () => {
    const flip = definePattern({
      name: 'flip',
      root: 'g.sink',
      matchAndRewrite(op, rewriter) {
        const n = (valueOf(op.getAttr('mark')) ?? 0n) + 1n;
        rewriter.modifyOpInPlace(op, () => op.setAttr('mark', IntegerAttr.get(IntegerType.get(64), n)));
        return true;
      },
    });
    const { result, text } = run(
      `g.func {
  %a = g.const 1 : i32
  g.sink %a : i32
}`,
      [flip],
      { maxNumRewrites: 4 },
    );
    expect(result.rewrites).toBe(4);
    expect(result.converged).toBe(false);
    expect(text).toContain('mark = 4');
  });

  it('tells an extra listener about inserted, replaced and erased ops', () => {
    const events: string[] = [];
    run(
      `g.func {
  %a = g.const 1 : i32
  %b = g.const 2 : i32
  %s = g.add %a, %b : i32
  g.sink %s : i32
}`,
      [],
      {
        listener: {
          notifyOperationInserted: (op: Operation) => events.push(`insert ${op.name}`),
          notifyOperationReplaced: (op: Operation) => events.push(`replace ${op.name}`),
          notifyOperationErased: (op: Operation) => events.push(`erase ${op.name}`),
        },
      },
    );
    expect(events).toContain('insert g.const');
    expect(events).toContain('replace g.add');
    expect(events).toContain('erase g.add');
  });

  it('leaves IR without foldable ops or matching patterns unchanged', () => {
    const input = `g.func {
  %a = g.const 1 : i32
  g.sink %a : i32
}`;
    const { result } = run(input, [negNeg]);
    expect(result.changed).toBe(false);
    expect(result.converged).toBe(true);
    expect(result.iterations).toBe(1);
  });
});
