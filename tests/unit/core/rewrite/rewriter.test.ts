import { describe, expect, it } from 'vitest';
import type { Operation } from '../../../../core/ir/operation.js';
import { PatternRewriter } from '../../../../core/rewrite/rewriter.js';
import { parseModule } from '../../../../dialects/builtin/parse-module.js';
import { createContext } from '../../../../dialects/registry.js';

describe('PatternRewriter.eraseOp', () => {
  it('erases nested ops one by one, last first, each notified while the rest of the IR is intact', () => {
    const context = createContext();
    const module = parseModule(
      `func.func @f(%m: memref<4xi32>, %n: index, %x: i32) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %v = arith.addi %x, %x : i32
  scf.for %i = %c0 to %n step %c1 {
    memref.store %v, %m[%i] : memref<4xi32>
    memref.store %v, %m[%c0] : memref<4xi32>
    memref.store %v, %m[%c1] : memref<4xi32>
  }
  return
}`,
      context,
    );
    const func = module.region(0).entry!.first!;
    const loop = func.region(0).entry!.last!.prev!;
    const v = loop.prev!.results[0]!;
    // For each erased op: its name and how many uses %v has left when it is notified.
    const seen: string[] = [];
    const rewriter = new PatternRewriter(context, { notifyOperationErased: (op: Operation) => void seen.push(`${op.name} ${v.useCount}`) });
    rewriter.eraseOp(loop);
    expect(seen).toEqual(['scf.yield 3', 'memref.store 3', 'memref.store 2', 'memref.store 1', 'scf.for 0']);
    expect(v.useCount).toBe(0);
    expect(func.region(0).entry!.ops.map((o) => o.name)).toEqual(['arith.constant', 'arith.constant', 'arith.addi', 'func.return']);
  });
});
