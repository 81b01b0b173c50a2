import { describe, expect, it } from 'vitest';
import { PatternContext } from '../../../../testing/filecheck/context.js';
import { parseNumericBlock } from '../../../../testing/filecheck/expression-parser.js';
import { evaluate, EvaluationErrors, ExpressionFormat, OverflowError } from '../../../../testing/filecheck/numeric.js';
import { DiagnosticError, SourceBuffer } from '../../../../testing/filecheck/source.js';
import { Span } from '../../../../testing/filecheck/span.js';

function parse(block: string, context = new PatternContext(), line = 1) {
  return parseNumericBlock(Span.of(new SourceBuffer('check', block)), false, line, context);
}

function parseError(block: string, context?: PatternContext): string {
  try {
    parse(block, context);
  } catch (e) {
    if (e instanceof DiagnosticError) return e.message;
    throw e;
  }
  return 'no error';
}

/** A context where N=10 (unsigned) and H=255 (hex) are defined. */
function contextWithVariables(): PatternContext {
  const context = new PatternContext();
  for (const [def, value] of [
    ['N:', 10n],
    ['%x,H:', 255n],
  ] as const) {
    const { defined } = parse(def, context, 0);
    defined!.setValue(value);
    context.numericVars.set(defined!.name, defined!);
  }
  return context;
}

describe('ExpressionFormat', () => {
  it('formats values', () => {
    expect(new ExpressionFormat('u').format(42n)).toBe('42');
    expect(new ExpressionFormat('d').format(-42n)).toBe('-42');
    expect(new ExpressionFormat('x').format(255n)).toBe('ff');
    expect(new ExpressionFormat('X', 4, true).format(255n)).toBe('0x00FF');
    expect(new ExpressionFormat('d', 3).format(-7n)).toBe('-007');
  });

  it('refuses negative values outside %d', () => {
    expect(() => new ExpressionFormat('u').format(-1n)).toThrow(OverflowError);
  });

  it('parses what its wildcard matches', () => {
    expect(new ExpressionFormat('x', 0, true).parse('0xff')).toBe(255n);
    expect(new ExpressionFormat('d').parse('-12')).toBe(-12n);
    expect(new ExpressionFormat('u', 3).wildcardRegex()).toBe('([1-9][0-9]*)?[0-9]{3}');
    expect(new ExpressionFormat('X', 0, true).wildcardRegex()).toBe('0x[0-9A-F]+');
  });
});

describe('numeric substitution blocks', () => {
  it('parses a definition with a format', () => {
    const { expression, defined } = parse('%X,VAL:');
    expect(expression.ast).toBeUndefined();
    expect(defined?.name).toBe('VAL');
    expect(expression.format.kind).toBe('X');
  });

  it('evaluates arithmetic, calls and literals in every radix', () => {
    const context = contextWithVariables();
    const value = (block: string): bigint => evaluate(parse(block, context).expression.ast!);
    expect(value('N + 1')).toBe(11n);
    expect(value('N-(2+3)')).toBe(5n);
    expect(value('max(N, mul(2, 7))')).toBe(14n);
    expect(value('div(-7, 2)')).toBe(-3n);
    expect(value('0x10 + 010 + 0b11')).toBe(27n);
    expect(value('18446744073709551615 + 1')).toBe(18446744073709551616n);
  });

  it('takes the implicit format from variables', () => {
    const context = contextWithVariables();
    expect(parse('H+1', context).expression.format.kind).toBe('x');
    expect(parse('%d,H+1', context).expression.format.kind).toBe('d');
  });

  it('reports undefined variables and division by zero on evaluation', () => {
    const context = new PatternContext();
    const errors = (block: string): string[] => {
      try {
        evaluate(parse(block, context).expression.ast!);
      } catch (e) {
        if (e instanceof EvaluationErrors) return e.errors.map((err) => err.message);
        throw e;
      }
      return [];
    };
    expect(errors('A+B')).toEqual(['undefined variable: A', 'undefined variable: B']);
    expect(errors('div(1,0)')).toEqual(['overflow error']);
  });

  it.each([
    ['%z,N:', 'invalid format specifier in expression'],
    ['%#u,N:', 'alternate form only supported for hex values'],
    ['%.x,N:', 'invalid precision in format specifier'],
    ['N*2', "unsupported operation '*'"],
    ['1+', 'missing operand in expression'],
    ['pow(1,2)', "call to undefined function 'pow'"],
    ['add(1)', "function 'add' takes 2 arguments but 1 given"],
    ['add(1,)', 'missing argument'],
    ['(1+2', "missing ')' at end of nested expression"],
    ['@FOO', "invalid pseudo numeric variable '@FOO'"],
    ['@LINE:', 'definition of pseudo numeric variable unsupported'],
    ['N:==', 'empty numeric expression should not have a constraint'],
    ['N x:', 'unexpected characters after numeric variable name'],
    ['?', 'invalid matching constraint or operand format'],
  ])('rejects %j: %s', (block, message) => {
    expect(parseError(block)).toBe(message);
  });

  it('rejects a use on the line that defines the variable', () => {
    const context = new PatternContext();
    const { defined } = parse('N:', context, 3);
    context.numericVars.set('N', defined!);
    expect(() => parse('N+1', context, 3)).toThrow("numeric variable 'N' defined earlier in the same CHECK directive");
  });

  it('rejects conflicting implicit formats', () => {
    const context = contextWithVariables();
    expect(parseError('N+H', context)).toBe("implicit format conflict between 'N' (%u) and 'H' (%x), need an explicit format specifier");
  });
});
