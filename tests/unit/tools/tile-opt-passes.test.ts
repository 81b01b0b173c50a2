/**
 * tile-opt's pass-related flags, run as a subprocess (build/tools/tile-opt.js, the async entry
 * point with --load-plugin): help and listing, pipelines, plugins, --emit=wgsl.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..', '..');
const TILE_OPT = path.join(repoRoot, 'build', 'tools', 'tile-opt.js');
let dir = '';
beforeAll(() => {
  if (!existsSync(TILE_OPT)) throw new Error(`${TILE_OPT} is missing: build first (npx tsc -p tsconfig.json)`);
  dir = mkdtempSync(path.join(os.tmpdir(), 'tile-opt-passes-'));
});
afterAll(() => void (dir && rmSync(dir, { recursive: true, force: true })));

function run(args: readonly string[], stdin = '') {
  const r = spawnSync(process.execPath, [TILE_OPT, ...args], { encoding: 'utf8', input: stdin, cwd: repoRoot, timeout: 30_000 });
  expect(r.error).toBeUndefined();
  expect(r.stdout + r.stderr).not.toMatch(/^ {4}at /m);
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}
const input = 'func.func @f(%a: i32) -> i32 {\n  %0 = arith.addi %a, %a : i32\n  %1 = arith.addi %a, %a : i32\n  return %1 : i32\n}\n';

describe('tile-opt --help and --list-passes', () => {
  it('--help lists each pass with its summary and its options indented, as mlir-opt', () => {
    const r = run(['--help']);
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('  Compiler passes to run\n    Passes:\n');
    expect(r.stdout).toMatch(/\n {6}--canonicalize +- {3}Canonicalize operations\n/);
    expect(r.stdout).toMatch(/\n {8}--max-iterations=<int> +- Max\. iterations/);
    expect(r.stdout).toMatch(/\n {6}--cse +- {3}\S/);
  });
  it('--list-passes prints passes with summary and options, and the pipelines of pass-pipelines/', () => {
    const r = run(['--list-passes']);
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/^Passes:\n/);
    expect(r.stdout).toMatch(/\n {2}canonicalize \(on any op\): Canonicalize operations\n {4}--disable-patterns=<string,\.\.\.>: /);
    expect(r.stdout).toMatch(/\nPass pipelines:\n {2}@cleanup \(pass-pipelines\/cleanup\.yaml\): .*\n {4}--max-iterations=<int> \(default: 10\): /);
    expect(r.stdout).toMatch(/\n {2}@optimize \(pass-pipelines\/optimize\.yaml\): /);
    // A string option without a default shows none (it showed `(default: {})`).
    expect(r.stdout).toMatch(/\n {4}--output=<string>: File to write/);
    expect(r.stdout).not.toContain('(default: {})');
    expect(r.stdout).not.toContain("(default: '')");
  });
  it("--list-passes gives a pipeline parameter that is a pass option the pass's declaration: its default and help", () => {
    const r = run(['--list-passes']);
    const line = (under: string, option: string) => {
      const section = r.stdout.slice(r.stdout.indexOf(`\n  ${under} `));
      return section.split('\n').find((l) => l.startsWith(`    --${option}=`) || l.startsWith(`    --${option} `));
    };
    expect(line('tile-assign-stages', 'num-stages')).toMatch(/^ {4}--num-stages=<uint> \(default: 0\): \S/);
    for (const pipeline of ['@tile-pipelined', '@tile-wgsl']) expect(line(pipeline, 'num-stages')).toBe(line('tile-assign-stages', 'num-stages'));
    expect(line('@tile-pipelined', 'max-workgroup-memory')).toBe(line('tile-multibuffer', 'max-workgroup-memory'));
    expect(line('@tile-wgsl', 'max-workgroup-memory')).toBe(line('convert-tile-to-gpu', 'max-workgroup-memory'));
    expect(line('@tile-wgsl', 'async-copy-loads')).toBe(line('tile-async-copy', 'loads')!.replace('--loads=', '--async-copy-loads='));
  });
});

describe('tile-opt pipelines from the command line', () => {
  it('runs pass flags in order and -p pipelines alike', () => {
    const a = run(['-', '--cse', '--canonicalize=max-iterations=4 top-down=false'], input);
    const b = run(['-', '-p', 'builtin.module(cse,canonicalize{max-iterations=4 top-down=false})'], input);
    expect(a.stderr).toBe('');
    expect(a.stdout).toBe(b.stdout);
    expect(a.stdout.match(/arith\.addi/g)).toHaveLength(1);
  });
  it('a pipeline mistake is one located line, the text and a caret; exit 1, no output file', () => {
    const out = path.join(dir, 'never.mlir');
    const r = run(['-', '-p', 'func.func(cse{x=1})', '-o', out], input);
    expect(r.code).toBe(1);
    expect(r.stderr).toBe("MLIR Textual PassPipeline Parser:1:15: error: no such option 'x' for pass 'cse' (it has no options)\nfunc.func(cse{x=1})\n              ^\n");
    expect(existsSync(out)).toBe(false);
  });
  it('a YAML schema mistake names the file, line and key', () => {
    const f = path.join(dir, 'bad.yaml');
    writeFileSync(f, 'name: bad\ndescription: d\nsteps:\n  - pass: cse\n    optoins: {}\n');
    const r = run(['-', '-p', `@${f}`], input);
    expect(r.code).toBe(1);
    expect(r.stderr.split('\n')[0]).toBe(`${f}:5:5: error: unknown key 'optoins' in step (expected pass, options, expose)`);
  });
});

describe('tile-opt --load-plugin (subprocess)', () => {
  it('loads the example plugin by relative path', () => {
    const r = run(['-', '--load-plugin', 'examples/plugins/trace-plugin.mjs', '--trace-functions'], input);
    expect(r.stderr).toBe('');
    expect(r.stdout).toContain('trace.point "enter @f"');
  });
  it('reports a throwing plugin in one line with its path', () => {
    const f = path.join(dir, 'throws.mjs');
    writeFileSync(f, "export default () => { throw new Error('nope'); };\n");
    const r = run(['-', '--load-plugin', f], input);
    expect(r.code).toBe(1);
    expect(r.stdout).toBe('');
    expect(r.stderr).toBe(`tile-opt: error: plugin '${f}': nope\n`);
  });
});

describe('tile-opt --emit=wgsl', () => {
  it('prints the WGSL output after the pipeline, or writes the folder with -o', () => {
    const printed = run(['examples/matmul-gpu.mlir', '--canonicalize', '--emit=wgsl']);
    expect(printed.stderr).toBe('');
    expect(printed.code).toBe(0);
    expect(printed.stdout).toContain('@compute');
    const out = path.join(dir, 'wgsl');
    const written = run(['examples/matmul-gpu.mlir', '--emit=wgsl', '-o', out]);
    expect(written.code).toBe(0);
    expect(written.stdout).toBe('');
    expect(readdirSync(out).some((f) => f.endsWith('.wgsl'))).toBe(true);
  });
  it('writes nothing when the pipeline is rejected', () => {
    const out = path.join(dir, 'wgsl-failed');
    const r = run(['examples/matmul-gpu.mlir', '-p', 'func.func(cse{x=1})', '--emit=wgsl', '-o', out]);
    expect(r.code).toBe(1);
    expect(existsSync(out)).toBe(false);
  });
});
