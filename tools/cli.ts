import { supportsColorStderr } from 'chalk';
import { Command, CommanderError } from 'commander';
import { readSync } from 'node:fs';

/**
 * What the command-line tools share: commander's errors in the tools' form, and the wording of
 * file errors. Every message starts with the tool's name, as mlir-opt's do:
 *
 *   tile-opt: error: unknown option '--canonicalise'
 *   tile-opt: did you mean '--canonicalize'?
 */

/** Commander's message (`error: unknown option '--x'\n(Did you mean --y?)`) in the tool's form. */
export function toolErrorText(tool: string, commanderMessage: string): string {
  const lines = commanderMessage
    .trim()
    .split('\n')
    .filter((l) => l !== '');
  return (
    lines
      .map((l) => {
        const suggestion = /^\(Did you mean (?:one of )?(.*)\?\)$/.exec(l.trim());
        if (suggestion)
          return `${tool}: did you mean ${suggestion[1]!
            .split(', ')
            .map((s) => `'${s}'`)
            .join(' or ')}?`;
        return l.startsWith('error: ') ? `${tool}: ${l}` : `${tool}: error: ${l}`;
      })
      .join('\n') + '\n'
  );
}

/**
 * Configure `cmd` to print its errors in the tool's form through `writeErr`. `moreFlags`: flags
 * that are not commander's options but are accepted (tile-opt's pass flags), for suggestions.
 */
export function toolOutput(cmd: Command, writeOut: (text: string) => void, writeErr: (text: string) => void, moreFlags?: () => Iterable<string>): Command {
  const outputError = (text: string, write: (s: string) => void) => {
    const unknown = /^error: unknown option '(--[^'=]+)[^']*'/.exec(text);
    if (unknown && moreFlags) {
      const known = [...cmd.options.map((o) => o.long).filter((l): l is string => Boolean(l)), ...moreFlags()];
      text = `${unknown[0]}\n${suggestFlag(unknown[1]!, known)}`;
    }
    write(toolErrorText(cmd.name(), text));
  };
  return cmd.configureOutput({ writeOut, writeErr, outputError });
}

/**
 * The command of a tool whose main runs in-process (tile-opt, tile-run, tile-tune): `-h, --help`,
 * and commander neither exits nor writes (toolOutput and parseToolArgs do).
 */
export function toolCommand(name: string, description: string): Command {
  return new Command(name)
    .description(description)
    .helpOption('-h, --help', 'show this help')
    .exitOverride()
    .configureOutput({ writeOut: () => undefined, writeErr: () => undefined });
}

/**
 * Parses `argv` (the arguments after the tool's name) with `cmd`, made with exitOverride: undefined
 * when the tool goes on, else its exit status once commander has written the help (0) or an
 * error (1).
 */
export function parseToolArgs(cmd: Command, argv: readonly string[]): number | undefined {
  try {
    cmd.parse(argv as string[], { from: 'user' });
    return undefined;
  } catch (e) {
    if (e instanceof CommanderError) return e.exitCode === 0 ? 0 : 1;
    throw e;
  }
}

/**
 * Commander's own suggestion for `flag` among `candidates` (`--name` each): the text
 * `(Did you mean --x?)`, or '' when none is near. For tools whose flags commander does not all
 * know (tile-opt's pass flags).
 */
export function suggestFlag(flag: string, candidates: Iterable<string>): string {
  const probe = new Command().exitOverride().configureOutput({ writeOut: () => undefined, writeErr: () => undefined, outputError: () => undefined });
  for (const c of new Set(candidates)) probe.option(c);
  try {
    probe.parse([flag], { from: 'user' });
  } catch (e) {
    if (e instanceof CommanderError) return e.message.split('\n').slice(1).join('\n');
  }
  return '';
}

/** The nearest of `names` to `name` by commander's measure (as for flags), or undefined. */
export function nearestName(name: string, names: readonly string[]): string | undefined {
  return /Did you mean --([^?]+)\?/.exec(
    suggestFlag(
      `--${name}`,
      names.map((n) => `--${n}`),
    ),
  )?.[1];
}

/** `No such file or directory` for ENOENT and the like, as C's strerror (and mlir-opt) words them. */
export function errnoText(e: unknown): string {
  const code = (e as NodeJS.ErrnoException)?.code;
  const known: Record<string, string> = {
    ENOENT: 'No such file or directory',
    EISDIR: 'Is a directory',
    ENOTDIR: 'Not a directory',
    EACCES: 'Permission denied',
    EPERM: 'Operation not permitted',
    ENOSPC: 'No space left on device',
    EROFS: 'Read-only file system',
  };
  return (code && known[code]) ?? (e as Error)?.message ?? String(e);
}

/**
 * Whether diagnostics on stderr are coloured: on a terminal (chalk's detection, which also
 * honours FORCE_COLOR, forcing colour even into a pipe, and FORCE_COLOR=0), unless NO_COLOR is
 * set to a non-empty value (no-color.org) without FORCE_COLOR.
 */
export function stderrColor(env: NodeJS.ProcessEnv = process.env, supported: unknown = supportsColorStderr): boolean {
  if (env.NO_COLOR && env.FORCE_COLOR === undefined) return false;
  return Boolean(supported);
}

/**
 * All of standard input, read synchronously. Fd 0 may be non-blocking (an ES module importing
 * `node:process`, as chalk does, sets up process.stdin, which makes a pipe or socket
 * non-blocking): reads that would block (EAGAIN) wait a few milliseconds and try again.
 */
export function readStdinSync(): Uint8Array {
  const chunks: Buffer[] = [];
  const buffer = Buffer.alloc(1 << 20);
  for (;;) {
    let n: number;
    try {
      n = readSync(0, buffer, 0, buffer.length, null);
    } catch (e) {
      const code = (e as NodeJS.ErrnoException).code;
      if (code === 'EAGAIN') {
        Atomics.wait(PAUSE, 0, 0, 5);
        continue;
      }
      if (code === 'EOF') break;
      throw e;
    }
    if (n === 0) break;
    chunks.push(Buffer.from(buffer.subarray(0, n)));
  }
  return Buffer.concat(chunks);
}

const PAUSE = new Int32Array(new SharedArrayBuffer(4));
