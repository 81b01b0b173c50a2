// The FileCheck command line, run in-process: files and stdin are reached
// only through the given callbacks.

import { parseCommandLine, usage } from './cli-args.js';
import { runFileCheck, type FileCheckResult } from './run.js';
import { AbortError } from './source.js';

export interface CommandLineIO {
  /** Reads a file; throws an error with a Node-style `code` (e.g. ENOENT) on failure. */
  readFile(path: string): Uint8Array | string;
  readStdin(): Uint8Array | string;
  /** The FILECHECK_OPTS environment variable, parsed before the arguments. */
  fileCheckOpts?: string;
  /** Name used in usage and option errors; defaults to "filecheck". */
  programName?: string;
}

export const VERSION = 'tile-opt filecheck 0.1.0 (LLVM FileCheck compatible)';

export function runFileCheckCommandLine(args: readonly string[], io: CommandLineIO): FileCheckResult {
  const programName = io.programName ?? 'filecheck';
  const cl = parseCommandLine([...splitOptions(io.fileCheckOpts ?? ''), ...args], programName);
  if (cl.errors.length > 0) return { exitCode: 1, stdout: '', stderr: cl.errors.map((e) => `${e}\n`).join('') };
  if (cl.help) return { exitCode: 0, stdout: usage(programName), stderr: '' };
  if (cl.version) return { exitCode: 0, stdout: `${VERSION}\n`, stderr: '' };
  if (cl.options.dumpInput === 'help') return runFileCheck({ checkFileName: '', checkFile: '', input: '', options: cl.options });
  if (cl.checkFile === undefined) return { exitCode: 2, stdout: '', stderr: '<check-file> not specified\n' };

  const read = (path: string): Uint8Array | string => (path === '-' ? io.readStdin() : io.readFile(path));
  let checkFile;
  try {
    checkFile = read(cl.checkFile);
  } catch (e) {
    return { exitCode: 2, stdout: '', stderr: `Could not open check file '${cl.checkFile}': ${errorText(e)}\n` };
  }
  const inputName = cl.inputFile === '-' ? '<stdin>' : cl.inputFile;
  return runFileCheck({
    checkFileName: cl.checkFile,
    checkFile,
    inputName,
    input: () => {
      try {
        return read(cl.inputFile);
      } catch (e) {
        throw new AbortError(`Could not open input file '${inputName}': ${errorText(e)}\n`, 2);
      }
    },
    options: cl.options,
    commandLine: [programName, ...args],
  });
}

const ERRNO_TEXT: Record<string, string> = {
  ENOENT: 'No such file or directory',
  EISDIR: 'Is a directory',
  EACCES: 'Permission denied',
  ENOTDIR: 'Not a directory',
};

function errorText(e: unknown): string {
  const code = (e as { code?: string }).code;
  return (code && ERRNO_TEXT[code]) ?? (e instanceof Error ? e.message : String(e));
}

/** Splits FILECHECK_OPTS like a shell would for simple quoting. */
function splitOptions(text: string): string[] {
  const words: string[] = [];
  for (const m of text.matchAll(/"((?:[^"\\]|\\.)*)"|'([^']*)'|(\S+)/g)) words.push(m[1] ?? m[2] ?? m[3]!);
  return words;
}
