import { UnknownLoc } from '../core/ir/location.js';
import { decodeSource } from '../core/syntax/parse-source.js';
import { parseModuleSource, parseTopLevelOp } from '../dialects/builtin/parse-module.js';
import { type Command, InvalidArgumentError, Option } from 'commander';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { Context } from '../core/ir/dialect.js';
import { Diagnostic, DiagnosticError } from '../core/ir/diagnostics.js';
import type { Operation } from '../core/ir/operation.js';
import { verify } from '../core/ir/verifier.js';
import { renderDiagnostic } from '../core/syntax/diagnostic-render.js';
import { printOperation, type PrintOptions } from '../core/syntax/printer.js';
import { SourceFile } from '../core/syntax/source.js';
import { createContext } from '../dialects/registry.js';
import { listPasses, passesHelp, type ListedPipeline } from '../core/pass/help.js';
import { statisticsReport } from '../core/pass/instrumentation.js';
import { runPassManager } from '../core/pass/pass-manager.js';
import { PipelineBuilder } from '../core/pass/pipeline-builder.js';
import type { OpPassManager } from '../core/pass/pipeline.js';
import { PluginError } from '../core/pass/plugin.js';
import type { PassRegistry, PipelineDefinition } from '../core/pass/registry.js';
import { buildPassManager, createPassRegistry, extractPassFlags, instrumentationFor, loadPlugins, pluginArgs, type Instrumentation, type InstrumentationFlags } from './opt-passes.js';
import type { WgslResult } from './opt-wgsl.js';
import { errnoText, nearestName, readStdinSync, stderrColor, parseToolArgs, toolCommand, toolOutput } from './cli.js';
import { writeOutputFile } from './output-file.js';
import { splitInput } from '../core/syntax/split-input.js';
import { checkExpectations } from './verify-diagnostics.js';
import { doubleDashLongOptions } from './long-options.js';
import { defaultCacheDir, sha256 } from './tune/cache.js';
import { findTuned, pipelineNameOf } from './tune/tuned.js';

export const VERSION = '0.1.0';

export interface IO {
  stdout(text: string): void;
  stderr(text: string): void;
  readStdin(): Uint8Array;
  /** Colour diagnostics (stderrColor(): a terminal, NO_COLOR, FORCE_COLOR). */
  color: boolean;
}

export const processIO: IO = {
  stdout: (t) => process.stdout.write(t),
  stderr: (t) => process.stderr.write(t),
  readStdin: readStdinSync,
  color: stderrColor(),
};

interface OptOptions {
  output?: string;
  mlirPrintOpGeneric?: boolean;
  mlirPrintDebuginfo?: boolean;
  allowUnregisteredDialect?: boolean;
  splitInputFile?: boolean;
  verifyDiagnostics?: boolean;
  showDialects?: boolean;
  passPipeline?: string;
  useTuned?: string | true;
  dumpPassPipeline?: boolean;
  listPasses?: boolean;
  loadPlugin?: string[];
  verifyEach?: boolean;
  mlirPrintOpOnDiagnostic?: boolean;
  printSourceArgNames?: boolean;
  mlirPassStatisticsDisplay: 'pipeline' | 'list';
  emit: 'mlir' | 'wgsl';
  debug?: boolean;
  mlirPrintLocalScope?: boolean;
  mlirElideElementsattrsIfLarger?: number;
  implicitModule: boolean;
  mlirTimingDisplay: 'tree' | 'list';
}

/** What a run needs besides its arguments: the registry, with plugins already loaded. */
export interface OptSetup {
  readonly registry: PassRegistry;
  /** The `--load-plugin` arguments were loaded into `registry` (by optMainAsync). */
  readonly pluginsLoaded: boolean;
}

/** The passes and instrumentation of a run. */
interface Transform {
  readonly pm: OpPassManager | undefined;
  readonly instrumentation: Instrumentation;
  readonly parsePipeline?: (text: string) => OpPassManager;
  readonly errs: (text: string) => void;
}

