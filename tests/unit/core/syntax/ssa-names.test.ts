import { describe, expect, it } from 'vitest';
import { AnyType } from '../../../../core/ir/constraints.js';
import { Context, defineDialect } from '../../../../core/ir/dialect.js';
import { defineOp } from '../../../../core/ir/op-definition.js';
import type { Operation } from '../../../../core/ir/operation.js';
import type { Value } from '../../../../core/ir/value.js';
import { SSANames } from '../../../../core/syntax/ssa-names.js';
import { builtinDialect } from '../../../../dialects/builtin/index.js';
import { testDialect } from '../test-dialect.js';
import { parse } from './roundtrip-helpers.js';

/** Three results, the first and the last with name hints: printed `%lo:2, %hi`. */
const ThreeOp = defineOp({
  name: 'ssatest.three',
  results: { a: AnyType, b: AnyType, c: AnyType },
  assemblyFormat: 'attr-dict `:` type($a) `,` type($b) `,` type($c)',
  resultNames: () => ['lo', undefined, 'hi'],
});
const ctx = new Context([builtinDialect, testDialect, defineDialect({ name: 'ssatest', ops: [ThreeOp] })]);
ctx.allowUnregisteredDialects = true;

/** The ops of the module's body (and of nested regions), in order, by their `tag` position. */
function opsOf(module: Operation): Operation[] {
  const ops: Operation[] = [];
  module.walk((op) => void (op !== module && ops.push(op)), 'pre');
  return ops;
}
const nameOf = (names: SSANames, v: Value) => names.valueName(v);

const program = `%a = test.const 1 : i32
%b = test.const 2 : i32
%c = test.add %a, %b : i32
%r = test.region %c : (i32) -> i32 {
^bb0(%x: i32):
  %d = test.add %x, %c : i32
  test.yield %d : i32
}
%s = test.region %c : (i32) -> i32 {
^bb0(%y: i32):
  %e = test.add %y, %y : i32
  test.yield %e : i32
}
%f = test.add %r, %s : i32
`;

describe('SSANames', () => {
  const module = parse(program, ctx);
  const [a, b, c, r, d, , s, e, , f] = opsOf(module);

  it('numbers values region by region; sibling regions start from the same counters', () => {
    const names = new SSANames(module, false);
    // Hints made unique in scope: `k`, then `k_0`.
    expect(nameOf(names, a!.results[0]!)).toBe('%k');
    expect(nameOf(names, b!.results[0]!)).toBe('%k_0');
    // The top region: %0 (add), %1 and %2 (the region ops), %3 (the last add).
    expect([c, r, s, f].map((op) => nameOf(names, op!.results[0]!))).toEqual(['%0', '%1', '%2', '%3']);
    // Both nested regions start after the top region's values, with their own argument counters.
    expect(nameOf(names, r!.regions[0]!.entry!.arguments[0]!)).toBe('%arg0');
    expect(nameOf(names, s!.regions[0]!.entry!.arguments[0]!)).toBe('%arg0');
    expect(nameOf(names, d!.results[0]!)).toBe('%4');
    expect(nameOf(names, e!.results[0]!)).toBe('%4');
    expect(names.blockName(r!.regions[0]!.entry!)).toBe('^bb0');
  });

  it('gives the same names whatever is asked about first', () => {
    const values = [e!.results[0]!, s!.regions[0]!.entry!.arguments[0]!, d!.results[0]!, a!.results[0]!, f!.results[0]!, b!.results[0]!];
    const inOrder = values.map((v) => nameOf(new SSANames(module, false), v));
    const names = new SSANames(module, false);
    expect(values.map((v) => nameOf(names, v))).toEqual(inOrder);
    expect([...values].reverse().map((v) => nameOf(names, v))).toEqual([...inOrder].reverse());
    expect(inOrder).toEqual(['%4', '%arg0', '%4', '%k', '%3', '%k_0']);
  });

  it('keeps the counters running in generic form (unique IDs, no hints)', () => {
    const names = new SSANames(module, true);
    const all = [a, b, c, r, s, f, d, e].map((op) => nameOf(names, op!.results[0]!));
    expect(new Set(all).size).toBe(all.length);
    expect(all.slice(0, 6)).toEqual(['%0', '%1', '%2', '%3', '%4', '%5']);
    // The regions are numbered last-first (a stack), as before.
    expect(nameOf(names, e!.results[0]!)).toBe('%6');
    expect(nameOf(names, d!.results[0]!)).toBe('%7');
    expect(nameOf(names, s!.regions[0]!.entry!.arguments[0]!)).toBe('%arg0');
    expect(nameOf(names, r!.regions[0]!.entry!.arguments[0]!)).toBe('%arg1');
  });

  it('names values outside the numbered op as unknown', () => {
    const names = new SSANames(r!, false);
    expect(nameOf(names, c!.results[0]!)).toBe('<<UNKNOWN SSA VALUE>>');
    expect(nameOf(names, d!.operand(0))).toBe('%arg0');
    expect(names.blockName(module.regions[0]!.entry!)).toBe('^INVALIDBLOCK');
  });

  it('names the results of multi-result ops by group', () => {
    const m = parse('%x:3 = ssatest.three : i32, i32, i32\n%y:2 = "other.two"() : () -> (i32, i64)\n', ctx);
    const [three, two] = opsOf(m);
    const names = new SSANames(m, false);
    // Hints start groups: result 0 (`lo`, two results) and result 2 (`hi`).
    expect(three!.results.map((v) => names.valueName(v))).toEqual(['%lo#0', '%lo#1', '%hi']);
    expect(three!.results.map((v) => names.valueName(v, false))).toEqual(['%lo', '%lo#1', '%hi']);
    expect(names.resultGroupsOf(three!)).toEqual([0, 2]);
    // Without hints: one numbered group.
    expect(two!.results.map((v) => names.useName(v))).toEqual(['%0#0', '%0#1']);
    expect(names.valueName(two!.results[0]!, false)).toBe('%0');
    expect(names.resultGroupsOf(two!)).toEqual([0]);
  });

  it('numbers the arguments of non-entry blocks as values', () => {
    const m = parse(
      `"test.cfg"() ({
^bb0(%p: i32):
  "test.br"()[^bb1] : () -> ()
^bb1(%z: i32):
  %w = "test.use"(%z, %p) : (i32, i32) -> i32
}) : () -> ()
`,
      ctx,
    );
    const [cfg, , use] = opsOf(m);
    const names = new SSANames(m, false);
    const [entry, second] = cfg!.regions[0]!.blocks;
    expect(names.useName(entry!.arguments[0]!)).toBe('%arg0');
    expect(names.useName(second!.arguments[0]!)).toBe('%0');
    expect(names.useName(use!.results[0]!)).toBe('%1');
    expect([names.blockName(second!), names.blockOrder(second!)]).toEqual(['^bb1', 1]);
  });
});
