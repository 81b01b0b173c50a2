import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { tempDir, writeIn } from '../../temp-dir.js';
import { UnknownLoc } from '../../../../core/ir/location.js';
import { PipelineBuilder } from '../../../../core/pass/pipeline-builder.js';
import { createPassRegistry } from '../../../../tools/opt-passes.js';
import { tileOpt } from './run-helpers.js';
import { checkedOptionPass, optionsPass, testRegistry } from './test-passes.js';

const dir = tempDir('tile-opt-yaml-');
const file = (name: string, text: string): string => writeIn(dir, name, text);
const registry = () => {
  const r = testRegistry();
  r.pipelineDirs.push(dir);
  return r;
};
const input = 'func.func @a() {\n  return\n}\n';
const OPTS = (count: number, label = 'x') => `test-options{count=${count} flag=false label=${label} mode=fast names= ratio=0.5 size=0 sizes=1,2}`;
/** The pipeline tile-opt would run for `pipeline`, as --dump-pass-pipeline prints it. */
const dump = (pipeline: string) => {
  const r = tileOpt(['-', '-p', pipeline, '--dump-pass-pipeline', '-o', '/dev/null'], input, registry());
  return r.code === 0 ? r.stderr.split('\n')[1] : r.stderr;
};

file(
  'inner.yaml',
  `name: inner
description: Tag functions and set a count
parameters:
  n:
    type: int
    default: 7
    help: the count
steps:
  - nest: func.func
    steps:
      - pass: test-func-tag
  - pass: test-options
    options:
      count: \${n}
      label: "n is \${n}"
`,
);
file(
  'outer.yaml',
  `name: outer
description: Count, then the inner pipeline with a parameter of its own
anchor: builtin.module
parameters:
  stages: { type: int, default: 2, help: forwarded }
steps:
  - pass: test-count
  - pipeline: inner
    options: { n: "\${stages}" }
`,
);

describe('YAML pipelines', () => {
  it('expands steps, nesting and parameters with their defaults', () => {
    expect(dump('@inner')).toBe(`builtin.module(func.func(test-func-tag),${OPTS(7, '{n is 7}')})`);
  });
  it('takes parameter overrides at the use, and passes parameters down', () => {
    expect(dump('@inner{n=3}')).toBe(`builtin.module(func.func(test-func-tag),${OPTS(3, '{n is 3}')})`);
    expect(dump('@outer{stages=4}')).toBe(`builtin.module(test-count,func.func(test-func-tag),${OPTS(4, '{n is 4}')})`);
  });
  it('is usable as an element of a textual pipeline, and by file path', () => {
    expect(dump('test-count,@inner{n=1}')).toBe(`builtin.module(test-count,func.func(test-func-tag),${OPTS(1, '{n is 1}')})`);
    expect(dump(`@${path.join(dir, 'inner.yaml')}`)).toBe(`builtin.module(func.func(test-func-tag),${OPTS(7, '{n is 7}')})`);
  });
  it('runs the pipeline', () => {
    const r = tileOpt(['-', '-p', '@outer'], input, registry());
    expect(r.stderr).toBe('');
    expect(r.stdout).toContain('func.func @a() attributes {test.tagged}');
    expect(r.stdout).toContain('test.options = ');
  });
  it('reports a parameter override that does not exist or does not fit its type', () => {
    expect(dump('@inner{m=3}').split('\n')[0]).toBe("MLIR Textual PassPipeline Parser:1:8: error: no such option 'm' for pipeline 'inner' (options: n)");
    expect(dump('@inner{n=x}').split('\n')[0]).toBe("MLIR Textual PassPipeline Parser:1:10: error: invalid value 'x' for option 'n': expected an integer");
  });
  it("checks an option's rule, and reports a bad value given to a pipeline where the user wrote it", () => {
    file(
      'checked.yaml',
      'name: checked\ndescription: forwards even\nparameters:\n  e: { type: uint, default: 2, help: forwarded }\nsteps:\n  - pass: test-checked-option\n    options: { even: "${e}" }\n',
    );
    expect(dump('test-checked-option{even=3}').split('\n')[0]).toBe("MLIR Textual PassPipeline Parser:1:26: error: invalid value '3' for option 'even': must be even");
    expect(dump('@checked{e=4}')).toBe('builtin.module(test-checked-option{even=4})');
    const [error, , , note] = dump('@checked{e=5}').split('\n');
    expect(error).toBe("MLIR Textual PassPipeline Parser:1:12: error: invalid value '5' for option 'even': must be even");
    expect(note).toBe(`${path.join(dir, 'checked.yaml')}:7:22: note: passed on to pass 'test-checked-option' here`);
  });
  it('reports an unknown pipeline name at its position', () => {
    expect(dump('test-count,@nope').split('\n')[0]).toMatch(/^MLIR Textual PassPipeline Parser:1:12: error: 'nope' does not refer to a registered pass pipeline or a pipeline file/);
  });
  it('reports a pipeline used in a manager on another op kind', () => {
    expect(dump('func.func(@outer)').split('\n')[0]).toBe(
      "MLIR Textual PassPipeline Parser:1:11: error: pipeline 'outer' runs on 'builtin.module' ops and cannot be used in a pass manager on 'func.func'",
    );
  });
  it('says what a pipeline without an anchor needs to use an anchored one', () => {
    const f = file('unanchored.yaml', 'name: unanchored\ndescription: uses outer\nsteps:\n  - pipeline: outer\n');
    expect(dump(`@${f}`).split('\n')[0]).toBe(
      `${f}:4:15: error: pipeline 'outer' runs on 'builtin.module' ops and cannot be used in a pass manager on 'any'; give 'unanchored' 'anchor: builtin.module' (without one it runs on any op)`,
    );
    file('anchored.yaml', 'name: anchored\ndescription: uses outer\nanchor: builtin.module\nsteps:\n  - pipeline: outer\n');
    expect(dump(`@${path.join(dir, 'anchored.yaml')}`)).toBe(dump('@outer'));
  });
});