/** The WGSL emitter, loaded for --emit=wgsl only (it would add a tenth of tile-opt's modules to every start). */
let wgslTarget: typeof import('./opt-wgsl.js') | undefined;

/** Load the WGSL emitter before optMain runs with --emit=wgsl (optMainAsync does this itself). */
export async function loadWgslTarget(): Promise<void> {
  wgslTarget ??= await import('./opt-wgsl.js');
}

/** Process one buffer: parse, verify, run the passes, print. Returns output, or undefined after errors. */
function processChunk(source: SourceFile, context: Context, opts: OptOptions, transform: Transform, report: (d: Diagnostic) => void): string | WgslResult | undefined {
  const timing = transform.instrumentation.timing;
  const phase = <T>(name: string, after: boolean, fn: () => T): T => (timing ? timing.phase(name, after, fn) : fn());
  try {
    const module = phase('Parser', false, () => {
      const m = opts.implicitModule ? parseModuleSource(source, context) : parseTopLevelOp(source, context);
      const err = verify(m, context);
      if (err) report(err);
      return err ? undefined : m;
    });
    if (!module) return undefined;
    if (transform.pm && transform.pm.entries.length > 0) {
      const ok = runPassManager(transform.pm, module, {
        context,
        verifyEach: opts.verifyEach,
        instrumentations: transform.instrumentation.instrumentations,
        statistics: transform.instrumentation.statistics,
        onDiagnostic: report,
        parsePipeline: transform.parsePipeline,
        debug: opts.debug || Boolean(process.env.TILE_DEBUG),
        errs: transform.errs,
      });
      if (!ok) return undefined;
    }
    return phase('Output', true, () => {
      if (opts.emit === 'wgsl') return wgslTarget!.emitWgslChunk(module, report);
      return printOperation(module, printOptions(opts)) + '\n';
    });
  } catch (e) {
    if (e instanceof DiagnosticError) {
      report(e.diagnostic);
      return undefined;
    }
    if (e instanceof RangeError && /call stack/.test(e.message)) {
      report(DiagnosticError.at(source.loc(0), 'input is nested too deeply to process').diagnostic);
      return undefined;
    }
    throw e;
  }
}

/** The printing flags of a run. */
function printOptions(opts: OptOptions): PrintOptions {
  return {
    generic: opts.mlirPrintOpGeneric,
    debugInfo: opts.mlirPrintDebuginfo,
    localScope: opts.mlirPrintLocalScope,
    elideElementsAttrsIfLarger: opts.mlirElideElementsattrsIfLarger,
    sourceArgNames: opts.printSourceArgNames !== false,
  };
}

const count =
  (flag: string) =>
  (value: string): number => {
    if (!/^[0-9]+$/.test(value)) throw new InvalidArgumentError(`${flag} expects a number of elements`);
    return Number(value);
  };

const parseBool =
  (flag: string) =>
  (value: string): boolean => {
    if (value === 'true' || value === '1') return true;
    if (value === 'false' || value === '0') return false;
    throw new InvalidArgumentError(`${flag} expects true or false`);
  };

