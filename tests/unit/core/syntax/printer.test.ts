import { describe, expect, it } from 'vitest';
import { AnyType, variadic } from '../../../../core/ir/constraints.js';
import { Context, defineDialect } from '../../../../core/ir/dialect.js';
import { defineOp } from '../../../../core/ir/op-definition.js';
import { builtinDialect } from '../../../../dialects/builtin/index.js';
import { createContext } from '../../../../dialects/registry.js';
import { testDialect } from '../test-dialect.js';
import { roundTrip } from './roundtrip-helpers.js';

/** A variadic group before a single one, for operands and for results. */
const TailOp = defineOp({
  name: 'ptest.tail',
  operands: { xs: variadic(AnyType), y: AnyType },
  results: { rs: variadic(AnyType), last: AnyType },
  assemblyFormat: '$xs `and` $y attr-dict `:` type($xs) `and` type($y) `->` type($rs) `and` type($last)',
});
const ctx = new Context([builtinDialect, testDialect, defineDialect({ name: 'ptest', ops: [TailOp] })]);

describe('OpAsmPrinter output', () => {
  it('is the same text however many pieces it is written in', () => {
    // Thousands of ops: the output is gathered in several chunks, and a type is first printed late.
    const n = 3000;
    let input = '';
    let expected = 'module {\n';
    for (let i = 0; i < n; i++) {
      const type = i < 2500 ? 'i32' : 'i64';
      input += `%v${i} = test.const ${i} : ${type}\n`;
      expected += `  %k${i === 0 ? '' : `_${i - 1}`} = test.const ${i} : ${type}\n`;
    }
    expected += '}\n';
    const printed = roundTrip(input, ctx);
    expect(printed.length).toBe(expected.length);
    expect(printed).toBe(expected);
  });

  it('leaves out the default dialect prefix inside regions that declare one, and only there', () => {
    const input = `func.func private @g()
func.func @f(%n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  func.call @g() : () -> ()
  scf.for %i = %c0 to %n step %c1 {
    func.call @g() : () -> ()
  }
  func.return
}
`;
    expect(roundTrip(input, createContext())).toBe(`module {
  func.func private @g()
  func.func @f(%n: index) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    call @g() : () -> ()
    scf.for %arg1 = %c0 to %n step %c1 {
      func.call @g() : () -> ()
    }
    return
  }
}
`);
  });
});

describe('declarative format printing', () => {
  it('finds a single group after a variadic one, for operands and results', () => {
    const input = `%a = test.const 1 : i32
%b = test.const 2 : i64
%r:3 = ptest.tail %a, %a and %b : i32, i32 and i64 -> i32, i32 and i64
%s = ptest.tail and %b : and i64 -> and i64
`;
    expect(roundTrip(input, ctx)).toBe(`module {
  %k = test.const 1 : i32
  %k_0 = test.const 2 : i64
  %0:3 = ptest.tail %k, %k and %k_0 : i32, i32 and i64 -> i32, i32 and i64
  %1 = ptest.tail  and %k_0 :  and i64 ->  and i64
}
`);
  });

  it('prints discardable attributes and leaves out elided and default-valued ones', () => {
    const input = `%a = arith.constant {note = "x"} 7 : i32
%b = arith.addi %a, %a : i32
%c = arith.addi %a, %b overflow<nsw> : i32
%d = arith.addi %a, %c {tag = 1 : i32} : i32
%e = arith.cmpi slt, %a, %d : i32
`;
    expect(roundTrip(input, createContext())).toBe(`module {
  %c7_i32 = arith.constant {note = "x"} 7 : i32
  %0 = arith.addi %c7_i32, %c7_i32 : i32
  %1 = arith.addi %c7_i32, %0 overflow<nsw> : i32
  %2 = arith.addi %c7_i32, %1 {tag = 1 : i32} : i32
  %3 = arith.cmpi slt, %c7_i32, %2 : i32
}
`);
  });

  it('prints the same op in generic form', () => {
    const printed = roundTrip('%a = test.const 1 : i32\n%b = test.add %a, %a {tag = 2 : i64} : i32\n', ctx, { generic: true });
    expect(printed).toBe(`"builtin.module"() ({
  %0 = "test.const"() <{value = 1 : i64}> : () -> i32
  %1 = "test.add"(%0, %0) {tag = 2 : i64} : (i32, i32) -> i32
}) : () -> ()
`);
  });
});
