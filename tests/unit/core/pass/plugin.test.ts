import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { tempDir, writeIn } from '../../temp-dir.js';
import { tileOpt, tileOptAsync } from './run-helpers.js';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');
const EXAMPLE = path.join(repoRoot, 'examples/plugins/trace-plugin.mjs');
const dir = tempDir('tile-opt-plugin-');
const plugin = (name: string, text: string): string => writeIn(dir, name, text);
const input = 'func.func @f() {\n  return\n}\nfunc.func private @g() {\n  return\n}\n';

describe('the example plugin (examples/plugins/trace-plugin.mjs)', () => {
  it('registers a pass that runs, with its options', async () => {
    const r = await tileOptAsync(['-', '--load-plugin', EXAMPLE, '--trace-functions=prefix=in:'], input);
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    expect(r.stdout).toBe('module {\n  func.func @f() {\n    trace.point "in:@f"\n    return\n  }\n  func.func private @g() {\n    trace.point "in:@g"\n    return\n  }\n}\n\n');
  });
  it('registers its dialect, so its ops parse', async () => {
    const r = await tileOptAsync(['-', `--load-plugin=${EXAMPLE}`], 'func.func @f() {\n  trace.point "x"\n  return\n}\n');
    expect(r.stderr).toBe('');
    expect(r.stdout).toContain('trace.point "x"');
    expect((await tileOptAsync(['-'], 'func.func @f() {\n  trace.point "x"\n  return\n}\n')).code).toBe(1);
  });
  it('registers a pipeline usable by name, and lists its pass in --help', async () => {
    const r = await tileOptAsync(['-', '--load-plugin', EXAMPLE, '-p', 'trace-and-clean', '--dump-pass-pipeline'], input);
    expect(r.code).toBe(0);
    expect(r.stderr.split('\n')[1]).toMatch(/^builtin\.module\(func\.func\(trace-functions\{prefix=\{enter \} public-only=true\},cse\)\)$/);
    expect(r.stdout.match(/trace\.point/g)).toHaveLength(1);
    const help = await tileOptAsync(['--load-plugin', EXAMPLE, '--help']);
    expect(help.stdout).toMatch(/\n {6}--trace-functions +- {3}Insert a trace\.point at the entry of each function\n {8}--prefix=<string> +- Text put before/);
  });
});

/** The one line of tile-opt's error for a plugin that cannot be registered. */
async function expectPluginErrorOf(spec: string, message: string): Promise<void> {
  const r = await tileOptAsync(['-', '--load-plugin', spec, '--cse'], input);
  expect(r.code).toBe(1);
  expect(r.stdout).toBe('');
  expect(r.stderr).toBe(`tile-opt: error: plugin '${spec}': ${message}\n`);
}

