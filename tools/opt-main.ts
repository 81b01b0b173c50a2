import { Command, CommanderError, Option } from 'commander';
import { readFileSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { Block } from '../core/ir/block.js';
import type { Context } from '../core/ir/dialect.js';
import { Diagnostic, DiagnosticError } from '../core/ir/diagnostics.js';
import { FileLineColLoc } from '../core/ir/location.js';
import { Operation } from '../core/ir/operation.js';
import { verify } from '../core/ir/verifier.js';
import { renderDiagnostic } from '../core/syntax/diagnostic-render.js';
import { decodeSource, parseSource } from '../core/syntax/parse-source.js';
import { printOperation } from '../core/syntax/printer.js';
import { SourceFile } from '../core/syntax/source.js';
import { ModuleOp } from '../dialects/builtin/index.js';
import { createContext } from '../dialects/registry.js';
import { splitInput } from './split-input.js';
import { checkExpectations } from './verify-diagnostics.js';

export const VERSION = '0.1.0';

export interface IO {
  stdout(text: string): void;
  stderr(text: string): void;
  readStdin(): Uint8Array;
  isTTY: boolean;
}

export const processIO: IO = {
  stdout: (t) => process.stdout.write(t),
  stderr: (t) => process.stderr.write(t),
  readStdin: () => readFileSync(0),
  isTTY: Boolean(process.stderr.isTTY),
};

interface OptOptions {
  output?: string;
  mlirPrintOpGeneric?: boolean;
  mlirPrintDebuginfo?: boolean;
  allowUnregisteredDialect?: boolean;
  splitInputFile?: boolean;
  verifyDiagnostics?: boolean;
  showDialects?: boolean;
}

function wrapInModule(name: string) {
  return (ops: Operation[]): Operation => {
    const module = Operation.create(ModuleOp.state({ regions: [] }));
    const block = module.region(0).appendBlock(new Block());
    for (const op of ops) block.append(op);
    // mlir-opt gives the implicit module the location "FILE":0:0.
    module.loc = FileLineColLoc.get(name, 0, 0);
    return module;
  };
}

/** Process one buffer: parse, verify, print. Returns output text, or undefined after errors. */
function processChunk(source: SourceFile, context: Context, opts: OptOptions, diagnostics: Diagnostic[]): string | undefined {
  try {
    const module = parseSource(source, context, ModuleOp.name, wrapInModule(source.name));
    const err = verify(module);
    if (err) {
      diagnostics.push(err);
      return undefined;
    }
    return printOperation(module, { generic: opts.mlirPrintOpGeneric, debugInfo: opts.mlirPrintDebuginfo }) + '\n';
  } catch (e) {
    if (e instanceof DiagnosticError) {
      diagnostics.push(e.diagnostic);
      return undefined;
    }
    if (e instanceof RangeError && /call stack/.test(e.message)) {
      diagnostics.push(DiagnosticError.at(source.loc(0), 'input is nested too deeply to process').diagnostic);
      return undefined;
    }
    throw e;
  }
}

export function buildOptCommand(): Command {
  return new Command('tile-opt')
    .description('Parse, verify, transform and print tile-opt IR (MLIR textual format)')
    .argument('[file]', "input file, or '-' for standard input", '-')
    .option('-o, --output <file>', "output file ('-' for standard output)", '-')
    .option('--mlir-print-op-generic', 'print operations in the generic form')
    .option('--mlir-print-debuginfo', 'print debug info (locations) in MLIR output')
    .option('--allow-unregistered-dialect', 'allow operations and types of unregistered dialects')
    .option('--split-input-file', "split the input at '// -----' markers and process each chunk independently")
    .option('--verify-diagnostics', "check that emitted diagnostics match '// expected-*' annotations")
    .option('--show-dialects', 'print the registered dialects and exit')
    .addOption(new Option('-v, --version', 'print the version').default(false))
    .helpOption('-h, --help', 'show this help')
    .exitOverride()
    .configureOutput({ writeOut: () => undefined, writeErr: () => undefined });
}

/** tile-opt's main, with IO injected so that tests can run it in-process. Returns the exit code. */
export function optMain(argv: readonly string[], io: IO = processIO): number {
  const cmd = buildOptCommand();
  cmd.configureOutput({ writeOut: io.stdout, writeErr: io.stderr });
  try {
    cmd.parse(argv as string[], { from: 'user' });
  } catch (e) {
    if (e instanceof CommanderError) return e.exitCode === 0 ? 0 : 1;
    throw e;
  }
  const opts = cmd.opts<OptOptions & { version: boolean }>();
  if (opts.version) {
    io.stdout(`tile-opt ${VERSION}\n`);
    return 0;
  }
  const context = createContext();
  context.allowUnregisteredDialects = Boolean(opts.allowUnregisteredDialect);
  if (opts.showDialects) {
    io.stdout('Available Dialects: ' + context.loadedDialects.map((d) => d.name).join(', ') + '\n');
    return 0;
  }
  const file = cmd.args[0] ?? '-';
  let bytes: Uint8Array;
  try {
    bytes = file === '-' ? io.readStdin() : readFileSync(file);
  } catch (e) {
    io.stderr(`tile-opt: error: cannot open input file '${file}': ${(e as NodeJS.ErrnoException).code === 'ENOENT' ? 'No such file or directory' : (e as Error).message}\n`);
    return 1;
  }
  const name = file === '-' ? '<stdin>' : file;
  const color = io.isTTY;
  let whole: SourceFile;
  try {
    whole = decodeSource(bytes, name);
  } catch (e) {
    if (!(e instanceof DiagnosticError)) throw e;
    io.stderr(renderDiagnostic(e.diagnostic, { color }));
    return 1;
  }
  const outputs: string[] = [];
  let failed = false;
  const { chunks, nearMisses } = opts.splitInputFile ? splitInput(whole.text) : { chunks: [{ text: whole.text, firstLine: 0 }], nearMisses: [] };
  const wholeSources = new Map([[name, whole]]);
  for (const at of nearMisses) {
    io.stderr(renderDiagnostic(new Diagnostic('warning', whole.loc(at), 'near miss with file split marker'), { color, sources: wholeSources }));
  }
  for (const chunk of chunks) {
    const source = new SourceFile(name, chunk.text, chunk.firstLine);
    const diagnostics: Diagnostic[] = [];
    const sources = new Map([[name, source]]);
    const split = opts.splitInputFile ? { file: name, firstLine: chunk.firstLine } : undefined;
    const out = processChunk(source, context, opts, diagnostics);
    if (opts.verifyDiagnostics) {
      const { ok, report } = checkExpectations(source, diagnostics, (d) => renderDiagnostic(d, { sources, split }));
      if (!ok) {
        io.stderr(report);
        failed = true;
      }
      outputs.push(out ?? '');
      continue;
    }
    for (const d of diagnostics) io.stderr(renderDiagnostic(d, { color, sources, split }));
    if (out === undefined) failed = true;
    // A failed chunk leaves an empty place between the markers, as in mlir-opt's output.
    outputs.push(out ?? '');
  }
  const text = outputs.join('// -----\n');
  if (opts.verifyDiagnostics) return failed ? 1 : 0;
  if (!opts.output || opts.output === '-') {
    // Like mlir-opt, the chunks that succeeded are still printed.
    io.stdout(text);
    return failed ? 1 : 0;
  }
  if (failed) return 1;
  // Written to a temporary file first so a failure never leaves a half-written output.
  const tmp = path.join(path.dirname(opts.output), `.${path.basename(opts.output)}.${process.pid}.tmp`);
  try {
    writeFileSync(tmp, text);
    renameSync(tmp, opts.output);
  } catch (e) {
    io.stderr(`tile-opt: error: cannot write output file '${opts.output}': ${(e as Error).message}\n`);
    return 1;
  }
  return 0;
}
