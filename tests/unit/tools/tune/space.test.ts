/**
 * tile-tune's search spaces: --space text, a YAML pipeline's tune: lists, checks against the
 * pipeline's parameters, enumeration, the -p text of a point, and the shrunk check arguments.
 */
import { describe, expect, it } from 'vitest';
import { parsePipelineYaml } from '../../../../core/pass/yaml-pipeline.js';
import { SourceFile } from '../../../../core/syntax/source.js';
import { DiagnosticError } from '../../../../core/ir/diagnostics.js';
import { UnknownLoc } from '../../../../core/ir/location.js';
import type { OptionSpecs } from '../../../../core/pass/options.js';
import { PipelineBuilder } from '../../../../core/pass/pipeline-builder.js';
import { createPassRegistry } from '../../../../tools/opt-passes.js';
import { allPoints, checkSpace, NAMED_SPACES, parseSpace, pipelineText, pointOptions, spaceOfParameters, spaceSize, splitPipelineRef, TuneError } from '../../../../tools/tune/space.js';
import { shrinkArgSpec } from '../../../../tools/tune/problem.js';

const PIPELINE = `name: t
description: test
parameters:
  tile-sizes: { type: int-list, default: [], help: tiles, tune: [[16, 16, 8], [32, 32, 8]] }
  num-warps: { type: uint, default: 4, help: warps, tune: [1, 2, 4] }
  vectorize: { type: bool, default: true, help: v }
steps:
  - pass: cse
`;

/** The parameters of pipeline `name` as tile-tune reads them: the shipped one, or one from YAML `text`. */
function parametersOf(name: string, text?: string): OptionSpecs {
  const registry = createPassRegistry();
  if (text !== undefined) registry.registerPipeline(parsePipelineYaml(new SourceFile(`${name}.yaml`, text)));
  const builder = new PipelineBuilder(registry);
  return builder.parameters(builder.load(name, UnknownLoc.get()));
}

