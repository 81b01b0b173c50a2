import { describe, expect, it } from 'vitest';
import { DiagnosticError } from '../../../../core/ir/diagnostics.js';
import { UnknownLoc } from '../../../../core/ir/location.js';
import type { Exposure, OptionAssignment, PipelineStep } from '../../../../core/pass/pipeline-steps.js';
import type { OptionSpec, OptionSpecs } from '../../../../core/pass/options.js';
import { parameterReferences, resolveParameters, type OptionLookup, type ParameterDeclarations } from '../../../../core/pass/pipeline-parameters.js';

const at = UnknownLoc.get();
const spec = (type: OptionSpec['type'], help = ''): OptionSpec => ({ type, help });
/** Two passes and a pipeline, as a PipelineBuilder would look them up. */
const tiling: OptionSpecs = { sizes: spec('int-list', 'tile sizes'), warps: spec('uint', 'warps') };
const stages: OptionSpecs = { stages: spec('int', 'stages'), buffers: spec('uint', 'buffers') };
const inner: OptionSpecs = { fuse: spec('bool', 'fuse'), ...tiling };
const lookup: OptionLookup = {
  passOptions: (pass) => ({ tiling, stages })[pass],
  stepOptions: (step) =>
    step.kind === 'pipeline' ? { specs: inner, what: `pipeline '${step.name}'` } : { specs: ({ tiling, stages } as Record<string, OptionSpecs>)[step.name]!, what: `pass '${step.name}'` },
};
const option = (key: string, value: string): OptionAssignment => ({ key, keyLoc: at, value, valueLoc: at });
const exposure = (expose: 'all' | string[]): Exposure => (expose === 'all' ? { all: true, loc: at } : { all: false, names: expose.map((name) => ({ name, loc: at })) });
const pass = (name: string, options: OptionAssignment[] = [], expose?: 'all' | string[]): PipelineStep => ({
  kind: 'pass',
  name,
  loc: at,
  options,
  ...(expose === undefined ? {} : { expose: exposure(expose) }),
});
const call = (name: string, options: OptionAssignment[], expose: 'all' | string[]): PipelineStep => ({ kind: 'pipeline', name, loc: at, options, expose: exposure(expose) });
const errorOf = (f: () => unknown): string => {
  try {
    f();
  } catch (e) {
    if (e instanceof DiagnosticError) return e.diagnostic.message;
    throw e;
  }
  return 'no error';
};

describe('resolveParameters', () => {
  it("gives a forwarded parameter the pass option's own spec", () => {
    const declarations: ParameterDeclarations = { 'num-stages': { from: { pass: 'stages', option: 'stages', loc: at } } };
    expect(resolveParameters('p', declarations, [pass('stages', [option('stages', '${num-stages}')])], lookup)['num-stages']).toBe(stages['stages']);
  });
  it('makes the options a step exposes parameters, the listed ones or all that the step does not set', () => {
    const listed = resolveParameters('p', {}, [pass('stages', [], ['buffers'])], lookup);
    expect(listed).toEqual({ buffers: stages['buffers'] });
    const all = resolveParameters('p', { w: spec('uint') }, [call('inner', [option('warps', '${w}')], 'all')], lookup);
    expect(Object.keys(all)).toEqual(['fuse', 'sizes', 'w']);
    expect(all['sizes']).toBe(tiling['sizes']);
  });
  it('orders the parameters as the steps use them, then those no step uses', () => {
    const declarations: ParameterDeclarations = { unused: spec('bool'), fast: spec('bool'), n: spec('int') };
    const steps = [
      call('inner', [], 'all'),
      pass('stages', [option('stages', '${n}')], ['buffers']),
      { kind: 'nest' as const, anchor: 'func.func', loc: at, steps: [pass('x', [option('f', '${fast}')])] },
    ];
    expect(Object.keys(resolveParameters('p', declarations, steps, lookup))).toEqual(['fuse', 'sizes', 'warps', 'buffers', 'n', 'fast', 'unused']);
  });
  it('refuses a name declared twice, an unknown pass or option, and an exposed option the step also sets', () => {
    expect(errorOf(() => resolveParameters('p', { fuse: spec('bool') }, [call('inner', [], 'all')], lookup))).toBe(
      "pipeline 'inner' exposes parameter 'fuse', which pipeline 'p' already has",
    );
    expect(errorOf(() => resolveParameters('p', {}, [pass('stages', [], ['stages']), pass('stages', [], ['stages'])], lookup))).toBe(
      "pass 'stages' exposes parameter 'stages', which pipeline 'p' already has",
    );
    expect(errorOf(() => resolveParameters('p', { s: { from: { pass: 'nope', option: 'x', loc: at } } }, [], lookup))).toBe("'nope' does not refer to a registered pass");
    expect(errorOf(() => resolveParameters('p', { s: { from: { pass: 'stages', option: 'x', loc: at } } }, [], lookup))).toBe(
      "no such option 'x' for pass 'stages' (options: stages, buffers)",
    );
    expect(errorOf(() => resolveParameters('p', {}, [pass('stages', [], ['stagez'])], lookup))).toBe("no such option 'stagez' for pass 'stages' (options: stages, buffers)");
    expect(errorOf(() => resolveParameters('p', {}, [pass('stages', [option('stages', '2')], ['stages'])], lookup))).toBe(
      "option 'stages' of pass 'stages' is both exposed and set in the step's options",
    );
  });
});

describe('parameterReferences', () => {
  it('lists the ${name} references of an option value in order', () => {
    expect(parameterReferences('${a}')).toEqual(['a']);
    expect(parameterReferences('stage ${n} of ${m}')).toEqual(['n', 'm']);
    expect(parameterReferences('4')).toEqual([]);
  });
});