export function buildOptCommand(): Command {
  return toolCommand('tile-opt', 'Parse, verify, transform and print tile-opt IR (MLIR textual format)')
    .argument('[file]', "input file, or '-' for standard input", '-')
    .option('-o, --output <file>', "output file ('-' for standard output)", '-')
    .option('--mlir-print-op-generic', 'print operations in the generic form')
    .option('--mlir-print-debuginfo', 'print debug info (locations) in MLIR output')
    .option('--mlir-print-local-scope', 'print without alias definitions: attributes and locations in full where used')
    .addOption(
      new Option('--mlir-elide-elementsattrs-if-larger <n>', 'print elements attributes of more than n elements as dense_resource<__elided__>').argParser(
        count('--mlir-elide-elementsattrs-if-larger'),
      ),
    )
    .option('--mlir-disable-threading', 'run single-threaded (accepted for mlir-opt compatibility: tile-opt always is)')
    .option('--no-implicit-module', 'take the single top-level op of the input as the root, instead of wrapping the input in a builtin.module')
    .option('--allow-unregistered-dialect', 'allow operations and types of unregistered dialects')
    .option('--split-input-file', "split the input at '// -----' markers and process each chunk independently")
    .option('--verify-diagnostics', "check that emitted diagnostics match '// expected-*' annotations")
    .option('--show-dialects', 'print the registered dialects and exit')
    .option('-p, --pass-pipeline <pipeline>', "the pass pipeline to run: MLIR's textual syntax, or @name / @file.yaml (see docs/pipelines.md)")
    .option('--use-tuned [dir]', "run -p @PIPELINE with tile-tune's fastest configuration for this input file (the most recent complete search in tile-tune's cache, or in DIR)")
    .option('--dump-pass-pipeline', 'print the pipeline that will be run (to stderr)')
    .option('--list-passes', 'list the passes and pass pipelines with their options, and exit')
    .option('--load-plugin <path>', 'load passes, dialects and pipelines from a plugin (a .js/.mjs file or a package; repeatable)', (v: string, prev: string[] = []) => [...prev, v])
    .addOption(
      new Option('--print-source-arg-names [bool]', "print a function's parameters with their source names (%X; default: true), or positionally (%arg0) as mlir-opt does")
        .argParser(parseBool('--print-source-arg-names'))
        .preset(true),
    )
    .addOption(new Option('--verify-each [bool]', 'verify the IR after each pass (default: true)').argParser(parseBool('--verify-each')).preset(true))
    .addOption(
      new Option('--mlir-print-op-on-diagnostic [bool]', 'when a diagnostic is emitted on an operation, also print the operation as an attached note (default: true)')
        .argParser(parseBool('--mlir-print-op-on-diagnostic'))
        .preset(true),
    )
    .option('--mlir-print-ir-before <passes>', 'print the IR before the passes named (comma-separated)')
    .option('--mlir-print-ir-after <passes>', 'print the IR after the passes named (comma-separated)')
    .option('--mlir-print-ir-before-all', 'print the IR before each pass')
    .option('--mlir-print-ir-after-all', 'print the IR after each pass')
    .option('--mlir-print-ir-after-change', 'when printing the IR after a pass, only print if the IR changed')
    .option('--mlir-print-ir-after-failure', 'when printing the IR after a pass, only print if the pass failed')
    .option('--mlir-print-ir-module-scope', 'when printing the IR before/after a pass, print the whole top-level op, naming the op the pass runs on')
    .option('--mlir-timing', 'display execution times')
    .addOption(new Option('--mlir-timing-display <mode>', 'display method for timing data').choices(['tree', 'list']).default('tree'))
    .option('--mlir-pass-statistics', 'display the statistics of each pass')
    .addOption(new Option('--mlir-pass-statistics-display <mode>', 'display method for pass statistics').choices(['list', 'pipeline']).default('pipeline'))
    .addOption(new Option('--emit <target>', "what to write: the IR ('mlir'), or WGSL shaders and their manifest ('wgsl'; with -o, into a folder)").choices(['mlir', 'wgsl']).default('mlir'))
    .option('--debug', "show the JavaScript stack of a pass's internal error (also TILE_DEBUG=1)")
    .addOption(new Option('-v, --version', 'print the version').default(false));
}

/**
 * tile-opt's main, with IO injected so that tests can run it in-process. Returns the exit code.
 * Synchronous; `--load-plugin` needs optMainAsync (plugins are ES modules, loaded by import()).
 */
