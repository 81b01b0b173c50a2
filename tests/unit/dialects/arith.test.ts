import { describe, expect, it } from 'vitest';
import { arithDialect, FastMathFlagsAttr, IntegerOverflowFlagsAttr } from '../../../dialects/arith/index.js';
import { describeParity, firstError, GENERIC, roundTrip } from './harness.js';

// Expected texts under tests/unit/dialects/expected/arith/ were produced by mlir-opt (LLVM 19.1)
// from the golden inputs in tests/filecheck/dialects/arith/ and reviewed.
describeParity('arith', { ops: arithDialect.ops.keys() });

describe('arith: invalid inputs', () => {
  // mlir-opt reports a second error after these ("failed to parse Arith_FastMathAttr parameter
  // ..."); the first one, checked here, is the same text at the same place.
  it('rejects unknown fastmath flags', () => {
    expect(firstError('func.func @f(%x: f32) {\n  %0 = arith.addf %x, %x fastmath<fastest> : f32\n  return\n}\n')).toBe(
      "<stdin>:2:35: error: custom op 'arith.addf' expected ::mlir::arith::FastMathFlags to be one of: none, reassoc, nnan, ninf, nsz, arcp, contract, afn, fast",
    );
  });
  it('rejects unknown overflow flags', () => {
    expect(firstError('func.func @f(%a: i32) {\n  %0 = arith.addi %a, %a overflow<nsz> : i32\n  return\n}\n')).toBe(
      "<stdin>:2:35: error: custom op 'arith.addi' expected ::mlir::arith::IntegerOverflowFlags to be one of: none, nsw, nuw",
    );
  });
  it('rejects unknown flags in the attribute syntax', () => {
    expect(firstError('func.func @f(%x: f32) {\n  %0 = "arith.addf"(%x, %x) <{fastmath = #arith.fastmath<nnan, bogus>}> : (f32, f32) -> f32\n  return\n}\n')).toBe(
      '<stdin>:2:58: error: expected ::mlir::arith::FastMathFlags to be one of: none, reassoc, nnan, ninf, nsz, arcp, contract, afn, fast',
    );
  });
});

describe('arith: flags attributes', () => {
  // Spellings as mlir-opt prints them: `fast` absorbs its members, `,` (fastmath) vs `, ` (overflow).
  const fastmath: [string, string][] = [
    ['none', 'none'],
    ['fast', 'fast'],
    ['nnan,fast', 'fast'],
    ['afn,reassoc', 'reassoc,afn'],
    ['contract,afn,reassoc,arcp,nsz,ninf', 'reassoc,ninf,nsz,arcp,contract,afn'],
    ['reassoc,nnan,ninf,nsz,arcp,contract,afn', 'fast'],
    ['none,nnan', 'nnan'],
    ['nnan, ninf', 'nnan,ninf'],
    ['nnan,nnan', 'nnan'],
  ];
  for (const [input, printed] of fastmath) {
    it(`fastmath<${input}>`, () => {
      const text = `func.func @f(%x: f32) -> f32 {\n  %0 = arith.addf %x, %x fastmath<${input}> : f32\n  return %0 : f32\n}\n`;
      const custom = printed === 'none' ? '' : ` fastmath<${printed}>`;
      expect(roundTrip(text)).toContain(`%0 = arith.addf %arg0, %arg0${custom} : f32\n`);
      expect(roundTrip(text, [GENERIC])).toContain(`<{fastmath = #arith.fastmath<${printed}>}>`);
    });
  }
  const overflow: [string, string][] = [
    ['none', 'none'],
    ['nsw', 'nsw'],
    ['nuw', 'nuw'],
    ['nuw,nsw', 'nsw, nuw'],
    ['none, nsw', 'nsw'],
  ];
  for (const [input, printed] of overflow) {
    it(`overflow<${input}>`, () => {
      const text = `func.func @f(%a: i32) -> i32 {\n  %0 = arith.addi %a, %a overflow<${input}> : i32\n  return %0 : i32\n}\n`;
      const custom = printed === 'none' ? '' : ` overflow<${printed}>`;
      expect(roundTrip(text)).toContain(`%0 = arith.addi %arg0, %arg0${custom} : i32\n`);
      expect(roundTrip(text, [GENERIC])).toContain(`<{overflowFlags = #arith.overflow<${printed}>}>`);
    });
  }
  it('uniques and queries flags', () => {
    expect(FastMathFlagsAttr.get(127)).toBe(FastMathFlagsAttr.get(127));
    expect(String(FastMathFlagsAttr.get(6))).toBe('#arith.fastmath<nnan,ninf>');
    expect(FastMathFlagsAttr.get(127).has('nsz')).toBe(true);
    expect(String(IntegerOverflowFlagsAttr.get(3))).toBe('#arith.overflow<nsw, nuw>');
    expect(IntegerOverflowFlagsAttr.get(2).nuw).toBe(true);
  });
});
