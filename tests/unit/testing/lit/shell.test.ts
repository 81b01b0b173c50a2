import os from 'node:os';
import { describe, expect, it } from 'vitest';
import { runBash } from '../../../../testing/lit/shell.js';

describe('runBash', () => {
  it('keeps standard output and error apart, and both in order in output', async () => {
    const r = await runBash('echo one; echo two >&2; sleep 0.05; echo three', process.env, os.tmpdir(), 10_000);
    expect(r).toEqual({ code: 0, stdout: 'one\nthree\n', stderr: 'two\n', output: 'one\ntwo\nthree\n' });
  });
  it('fails a pipeline whose first command fails (pipefail)', async () => {
    expect((await runBash('false | cat', process.env, os.tmpdir(), 10_000)).code).toBe(1);
  });
  it('kills a command past its time and says so', async () => {
    const r = await runBash('sleep 5', process.env, os.tmpdir(), 200);
    expect(r.code).not.toBe(0);
    expect(r.stderr).toContain('[tile-lit] timed out after 200 ms');
  });
});
