/**
 * What the benchmark scripts share as commands: a commander Command in the tools' form, parsers
 * of the value syntaxes their flags take (positive integers, lists, shapes), the timing flags
 * several of them share, and running `main` when the file is the script node runs.
 */
import { Command, CommanderError, InvalidArgumentError, Option } from 'commander';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { toolErrorText } from '../../tools/cli.js';

/**
 * A bench's command: `-h, --help` prints the help on stdout; a bad command line throws a
 * CommanderError from parse, written out by runIfMain (or commandLineExit) in the tools' form.
 */
export function benchCommand(name: string, description: string): Command {
  return new Command(name)
    .description(description)
    .helpOption('-h, --help', 'show this help')
    .exitOverride()
    .configureOutput({ writeOut: (t) => process.stdout.write(t), writeErr: (t) => process.stderr.write(t), outputError: () => undefined });
}

/** `full`, or `full` with `quick` over it when `argv` has --quick (small problems: later flags still win). */
export function benchDefaults<T extends object>(argv: readonly string[], full: T, quick: Partial<T>): T {
  return argv.includes('--quick') ? { ...full, ...quick } : { ...full };
}

/** Parses `argv` (the arguments after the script) with `cmd`; its option values, less --quick (which chose the defaults). */
export function parseCommand<T>(cmd: Command, argv: readonly string[]): T {
  const { quick: _quick, ...o } = cmd.parse([...argv], { from: 'user' }).opts();
  return o as T;
}

/**
 * The exit status after `e` when it is commander's: 0 after --help, else 1 with its message
 * written to stderr as the tools write theirs (`NAME: error: unknown option '--x'`); undefined
 * for any other error.
 */
export function commandLineExit(name: string, e: unknown): number | undefined {
  if (!(e instanceof CommanderError)) return undefined;
  if (e.exitCode === 0) return 0;
  process.stderr.write(toolErrorText(name, e.message));
  return 1;
}

/** Runs `main(argv)` and exits with its status when `moduleUrl` is the script node was started with. */
export function runIfMain(moduleUrl: string, name: string, main: (argv: string[]) => Promise<number>): void {
  if (!process.argv[1] || fileURLToPath(moduleUrl) !== path.resolve(process.argv[1])) return;
  main(process.argv.slice(2)).then(
    (code) => process.exit(code),
    (e: unknown) => {
      const code = commandLineExit(name, e);
      if (code === undefined) process.stderr.write(`${name}: error: ${e instanceof Error ? (e.stack ?? e.message) : String(e)}\n`);
      process.exit(code ?? 1);
    },
  );
}

// ------------------------------------------------------------------------------------ values

/** A positive integer. */
export function positiveInt(text: string): number {
  if (!/^[0-9]+$/.test(text) || Number(text) < 1) throw new InvalidArgumentError(`expected a positive integer, got '${text}'`);
  return Number(text);
}

/** Pieces of `text` split at `sep`, each trimmed; empty pieces dropped, or kept with `keepEmpty` (in a list of configurations '' is the defaults). */
export const list =
  (sep = ',', keepEmpty = false) =>
  (text: string): string[] => {
    const xs = text.split(sep).map((x) => x.trim());
    return keepEmpty ? xs : xs.filter(Boolean);
  };

/** A comma-separated list of positive integers. */
export const positiveInts = (text: string): number[] => list()(text).map(positiveInt);

/** A comma-separated list of `values`; `noun` names them in the error (`unknown peer 'x'`). */
export const oneOf =
  <T extends string>(values: readonly T[], noun?: string) =>
  (text: string): T[] => {
    const xs = list()(text);
    const bad = xs.find((x) => !values.includes(x as T));
    if (bad !== undefined) throw new InvalidArgumentError(`unknown ${noun ? `${noun} ` : ''}'${bad}' (${values.join(', ')})`);
    return xs as T[];
  };

/** A shape of the form `form` ('RxC', 'BxHxSxTxD'): as many positive integers, separated by x. */
export const shape =
  (form: string) =>
  (text: string): number[] => {
    const d = text.split('x');
    if (d.length !== form.split('x').length) throw new InvalidArgumentError(`expected ${form}, got '${text}'`);
    return d.map(positiveInt);
  };

/** A comma-separated list of shapes of the form `form`. */
export const shapes =
  (form: string) =>
  (text: string): number[][] =>
    list()(text).map(shape(form));

/** A default as its flag spells it: lists joined by `sep`, shapes by x, an empty list as `none`. */
export function defaultText(value: unknown, sep = ','): string {
  const xs = value instanceof Set ? [...value] : value;
  if (!Array.isArray(xs)) return String(value);
  if (xs.length === 0) return 'none';
  return xs.map((x) => (Array.isArray(x) ? x.join('x') : String(x))).join(sep);
}

/** An option with a value read by `parse` (given the value so far), whose default `value` the help shows as the flag spells it (lists joined by `sep`; 'x' for one shape). */
export function valueOption<T>(flags: string, description: string, parse: (text: string, previous: T) => T, value: T, sep = ','): Option {
  return new Option(flags, description).argParser(parse).default(value, defaultText(value, sep));
}

// ------------------------------------------------------------------------------------ timing

/** The timing settings several benchmarks share; `deadlineS` where the benchmark has a deadline. */
export interface TimingSettings {
  rounds: number;
  warmMs: number;
  timeoutS: number;
  deadlineS?: number;
}

/** Adds the timing flags to `cmd` with `defaults`: --rounds, --warm-ms, --timeout-s, and --deadline-s where `defaults` has a deadline. */
export function addTimingOptions(cmd: Command, defaults: TimingSettings): Command {
  cmd
    .addOption(valueOption('--rounds <N>', 'timed rounds per measurement (the median is kept)', positiveInt, defaults.rounds))
    .addOption(valueOption('--warm-ms <MS>', 'before timing each kernel, run it untimed for at least this long', positiveInt, defaults.warmMs))
    .addOption(valueOption('--timeout-s <S>', 'a child process measuring one problem is killed after this long', positiveInt, defaults.timeoutS));
  if (defaults.deadlineS !== undefined) cmd.addOption(valueOption('--deadline-s <S>', 'no step starts after this long', positiveInt, defaults.deadlineS));
  return cmd;
}
