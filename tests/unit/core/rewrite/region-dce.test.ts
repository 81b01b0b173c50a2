import { describe, expect, it } from 'vitest';
import type { Operation } from '../../../../core/ir/operation.js';
import { runRegionDCE, simplifyRegions } from '../../../../core/rewrite/region-dce.js';
import { PatternRewriter } from '../../../../core/rewrite/rewriter.js';
import { printOperation } from '../../../../core/syntax/printer.js';
import { parseModule } from '../../../../dialects/builtin/parse-module.js';
import { createContext } from '../../../../dialects/registry.js';

function dce(text: string) {
  const context = createContext();
  const module = parseModule(text, context);
  const erased: string[] = [];
  const rewriter = new PatternRewriter(context, { notifyOperationErased: (op: Operation) => void erased.push(op.name) });
  const changed = runRegionDCE(rewriter, module.regions);
  return { changed, erased, text: printOperation(module) };
}

describe('runRegionDCE', () => {
  it('erases chains of unused pure ops, users first, and keeps ops with effects', () => {
    const { changed, erased, text } = dce(`func.func @f(%m: memref<4xi32>, %x: i32) {
  %a = arith.addi %x, %x : i32
  %b = arith.muli %a, %a : i32
  %c0 = arith.constant 0 : index
  memref.store %x, %m[%c0] : memref<4xi32>
  return
}`);
    expect(changed).toBe(true);
    expect(erased).toEqual(['arith.muli', 'arith.addi']);
    expect(text).not.toContain('arith.addi');
    expect(text).toContain('memref.store');
    expect(text).toContain('arith.constant 0 : index');
  });

  it('erases a loop whose body has no effects and whose results are unused, and keeps values its yield uses alive otherwise', () => {
    const { erased, text } = dce(`func.func @f(%n: index, %x: i32) -> i32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %dead = scf.for %i = %c0 to %n step %c1 iter_args(%a = %x) -> (i32) {
    %s = arith.addi %a, %a : i32
    scf.yield %s : i32
  }
  %live = scf.for %i = %c0 to %n step %c1 iter_args(%a = %x) -> (i32) {
    %s = arith.addi %a, %a : i32
    scf.yield %s : i32
  }
  return %live : i32
}`);
    expect(erased).toEqual(['scf.yield', 'arith.addi', 'scf.for']);
    expect(text.match(/scf\.for/g)).toHaveLength(1);
    expect(text.match(/arith\.addi/g)).toHaveLength(1);
  });

  it('reports no change when everything is live', () => {
    const { changed, erased } = dce(`func.func @f(%x: i32) -> i32 {
  %a = arith.addi %x, %x : i32
  return %a : i32
}`);
    expect(changed).toBe(false);
    expect(erased).toEqual([]);
  });

  it("as MLIR's, keeps what a dead loop's body uses: a later run may find more", () => {
    // The yield is live, so the division it yields is, and so the scf.if the division uses:
    // only the loop goes. The greedy driver's next iteration finds the scf.if unused.
    const context = createContext();
    const module = parseModule(
      `func.func @f(%c: i1, %x: i32) {
  %c0 = arith.constant 0 : index
  %c2 = arith.constant 2 : index
  %v = scf.if %c -> (i32) {
    scf.yield %x : i32
  } else {
    scf.yield %x : i32
  }
  %r = scf.for %i = %c0 to %c2 step %c2 iter_args(%a = %x) -> (i32) {
    %q = arith.divsi %v, %v : i32
    scf.yield %q : i32
  }
  return
}`,
      context,
    );
    const erased: string[] = [];
    const rewriter = new PatternRewriter(context, { notifyOperationErased: (op: Operation) => void erased.push(op.name) });
    expect(simplifyRegions(rewriter, module.regions)).toBe(true);
    expect(erased).toEqual(['scf.yield', 'arith.divsi', 'scf.for', 'arith.constant', 'arith.constant']);
    erased.length = 0;
    expect(simplifyRegions(rewriter, module.regions)).toBe(true);
    expect(erased).toEqual(['scf.yield', 'scf.yield', 'scf.if']);
    expect(simplifyRegions(rewriter, module.regions)).toBe(false);
  });
});
