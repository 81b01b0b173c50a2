/**
 * tile-run's library part: loading a program from a file, running one of its functions on a
 * backend, reading `--arg NAME=FILE.npy` inputs and transforming a program by a pass pipeline.
 * tile-tune, the benchmarks and the tests use it; tools/run-main.ts is the command line over it.
 */
import { readFileSync } from 'node:fs';
import { DiagnosticError } from '../core/ir/diagnostics.js';
import type { Diagnostic } from '../core/ir/diagnostics.js';
import type { Context } from '../core/ir/dialect.js';
import type { Operation } from '../core/ir/operation.js';
import { verify } from '../core/ir/verifier.js';
import { runPassManager } from '../core/pass/pass-manager.js';
import { PipelineBuilder } from '../core/pass/pipeline-builder.js';
import { renderDiagnostic } from '../core/syntax/diagnostic-render.js';
import { decodeSource } from '../core/syntax/parse-source.js';
import type { SourceFile } from '../core/syntax/source.js';
import { parseModuleSource } from '../dialects/builtin/parse-module.js';
import { createContext } from '../dialects/registry.js';
import { collectInputs as collectEntryInputs, RunError, runFunction, type Input, type Parameter, type Program, type RunOutcome } from '../api/entry-io.js';
import { errnoText, readStdinSync } from './cli.js';
import { createPassRegistry } from './opt-passes.js';
import type { Backend, BackendOptions } from './run-backends.js';

// The node-free part of running a function (parameters, --arg specs, outputs, comparison) is api/entry-io.ts.
export { compareData, entryFunction, parameters, RunError, type Input, type Output, type Parameter, type Program, type RunOutcome } from '../api/entry-io.js';

/** The module transformed by a pass pipeline (for --compare-pipeline); errors as RunError. */
export function runPipeline(module: Operation, pipeline: string, context: Context): Operation {
  const builder = new PipelineBuilder(createPassRegistry());
  const diagnostics: Diagnostic[] = [];
  try {
    const pm = builder.parse(pipeline);
    if (runPassManager(pm, module, { context, onDiagnostic: (d) => diagnostics.push(d), parsePipeline: (text) => builder.parse(text) })) return module;
  } catch (e) {
    if (!(e instanceof DiagnosticError)) throw e;
    diagnostics.push(e.diagnostic);
  }
  const first = diagnostics.find((d) => d.severity === 'error') ?? diagnostics[0];
  throw new RunError(`--compare-pipeline '${pipeline}': ${first ? renderDiagnostic(first, { sources: builder.sources }).split('\n')[0] : 'failed'}`);
}

export function loadProgram(file: string, readStdin: () => Uint8Array = readStdinSync): Program {
  let bytes: Uint8Array;
  try {
    bytes = file === '-' ? readStdin() : readFileSync(file);
  } catch (e) {
    throw new RunError(`cannot open input file '${file}': ${errnoText(e)}`);
  }
  const source = decodeSource(bytes, file === '-' ? '<stdin>' : file);
  const context = createContext();
  const module = parseModuleSource(source, context);
  const err = verify(module, context);
  if (err) throw new DiagnosticError(err);
  return { file, source, module };
}

export async function execute(p: Program, fn: Operation, params: readonly Parameter[], inputs: readonly Input[], backend: Backend, options: BackendOptions): Promise<RunOutcome> {
  const kernelLauncher = (await backend.kernelLauncher(options)) ?? undefined;
  try {
    return await runFunction(p.module, fn, params, inputs, kernelLauncher);
  } finally {
    await backend.dispose?.();
  }
}

/** The files that compiled IR's locations name (its parameters' names are read there), each read once; undefined where unreadable. */
export function sourceFileReader(): (file: string) => SourceFile | undefined {
  const read = new Map<string, SourceFile | undefined>();
  return (file) => {
    if (!read.has(file)) {
      try {
        read.set(file, decodeSource(readFileSync(file), file));
      } catch {
        read.set(file, undefined);
      }
    }
    return read.get(file);
  };
}

/** tile-run's inputs: api/entry-io.ts's collectInputs, with `--arg NAME=FILE.npy` read from the file system. */
export function collectInputs(params: readonly Parameter[], specs: readonly string[], seed: number): Input[] {
  return collectEntryInputs(params, specs, seed, readInputFile);
}

function readInputFile(file: string, param: Parameter): Uint8Array {
  try {
    return readFileSync(file);
  } catch (e) {
    throw new RunError(`cannot open '${file}' for --arg ${param.name}: ${errnoText(e)}`);
  }
}
