import { describe, expect, it } from 'vitest';
import { Context, defineDialect } from '../../../../core/ir/dialect.js';
import { type ConversionPattern, ConversionTarget, defineConversionPattern, TypeConverter } from '../../../../core/rewrite/conversion.js';
import { type ConversionPatternEnv, conversionPatternsInterface, populateDialectConversionPatterns } from '../../../../core/rewrite/conversion-patterns-interface.js';
import { builtinDialect } from '../../../../dialects/builtin/index.js';

const pattern = (name: string): ConversionPattern => defineConversionPattern({ name, root: `${name}.op`, matchAndRewrite: () => false });

describe('conversion patterns from dialects', () => {
  it('adds the patterns each loaded dialect gives the named conversion, with the env of the pass', () => {
    const seen: ConversionPatternEnv<string>[] = [];
    const withPatterns = defineDialect({
      name: 'lowered',
      ops: [],
      interfaces: [
        conversionPatternsInterface({
          'convert-a': (patterns, env) => {
            seen.push(env as ConversionPatternEnv<string>);
            (env.target as ConversionTarget).addIllegalOp('lowered.op');
            patterns.push(pattern('lowered'));
          },
          'convert-b': (patterns) => patterns.push(pattern('other')),
        }),
      ],
    });
    const without = defineDialect({ name: 'plain', ops: [] });
    const context = new Context([builtinDialect, without, withPatterns]);
    const env = { conversion: 'convert-a', typeConverter: new TypeConverter(), target: new ConversionTarget(), lowering: 'state' };
    const patterns: ConversionPattern[] = [pattern('own')];
    populateDialectConversionPatterns(context, patterns, env);
    expect(patterns.map((p) => p.name)).toEqual(['own', 'lowered']);
    expect(seen).toEqual([env]);
    expect(env.target.isIllegal({ name: 'lowered.op', dialect: 'lowered' } as never)).toBe(true);

    const none: ConversionPattern[] = [];
    populateDialectConversionPatterns(context, none, { ...env, conversion: 'convert-c' });
    expect(none).toEqual([]);
  });

  it('is one of the dialect interfaces, found by name', () => {
    const iface = conversionPatternsInterface({});
    const dialect = defineDialect({ name: 'd', ops: [], interfaces: [iface] });
    expect(dialect.getInterface(iface.name)).toBe(iface);
    expect(dialect.getInterface('NoSuchInterface')).toBeUndefined();
  });
});
