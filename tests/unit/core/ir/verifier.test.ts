import { describe, expect, it } from 'vitest';
import { StringAttr } from '../../../../core/ir/attributes.js';
import { IntegerType } from '../../../../core/ir/types.js';
import type { Operation } from '../../../../core/ir/operation.js';
import { verify } from '../../../../core/ir/verifier.js';
import { parseModule } from '../../../../dialects/builtin/parse-module.js';
import { createContext } from '../../../../dialects/registry.js';

const PROGRAM = `func.func @f(%a: i32, %b: i32, %x: f32) -> i32 {
  %0 = arith.addi %a, %b : i32
  %1 = arith.addi %0, %b : i32
  return %1 : i32
}`;

function parse() {
  const ctx = createContext();
  const module = parseModule(PROGRAM, ctx);
  const adds: Operation[] = [];
  module.walk((op) => {
    if (op.name === 'arith.addi') adds.push(op);
  });
  return { ctx, module, adds, fn: adds[0]!.parentOp! };
}

describe('verifier fast paths', () => {
  it('still checks properties changed away from the shared defaults after ops with defaults passed', () => {
    const { ctx, module, adds } = parse();
    // Both adds share arith.addi's default overflowFlags; the first verification passes them.
    expect(adds[0]!.propertiesAreDefaults).toBe(true);
    expect(verify(module, ctx)).toBeUndefined();
    adds[1]!.properties.set('overflowFlags', StringAttr.get('nsw'));
    expect(adds[1]!.propertiesAreDefaults).toBe(false);
    expect(adds[0]!.propertiesAreDefaults).toBe(true);
    expect(verify(module, ctx)?.message).toMatch(/^'arith.addi' op attribute 'overflowFlags' failed to satisfy constraint/);
  });

  it('reports a wrong operand type and a wrong operand count with the general messages', () => {
    const { ctx, module, adds, fn } = parse();
    const f32Arg = fn.region(0).entry!.arguments[2]!;
    adds[0]!.setOperand(1, f32Arg);
    expect(verify(module, ctx)?.message).toBe("'arith.addi' op operand #1 must be signless-integer-like, but got 'f32'");
    adds[0]!.setOperands([adds[0]!.operand(0)]);
    expect(verify(module, ctx)?.message).toBe("'arith.addi' op expected 2 operands, but found 1");
  });

  it('gives an op without operands a list that setOperands replaces', () => {
    const { adds } = parse();
    const add = adds[0]!;
    const lhs = add.operand(0);
    add.setOperands([]);
    expect(add.operandSlots).toHaveLength(0);
    expect(Object.isFrozen(add.operandSlots)).toBe(true);
    expect(lhs.useCount).toBe(0);
    add.setOperands([lhs, lhs]);
    expect(add.operands).toEqual([lhs, lhs]);
    expect(lhs.useCount).toBe(2);
  });
});

describe('type getters', () => {
  it('return the uniqued types from their caches', () => {
    expect(IntegerType.get(1)).toBe(IntegerType.get(1, 'signless'));
    expect(IntegerType.get(8, 'signed')).not.toBe(IntegerType.get(8));
    expect(String(IntegerType.get(8, 'signed'))).toBe('si8');
    expect(IntegerType.get(4096)).toBe(IntegerType.get(4096));
  });
});
