import { describe, expect, it } from 'vitest';
import { testContext } from '../test-dialect.js';
import { ProgramGenerator } from './random-program.js';
import { errorOf, roundTrip } from './roundtrip-helpers.js';

const ctx = testContext();
ctx.allowUnregisteredDialects = true;

describe('random programs', () => {
  it('print -> parse -> print is a fixed point, and generic and custom forms convert both ways', () => {
    const gen = new ProgramGenerator(1234);
    for (let i = 0; i < 300; i++) {
      const text = gen.program();
      const custom = roundTrip(text, ctx);
      expect(roundTrip(custom, ctx), `program ${i}:\n${text}`).toBe(custom);
      const generic = roundTrip(custom, ctx, { generic: true });
      expect(generic).toContain('"builtin.module"()');
      expect(roundTrip(generic, ctx, { generic: true })).toBe(generic);
      expect(roundTrip(generic, ctx), `program ${i} generic -> custom`).toBe(custom);
    }
  });
});

describe('declarative formats', () => {
  it('prints optional groups, segments and implicit terminators', () => {
    const text = `%a = test.const 1 : i32
test.segments (%a, %a) opt %a [] : (i32, i32) (i32) ()
test.segments () [%a] {tag = 3} : () () (i32)
%r = test.region %a : (i32) -> i32 {
^bb0(%x: i32):
  test.yield %x : i32
}
test.region : () -> () {
}
`;
    // Spacing follows MLIR's generated printers, including the double space of an empty variadic group.
    expect(roundTrip(text, ctx)).toBe(`module {
  %k = test.const 1 : i32
  test.segments(%k, %k) opt %k[] : (i32, i32) (i32) ()
  test.segments()[%k] {tag = 3 : i64} : () () (i32)
  %0 = test.region %k : (i32) -> i32 {
  ^bb0(%arg0: i32):
    test.yield %arg0 : i32
  }
  test.region  : () -> () {
  }
}
`);
  });

  it('reports mistakes at their location', () => {
    expect(errorOf('%a = test.const 1 : i32\n%b = test.add %a, %a : i64\n', ctx)).toBe("2: use of value '%a' expects different type than prior uses: 'i64' vs 'i32'");
    expect(errorOf('%a = test.const 1 : i32\n%a = test.const 2 : i32\n', ctx)).toBe("2: redefinition of SSA value '%a'");
    expect(errorOf('test.isolated {\n  %b = test.add %a, %a : i32\n}\n', ctx)).toBe('2: use of undeclared SSA value name');
    // As in MLIR, names are not scoped by isolation: a later definition resolves the forward
    // reference, and the verifier reports the use across the isolation boundary.
    expect(errorOf('test.isolated {\n  %b = test.add %a, %a : i32\n}\n%a = test.const 1 : i32\n', ctx)).toBe("2: 'test.add' op using value defined outside the region");
  });
});
