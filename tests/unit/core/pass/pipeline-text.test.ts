import { describe, expect, it } from 'vitest';
import { DiagnosticError } from '../../../../core/ir/diagnostics.js';
import { PipelineBuilder } from '../../../../core/pass/pipeline-builder.js';
import { renderDiagnostic } from '../../../../core/syntax/diagnostic-render.js';
import { optionsPass, testRegistry } from './test-passes.js';

const build = (text: string) => new PipelineBuilder(testRegistry()).parse(text);

/** The rendered error for `text`: first line, source line, caret line. */
function errorOf(text: string): string[] {
  const builder = new PipelineBuilder(testRegistry());
  try {
    builder.parse(text);
  } catch (e) {
    if (!(e instanceof DiagnosticError)) throw e;
    return renderDiagnostic(e.diagnostic, { sources: builder.sources }).trimEnd().split('\n');
  }
  throw new Error(`no error for ${text}`);
}

describe('textual pipelines', () => {
  it('parses nesting and prints every option of every pass', () => {
    const pm = build('builtin.module(func.func(test-count,test-options{count=4}),any(test-count))');
    expect(pm.toString()).toBe('builtin.module(func.func(test-count,test-options{count=4 flag=false label=x mode=fast names= ratio=0.5 size=0 sizes=1,2}),any(test-count))');
  });
  it('takes a pipeline not anchored on builtin.module as nested in it', () => {
    expect(build('test-count,func.func(test-func-tag)').toString()).toBe('builtin.module(test-count,func.func(test-func-tag))');
    expect(build('func.func(test-count)').toString()).toBe('builtin.module(func.func(test-count))');
    expect(build('').toString()).toBe('builtin.module()');
  });
  it('reads options separated by spaces: lists, braces, quotes and bare booleans', () => {
    const pm = build('test-options{sizes=128,128,32 names={a b},"c,d",e label={hello world} flag mode=slow ratio=-2.5 size=7}');
    const entry = pm.entries[0]!;
    expect(entry.kind === 'pass' && entry.options).toEqual({
      ...optionsPass.defaults,
      sizes: [128, 128, 32],
      names: ['a b', 'c,d', 'e'],
      label: 'hello world',
      flag: true,
      mode: 'slow',
      ratio: -2.5,
      size: 7,
    });
  });
  it('prints options so that they parse back to the same pipeline', () => {
    const text = build('test-options{names={a b},c label={x y} sizes=}').toString();
    expect(text).toBe('builtin.module(test-options{count=3 flag=false label={x y} mode=fast names={a b},c ratio=0.5 size=0 sizes=})');
    expect(build(text).toString()).toBe(text);
  });

  // The wording of the first four is mlir-opt's (LLVM 19); the caret points at the culprit.
  it('reports an unknown pass with a caret under it', () => {
    expect(errorOf('builtin.module(func.func(foo))')).toEqual([
      "MLIR Textual PassPipeline Parser:1:26: error: 'foo' does not refer to a registered pass or pass pipeline",
      'builtin.module(func.func(foo))',
      '                         ^',
    ]);
  });
  it('reports an empty element', () => {
    expect(errorOf('test-count,,test-count')[0]).toBe("MLIR Textual PassPipeline Parser:1:12: error: '' does not refer to a registered pass or pass pipeline");
  });
  it('reports an unclosed parenthesis at the parenthesis', () => {
    expect(errorOf('builtin.module(func.func(test-count)')).toEqual([
      'MLIR Textual PassPipeline Parser:1:15: error: encountered unbalanced parentheses while parsing pipeline',
      'builtin.module(func.func(test-count)',
      '              ^',
    ]);
  });
  it('reports an extra closing parenthesis', () => {
    expect(errorOf('func.func(test-count))')[0]).toBe("MLIR Textual PassPipeline Parser:1:22: error: encountered extra closing ')' creating unbalanced parentheses while parsing pipeline");
  });
  it('reports an unknown option at its name', () => {
    expect(errorOf('test-options{count=1 cuont=2}')).toEqual([
      "MLIR Textual PassPipeline Parser:1:22: error: no such option 'cuont' for pass 'test-options' (options: count, size, ratio, flag, label, mode, sizes, names)",
      'test-options{count=1 cuont=2}',
      '                     ^',
    ]);
  });
  it('reports a bad option value at the value', () => {
    expect(errorOf('test-options{count=x}')[0]).toBe("MLIR Textual PassPipeline Parser:1:20: error: invalid value 'x' for option 'count': expected an integer");
    expect(errorOf('test-options{size=-1}')[0]).toBe("MLIR Textual PassPipeline Parser:1:19: error: invalid value '-1' for option 'size': expected a non-negative integer");
    expect(errorOf('test-options{mode=medium}')[0]).toBe("MLIR Textual PassPipeline Parser:1:19: error: invalid value 'medium' for option 'mode': expected one of fast, slow");
    expect(errorOf('test-options{sizes=1,x}')[0]).toBe("MLIR Textual PassPipeline Parser:1:20: error: invalid value '1,x' for option 'sizes': expected a comma-separated list of integers");
    expect(errorOf('test-options{flag=maybe}')[0]).toBe("MLIR Textual PassPipeline Parser:1:19: error: invalid value 'maybe' for option 'flag': expected true or false");
  });
  it('reports unbalanced option braces', () => {
    expect(errorOf('test-options{count=1')[0]).toBe("MLIR Textual PassPipeline Parser:1:13: error: missing closing '}' while processing pass options");
    expect(errorOf('test-options{label={a b}')[0]).toBe("MLIR Textual PassPipeline Parser:1:13: error: missing closing '}' while processing pass options");
  });
  it('reports a pass restricted to another op kind, as mlir-opt does', () => {
    expect(errorOf('test-func-tag')[0]).toBe(
      "MLIR Textual PassPipeline Parser:1:1: error: can't add pass 'test-func-tag' restricted to 'func.func' on a pass manager intended to run on 'builtin.module', did you intend to nest?",
    );
    expect(build('any(test-func-tag)').toString()).toBe('builtin.module(any(test-func-tag))');
  });
  it('reports a parameter reference outside a named pipeline', () => {
    expect(errorOf('test-options{count=${n}}')[0]).toBe("MLIR Textual PassPipeline Parser:1:20: error: parameter reference '${n}' outside a named pipeline");
  });
  it('reports two passes without a comma', () => {
    expect(errorOf('test-count test-count')[0]).toBe("MLIR Textual PassPipeline Parser:1:12: error: expected ',' or ')' after 'test-count'");
  });
});

describe('pass flags', () => {
  it('nest a pass restricted to another op kind implicitly, one nested manager per flag (as mlir-opt)', () => {
    const builder = new PipelineBuilder(testRegistry());
    const pm = builder.parse('');
    builder.addFlag(pm, 'test-count', '');
    builder.addFlag(pm, 'test-func-tag', '');
    builder.addFlag(pm, 'test-func-tag', '');
    builder.addFlag(pm, 'test-options', 'count=4 flag');
    expect(pm.toString()).toBe(
      'builtin.module(test-count,func.func(test-func-tag),func.func(test-func-tag),test-options{count=4 flag=true label=x mode=fast names= ratio=0.5 size=0 sizes=1,2})',
    );
  });
  it('locate option errors in the flag text', () => {
    const builder = new PipelineBuilder(testRegistry());
    try {
      builder.addFlag(builder.parse(''), 'test-options', 'flag count=x');
      expect.unreachable();
    } catch (e) {
      expect(renderDiagnostic((e as DiagnosticError).diagnostic, { sources: builder.sources })).toBe(
        "<Pass-Options-Parser>:1:12: error: invalid value 'x' for option 'count': expected an integer\nflag count=x\n           ^\n",
      );
    }
  });
});
