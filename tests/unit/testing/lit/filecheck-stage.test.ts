import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { fileCheckStage, runWithFileCheck } from '../../../../testing/lit/filecheck-stage.js';

describe('fileCheckStage (a RUN line ending in our FileCheck)', () => {
  it('splits the producer from FileCheck and its arguments as written', () => {
    expect(fileCheckStage("tile-opt a.mlir -p 'x{y=1}' | tile-opt | FileCheck a.mlir --check-prefix=IR")).toEqual({
      producer: "tile-opt a.mlir -p 'x{y=1}' | tile-opt",
      args: 'a.mlir --check-prefix=IR',
    });
    expect(fileCheckStage("not tile-opt a.mlir 2>&1 | FileCheck a.mlir --implicit-check-not='{{.*}}warning'")).toEqual({
      producer: 'not tile-opt a.mlir 2>&1',
      args: "a.mlir --implicit-check-not='{{.*}}warning'",
    });
  });
  it('leaves other lines to the shell: no FileCheck last, redirections or separators after it, ||', () => {
    for (const line of ['tile-opt a.mlir', 'FileCheck a.mlir < out', 'x | FileCheck a > log', 'x | FileCheck a; echo', 'x || FileCheck a', 'x | FileCheck $(echo a)', 'x | FileCheckX a']) {
      expect(fileCheckStage(line), line).toBeUndefined();
    }
  });
});

describe('runWithFileCheck', () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'filecheck-stage-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  writeFileSync(path.join(dir, 'checks.txt'), '// CHECK: hello\n// CHECK-NEXT: world\n// OTHER: bye\n');
  const run = (line: string) => runWithFileCheck(fileCheckStage(line)!, process.env, dir, 20_000);

  it('passes when the output matches, with the arguments expanded by the shell', async () => {
    expect(await run("printf 'hello\\nworld\\n' | FileCheck checks.txt")).toEqual({ code: 0, output: '' });
    expect((await run('echo bye | FileCheck \'checks.txt\' --check-prefix="OTHER"')).code).toBe(0);
  });
  it('fails with FileCheck diagnostics when the output does not match', async () => {
    const r = await run("printf 'hello\\nthere\\n' | FileCheck checks.txt");
    expect(r.code).toBe(1);
    expect(r.output).toContain('CHECK-NEXT: expected string not found in input');
  });
  it('fails as pipefail does when the producer fails, with its standard error', async () => {
    const r = await run("(printf 'hello\\nworld\\n'; echo oops >&2; exit 3) | FileCheck checks.txt");
    expect(r).toEqual({ code: 3, output: 'oops\n' });
  });
  it('checks output without a final newline, and an empty output', async () => {
    expect((await run("printf 'hello\\nworld' | FileCheck checks.txt")).code).toBe(0);
    // As LLVM's: an empty input is an error of its own (exit 2).
    expect((await run('true | FileCheck checks.txt --check-prefix=OTHER')).code).toBe(2);
  });
});
