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
import {
  admits,
  allPoints,
  checkSpace,
  NAMED_SPACES,
  parseSpace,
  pipelineText,
  pointOptions,
  spaceOfParameters,
  spaceSize,
  spaceText,
  splitPipelineRef,
  TuneError,
} from '../../../../tools/tune/space.js';
import { diagonalNeighbours, neighbours } from '../../../../tools/tune/search.js';
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
      expect(space.dimensions).toEqual(parseSpace(NAMED_SPACES[name]!.text).dimensions);
      expect(() => checkSpace(space, '@tile-wgsl', wgsl)).not.toThrow();
    }
    expect(parseSpace('@rows').dimensions.map((d) => d.name)).toEqual(['tile-sizes', 'num-warps', 'async-copy-loads', 'vectorize']);
    expect(parseSpace('@attention').dimensions.map((d) => d.name)).toEqual(['tile-sizes', 'num-warps', 'num-stages', 'async-copy-loads', 'register-stages']);
    expect(() => parseSpace('@softmax')).toThrow("--space: no space named '@softmax' (named spaces: @matmul, @attention, @rows)");
  });

  it('@rows leaves out the row blocks whose threads would hold more than 16 elements, in enumeration, size, neighbours and the cache text', () => {
    const rows = parseSpace('@rows');
    const product = parseSpace(NAMED_SPACES.rows!.text);
    expect(product.rule).toBeUndefined();
    expect(spaceSize(product)).toBe(176);
    const perThread = (options: string): number => {
      const [r, c] = /tile-sizes=(\d+),(\d+)/.exec(options)!.slice(1).map(Number);
      return (r! * c!) / (32 * Number(/num-warps=(\d+)/.exec(options)![1]));
    };
    const kept = allPoints(rows).map((p) => pointOptions(rows, p));
    // 1 warp takes blocks of up to 512 elements (2 tiles), 2 warps up to 1024 (5), 4 warps up to 2048 (9), 8 warps all 11; x 4 for the copies and vector width.
    expect(kept).toHaveLength((2 + 5 + 9 + 11) * 4);
    expect(spaceSize(rows)).toBe(kept.length);
    expect(Math.max(...kept.map(perThread))).toBe(16);
    const left = allPoints(product)
      .map((p) => pointOptions(product, p))
      .filter((o) => !kept.includes(o));
    expect(left).toHaveLength(176 - 108);
    expect(left.every((o) => perThread(o) > 16)).toBe(true);
    expect(kept).toContain('tile-sizes=1,4096 num-warps=8 async-copy-loads=none vectorize=false');
    expect(left).toContain('tile-sizes=1,4096 num-warps=4 async-copy-loads=none vectorize=false');
    // No search step leads out of the space: from 1,4096 with 8 warps, one warp count down is 32 elements a thread.
    const at = allPoints(rows).find((p) => pointOptions(rows, p) === 'tile-sizes=1,4096 num-warps=8 async-copy-loads=none vectorize=false')!;
    for (const q of [...neighbours(rows, at, Infinity), ...diagonalNeighbours(rows, at)]) expect(admits(rows, q)).toBe(true);
    expect(neighbours(product, at, 1).length).toBeGreaterThan(neighbours(rows, at, 1).length);
    expect(spaceText(rows)).toBe(`${NAMED_SPACES.rows!.text} where R*C <= 16 * 32 * num-warps (at most 16 elements of a row block a thread)`);
    expect(spaceText(product)).toBe(NAMED_SPACES.rows!.text);
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
