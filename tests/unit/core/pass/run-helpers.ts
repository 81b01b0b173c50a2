import { optMain, optMainAsync, type IO } from '../../../../tools/opt-main.js';
import { testRegistry } from './test-passes.js';
import type { PassRegistry } from '../../../../core/pass/registry.js';

export interface Result {
  code: number;
  stdout: string;
  stderr: string;
}

function io(stdin: string, out: { stdout: string; stderr: string }): IO {
  return {
    stdout: (t) => void (out.stdout += t),
    stderr: (t) => void (out.stderr += t),
    readStdin: () => new TextEncoder().encode(stdin),
    color: false,
  };
}

/** tile-opt in-process with the test passes registered (plus the repo's pipeline folder). */
export function tileOpt(args: readonly string[], stdin = '', registry: PassRegistry = testRegistry()): Result {
  const out = { stdout: '', stderr: '' };
  const code = optMain(args, io(stdin, out), { registry, pluginsLoaded: false });
  return { code, ...out };
}

/** tile-opt in-process through the async entry point (plugins), with the built-in registry. */
export async function tileOptAsync(args: readonly string[], stdin = ''): Promise<Result> {
  const out = { stdout: '', stderr: '' };
  const code = await optMainAsync(args, io(stdin, out));
  return { code, ...out };
}

export const MODULE = `func.func @a() {
  return
}
module @inner {
  func.func @b() {
    return
  }
}
func.func @c() {
  return
}
`;