describe('YAML pipeline parameters declared once: forwarded pass options, exposed options, typed flow', () => {
  file(
    'fwd.yaml',
    `name: fwd
description: A parameter that is an option of test-options, under a name of its own
parameters:
  c: { from: test-options.count }
steps:
  - pass: test-options
    options:
      count: \${c}
`,
  );
  file(
    'exposing.yaml',
    `name: exposing
description: Exposes options of test-options and test-checked-option
parameters:
  note: { type: string, default: x, help: a label }
steps:
  - pass: test-options
    expose: [mode, names]
    options:
      label: \${note}
  - pass: test-checked-option
    expose: all
`,
  );
  file(
    'caller.yaml',
    `name: caller
description: Calls exposing with its parameters, setting one of them
parameters:
  m: { from: test-options.mode }
steps:
  - pipeline: exposing
    expose: all
    options:
      names: [p, q]
  - pass: test-options
    options:
      mode: \${m}
`,
  );
  const parameters = (name: string) => {
    const builder = new PipelineBuilder(registry());
    return builder.parameters(builder.load(name, UnknownLoc.get()));
  };

  it("a forwarded parameter has the pass option's type, default and help", () => {
    expect(parameters('fwd')['c']).toBe(optionsPass.spec.options!['count']);
    expect(dump('@fwd')).toBe(`builtin.module(${OPTS(3)})`);
    expect(dump('@fwd{c=5}')).toBe(`builtin.module(${OPTS(5)})`);
    expect(dump('@fwd{c=x}').split('\n')[0]).toBe("MLIR Textual PassPipeline Parser:1:8: error: invalid value 'x' for option 'c': expected an integer");
  });
  it('exposed options are parameters of the pipeline with the pass declarations; its own set the others', () => {
    expect(Object.keys(parameters('exposing'))).toEqual(['mode', 'names', 'note', 'even']);
    expect(parameters('exposing')['even']).toBe(checkedOptionPass.spec.options!['even']);
    expect(dump('@exposing{mode=slow names=a,b even=4 note=y}')).toBe(
      'builtin.module(test-options{count=3 flag=false label=y mode=slow names=a,b ratio=0.5 size=0 sizes=1,2},test-checked-option{even=4})',
    );
  });
  it("an exposed option's rule checks the value where the user gave it", () => {
    const [error, text, caret, note] = dump('@exposing{even=3}').split('\n');
    expect([error, text, caret]).toEqual(["MLIR Textual PassPipeline Parser:1:16: error: invalid value '3' for option 'even': must be even", '@exposing{even=3}', '               ^']);
    expect(note).toBe('');
  });
  it("a pipeline step passes the caller's values on as they are: a value is parsed once, where the user wrote it", () => {
    expect(Object.keys(parameters('caller'))).toEqual(['mode', 'note', 'even', 'm']);
    // Printed and read again, the quotes of {"q"} would go (the old substitution gave label=q).
    expect(dump('@caller{note={"q"} even=6 m=slow}')).toBe(
      'builtin.module(test-options{count=3 flag=false label="q" mode=fast names=p,q ratio=0.5 size=0 sizes=1,2},test-checked-option{even=6},' +
        'test-options{count=3 flag=false label=x mode=slow names= ratio=0.5 size=0 sizes=1,2})',
    );
    expect(dump('@caller{names=a}').split('\n')[0]).toBe("MLIR Textual PassPipeline Parser:1:9: error: no such option 'names' for pipeline 'caller' (options: mode, note, even, m)");
  });
  it("a from: parameter with a default of the pipeline's own: that default, the pass option's type and help", () => {
    const f = file(
      'own-default.yaml',
      'name: own-default\ndescription: d\nparameters:\n  c: { from: test-options.count, default: 7 }\nsteps:\n  - pass: test-options\n    options: { count: "${c}" }\n',
    );
    expect(dump(`@${f}`)).toBe('builtin.module(test-options{count=7 flag=false label=x mode=fast names= ratio=0.5 size=0 sizes=1,2})');
    expect(dump(`@${f}{c=2}`)).toBe('builtin.module(test-options{count=2 flag=false label=x mode=fast names= ratio=0.5 size=0 sizes=1,2})');
  });
  it('a parameter that cannot set the option it is given to is an error at the reference', () => {
    const f = file('mismatch.yaml', 'name: mismatch\ndescription: d\nparameters:\n  b: { type: bool }\nsteps:\n  - pass: test-options\n    options: { count: "${b}" }\n');
    expect(dump(`@${f}`).split('\n')[0]).toBe(`${f}:7:23: error: parameter 'b' of type bool cannot set option 'count' of type int of pass 'test-options'`);
  });
  it('schema and name errors of from: and expose:, located', () => {
    const errorOf = (name: string, text: string) => dump(`@${file(name, text)}`).split('\n')[0];
    const f = (n: string) => path.join(dir, n);
    const base = (params: string, step: string) => `name: n\ndescription: d\nparameters:\n${params || '  unused: { type: int }\n'}steps:\n${step}`;
    expect(errorOf('f1.yaml', base('  c: { from: test-options.count, help: mine }\n', ''))).toBe(
      `${f('f1.yaml')}:4:34: error: parameter 'c' takes its type and help from the pass option it names in 'from' (a 'default' may replace its default): remove 'help'`,
    );
    expect(errorOf('f5.yaml', base('  c: { from: test-options.count, default: many }\n', '  - pass: test-options\n    options: { count: "${c}" }\n'))).toMatch(
      new RegExp(`^${f('f5.yaml')}:4:43: error: .*'many'`),
    );
    expect(errorOf('f2.yaml', base('  c: { from: count }\n', ''))).toBe(`${f('f2.yaml')}:4:14: error: expected 'PASS.OPTION' for the 'from' of parameter 'c', got 'count'`);
    expect(errorOf('f3.yaml', base('  c: { from: test-optoins.count }\n', '  - pass: test-count\n'))).toBe(`${f('f3.yaml')}:4:14: error: 'test-optoins' does not refer to a registered pass`);
    expect(errorOf('f4.yaml', base('  c: { from: test-options.cuont }\n', '  - pass: test-count\n'))).toMatch(
      new RegExp(`^${f('f4.yaml')}:4:14: error: no such option 'cuont' for pass 'test-options' \\(options: count, size, `),
    );
    expect(errorOf('e1.yaml', base('', '  - pass: test-options\n    expose: [cuont]\n'))).toMatch(new RegExp(`^${f('e1.yaml')}:7:14: error: no such option 'cuont' for pass 'test-options'`));
    expect(errorOf('e2.yaml', base('', '  - pass: test-options\n    expose: some\n'))).toBe(
      `${f('e2.yaml')}:7:13: error: expected 'all' or a list of option names to expose for pass 'test-options'`,
    );
    expect(errorOf('e3.yaml', base('  mode: { type: string }\n', '  - pass: test-options\n    expose: [mode]\n'))).toBe(
      `${f('e3.yaml')}:7:14: error: pass 'test-options' exposes parameter 'mode', which pipeline 'n' already has`,
    );
  });
});

