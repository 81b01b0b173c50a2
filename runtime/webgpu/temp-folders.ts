/**
 * Temporary folders that go however the process ends: at exit, and on SIGINT, SIGTERM or SIGHUP
 * that nothing else handles, after which the signal is raised again to take its usual effect.
 * (A runner's buffer files stayed behind in the system's temporary folder when tile-run was
 * interrupted.)
 */
import { rmSync } from 'node:fs';

const SIGNALS = ['SIGINT', 'SIGTERM', 'SIGHUP'] as const;
const folders = new Set<string>();

function removeAll(): void {
  for (const dir of folders) rmSync(dir, { recursive: true, force: true });
  folders.clear();
}

function onSignal(signal: NodeJS.Signals): void {
  // Another listener handles the signal (tile-tune finishes the run in flight): the folders stay
  // in use until the process exits, which removes them.
  if (process.listenerCount(signal) > 1) return;
  removeAll();
  listen(false);
  // The signal's default action (ending the process) applies again.
  process.kill(process.pid, signal);
}

function listen(on: boolean): void {
  // First in line: a `once` listener (tile-tune's SIGINT) removes itself before it runs, so counted
  // after it, the signal would look unhandled and end the process.
  for (const s of SIGNALS) on ? process.prependListener(s, onSignal) : process.off(s, onSignal);
  on ? process.on('exit', removeAll) : process.off('exit', removeAll);
}

/** Removes `dir` when the process ends; the returned function forgets it (once it is removed otherwise). */
export function removeAtExit(dir: string): () => void {
  if (folders.size === 0) listen(true);
  folders.add(dir);
  return () => {
    if (folders.delete(dir) && folders.size === 0) listen(false);
  };
}
