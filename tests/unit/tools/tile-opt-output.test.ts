/**
 * tile-opt's `-o FILE`, run as a subprocess (the bundle that `npx tile-opt` runs): the file is
 * written only on success, and no temporary file survives any way a run can fail, including a
 * plugin pass that throws or fails late (asynchronously) and a run interrupted by a signal.
 */
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, lstatSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..', '..');
const TILE_OPT = path.join(repoRoot, 'build', 'bundle', 'tile-opt.js');
const STACK_FRAME = /^\s+at .*(:\d+:\d+\)?|<anonymous>\)?)$/m;

let dir = '';
beforeAll(() => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'tile-opt-output-'));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const VALID = 'func.func @f(%a: i32) -> i32 {\n  return %a : i32\n}\n';

function file(name: string, text: string): string {
  const f = path.join(dir, name);
  mkdirSync(path.dirname(f), { recursive: true });
  writeFileSync(f, text);
  return f;
}

/** A plugin with one pass `p` whose run is `body` (JavaScript text, with `op` and `pass`). */
function pluginPass(name: string, run: string): string {
  return file(`${name}.mjs`, `export default function (api) {\n  api.registerPass(api.lib.definePass({ name: 'p', summary: 's', ${run} }));\n}\n`);
}

function tileOpt(args: readonly string[], cwd: string) {
  const r = spawnSync(TILE_OPT, [...args], { cwd, encoding: 'utf8', timeout: 30_000 });
  expect(r.error).toBeUndefined();
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}

/** Files in `folder` left by a run: nothing but what the test put there (and `keep`). */
function leftovers(folder: string, keep: readonly string[]): string[] {
  return readdirSync(folder).filter((f) => !keep.includes(f));
}