export function optMain(argv: readonly string[], io: IO = processIO, setup?: OptSetup): number {
  const cmd = buildOptCommand();
  let registry: PassRegistry;
  try {
    registry = setup?.registry ?? createPassRegistry();
  } catch (e) {
    io.stderr(`tile-opt: error: ${(e as Error).message}\n`);
    return 1;
  }
  cmd.addHelpText('after', () => '\n' + passesHelp(registry.passes, helpPipelines(registry)));
  const toolOptions = new Set(cmd.options.flatMap((o) => [o.long, o.short].filter((f): f is string => Boolean(f))));
  argv = doubleDashLongOptions(argv, (name) => toolOptions.has(`--${name}`) || Boolean(registry.pass(name) || registry.pipeline(name)));
  const { rest, flags } = extractPassFlags(argv, registry, toolOptions);
  // Pass flags are not commander's options: an unknown option's suggestion looks among them too.
  toolOutput(cmd, io.stdout, io.stderr, () => [...registry.passes, ...registry.pipelines].map((p) => `--${p.name}`));
  const exit = parseToolArgs(cmd, rest);
  if (exit !== undefined) return exit;
  const opts = cmd.opts<OptOptions & InstrumentationFlags & { version: boolean }>();
  if (opts.version) {
    io.stdout(`tile-opt ${VERSION}\n`);
    return 0;
  }
  if (opts.loadPlugin?.length && !setup?.pluginsLoaded) {
    io.stderr('tile-opt: error: --load-plugin needs optMainAsync (plugins are loaded with import())\n');
    return 1;
  }
  const color = io.color;
  const builder = new PipelineBuilder(registry, { suggest: nearestName });
  if (opts.listPasses) {
    try {
      io.stdout(listPasses(registry.passes, listedPipelines(registry, builder)));
      return 0;
    } catch (e) {
      if (!(e instanceof DiagnosticError)) throw e;
      io.stderr(renderDiagnostic(e.diagnostic, { color, sources: builder.sources }));
      return 1;
    }
  }
  let context: Context;
  try {
    context = createContext(registry.dialects);
  } catch (e) {
    io.stderr(`tile-opt: error: ${(e as Error).message}\n`);
    return 1;
  }
  context.allowUnregisteredDialects = Boolean(opts.allowUnregisteredDialect);
  if (opts.showDialects) {
    io.stdout('Available Dialects: ' + context.loadedDialects.map((d) => d.name).join(', ') + '\n');
    return 0;
  }
  if (opts.passPipeline !== undefined && flags.length > 0) {
    io.stderr("tile-opt: error: '--pass-pipeline' option can't be used with individual pass options\n");
    return 1;
  }
  // --use-tuned reads the input first (its results belong to the program's text); it is not read again.
  let input: Uint8Array | undefined;
  if (opts.useTuned !== undefined) {
    const tuned = useTuned(cmd.args[0], opts.passPipeline, opts.useTuned, io);
    if (tuned === undefined) return 1;
    ({ pipeline: opts.passPipeline, input } = tuned);
  }
  let pm: OpPassManager;
  try {
    pm = buildPassManager(builder, opts.passPipeline, flags, !opts.implicitModule);
  } catch (e) {
    if (!(e instanceof DiagnosticError)) throw e;
    io.stderr(renderDiagnostic(e.diagnostic, { color, sources: builder.sources }));
    return 1;
  }
  if (opts.dumpPassPipeline) io.stderr(`Pass Manager with ${pm.entries.length} passes:\n${pm}\n\n`);
  const printIR = (op: Operation) => printOperation(op, printOptions(opts));
  const instrumentation = instrumentationFor(opts, registry, printIR, io.stderr);
  if ('error' in instrumentation) {
    io.stderr(`tile-opt: error: ${instrumentation.error}\n`);
    return 1;
  }
  if (opts.emit === 'wgsl' && !wgslTarget) {
    io.stderr('tile-opt: error: --emit=wgsl needs loadWgslTarget() first (optMainAsync calls it)\n');
    return 1;
  }
  if (opts.emit === 'wgsl' && opts.splitInputFile && opts.output && opts.output !== '-') {
    io.stderr('tile-opt: error: --emit=wgsl -o FOLDER cannot be used with --split-input-file\n');
    return 1;
  }
  const started = performance.now();
  const code = runChunks(cmd, opts, context, { pm, instrumentation, parsePipeline: (text) => builder.parse(text), errs: io.stderr }, io, input);
  if (instrumentation.statistics) io.stderr(statisticsReport([pm], instrumentation.statistics, opts.mlirPassStatisticsDisplay));
  if (instrumentation.timing) io.stderr(instrumentation.timing.report([pm], performance.now() - started, opts.mlirTimingDisplay));
  return code;
}

