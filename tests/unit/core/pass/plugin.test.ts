import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { tileOpt, tileOptAsync } from './run-helpers.js';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');
const EXAMPLE = path.join(repoRoot, 'examples/plugins/trace-plugin.mjs');
const dir = mkdtempSync(path.join(os.tmpdir(), 'tile-opt-plugin-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const plugin = (name: string, text: string): string => {
  const f = path.join(dir, name);
  writeFileSync(f, text);
  return f;
};
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

describe('plugins that fail', () => {
  const expectPluginError = async (spec: string, message: string) => {
    const r = await tileOptAsync(['-', '--load-plugin', spec, '--cse'], input);
    expect(r.code).toBe(1);
    expect(r.stdout).toBe('');
    expect(r.stderr).toBe(`tile-opt: error: plugin '${spec}': ${message}\n`);
  };
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
    const broken = plugin('broken.mjs', 'export default function ( {\n');
    const r = await tileOptAsync(['-', '--load-plugin', broken], input);
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(new RegExp(`^tile-opt: error: plugin '${broken.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}': failed to load: .*\n$`));
  });
  it('registration is all or nothing, and the next run is unaffected', async () => {
    await expectPluginError(
      plugin('half.mjs', "export default function (api) { api.registerPass(api.lib.definePass({ name: 'half-ok', summary: 's', run() {} })); throw new Error('later'); }\n"),
      'later',
    );
    const r = await tileOptAsync(['-', '--half-ok'], input);
    expect(r.code).toBe(1);
    expect(r.stderr).toBe("error: unknown option '--half-ok'\n");
    expect((await tileOptAsync(['-', '--cse'], input)).code).toBe(0);
  });
  it('the synchronous entry point refuses --load-plugin', () => {
    const r = tileOpt(['-', '--load-plugin', EXAMPLE], input);
    expect(r.code).toBe(1);
    expect(r.stderr).toBe('tile-opt: error: --load-plugin needs optMainAsync (plugins are loaded with import())\n');
  });
});
