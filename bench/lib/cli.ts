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

/** Walks a command line flag by flag; a flag's value and a positive integer come with usage errors that name the flag. */
export class FlagCursor {
  private i = -1;
  private flag = '';
  constructor(private readonly argv: readonly string[]) {}
  /** The next flag, or undefined after the last. */
  next(): string | undefined {
    const flag = this.argv[++this.i];
    if (flag !== undefined) this.flag = flag;
    return flag;
  }
  /** The value after the current flag. */
  value(): string {
    const v = this.argv[++this.i];
    if (v === undefined) throw new UsageError(`missing value for ${this.flag}`);
    return v;
  }
  /** A positive integer: `text`, or the value after the current flag. */
  int(text?: string): number {
    const t = text ?? this.value();
    if (!/^[0-9]+$/.test(t) || Number(t) < 1) throw new UsageError(`${this.flag} expects a positive integer, got '${t}'`);
    return Number(t);
  }
  /** The value after the current flag split at `sep`, each piece trimmed; empty pieces dropped, or kept with `keepEmpty` (in a list of configurations '' is the defaults). */
  list(sep = ',', keepEmpty = false): string[] {
    const xs = this.value()
      .split(sep)
      .map((x) => x.trim());
    return keepEmpty ? xs : xs.filter(Boolean);
  }
  /** The value after the current flag as a comma-separated list of `values`; `noun` names them in the error (`unknown peer 'x'`). */
  oneOf<T extends string>(values: readonly T[], noun?: string): T[] {
    const xs = this.list();
    const bad = xs.find((x) => !values.includes(x as T));
    if (bad !== undefined) throw new UsageError(`${this.flag}: unknown ${noun ? `${noun} ` : ''}'${bad}' (${values.join(', ')})`);
    return xs as T[];
  }
  /** `text` as a shape of the form `form` ('RxC', 'BxHxSxTxD'): as many positive integers, separated by x. */
  shape(text: string, form: string): number[] {
    const d = text.split('x');
    if (d.length !== form.split('x').length) throw new UsageError(`${this.flag} expects ${form}, got '${text}'`);
    return d.map((x) => this.int(x));
  }
  /** The value after the current flag as a comma-separated list of shapes of the form `form`. */
  shapes(form: string): number[][] {
    return this.list().map((s) => this.shape(s, form));
  }
}

/** The timing settings several benchmarks share; `deadlineS` where the benchmark has a deadline. */
export interface TimingSettings {
  rounds: number;
  warmMs: number;
  timeoutS: number;
  deadlineS?: number;
}

/** Reads `flag` into `o` when it is a timing flag (--rounds, --warm-ms, --timeout-s, --deadline-s where `o` has a deadline); returns whether it was. */
export function timingFlag(flag: string, args: FlagCursor, o: TimingSettings): boolean {
  if (flag === '--rounds') o.rounds = args.int();
  else if (flag === '--warm-ms') o.warmMs = args.int();
  else if (flag === '--timeout-s') o.timeoutS = args.int();
  else if (flag === '--deadline-s' && 'deadlineS' in o) o.deadlineS = args.int();
  else return false;
  return true;
}

/**
 * Reads a bench's command line into `o`: each flag goes to `read` (false for one it does not
 * know), then to timingFlag; --quick, which the caller applied first, is passed over; anything
 * else is a usage error.
 */
export function readFlags(argv: readonly string[], o: TimingSettings, read: (flag: string, args: FlagCursor) => boolean): void {
  const args = new FlagCursor(argv);
  for (let flag = args.next(); flag !== undefined; flag = args.next()) {
    if (flag === '--quick' || read(flag, args) || timingFlag(flag, args, o)) continue;
    throw new UsageError(`unknown option '${flag}'`);
  }
}