describe('plugins that fail', () => {
  const expectPluginError = expectPluginErrorOf;
  it('a plugin that throws', async () => {
    await expectPluginError(plugin('throws.mjs', "export default function () { throw new Error('boom'); }\n"), 'boom');
  });
  it('a plugin that registers a name already taken', async () => {
    await expectPluginError(
      plugin('dup.mjs', "export default function (api) { api.registerPass(api.lib.definePass({ name: 'cse', summary: 's', run() {} })); }\n"),
      "'cse' is already registered as a pass or pass pipeline",
    );
    await expectPluginError(
      plugin('dup-dialect.mjs', "export function register(api) { api.registerDialect(api.lib.defineDialect({ name: 'arith', ops: [] })); }\n"),
      "dialect 'arith' is already registered",
    );
  });
  it('the same plugin loaded twice', async () => {
    const r = await tileOptAsync(['-', '--load-plugin', EXAMPLE, '--load-plugin', EXAMPLE], input);
    expect(r.code).toBe(1);
    expect(r.stderr).toBe(`tile-opt: error: plugin '${EXAMPLE}': 'trace-functions' is already registered as a pass or pass pipeline\n`);
  });
  it('a plugin that is not found, as a file or a package', async () => {
    await expectPluginError(path.join(dir, 'missing.mjs'), 'no such file');
    await expectPluginError('no-such-tile-opt-plugin-package', 'cannot find package');
  });
  it('a module without a register function, and one that does not load', async () => {
    await expectPluginError(plugin('nothing.mjs', 'export const x = 1;\n'), "expected a default export or a 'register' export that is a function");
    // A syntax error is reported at its file, line and column, with the line, as `node --check` shows it.
    const broken = plugin('broken.mjs', 'export default function register(api) {\n  api.registerPass({ name: "x", run( });\n}\n');
    const r = await tileOptAsync(['-', '--load-plugin', broken], input);
    expect(r.code).toBe(1);
    expect(r.stderr).toBe(
      `tile-opt: error: plugin '${broken}': syntax error at ${broken}:2:38: Unexpected token '}'\n  api.registerPass({ name: "x", run( });\n                                     ^\n`,
    );
    // One that imports a module that does not load says what failed.
    const importer = plugin('importer.mjs', `import './missing-dependency.mjs';\nexport default function register() {}\n`);
    const i = await tileOptAsync(['-', '--load-plugin', importer], input);
    expect(i.code).toBe(1);
    expect(i.stderr).toMatch(new RegExp(`^tile-opt: error: plugin '${importer.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}': failed to load: .*missing-dependency.*\n$`));
  });
  it('registration is all or nothing, and the next run is unaffected', async () => {
    await expectPluginError(
      plugin('half.mjs', "export default function (api) { api.registerPass(api.lib.definePass({ name: 'half-ok', summary: 's', run() {} })); throw new Error('later'); }\n"),
      'later',
    );
    const r = await tileOptAsync(['-', '--half-ok'], input);
    expect(r.code).toBe(1);
    expect(r.stderr).toBe("tile-opt: error: unknown option '--half-ok'\n");
    expect((await tileOptAsync(['-', '--cse'], input)).code).toBe(0);
  });
  it('the synchronous entry point refuses --load-plugin', () => {
    const r = tileOpt(['-', '--load-plugin', EXAMPLE], input);
    expect(r.code).toBe(1);
    expect(r.stderr).toBe('tile-opt: error: --load-plugin needs optMainAsync (plugins are loaded with import())\n');
  });
});

describe('pass names, checked when a plugin registers them', () => {
  const named = (file: string, name: string) =>
    plugin(file, `export default function (api) { api.registerPass(api.lib.definePass({ name: ${JSON.stringify(name)}, summary: 's', run() {} })); }\n`);
  it('an empty name', async () => {
    await expectPluginErrorOf(named('empty-name.mjs', ''), 'a pass or pass pipeline needs a name');
  });
  it('a name that cannot be a flag or be written in a pipeline', async () => {
    await expectPluginErrorOf(named('bad-name.mjs', 'a(b)'), "'a(b)' is not a valid pass name (letters, digits, '-', '_' and '.'; not starting with a punctuation mark)");
  });
  it("the name of one of tile-opt's flags", async () => {
    for (const flag of ['help', 'verify-each', 'pass-pipeline']) {
      await expectPluginErrorOf(named(`flag-${flag}.mjs`, flag), `'${flag}' is the name of a command-line option (--${flag}), not available to a pass or pass pipeline`);
    }
  });
  it('a pipeline named like a flag', async () => {
    const f = plugin('flag-pipeline.mjs', "export default function (api) { api.registerPipeline({ name: 'split-input-file', summary: 's', pipeline: 'cse' }); }\n");
    await expectPluginErrorOf(f, "'split-input-file' is the name of a command-line option (--split-input-file), not available to a pass or pass pipeline");
  });
});