/** tile-opt's main with `--load-plugin` support: loads the plugins, then runs optMain. */
export async function optMainAsync(argv: readonly string[], io: IO = processIO): Promise<number> {
  let registry: PassRegistry;
  const toolOptions = new Set(buildOptCommand().options.map((o) => o.long));
  argv = doubleDashLongOptions(argv, (name) => toolOptions.has(`--${name}`));
  try {
    registry = createPassRegistry();
    reserveToolFlags(registry);
    await loadPlugins(argv, registry);
    if (argv.some((a) => a.startsWith('--emit'))) await loadWgslTarget();
  } catch (e) {
    if (!(e instanceof PluginError) && pluginArgs(argv).length === 0) throw e;
    io.stderr(`tile-opt: error: ${(e as Error).message}\n`);
    return 1;
  }
  return optMain(argv, io, { registry, pluginsLoaded: true });
}

/** Keep plugins from naming a pass after one of tile-opt's flags (`--help`, `--verify-each`). */
function reserveToolFlags(registry: PassRegistry): void {
  for (const o of buildOptCommand().options) if (o.long) registry.reservedNames.add(o.long.slice(2));
  registry.reservedNames.add('help');
}

/** The registered pipelines for --help, each with its parameters (none where they do not resolve: using it reports why). */
function helpPipelines(registry: PassRegistry): ListedPipeline[] {
  const builder = new PipelineBuilder(registry);
  return registry.pipelines.map((def) => {
    try {
      return listed(def, builder);
    } catch (e) {
      if (!(e instanceof DiagnosticError)) throw e;
      return { name: def.name, summary: def.summary, origin: def.origin, parameters: {} };
    }
  });
}

/** A pipeline as the listings show it, with the parameters `builder` resolves. */
function listed(def: PipelineDefinition, builder: PipelineBuilder): ListedPipeline {
  return { name: def.name, summary: def.summary, origin: def.origin, parameters: builder.parameters(def) };
}

/** The registered pipelines, and those of the pipeline folders (loaded to check them), with their parameters. */
function listedPipelines(registry: PassRegistry, builder: PipelineBuilder): ListedPipeline[] {
  const out = new Map(registry.pipelines.map((p) => [p.name, listed(builder.load(p.name, UnknownLoc.get()), builder)]));
  for (const dir of registry.pipelineDirs) {
    const files = existsSync(dir)
      ? readdirSync(dir)
          .filter((f) => f.endsWith('.yaml'))
          .sort()
      : [];
    for (const f of files) {
      const def = builder.load(path.join(dir, f), UnknownLoc.get());
      out.set(def.name, listed(def, builder));
    }
  }
  return [...out.values()].sort((a, b) => (a.name < b.name ? -1 : 1));
}

/**
 * The pipeline text --use-tuned runs: tile-tune's fastest configuration of `pipeline` for `file`,
 * said in a note, or `pipeline` itself (with a note) when tile-tune has measured none; with the
 * file's bytes. Undefined after an error.
 */
function useTuned(file: string | undefined, pipeline: string | undefined, dirOption: string | true, io: IO): { pipeline: string; input: Uint8Array } | undefined {
  const name = pipeline === undefined ? undefined : pipelineNameOf(pipeline);
  if (!name) {
    io.stderr('tile-opt: error: --use-tuned needs -p @PIPELINE (a named pipeline, as tile-tune tunes)\n');
    return undefined;
  }
  if (file === undefined || file === '-') {
    io.stderr("tile-opt: error: --use-tuned needs an input file (tile-tune's results belong to a program's text)\n");
    return undefined;
  }
  let bytes: Uint8Array;
  try {
    bytes = readFileSync(file);
  } catch (e) {
    io.stderr(`tile-opt: error: cannot open input file '${file}': ${errnoText(e)}\n`);
    return undefined;
  }
  const dir = dirOption === true ? defaultCacheDir() : dirOption;
  const choice = findTuned(dir, sha256(bytes), name);
  if (!choice) {
    io.stderr(`tile-opt: note: --use-tuned: tile-tune has no result for ${file} and ${name} in ${dir}; running -p '${pipeline}' as given\n`);
    return { pipeline: pipeline!, input: bytes };
  }
  const { entry, args, device } = choice.key;
  io.stderr(`tile-opt: note: --use-tuned: -p '${choice.pipeline}', tile-tune's fastest for @${entry} (${args.join(' ')}) on ${device}: ${choice.ms.toPrecision(3)} ms\n`);
  return { pipeline: choice.pipeline, input: bytes };
}

