/** What the benchmark scripts share as commands: usage errors and running `main` when the file is the script node runs. */
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** A bad command line: printed as `NAME: error: MESSAGE` with the usage, exit status 1. */
export class UsageError extends Error {}

/** Runs `main(argv)` and exits with its status when `moduleUrl` is the script node was started with. */
export function runIfMain(moduleUrl: string, name: string, usage: string, main: (argv: string[]) => Promise<number>): void {
  if (!process.argv[1] || fileURLToPath(moduleUrl) !== path.resolve(process.argv[1])) return;
  main(process.argv.slice(2)).then(
    (code) => process.exit(code),
    (e: unknown) => {
      if (e instanceof UsageError) process.stderr.write(`${name}: error: ${e.message}\n${usage}\n`);
      else process.stderr.write(`${name}: error: ${e instanceof Error ? (e.stack ?? e.message) : String(e)}\n`);
      process.exit(1);
    },
  );
}