describe('YAML pipeline schema errors name the file, line and key', () => {
  const errorOf = (name: string, text: string) => {
    const f = file(name, text);
    return dump(`@${f}`).split('\n').slice(0, 3);
  };
  it('unknown key in a step', () => {
    const f = path.join(dir, 'typo.yaml');
    expect(errorOf('typo.yaml', 'name: typo\ndescription: d\nsteps:\n  - pass: test-count\n  - pass: test-options\n    optoins:\n      count: 1\n')).toEqual([
      `${f}:6:5: error: unknown key 'optoins' in step (expected pass, options, expose)`,
      '    optoins:',
      '    ^',
    ]);
  });
  it('missing key, unknown pass, unknown option, bad value, unknown parameter, bad type, bad YAML', () => {
    const f = (n: string) => path.join(dir, n);
    expect(errorOf('m.yaml', 'name: m\nsteps: []\n')[0]).toBe(`${f('m.yaml')}:1:1: error: missing key 'description' in pipeline`);
    expect(errorOf('p.yaml', 'name: p\ndescription: d\nsteps:\n  - pass: nope\n')[0]).toBe(`${f('p.yaml')}:4:11: error: 'nope' does not refer to a registered pass or pass pipeline`);
    expect(errorOf('o.yaml', 'name: o\ndescription: d\nsteps:\n  - pass: test-options\n    options: { cuont: 1 }\n')[0]).toMatch(
      new RegExp(`^${f('o.yaml')}:5:16: error: no such option 'cuont' for pass 'test-options'`),
    );
    expect(errorOf('v.yaml', 'name: v\ndescription: d\nsteps:\n  - pass: test-options\n    options:\n      mode: medium\n')[0]).toBe(
      `${f('v.yaml')}:6:13: error: invalid value 'medium' for option 'mode': expected one of fast, slow`,
    );
    expect(errorOf('r.yaml', 'name: r\ndescription: d\nsteps:\n  - pass: test-options\n    options:\n      count: ${k}\n')[0]).toBe(
      `${f('r.yaml')}:6:14: error: unknown parameter 'k' in pipeline 'r'`,
    );
    expect(errorOf('t.yaml', 'name: t\ndescription: d\nparameters:\n  k: { type: integer }\nsteps: []\n')[0]).toMatch(
      new RegExp(`^${f('t.yaml')}:4:14: error: unknown type 'integer' of parameter 'k'`),
    );
    expect(errorOf('y.yaml', 'name: y\ndescription: d\nsteps: [\n')[0]).toMatch(new RegExp(`^${f('y.yaml')}:\\d+:\\d+: error: invalid YAML: `));
  });
  it('tune: lists (values for tile-tune): each value of the parameter type, a non-empty list; they do not change what runs', () => {
    const f = (n: string) => path.join(dir, n);
    const base = 'name: NAME\ndescription: d\nparameters:\n  k: { type: int, default: 2, TUNE }\nsteps:\n  - pass: test-options\n    options: { count: "${k}" }\n';
    const text = (name: string, tune: string) => base.replace('NAME', name).replace('TUNE', tune);
    expect(errorOf('tv.yaml', text('tv', 'tune: [1, x]'))[0]).toBe(`${f('tv.yaml')}:4:41: error: invalid value 'x' for option 'k': expected an integer`);
    expect(errorOf('te.yaml', text('te', 'tune: []'))[0]).toBe(`${f('te.yaml')}:4:37: error: expected a non-empty list of values to tune for parameter 'k'`);
    file('tok.yaml', text('tok', 'tune: [1, 2, 3]'));
    expect(dump('@tok')).toBe(`builtin.module(${OPTS(2)})`);
  });
  it('a pipeline file named by @name must define that name', () => {
    file('alias.yaml', 'name: other\ndescription: d\nsteps: []\n');
    expect(dump('@alias').split('\n')[0]).toBe(`${path.join(dir, 'alias.yaml')}:1:7: error: pipeline file '${path.join(dir, 'alias.yaml')}' defines pipeline 'other', expected 'alias'`);
  });
});

