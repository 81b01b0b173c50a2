import { renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { errnoText } from './cli.js';

const SIGNALS = ['SIGINT', 'SIGTERM', 'SIGHUP'] as const;

/**
 * Write `text` to `file` whole or not at all: into a temporary file beside it, then renamed over
 * it (a device or pipe such as /dev/null is written directly). No failure leaves the temporary file behind (it is removed), and an interrupt (SIGINT,
 * SIGTERM, SIGHUP) arriving during the write takes effect once it is complete or undone.
 * Returns an error message in mlir-opt's words, or undefined on success.
 */
export function writeOutputFile(file: string, text: string): string | undefined {
  const fail = (why: string) => `cannot open output file '${file}': ${why}`;
  const kind = kindOf(file);
  if (kind === 'directory') return fail('Is a directory');
  // A device, pipe or socket (`-o /dev/null`, `-o /dev/stderr`) is written to, never replaced:
  // renaming a file over /dev/null would turn it into a plain file for the whole system.
  if (kind === 'special') {
    try {
      writeFileSync(file, text);
      return undefined;
    } catch (e) {
      return fail(errnoText(e));
    }
  }
  const tmp = path.join(path.dirname(file), `.${path.basename(file)}.${process.pid}.tmp`);
  // A listener makes Node deliver the signal between JavaScript steps instead of ending the
  // process in the middle of one; the write below is synchronous, so it finishes first. Then the
  // signal is raised again, with its default action (the output is complete by then).
  const release = () => {
    for (const s of SIGNALS) process.off(s, deferred);
  };
  const deferred = (signal: NodeJS.Signals) => {
    release();
    process.kill(process.pid, signal);
  };
  for (const s of SIGNALS) process.on(s, deferred);
  try {
    writeFileSync(tmp, text);
    renameSync(tmp, file);
    return undefined;
  } catch (e) {
    rmSync(tmp, { force: true });
    return fail(errnoText(e));
  } finally {
    // Signals that came during the write are delivered before immediates run.
    setImmediate(release);
  }
}

function kindOf(file: string): 'directory' | 'special' | 'file' | 'none' {
  try {
    const st = statSync(file);
    return st.isDirectory() ? 'directory' : st.isFile() ? 'file' : 'special';
  } catch {
    return 'none';
  }
}
