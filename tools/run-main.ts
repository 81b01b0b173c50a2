/**
 * tile-run's command line: its options (commander), the run of the entry function and the
 * comparison with another program or backend, and the exit code. The library part it stands on
 * is tools/run-program.ts (programs) and tools/run-backends.ts (where kernels run).
 */
import type { Command } from 'commander';
import type { TypeAttr } from '../core/ir/attributes.js';
import { DiagnosticError } from '../core/ir/diagnostics.js';
import type { Operation } from '../core/ir/operation.js';
import { formatNpy, NpyError, storageToNpy } from '../core/interpret/npy.js';
import { renderDiagnostic } from '../core/syntax/diagnostic-render.js';
import type { SourceFile } from '../core/syntax/source.js';
import { createContext } from '../dialects/registry.js';
import { compareData, entryFunction, fmt, parameters, RunError, summary, type Input, type Output, type Parameter, type Program } from '../api/entry-io.js';
import { parseToolArgs, toolCommand, toolOutput } from './cli.js';
import { processIO, type IO } from './opt-main.js';
import { writeOutputFolder, type OutputFile } from './output-file.js';
import { BackendError, backendNamed, type Backend, type BackendOptions } from './run-backends.js';
import { collectInputs, execute, loadProgram, runPipeline, sourceFileReader } from './run-program.js';

interface RunOptions {
  entry?: string;
  arg: string[];
  seed: string;
  outputDir?: string;
  compare?: string;
  comparePipeline?: string;
  tolerance?: string;
  backend: string;
  provider?: string;
  compareBackend?: string;
}

/** The options that pick the function to run and its arguments, as tile-run and tile-tune take them. */
export function addInputOptions(cmd: Command, entryHelp: string): Command {
  return cmd
    .option('--entry <name>', entryHelp)
    .option(
      '--arg <NAME=VALUE>',
      'bind a parameter: rand:SHAPE, zeros:SHAPE, ones:SHAPE (SHAPE like 64x64xf32), FILE.npy, or a number',
      (v: string, all: string[]) => [...all, v],
      [] as string[],
    )
    .option('--seed <n>', 'seed of the random inputs', '0');
}

export function buildRunCommand(): Command {
  return addInputOptions(
    toolCommand('tile-run', 'Run a function of an IR file in the interpreter (or on another backend) and summarize its outputs').argument('<file>', "input IR file ('-': standard input)"),
    'function to run',
  )
    .option('-o, --output-dir <dir>', 'write the outputs as .npy files into this folder')
    .option('--compare <file>', 'run the same entry of another file on identical inputs and report the differences')
    .option('--compare-pipeline <pipeline>', 'compare with the program transformed by a pass pipeline')
    .option('--tolerance <t>', 'with a comparison: fail (exit 1) unless every element is within t (absolute or relative)')
    .option('--backend <name>', 'where kernels run', 'interpret')
    .option('--provider <name>', "the backend's device provider (webgpu: dawn, wgpu or auto; default: env TILE_WEBGPU_PROVIDER, else auto: Dawn if it finds an adapter, else wgpu)")
    .option('--compare-backend <name>', 'where the comparison runs (alone: the same file; default: the interpreter for a program without device kernels, else --backend)');
}

/** tile-run's main, with IO injected so that tests can run it in-process. Resolves to the exit code. */
export async function runMain(argv: readonly string[], io: IO = processIO): Promise<number> {
  const cmd = toolOutput(buildRunCommand(), io.stdout, io.stderr);
  const exit = parseToolArgs(cmd, argv);
  if (exit !== undefined) return exit;
  const opts = cmd.opts<RunOptions>();
  const sources = new Map<string, SourceFile>();
  try {
    return await runWith(cmd.args[0]!, opts, io, sources);
  } catch (e) {
    if (e instanceof RunError || e instanceof BackendError) {
      io.stderr(`tile-run: error: ${e.message}\n`);
      return 1;
    }
    if (e instanceof DiagnosticError) {
      io.stderr(renderDiagnostic(e.diagnostic, { color: io.color, sources }));
      return 1;
    }
    throw e;
  }
}