describe('plugin passes at run time', () => {
  const withPass = (file: string, fields: string) => plugin(file, `export default function (api) { api.registerPass(api.lib.definePass({ name: 'p', summary: 's', ${fields} })); }\n`);
  it('an async run is refused when the pass is declared, naming the pass and the plugin', async () => {
    await expectPluginErrorOf(
      withPass('async.mjs', 'async run(op, pass) { await null; pass.fail(op.loc, "late"); }'),
      "pass 'p': run must be synchronous, not an async function (passes run synchronously, as in MLIR)",
    );
  });
  it('a run that returns a promise fails the pass, nested or not, and the late rejection is ignored', async () => {
    const f = withPass('promise.mjs', "run() { return new Promise((_, reject) => setTimeout(() => reject(new Error('late')), 1)); }");
    for (const args of [['--p'], ['-p', 'func.func(p)'], ['-p', 'func.func(p)', '--mlir-print-ir-after-all', '--verify-each=false']]) {
      const r = await tileOptAsync(['-', '--load-plugin', f, ...args], input);
      expect(r.code).toBe(1);
      expect(r.stdout).toBe('');
      expect(r.stderr).toMatch(/^<stdin>:\d+:\d+: error: pass 'p' returned a promise: a pass's run must be synchronous \(not an async function\)\n/);
    }
    await new Promise((resolve) => setTimeout(resolve, 20));
  });
  it('addStatistic of a statistic the pass does not declare fails the pass', async () => {
    const f = withPass('stat.mjs', "statistics: { 'num-a': 'A' }, run(op, pass) { pass.addStatistic('num-b'); }");
    const r = await tileOptAsync(['-', '--load-plugin', f, '--p', '--mlir-pass-statistics'], input);
    expect(r.code).toBe(1);
    expect(r.stderr.split('\n')[0]).toMatch(/error: pass 'p' counts statistic 'num-b', which it does not declare \(declared: num-a\)$/);
  });
  it("an exception shows the plugin's own stack frames with --debug, and none without", async () => {
    const f = plugin(
      'frames.mjs',
      "function helper() {\n  throw new Error('boom');\n}\nexport default function (api) { api.registerPass(api.lib.definePass({ name: 'p', summary: 's', run() { helper(); } })); }\n",
    );
    const plain = await tileOptAsync(['-', '--load-plugin', f, '--p'], input);
    expect(plain.code).toBe(1);
    expect(plain.stderr).toMatch(/^<stdin>:\d+:\d+: error: pass 'p' failed with an internal error: boom\n/);
    expect(plain.stderr).not.toContain('frames.mjs');
    const debug = await tileOptAsync(['-', '--load-plugin', f, '--p', '--debug'], input);
    expect(debug.code).toBe(1);
    const note = debug.stderr.slice(debug.stderr.indexOf('note: thrown at:'));
    expect(note.split('\n').slice(1, 3)).toEqual([
      expect.stringMatching(/^ {2}at helper \((?:file:\/\/)?\/.*frames\.mjs:2:9\)$/),
      expect.stringMatching(/^ {2}at .*run \((?:file:\/\/)?\/.*frames\.mjs:4:\d+\)$/),
    ]);
    expect(note).not.toMatch(/pass-manager|opt-main/);
  });
});

describe('the API a plugin writes a lowering or an analysis with (api.lib)', () => {
  it('exports the conversion driver, type converter, dominance, constant matching and op interfaces', async () => {
    const lib = await import('../../../../core/index.js');
    for (const name of [
      'applyPartialConversion',
      'applyFullConversion',
      'defineConversionPattern',
      'ConversionTarget',
      'TypeConverter',
      'DominanceInfo',
      'constantValue',
      'isOpTriviallyDead',
      'LoopLike',
      'RegionBranch',
    ]) {
      expect(typeof (lib as Record<string, unknown>)[name], name).toBe('function');
    }
  });
  it('a plugin analysis using DominanceInfo and constantValue from api.lib runs', async () => {
    const f = plugin(
      'analysis.mjs',
      `export default function (api) {
  const { definePass, DominanceInfo, constantValue, Diagnostic } = api.lib;
  api.registerPass(definePass({ name: 'count-const', summary: 's', opName: 'func.func', run(func, pass) {
    const ops = [...func.region(0).entry.ops];
    const dom = new DominanceInfo();
    const constant = ops.flatMap((o) => o.operands).filter((v) => constantValue(v) !== undefined).length;
    pass.emit(new Diagnostic('remark', func.loc, 'constant operands: ' + constant + ', first dominates last: ' + dom.opDominates(ops[0], ops[ops.length - 1])));
  } }));
}
`,
    );
    const r = await tileOptAsync(
      ['-', '--load-plugin', f, '--count-const', '-o', '/dev/null'],
      'func.func @f(%a: i32) -> i32 {\n  %c = arith.constant 1 : i32\n  %0 = arith.addi %a, %c : i32\n  return %0 : i32\n}\n',
    );
    expect(r.stderr).toBe('<stdin>:1:1: remark: constant operands: 1, first dominates last: true\nfunc.func @f(%a: i32) -> i32 {\n^\n');
    expect(r.code).toBe(0);
  });
});
