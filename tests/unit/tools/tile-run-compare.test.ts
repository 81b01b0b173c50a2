/**
 * Where tile-run's comparison runs: --compare-backend, else the interpreter for a program without
 * device kernels and --backend for one with them; errors name the run they came from; the other
 * program (--compare-pipeline) is made before the main run. Against device stand-ins registered
 * here (so that no adapter is needed and the backend list of other files stays as it is).
 */
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { tempDir } from '../temp-dir.js';
import { BackendError, registerBackend } from '../../../tools/run-backends.js';
import { ADD, addArgs, tileRun } from './run-helpers.js';

describe('tile-run comparisons run where they say', () => {
  // A device stand-in: kernels interpreted, each opening counted and announced as a device is.
  let opened = 0;
  registerBackend({
    name: 'stand-in',
    description: 'a device stand-in',
    kernelLauncher(options) {
      opened++;
      options.note('backend stand-in: test device');
      return undefined;
    },
  });
  registerBackend({
    name: 'broken',
    description: 'a backend without a device',
    kernelLauncher() {
      throw new BackendError('--backend broken: no device');
    },
  });
  // @main of ADD at function level (no kernels): compared in the interpreter unless told otherwise.
  const dir = tempDir('tile-run-compare-');
  const loop = (index: string) => `func.func @main(%a: memref<?xf32>, %b: memref<?xf32>, %c: memref<?xf32>, %n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c1000 = arith.constant 1000 : index
  scf.for %i = %c0 to %n step %c1 {
    %x = memref.load %a[${index}] : memref<?xf32>
    %y = memref.load %b[%i] : memref<?xf32>
    %s = arith.addf %x, %y : f32
    memref.store %s, %c[%i] : memref<?xf32>
  }
  return
}
`;
  const REF = path.join(dir, 'ref.mlir');
  writeFileSync(REF, loop('%i'));
  const BAD_REF = path.join(dir, 'bad-ref.mlir');
  writeFileSync(BAD_REF, loop('%c1000'));

  it('runs a reference without kernels in the interpreter, and one with kernels on the same backend, printing the device once', async () => {
    opened = 0;
    const r1 = await tileRun(ADD, ...addArgs, '--backend', 'stand-in', '--compare', REF, '--tolerance', '0');
    expect(r1.stderr).toBe('');
    expect(r1.stdout).toMatch(/^backend stand-in: test device\n%c: .*\ncompare %c: max_abs=0 max_rel=0\n$/);
    expect(opened).toBe(1);
    const r2 = await tileRun(ADD, ...addArgs, '--backend', 'stand-in', '--compare', ADD);
    expect(r2.stdout).toMatch(/^backend stand-in: test device\n%c: .*\ncompare %c: max_abs=0 max_rel=0\n$/);
    expect(opened).toBe(3);
    const r3 = await tileRun(ADD, ...addArgs, '--backend', 'stand-in', '--compare', ADD, '--compare-backend', 'interpret');
    expect(r3.code).toBe(0);
    expect(opened).toBe(4);
  });

  it('names the side an error comes from', async () => {
    const r1 = await tileRun(ADD, ...addArgs, '--backend', 'stand-in', '--compare', BAD_REF);
    expect(r1.code).toBe(1);
    expect(r1.stderr).toMatch(new RegExp(`^${BAD_REF}:6:\\d+: error: .*\n`));
    expect(r1.stderr).toContain(`note: in the comparison run of '${BAD_REF}' on backend interpret\n`);
    const r2 = await tileRun(ADD, ...addArgs, '--compare-backend', 'broken');
    expect(r2.stderr).toBe(`tile-run: error: in the comparison run of '${ADD} on backend broken': --backend broken: no device\n`);
    const r3 = await tileRun(ADD, ...addArgs, '--backend', 'broken', '--compare', REF);
    expect(r3.stderr).toBe(`tile-run: error: in the run of '${ADD}' on backend broken: --backend broken: no device\n`);
  });

  it('checks --compare-pipeline before the main run', async () => {
    opened = 0;
    const r = await tileRun(ADD, ...addArgs, '--backend', 'stand-in', '--compare-pipeline', 'no-such-pass');
    expect(r.code).toBe(1);
    expect(r.stdout).toBe('');
    expect(r.stderr).toMatch(/^tile-run: error: --compare-pipeline 'no-such-pass': .*\n$/);
    expect(opened).toBe(0);
  });
});