describe('tile-opt -o FILE', () => {
  it('writes the file on success, and nothing else', () => {
    const work = path.join(dir, 'ok');
    const input = file('ok/in.mlir', VALID);
    const r = tileOpt([input, '-o', 'out.mlir'], work);
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    expect(readFileSync(path.join(work, 'out.mlir'), 'utf8')).toBe('module {\n  func.func @f(%a: i32) -> i32 {\n    return %a : i32\n  }\n}\n\n');
    expect(leftovers(work, ['in.mlir', 'out.mlir'])).toEqual([]);
  });

  it('onto an existing directory: an error as mlir-opt words it, and no temporary file', () => {
    const work = path.join(dir, 'onto-dir');
    const input = file('onto-dir/in.mlir', VALID);
    mkdirSync(path.join(work, 'out'));
    const r = tileOpt([input, '-o', 'out'], work);
    expect(r.code).toBe(1);
    expect(r.stderr).toBe("tile-opt: error: cannot open output file 'out': Is a directory\n");
    expect(leftovers(work, ['in.mlir', 'out'])).toEqual([]);
    expect(readdirSync(path.join(work, 'out'))).toEqual([]);
  });

  it('into a folder that does not exist', () => {
    const work = path.join(dir, 'no-folder');
    const input = file('no-folder/in.mlir', VALID);
    const r = tileOpt([input, '-o', 'missing/out.mlir'], work);
    expect(r.code).toBe(1);
    expect(r.stderr).toBe("tile-opt: error: cannot open output file 'missing/out.mlir': No such file or directory\n");
    expect(leftovers(work, ['in.mlir'])).toEqual([]);
  });

  it('below a file: cannot open the output file, and why, in one line', () => {
    const work = path.join(dir, 'below-file');
    const input = file('below-file/in.mlir', VALID);
    file('below-file/afile', '');
    const r = tileOpt([input, '-o', 'afile/x.mlir'], work);
    expect(r.code).toBe(1);
    expect(r.stderr).toBe("tile-opt: error: cannot open output file 'afile/x.mlir': Not a directory\n");
    expect(leftovers(work, ['in.mlir', 'afile'])).toEqual([]);
  });

  it('onto a symbolic link: written through it', () => {
    const work = path.join(dir, 'link');
    const input = file('link/in.mlir', VALID);
    file('link/real.mlir', 'old');
    symlinkSync('real.mlir', path.join(work, 'out.mlir'));
    const r = tileOpt([input, '-o', 'out.mlir'], work);
    expect(r.code).toBe(0);
    expect(lstatSync(path.join(work, 'out.mlir')).isSymbolicLink()).toBe(true);
    expect(readFileSync(path.join(work, 'real.mlir'), 'utf8')).toContain('func.func @f(%a: i32)');
    expect(leftovers(work, ['in.mlir', 'real.mlir', 'out.mlir'])).toEqual([]);
  });

  // Each way a run can fail: no output file, no temporary file, exit status 1, no stack trace.
  const failures: [string, (work: string) => string[]][] = [
    ['a parse error', () => [file('f1/in.mlir', 'func.func @f( {\n')]],
    ['a failing pass', () => [file('f2/in.mlir', VALID), '-p', 'func.func(nope)']],
    ['a plugin that throws while registering', () => [file('f3/in.mlir', VALID), '--load-plugin', file('f3/bad.mjs', "export default function () { throw new Error('boom'); }\n")]],
    ['a plugin pass that throws', () => [file('f4/in.mlir', VALID), '--load-plugin', pluginPass('f4/throws', "run() { throw new Error('boom'); }"), '--p']],
    ['a plugin pass that fails', () => [file('f5/in.mlir', VALID), '--load-plugin', pluginPass('f5/fails', "run(op, pass) { pass.fail(op.loc, 'no'); }"), '--p']],
    [
      'a plugin pass whose run is async and fails after an await',
      () => [file('f6/in.mlir', VALID), '--load-plugin', pluginPass('f6/async', "async run(op, pass) { await null; pass.fail(op.loc, 'late'); }"), '--p'],
    ],
    [
      'a plugin pass that returns a promise which rejects',
      () => [file('f7/in.mlir', VALID), '--load-plugin', pluginPass('f7/promise', "run() { return Promise.resolve().then(() => { throw new Error('late boom'); }); }"), '-p', 'func.func(p)'],
    ],
    [
      'invalid IR left by a plugin pass (--verify-each)',
      () => [
        file('f8/in.mlir', VALID),
        '--load-plugin',
        pluginPass('f8/breaks', 'run(op) { const f = [...op.region(0).entry.ops][0]; for (const o of [...f.region(0).entry.ops]) o.erase(); }'),
        '--p',
      ],
    ],
  ];
  for (const [what, args] of failures) {
    it(`after ${what}`, () => {
      const name = `f${failures.findIndex(([w]) => w === what) + 1}`;
      const work = path.join(dir, name);
      mkdirSync(work, { recursive: true });
      const argv = args(work);
      const before = readdirSync(work);
      const r = tileOpt([...argv, '-o', 'out.mlir'], work);
      expect(r.code).toBe(1);
      expect(r.stderr).not.toBe('');
      expect(r.stderr).not.toMatch(STACK_FRAME);
      expect(existsSync(path.join(work, 'out.mlir'))).toBe(false);
      expect(leftovers(work, before)).toEqual([]);
    });
  }

  it('an interrupted run leaves the whole output or none, and never a temporary file', async () => {
    const work = path.join(dir, 'interrupted');
    const funcs = Array.from({ length: 3000 }, (_, i) => `func.func @f${i}(%a: i32) -> i32 {\n  %0 = arith.addi %a, %a : i32\n  %1 = arith.addi %a, %a : i32\n  return %1 : i32\n}\n`);
    const input = file('interrupted/in.mlir', funcs.join(''));
    const expected = tileOpt([input, '--cse'], work).stdout;
    // Signals at times spread over the run: during start-up, parsing, the passes and the write.
    for (const [i, delay] of [20, 60, 100, 140, 180, 220, 260, 300, 350, 400, 500, 700].entries()) {
      const out = `out${i}.mlir`;
      await new Promise<void>((resolve) => {
        const child = spawn(TILE_OPT, [input, '--cse', '-o', out], { cwd: work, stdio: 'ignore' });
        const timer = setTimeout(() => child.kill(i % 2 ? 'SIGINT' : 'SIGTERM'), delay);
        child.on('exit', () => {
          clearTimeout(timer);
          resolve();
        });
      });
      if (existsSync(path.join(work, out))) expect(readFileSync(path.join(work, out), 'utf8')).toBe(expected);
      expect(leftovers(work, ['in.mlir']).filter((f) => !/^out\d+\.mlir$/.test(f))).toEqual([]);
    }
  }, 60_000);
});

describe('tile-opt --emit=wgsl -o FOLDER', () => {
  const ADD = path.join(repoRoot, 'examples', 'add.mlir');
  const emit = (out: string, work: string) => tileOpt([ADD, '-p', '@tile-wgsl', '--emit=wgsl', '-o', out], work);

  it('writes every file or none: a manifest.json that is a folder leaves no shader behind', () => {
    const work = path.join(dir, 'wgsl-taken');
    mkdirSync(path.join(work, 'o', 'manifest.json'), { recursive: true });
    const r = emit('o', work);
    expect(r.code).toBe(1);
    expect(r.stderr).toBe("tile-opt: error: cannot open output file 'o/manifest.json': Is a directory\n");
    expect(readdirSync(path.join(work, 'o'))).toEqual(['manifest.json']);
    expect(readdirSync(work)).toEqual(['o']);
  });

  it('makes the last level of the folder only, as mkdir without -p', () => {
    const work = path.join(dir, 'wgsl-mkdir');
    mkdirSync(work);
    const ok = emit('out', work);
    expect(ok.stderr).toBe('');
    expect(ok.code).toBe(0);
    expect(readdirSync(path.join(work, 'out')).sort()).toEqual(['add.wgsl', 'manifest.json']);
    const r = emit('missing/dir/out', work);
    expect(r.code).toBe(1);
    expect(r.stderr).toBe("tile-opt: error: cannot create output folder 'missing/dir/out': No such file or directory\n");
    expect(readdirSync(work)).toEqual(['out']);
  });
});
