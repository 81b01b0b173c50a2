import { describe, expect, it } from 'vitest';
import { convertOptionValue, noSuchOption, optionTypesFit, type OptionSpec } from '../../../../core/pass/options.js';

const spec = (type: OptionSpec['type'], more: Partial<OptionSpec> = {}): OptionSpec => ({ type, help: '', ...more });

describe('optionTypesFit: which parameter types can set which option types', () => {
  it('numbers set numbers, strings and enums set each other, lists and bools only their own kind', () => {
    expect(optionTypesFit('int', 'uint')).toBe(true);
    expect(optionTypesFit('uint', 'float')).toBe(true);
    expect(optionTypesFit('enum', 'string')).toBe(true);
    expect(optionTypesFit('string', 'enum')).toBe(true);
    expect(optionTypesFit('int-list', 'int-list')).toBe(true);
    expect(optionTypesFit('bool', 'int')).toBe(false);
    expect(optionTypesFit('int', 'bool')).toBe(false);
    expect(optionTypesFit('int-list', 'string-list')).toBe(false);
    expect(optionTypesFit('int', 'int-list')).toBe(false);
  });
  it('a string sets any option (it is read as the option text)', () => {
    expect(optionTypesFit('string', 'int-list')).toBe(true);
    expect(optionTypesFit('string', 'bool')).toBe(true);
  });
});

describe('convertOptionValue: a typed value as the value of an option', () => {
  it('keeps the value itself: no text in between', () => {
    const names = ['a b', '"q"', 'x,y'];
    expect(convertOptionValue('names', spec('string-list'), names)).toBe(names);
    expect(convertOptionValue('label', spec('string'), '"q"')).toBe('"q"');
    expect(convertOptionValue('sizes', spec('int-list'), [64, 64, 16])).toEqual([64, 64, 16]);
    expect(convertOptionValue('n', spec('float'), 3)).toBe(3);
  });
  it("checks the option's range, values and rule, with parseOptionText's messages", () => {
    expect(convertOptionValue('n', spec('uint'), -1)).toEqual({ error: "invalid value '-1' for option 'n': expected a non-negative integer" });
    expect(convertOptionValue('n', spec('int'), 0.5)).toEqual({ error: "invalid value '0.5' for option 'n': expected an integer" });
    expect(convertOptionValue('mode', spec('enum', { values: ['fast', 'slow'] }), 'medium')).toEqual({
      error: "invalid value 'medium' for option 'mode': expected one of fast, slow",
    });
    const even = spec('uint', { check: (v) => ((v as number) % 2 === 0 ? undefined : 'must be even') });
    expect(convertOptionValue('even', even, 4)).toBe(4);
    expect(convertOptionValue('even', even, 3)).toEqual({ error: "invalid value '3' for option 'even': must be even" });
  });
  it('reads a string as the text of an option of another type', () => {
    expect(convertOptionValue('sizes', spec('int-list'), '1,2')).toEqual([1, 2]);
    expect(convertOptionValue('n', spec('int'), 'x')).toEqual({ error: "invalid value 'x' for option 'n': expected an integer" });
  });
});

describe('noSuchOption', () => {
  it('names the options there are, or says there are none', () => {
    expect(noSuchOption('x', { a: spec('int'), b: spec('bool') }, "pass 'p'")).toBe("no such option 'x' for pass 'p' (options: a, b)");
    expect(noSuchOption('x', {}, "pass 'cse'")).toBe("no such option 'x' for pass 'cse' (it has no options)");
  });
});