describe('pipelines that use each other in a cycle', () => {
  it('are reported with the cycle named, at the use that closes it', () => {
    file('cyc-a.yaml', 'name: cyc-a\ndescription: d\nsteps:\n  - pipeline: cyc-b\n');
    file('cyc-b.yaml', 'name: cyc-b\ndescription: d\nsteps:\n  - nest: func.func\n    steps:\n      - pipeline: cyc-c\n');
    file('cyc-c.yaml', 'name: cyc-c\ndescription: d\nsteps:\n  - pipeline: cyc-a\n');
    expect(dump('@cyc-b').split('\n')[0]).toBe(`${path.join(dir, 'cyc-c.yaml')}:4:15: error: pass pipelines use each other in a cycle: cyc-a -> cyc-b -> cyc-c -> cyc-a`);
  });
  it('including a pipeline that uses itself', () => {
    file('self.yaml', 'name: self\ndescription: d\nsteps:\n  - pipeline: self\n');
    expect(dump('@self').split('\n')[0]).toBe(`${path.join(dir, 'self.yaml')}:4:15: error: pass pipelines use each other in a cycle: self -> self`);
  });
});

describe("the repository's pipelines (pass-pipelines/)", () => {
  const run = (args: string[]) =>
    tileOpt(
      args,
      'func.func @f(%a: i32) -> i32 {\n  %0 = arith.addi %a, %a : i32\n  %1 = arith.addi %a, %a : i32\n  %2 = arith.muli %0, %1 : i32\n  return %2 : i32\n}\nfunc.func private @dead() {\n  return\n}\n',
      createPassRegistry(),
    );
  const dumpOf = (pipeline: string) => {
    const r = run(['-', '-p', pipeline, '--dump-pass-pipeline', '-o', '/dev/null']);
    expect(r.code, r.stderr).toBe(0);
    return r.stderr.split('\n')[1]!;
  };
  it('@cleanup expands to canonicalize+cse over functions and symbol-dce, with its parameter', () => {
    const r = run(['-', '-p', '@cleanup{max-iterations=3}', '--dump-pass-pipeline', '-o', '/dev/null']);
    expect(r.stderr).toMatch(/^Pass Manager with 2 passes:\nbuiltin\.module\(func\.func\(canonicalize\{[^}]*max-iterations=3[^}]*\},cse\),symbol-dce\)\n\n$/);
  });
  it('@optimize uses @cleanup; its dump run as text gives the same output', () => {
    const r = run(['-', '-p', '@optimize', '--dump-pass-pipeline']);
    expect(r.code).toBe(0);
    expect(r.stderr).toMatch(/^Pass Manager with 4 passes:\nbuiltin\.module\(sccp,func\.func\(loop-invariant-code-motion\),func\.func\(canonicalize\{[^}]*\},cse\),symbol-dce\)\n/);
    const again = run(['-', '-p', r.stderr.split('\n')[1]!]);
    expect(again.stderr).toBe('');
    expect(again.stdout).toBe(r.stdout);
    expect(r.stdout).not.toContain('@dead');
    expect(r.stdout.match(/arith\.addi/g)).toHaveLength(1);
  });
  it('@tile-tiled and @tile-pipelined start with the passes of @tile-kernels; @tile-wgsl runs all of @tile-pipelined', () => {
    const passes = (pipeline: string) => [...dumpOf(pipeline).matchAll(/(?:^|[(,])([a-z-]+)(?=[{,)])/g)].map((m) => m[1]);
    const kernels = passes('@tile-kernels');
    expect(kernels).toEqual(['generate-runtime-verification', 'tile-fuse', 'tile-tiling']);
    expect(passes('@tile-tiled')).toEqual([...kernels, 'canonicalize', 'cse']);
    expect(passes('@tile-pipelined').slice(0, kernels.length + 1)).toEqual([...kernels, 'tile-async-copy']);
    expect(passes('@tile-wgsl').slice(0, passes('@tile-pipelined').length)).toEqual(passes('@tile-pipelined'));
  });
  it("@tile-wgsl's max-workgroup-memory (16384, convert-tile-to-gpu's) reaches tile-multibuffer and tiling too, which have 0 in @tile-pipelined", () => {
    expect(dumpOf('@tile-pipelined')).toContain('tile-multibuffer{max-workgroup-memory=0 ');
    expect(dumpOf('@tile-pipelined')).toMatch(/tile-tiling\{[^}]*max-workgroup-memory=0 /);
    expect(dumpOf('@tile-wgsl')).toContain('tile-multibuffer{max-workgroup-memory=16384 ');
    expect(dumpOf('@tile-wgsl')).toMatch(/tile-tiling\{[^}]*max-workgroup-memory=16384 /);
    expect(dumpOf('@tile-wgsl')).toMatch(/convert-tile-to-gpu\{max-workgroup-memory=16384 /);
    expect(dumpOf('@tile-wgsl{max-workgroup-memory=49152}').match(/max-workgroup-memory=49152/g)).toHaveLength(3);
    // num-stages reaches both the stage assignment and the tiling that plans memory with it.
    expect(dumpOf('@tile-wgsl{num-stages=4}').match(/num-stages=4/g)).toHaveLength(2);
    expect(dumpOf('@tile-wgsl{fuse=false}')).toContain('tile-fuse{attention=false epilogues=false remarks=false rows=false}');
  });
});