function runChunks(cmd: Command, opts: OptOptions, context: Context, transform: Transform, io: IO, input?: Uint8Array): number {
  const file = cmd.args[0] ?? '-';
  let bytes: Uint8Array;
  try {
    bytes = input ?? (file === '-' ? io.readStdin() : readFileSync(file));
  } catch (e) {
    io.stderr(`tile-opt: error: cannot open input file '${file}': ${errnoText(e)}\n`);
    return 1;
  }
  const name = file === '-' ? '<stdin>' : file;
  const color = io.color;
  let whole: SourceFile;
  try {
    whole = decodeSource(bytes, name);
  } catch (e) {
    if (!(e instanceof DiagnosticError)) throw e;
    io.stderr(renderDiagnostic(e.diagnostic, { color }));
    return 1;
  }
  const outputs: (string | WgslResult)[] = [];
  let failed = false;
  const { chunks, nearMisses } = opts.splitInputFile ? splitInput(whole.text) : { chunks: [{ text: whole.text, firstLine: 0 }], nearMisses: [] };
  const wholeSources = new Map([[name, whole]]);
  for (const at of nearMisses) {
    io.stderr(renderDiagnostic(new Diagnostic('warning', whole.loc(at), 'near miss with file split marker'), { color, sources: wholeSources }));
  }
  for (const chunk of chunks) {
    // mlir-opt names each chunk's buffer this way: its locations (in diagnostics and in printed
    // `loc(...)`) read `within split at FILE:LINE offset :L:C`, L counted from the chunk's start.
    const chunkName = opts.splitInputFile ? `within split at ${name}:${chunk.firstLine + 1} offset ` : name;
    const source = new SourceFile(chunkName, chunk.text);
    const diagnostics: Diagnostic[] = [];
    const sources = new Map([[chunkName, source]]);
    // Printed as they come (between IR dumps, as mlir-opt does), or kept for --verify-diagnostics.
    const report = opts.verifyDiagnostics
      ? (d: Diagnostic) => void diagnostics.push(d)
      : (d: Diagnostic) => io.stderr(renderDiagnostic(d, { color, sources, printOp: opts.mlirPrintOpOnDiagnostic !== false, printOpDebugInfo: opts.mlirPrintDebuginfo }));
    const out = processChunk(source, context, opts, transform, report);
    if (opts.verifyDiagnostics) {
      const { ok, report } = checkExpectations(source, diagnostics, (d) => renderDiagnostic(d, { sources }));
      if (!ok) {
        io.stderr(report);
        failed = true;
      }
      outputs.push(out ?? '');
      continue;
    }
    if (out === undefined) failed = true;
    // A failed chunk leaves an empty place between the markers, as in mlir-opt's output.
    outputs.push(out ?? '');
  }
  const text = outputs.map((o) => (typeof o === 'string' ? o : o.text)).join('// -----\n');
  if (opts.verifyDiagnostics) return failed ? 1 : 0;
  if (!opts.output || opts.output === '-') {
    // Like mlir-opt, the chunks that succeeded are still printed.
    io.stdout(text);
    return failed ? 1 : 0;
  }
  if (failed) return 1;
  if (opts.emit === 'wgsl') {
    const error = wgslTarget!.writeWgsl(outputs[0] as WgslResult, opts.output);
    if (error) io.stderr(`tile-opt: error: ${error}\n`);
    return error ? 1 : 0;
  }
  const error = writeOutputFile(opts.output, text);
  if (error) io.stderr(`tile-opt: error: ${error}\n`);
  return error ? 1 : 0;
}
