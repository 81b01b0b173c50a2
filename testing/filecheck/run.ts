// One FileCheck run, in-process: check file + input + options in, exit code
// and output out. Touches no process state.

import { canonicalize } from './canonicalize.js';
import { readCheckFile } from './check-file.js';
import { Checker } from './checker.js';
import { PatternContext } from './context.js';
import { DUMP_INPUT_HELP } from './dump-help.js';
import { renderInputDump } from './dump.js';
import { DEFAULT_CHECK_PREFIXES, DEFAULT_COMMENT_PREFIXES, toRequest, type FileCheckOptions } from './options.js';
import { Reporter, type InputDiag } from './report.js';
import { AbortError, fromByteString, SourceBuffer, toByteString } from './source.js';

export type FileContent = string | Uint8Array;

export interface FileCheckRun {
  /** The check file's name, as shown in diagnostics. */
  checkFileName: string;
  checkFile: FileContent;
  /** The input's name in diagnostics; defaults to "<stdin>". */
  inputName?: string;
  /**
   * The input, or a function returning it. A function is only called once the
   * check file has been read without errors, and may throw AbortError.
   */
  input: FileContent | (() => FileContent);
  options?: FileCheckOptions;
  /** Shown when the input is empty, as LLVM shows its argv. */
  commandLine?: readonly string[];
}

export interface FileCheckResult {
  /** 0: all checks passed; 1: some check failed; 2: usage or check file error. */
  exitCode: number;
  stdout: string;
  stderr: string;
}

export function runFileCheck(run: FileCheckRun): FileCheckResult {
  const options = run.options ?? {};
  if (options.dumpInput === 'help') return { exitCode: 0, stdout: DUMP_INPUT_HELP, stderr: '' };

  let stderr = '';
  const write = (text: string): void => {
    stderr += text;
  };
  try {
    const exitCode = check(run, options, write);
    return { exitCode, stdout: '', stderr: fromByteString(stderr) };
  } catch (e) {
    if (!(e instanceof AbortError)) throw e;
    return { exitCode: e.exitCode, stdout: '', stderr: fromByteString(stderr + e.output) };
  }
}

function check(run: FileCheckRun, options: FileCheckOptions, write: (text: string) => void): number {
  validateDefines(options.defines ?? []);
  validatePrefixes(options);
  const req = toRequest(options);

  const checkFileName = toByteString(run.checkFileName);
  const checkBuffer = new SourceBuffer(checkFileName, canonicalize(toByteString(run.checkFile), req.strictWhitespace));
  const context = new PatternContext();
  const { checks, implicitBuffers } = readCheckFile(checkBuffer, req, context, write);

  const inputName = toByteString(run.inputName ?? '<stdin>');
  const rawInput = toByteString(typeof run.input === 'function' ? run.input() : run.input);
  if (rawInput.length === 0 && !req.allowEmpty) {
    const commandLine = (run.commandLine ?? []).map((arg) => ` ${toByteString(arg)}`).join('');
    throw new AbortError(`FileCheck error: '${inputName}' is empty.\nFileCheck command line: ${commandLine}\n`, 2);
  }
  const input = new SourceBuffer(inputName, canonicalize(rawInput, req.strictWhitespace));

  const dumpMode = options.dumpInput ?? 'fail';
  const diags: InputDiag[] | undefined = dumpMode === 'never' ? undefined : [];
  const reporter = new Reporter(req, input, write, diags);
  const passed = new Checker(checks, req, input, context, reporter).run();

  if (diags && (dumpMode === 'always' || !passed)) {
    write(`\nInput file: ${inputName}\nCheck file: ${checkFileName}\n\n-dump-input=help explains the following input dump.\n\n`);
    const filter = options.dumpInputFilter ?? (dumpMode === 'always' ? 'all' : 'error');
    write(renderInputDump({ input, checkFile: checkBuffer, implicitBuffers }, diags, filter, options.dumpInputContext ?? 5));
  }
  return passed ? 0 : 1;
}

function validateDefines(defines: readonly string[]): void {
  let errors = '';
  for (const def of defines) {
    const eq = def.indexOf('=');
    if (eq === -1) errors += `Missing equal sign in command-line definition '-D${def}'\n`;
    else if (eq === 0) errors += `Missing variable name in command-line definition '-D${def}'\n`;
  }
  if (errors) throw new AbortError(toByteString(errors), 2);
}

function validatePrefixes(options: FileCheckOptions): void {
  const seen = new Set<string>();
  const checkPrefixes = options.checkPrefixes ?? [];
  const commentPrefixes = options.commentPrefixes ?? [];
  // Defaults count for uniqueness but are not validated themselves.
  if (checkPrefixes.length === 0) DEFAULT_CHECK_PREFIXES.forEach((p) => seen.add(p));
  if (commentPrefixes.length === 0) DEFAULT_COMMENT_PREFIXES.forEach((p) => seen.add(p));
  const validate = (kind: string, prefixes: readonly string[]): void => {
    for (const prefix of prefixes) {
      let error: string | undefined;
      if (prefix === '') error = `supplied ${kind} prefix must not be the empty string`;
      else if (!/^[a-zA-Z0-9_-]*$/.test(prefix))
        error = `supplied ${kind} prefix must start with a letter and contain only alphanumeric characters, ` + `hyphens, and underscores: '${prefix}'`;
      else if (seen.has(prefix)) error = `supplied ${kind} prefix must be unique among check and comment prefixes: '${prefix}'`;
      if (error) throw new AbortError(toByteString(`error: ${error}\n`), 2);
      seen.add(prefix);
    }
  };
  validate('check', checkPrefixes);
  validate('comment', commentPrefixes);
}