describe('tile-tune spaces', () => {
  it('parses --space into dimensions with values in option syntax, in the order given', () => {
    const s = parseSpace('  tile-sizes=16,16,8|32,32,8 num-warps=1|2  num-stages=1|2|3 ');
    expect(s.dimensions).toEqual([
      { name: 'tile-sizes', values: ['16,16,8', '32,32,8'] },
      { name: 'num-warps', values: ['1', '2'] },
      { name: 'num-stages', values: ['1', '2', '3'] },
    ]);
    expect(spaceSize(s)).toBe(12);
    const points = allPoints(s);
    expect(points).toHaveLength(12);
    expect(new Set(points.map((p) => p.join())).size).toBe(12);
    expect(pointOptions(s, points[0]!)).toBe('tile-sizes=16,16,8 num-warps=1 num-stages=1');
    expect(pointOptions(s, points[11]!)).toBe('tile-sizes=32,32,8 num-warps=2 num-stages=3');
  });

  it('rejects malformed spaces with one line naming the problem', () => {
    expect(() => parseSpace('')).toThrow(TuneError);
    expect(() => parseSpace('num-warps')).toThrow("--space: 'num-warps' is not NAME=VALUE|VALUE...");
    expect(() => parseSpace('num-warps=1||2')).toThrow("parameter 'num-warps' has an empty value");
    expect(() => parseSpace('num-warps=1|1')).toThrow("parameter 'num-warps' lists a value twice");
    expect(() => parseSpace('a=1 a=2')).toThrow("parameter 'a' is given twice");
  });

  it("reads a YAML pipeline's tune: lists as its space and checks --space against its parameters", () => {
    const parameters = parametersOf('t', PIPELINE);
    expect(parameters['num-warps']!.tune).toEqual([1, 2, 4]);
    expect(spaceOfParameters(parameters)).toEqual({
      dimensions: [
        { name: 'tile-sizes', values: ['16,16,8', '32,32,8'] },
        { name: 'num-warps', values: ['1', '2', '4'] },
      ],
    });
    expect(() => checkSpace(parseSpace('num-warps=1|2 vectorize=true|false'), '@t', parameters)).not.toThrow();
    expect(() => checkSpace(parseSpace('num-wraps=1|2'), '@t', parameters)).toThrow("--space: pipeline @t has no parameter 'num-wraps' (parameters: tile-sizes, num-warps, vectorize)");
    expect(() => checkSpace(parseSpace('num-warps=1|x'), '@t', parameters)).toThrow("--space: invalid value 'x' for option 'num-warps': expected a non-negative integer");
  });

  it('names the spaces of the kernels @tile-wgsl makes (@attention, @matmul, @rows), checked against its parameters', () => {
    const wgsl = parametersOf('tile-wgsl');
    for (const name of Object.keys(NAMED_SPACES)) {
      const space = parseSpace(`@${name}`);
      expect(space).toEqual(parseSpace(NAMED_SPACES[name]!));
      expect(() => checkSpace(space, '@tile-wgsl', wgsl)).not.toThrow();
    }
    expect(parseSpace('@rows').dimensions.map((d) => d.name)).toEqual(['tile-sizes', 'num-warps', 'async-copy-loads', 'vectorize']);
    expect(parseSpace('@attention').dimensions.map((d) => d.name)).toEqual(['tile-sizes', 'num-warps', 'num-stages', 'async-copy-loads', 'register-stages']);
    expect(() => parseSpace('@softmax')).toThrow("--space: no space named '@softmax' (named spaces: @matmul, @attention, @rows)");
  });

  it('rejects a tune: value that is not of the parameter type, located in the YAML file', () => {
    const bad = PIPELINE.replace('tune: [1, 2, 4]', 'tune: [1, two]');
    let err: unknown;
    try {
      parsePipelineYaml(new SourceFile('t.yaml', bad));
    } catch (e) {
      err = e;
    }
    expect(err).toBeInstanceOf(DiagnosticError);
    const d = (err as DiagnosticError).diagnostic;
    expect(d.message).toBe("invalid value 'two' for option 'num-warps': expected a non-negative integer");
    expect(d.loc.fileLineCol()).toMatchObject({ file: 't.yaml', line: 5 });
    expect(() => parsePipelineYaml(new SourceFile('t.yaml', PIPELINE.replace('tune: [1, 2, 4]', 'tune: []')))).toThrow(/non-empty list of values to tune/);
  });

  it("writes a point as the exact -p text, after the pipeline's own options", () => {
    const s = parseSpace('tile-sizes=16,16,8|32,32,8 num-warps=1|2');
    expect(pipelineText('@tile-wgsl', s, [1, 0])).toBe('@tile-wgsl{tile-sizes=32,32,8 num-warps=1}');
    expect(pipelineText('@tile-wgsl{vectorize=false}', s, [0, 1])).toBe('@tile-wgsl{vectorize=false tile-sizes=16,16,8 num-warps=2}');
    expect(splitPipelineRef(' @x/y.yaml{a=1 b=2} ')).toEqual({ name: '@x/y.yaml', options: 'a=1 b=2' });
    expect(() => splitPipelineRef('canonicalize,cse')).toThrow("tile-tune tunes a named pipeline, '@NAME' or '@NAME{OPTIONS}'");
  });

  it('shrinks generated arguments to the check size, keeping element types, other arguments as given', () => {
    expect(shrinkArgSpec('A=rand:512x37x300xf16', 64)).toBe('A=rand:64x37x64xf16');
    expect(shrinkArgSpec('C=zeros:1000xf32', 64)).toBe('C=zeros:64xf32');
    expect(shrinkArgSpec('s=ones:i32', 64)).toBe('s=ones:i32');
    expect(shrinkArgSpec('n=290', 64)).toBe('n=290');
    expect(shrinkArgSpec('x=data.npy', 64)).toBe('x=data.npy');
  });
});