async function runWith(file: string, opts: RunOptions, io: IO, sources: Map<string, SourceFile>): Promise<number> {
  if (!opts.entry) throw new RunError('--entry is required');
  if (!/^-?[0-9]+$/.test(opts.seed)) throw new RunError(`--seed must be an integer, got '${opts.seed}'`);
  const tolerance = opts.tolerance === undefined ? undefined : Number(opts.tolerance);
  if (tolerance !== undefined && !(tolerance >= 0)) throw new RunError(`--tolerance must be a non-negative number, got '${opts.tolerance}'`);
  if (opts.compare && opts.comparePipeline) throw new RunError('--compare and --compare-pipeline are exclusive');
  if (tolerance !== undefined && !opts.compare && !opts.comparePipeline && !opts.compareBackend) throw new RunError('--tolerance needs --compare, --compare-pipeline or --compare-backend');
  const backend = backendNamed(opts.backend);
  const explicitCompareBackend = opts.compareBackend === undefined ? undefined : backendNamed(opts.compareBackend);
  const withProviders = [backend, explicitCompareBackend].filter((b): b is Backend => b !== undefined);
  if (opts.provider !== undefined && !withProviders.some((b) => b.providers)) throw new RunError(`--provider: backend '${backend.name}' has no providers`);
  for (const b of withProviders) {
    if (opts.provider !== undefined && b.providers && !b.providers.includes(opts.provider))
      throw new RunError(`--provider: '${opts.provider}' is not one of ${b.providers.join(', ')} (backend '${b.name}')`);
  }
  // Both sides may open the same device: its line is printed once.
  const noted = new Set<string>();
  const note = (line: string) => {
    if (!noted.has(line)) io.stdout(line + '\n');
    noted.add(line);
  };
  const backendOptions = (b: Backend): BackendOptions => ({ provider: b.providers ? opts.provider : undefined, note });

  const program = loadProgram(file, io.readStdin);
  sources.set(program.file, program.source);
  const fn = entryFunction(program, opts.entry);
  const params = parameters(fn, program.source, sourceFileReader());
  const inputs = collectInputs(params, opts.arg, Number(opts.seed));
  // The program to compare with is made before the main run, so that its mistakes come first.
  const other = comparedProgram(file, opts);
  if (other) sources.set(other.file, other.source);
  const otherFn = other && entryFunction(other, opts.entry);
  if (other && otherFn!.getAttr('function_type') !== fn.getAttr('function_type')) {
    throw new RunError(
      `@${opts.entry} has type ${(otherFn!.getAttr('function_type') as TypeAttr).value} in '${other.file}' but ${(fn.getAttr('function_type') as TypeAttr).value} in '${file}'`,
    );
  }
  const compareBackend = explicitCompareBackend ?? (other && !atGpuLevel(other.module) ? backendNamed('interpret') : backend);
  // With a comparison, an error says which of the two runs it came from.
  const run = await inRun(other ? `the run of '${file}' on backend ${backend.name}` : undefined, () => execute(program, fn, params, inputs, backend, backendOptions(backend)));
  for (const o of run.outputs) io.stdout(summary(o) + '\n');
  if (opts.outputDir) writeOutputs(opts.outputDir, run.outputs);
  if (!other) return 0;
  const otherName = opts.compare || opts.comparePipeline ? `'${other.file}' on backend ${compareBackend.name}` : `'${other.file}'`;
  const otherRun = await inRun(`the comparison run of ${otherName}`, () => execute(other, otherFn!, params, inputs, compareBackend, backendOptions(compareBackend)));
  let failed = false;
  for (const o of run.outputs) {
    const p = otherRun.outputs.find((x) => x.name === o.name) ?? (o.name.startsWith('%') ? unchangedOutput(o, params, inputs) : undefined);
    if (!p) throw new RunError(`${o.name} is an output of '${file}' but not of '${other.file}'`);
    const { maxAbs, maxRel, ok } = compareData(o, p, tolerance);
    io.stdout(`compare ${o.name}: max_abs=${fmt(maxAbs)} max_rel=${fmt(maxRel)}\n`);
    if (!ok) {
      io.stderr(`tile-run: error: ${o.name} differs between '${file}' and '${other.file}' beyond tolerance ${opts.tolerance} (max_abs=${fmt(maxAbs)}, max_rel=${fmt(maxRel)})\n`);
      failed = true;
    }
  }
  for (const p of otherRun.outputs) {
    if (!run.outputs.some((o) => o.name === p.name)) io.stdout(`compare ${p.name}: written by '${other.file}' only\n`);
  }
  return failed ? 1 : 0;
}

/** The program of --compare, --compare-pipeline or --compare-backend (the same file), if any. */
function comparedProgram(file: string, opts: RunOptions): Program | undefined {
  if (opts.compare) return loadProgram(opts.compare);
  if (opts.comparePipeline) {
    const transformed = loadProgram(file);
    return { ...transformed, file: `${file} after ${opts.comparePipeline}`, module: runPipeline(transformed.module, opts.comparePipeline, createContext()) };
  }
  if (opts.compareBackend) return { ...loadProgram(file), file: `${file} on backend ${opts.compareBackend}` };
  return undefined;
}

/**
 * Whether a program runs kernels that a device can run: it launches gpu kernels, and they hold
 * no tile-level (tile, async) ops. Anything else is compared in the interpreter by default.
 */
function atGpuLevel(module: Operation): boolean {
  let launches = false;
  let tileLevel = false;
  const isTileLevel = (op: Operation) => op.name.startsWith('tile.') || op.name.startsWith('async.');
  module.walk((op) => {
    if (op.name === 'gpu.launch_func') launches = true;
    if (op.name !== 'gpu.module') return undefined;
    op.walk((inner) => (isTileLevel(inner) ? ((tileLevel = true), 'interrupt') : undefined));
    return 'skip';
  }, 'pre');
  return launches && !tileLevel;
}

/** Runs `body`; its errors name `run` (a DiagnosticError gets a note, a one-line error a prefix). */
async function inRun<T>(run: string | undefined, body: () => Promise<T>): Promise<T> {
  try {
    return await body();
  } catch (e) {
    if (run === undefined) throw e;
    if (e instanceof DiagnosticError) {
      e.diagnostic.attachNote(`in ${run}`);
      throw e;
    }
    if (e instanceof RunError) throw new RunError(`in ${run}: ${e.message}`);
    if (e instanceof BackendError) throw new BackendError(`in ${run}: ${e.message}`);
    throw e;
  }
}

/** A memref argument the other program left unchanged: its input data. */
function unchangedOutput(o: Output, params: readonly Parameter[], inputs: readonly Input[]): Output | undefined {
  const i = params.findIndex((p) => `%${p.name}` === o.name);
  return i < 0 ? undefined : { ...o, data: inputs[i]!.data };
}

/** The outputs as .npy files in `dir`, all or none (the folder's last level is made if missing). */
function writeOutputs(dir: string, outputs: readonly Output[]): void {
  let files: OutputFile[];
  try {
    files = outputs.map((o) => ({ name: `${o.name.replace(/^%/, '').replace('#', '')}.npy`, data: formatNpy(storageToNpy(o.data, o.element, o.shape)) }));
  } catch (e) {
    if (e instanceof NpyError) throw new RunError(e.message);
    throw e;
  }
  const error = writeOutputFolder(dir, files);
  if (error) throw new RunError(error);
}
