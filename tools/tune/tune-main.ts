/**
 * tile-tune: measures a program compiled with every configuration of a search space over a
 * pipeline's parameters (or a budgeted search of it) on the WebGPU device, checks each against
 * the interpreter, and prints the configurations by time with the best as -p text. Results are
 * cached per device, program, entry, argument shapes, pipeline and space.
 */
import { Chalk, supportsColor } from 'chalk';
import type { Command } from 'commander';
import { accessSync, constants, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { DiagnosticError } from '../../core/ir/diagnostics.js';
import { UnknownLoc } from '../../core/ir/location.js';
import { PipelineBuilder } from '../../core/pass/pipeline-builder.js';
import { PluginError } from '../../core/pass/plugin.js';
import { renderDiagnostic } from '../../core/syntax/diagnostic-render.js';
import type { SourceFile } from '../../core/syntax/source.js';
import { openRuntime, RuntimeError, type ProviderName, type WebGpuRuntime } from '../../runtime/webgpu/index.js';
import { errnoText, stderrColor, parseToolArgs, toolCommand, toolOutput } from '../cli.js';
import { addInputOptions } from '../run-main.js';
import { createPassRegistry, loadPlugins } from '../opt-passes.js';
import { loadProgram, RunError, type Input } from '../run-program.js';
import { cacheFile, defaultCacheDir, readCache, sha256, writeCache, type CacheEntry, type CacheKey, type Measured } from './cache.js';
import { measureFresh, referenceOutputs, type MeasureOptions, type Problem } from './measure.js';
import { problemInputs } from './problem.js';
import { barProgress, bestText, lineProgress, playoffLine, resultTable, sortResults, svgChart, type Progress } from './report.js';
import { search, type Strategy } from './search.js';
import { checkSpace, parseSpace, pipelineText, pointOptions, spaceOfParameters, spaceSize, spaceText, splitPipelineRef, TuneError, type Space } from './space.js';

export interface TuneIO {
  stdout(text: string): void;
  stderr(text: string): void;
  /** stdout is a terminal: draw a progress bar (else one line per configuration). */
  readonly tty: boolean;
  readonly color: boolean;
}

export const processTuneIO: TuneIO = {
  stdout: (t) => process.stdout.write(t),
  stderr: (t) => process.stderr.write(t),
  tty: Boolean(process.stdout.isTTY),
  // As tile-opt's diagnostics (tools/cli.ts stderrColor): chalk's detection, off with NO_COLOR.
  color: stderrColor(process.env, supportsColor),
};

interface TuneOptions {
  entry?: string;
  arg: string[];
  seed: string;
  pipeline: string;
  space?: string;
  budget?: string;
  finalists: string;
  searchSeed: string;
  provider?: string;
  plot?: string;
  force?: boolean;
  cacheDir?: string;
  timeoutS: string;
  repeat: string;
  rounds: string;
  warmup: string;
  warmMs: string;
  checkSize: string;
  loadPlugin: string[];
}

export function buildTuneCommand(): Command {
  return addInputOptions(
    toolCommand('tile-tune', 'Find the fastest configuration of a pass pipeline for a program on the WebGPU device').argument('<file>', 'input IR file'),
    'function to run (its kernels are timed)',
  )
    .option('-p, --pipeline <pipeline>', "the named pipeline to tune, '@NAME' or '@NAME{OPTIONS}'", '@tile-wgsl')
    .option('--space <space>', "values to try per parameter: 'tile-sizes=16,16,8|32,32,8 num-warps=1|2' (default: the pipeline's tune: lists)")
    .option('--budget <n>', 'measure at most n configurations, chosen by a local search (default: all)')
    .option('--search-seed <n>', 'seed of the budgeted search', '0')
    .option('--finalists <n>', 'time the n fastest configurations again and take the fastest of those (1: no play-off)', '3')
    .option('--provider <name>', 'WebGPU provider: dawn, wgpu or auto (default: env TILE_WEBGPU_PROVIDER, else auto)')
    .option('--plot <file.svg>', 'write a bar chart of time per configuration')
    .option('--force', 'measure again, ignoring cached results')
    .option('--cache-dir <dir>', 'where results are cached (default: $XDG_CACHE_HOME/tile-opt, else ~/.cache/tile-opt)')
    .option('--timeout-s <s>', 'deadline of each device run (a hanging kernel is stopped then)', '60')
    .option('--repeat <n>', 'dispatches per timed submit', '10')
    .option('--rounds <n>', 'timed submits per kernel (the median is kept)', '5')
    .option('--warmup <n>', 'untimed submits first', '1')
    .option('--warm-ms <ms>', 'before timing each kernel, dispatch it untimed for at least this long, so that the GPU leaves its idle clocks (0: only the --warmup submits)', '500')
    .option('--check-size <n>', 'the correctness check runs on the arguments shrunk to at most n per dimension', '64')
    .option('--load-plugin <path>', 'load a plugin (passes, pipelines) first', (v: string, all: string[]) => [...all, v], [] as string[]);
}

/** tile-tune's main, IO injected for tests. Resolves to the exit code (130 after Ctrl-C). */
export async function tuneMain(argv: readonly string[], io: TuneIO = processTuneIO, signal?: AbortSignal): Promise<number> {
  const cmd = toolOutput(buildTuneCommand(), io.stdout, io.stderr);
  const exit = parseToolArgs(cmd, argv);
  if (exit !== undefined) return exit;
  const sources = new Map<string, SourceFile>();
  try {
    return await tuneWith(cmd.args[0]!, cmd.opts<TuneOptions>(), argv, io, sources, signal);
  } catch (e) {
    if (e instanceof TuneError || e instanceof RunError || e instanceof PluginError) {
      io.stderr(`tile-tune: error: ${e.message.split('\n')[0]}\n`);
      return 1;
    }
    if (e instanceof RuntimeError) {
      const lines = e.message
        .split('\n')
        .map((l) => l.trim())
        .filter(Boolean);
      io.stderr(`tile-tune: error: ${lines.join('; ')}\n`);
      return 1;
    }
    if (e instanceof DiagnosticError) {
      io.stderr(renderDiagnostic(e.diagnostic, { color: false, sources }));
      return 1;
    }
    throw e;
  }
}

function positiveInt(name: string, text: string, min = 1): number {
  if (!/^[0-9]+$/.test(text) || Number(text) < min) throw new TuneError(`${name} must be an integer >= ${min}, got '${text}'`);
  return Number(text);
}

const shapeText = (i: Input): string => [...i.shape, String(i.element)].join('x');

async function tuneWith(file: string, opts: TuneOptions, argv: readonly string[], io: TuneIO, sources: Map<string, SourceFile>, signal?: AbortSignal): Promise<number> {
  if (!opts.entry) throw new TuneError('--entry is required');
  if (!/^-?[0-9]+$/.test(opts.seed)) throw new TuneError(`--seed must be an integer, got '${opts.seed}'`);
  const timeoutS = Number(opts.timeoutS);
  if (!(timeoutS > 0)) throw new TuneError(`--timeout-s must be a positive number, got '${opts.timeoutS}'`);
  const warmMs = positiveInt('--warm-ms', opts.warmMs, 0);
  const measureOptions = {
    timeoutMs: timeoutS * 1000,
    repeat: positiveInt('--repeat', opts.repeat),
    rounds: positiveInt('--rounds', opts.rounds),
    warmup: positiveInt('--warmup', opts.warmup, 0),
    // Submits of at least 10 ms keep a fast kernel's GPU busy between the CPU's submits.
    ...(warmMs > 0 ? { warm: { warmMs, minSubmitMs: 10 } } : {}),
  };
  const checkSize = positiveInt('--check-size', opts.checkSize);
  const budget = opts.budget === undefined ? undefined : positiveInt('--budget', opts.budget);
  const searchSeed = positiveInt('--search-seed', opts.searchSeed, 0);
  const finalists = positiveInt('--finalists', opts.finalists);
  if (opts.provider !== undefined && !['auto', 'dawn', 'wgpu'].includes(opts.provider)) throw new TuneError(`--provider: '${opts.provider}' is not one of auto, dawn, wgpu`);

  // The pipeline and its space.
  const registry = createPassRegistry();
  await loadPlugins(argv, registry);
  const ref = splitPipelineRef(opts.pipeline);
  const builder = new PipelineBuilder(registry);
  let def;
  try {
    def = builder.load(ref.name.slice(1), UnknownLoc.get());
  } catch (e) {
    if (!(e instanceof DiagnosticError)) throw e;
    // A mistake inside a pipeline file is located there; one about the name itself has no place.
    if (e.diagnostic.loc.fileLineCol()) {
      for (const [name, src] of builder.sources) sources.set(name, src);
      throw e;
    }
    throw new TuneError(`-p '${opts.pipeline}': ${e.diagnostic.message}`);
  }
  const parameters = builder.parameters(def);
  const space: Space | undefined = opts.space !== undefined ? parseSpace(opts.space) : spaceOfParameters(parameters);
  if (!space) throw new TuneError(`no search space: give --space, or tune: lists in the parameters of pipeline ${ref.name} (${def.origin})`);
  checkSpace(space, ref.name, parameters);
  for (const d of space.dimensions) {
    if (new RegExp(`(^|\\s)${d.name.replace(/[.]/g, '\\.')}=`).test(ref.options)) throw new TuneError(`-p '${opts.pipeline}' sets '${d.name}', which the space tunes`);
  }
  // The options -p fixes, checked once here: else every configuration fails to compile with the same error.
  try {
    builder.parse(opts.pipeline);
  } catch (e) {
    if (!(e instanceof DiagnosticError)) throw e;
    throw new TuneError(`-p '${opts.pipeline}': ${e.diagnostic.message}`);
  }

  // The problem, its small twin, and the reference outputs.
  const program = loadProgram(file);
  sources.set(program.file, program.source);
  const { params, inputs, smallArgs, smallInputs } = problemInputs(program, opts.entry, opts.arg, checkSize, Number(opts.seed));
  let reference;
  try {
    reference = await referenceOutputs(program, opts.entry, params, smallInputs);
  } catch (e) {
    if (!(e instanceof DiagnosticError) || smallInputs === inputs) throw e;
    const first = renderDiagnostic(e.diagnostic, { sources }).split('\n')[0];
    throw new TuneError(
      `the program fails in the interpreter on the check problem (${smallArgs.join(' ')}: generated arguments shrunk to at most ${checkSize} per dimension; a larger --check-size may fit): ${first}`,
    );
  }
  if (reference.length === 0) throw new TuneError(`@${opts.entry.replace(/^@/, '')} writes no output to check`);
  const problem: Problem = { file, entry: opts.entry, params, inputs, smallInputs, reference };

  // The cache is written after each configuration: a folder it cannot be written to fails now, not after the first measurement.
  const cacheDir = opts.cacheDir ?? defaultCacheDir();
  try {
    mkdirSync(cacheDir, { recursive: true });
    accessSync(cacheDir, constants.W_OK);
  } catch (e) {
    throw new TuneError(`cannot write the cache folder '${cacheDir}': ${errnoText(e)}`);
  }

  // The device is opened once to name it (and to fail early without one); each configuration is
  // then measured on a runtime of its own (measureFresh), with no idle runner left beside it.
  const runtime = await openRuntime({ provider: opts.provider as ProviderName | 'auto' | undefined });
  const device: TuneDevice = { provider: runtime.provider, description: runtime.description, key: deviceKey(runtime) };
  await runtime.close();
  return await tuneOn(device, { file, opts, io, cacheDir, space, budget, searchSeed, finalists, problem, registry, measureOptions }, signal);
}

interface Session {
  readonly file: string;
  readonly opts: TuneOptions;
  readonly cacheDir: string;
  readonly io: TuneIO;
  readonly space: Space;
  readonly budget: number | undefined;
  readonly searchSeed: number;
  readonly finalists: number;
  readonly problem: Problem;
  readonly registry: ReturnType<typeof createPassRegistry>;
  readonly measureOptions: MeasureOptions;
}

/**
 * Times the session's `finalists` fastest results again (cached in the entry) and prints those
 * timings: close configurations' figures differ by less than their noise on a real GPU, so one
 * timing each may rank them wrongly (6% at 2048³ on an H100). Returns the fastest of them, or
 * undefined when there is no play-off (fewer than two passed, --finalists 1, or interrupted).
 */
async function playoff(device: TuneDevice, s: Session, entry: CacheEntry, file: string, interrupted: () => boolean): Promise<Measured | undefined> {
  const contenders = sortResults(entry.results)
    .filter((m) => m.outcome.status === 'ok')
    .slice(0, s.finalists);
  if (contenders.length < 2) return undefined;
  const sameContenders = (p: NonNullable<CacheEntry['playoff']>): boolean =>
    p.n === s.finalists && p.results.map((m) => m.options).join('\n') === contenders.map((m) => m.options).join('\n');
  if (!entry.playoff || !sameContenders(entry.playoff)) {
    s.io.stdout(`tile-tune: timing the ${contenders.length} fastest again (--finalists)\n`);
    const again: Measured[] = [];
    for (const c of contenders) {
      const outcome = await measureFresh(device.provider, s.file, s.problem, c.pipeline, s.registry, s.measureOptions);
      if (interrupted()) return undefined;
      again.push({ ...c, outcome });
    }
    entry.playoff = { n: s.finalists, results: again };
    saveCache(file, entry);
  }
  const timed = entry.playoff.results;
  s.io.stdout(playoffLine(timed));
  const fastest = sortResults(timed)[0];
  return fastest?.outcome.status === 'ok' ? fastest : undefined;
}

/** writeCache, failing as a TuneError (a full disk, a folder made read-only while tuning). */
function saveCache(file: string, entry: CacheEntry): void {
  try {
    writeCache(file, entry);
  } catch (e) {
    throw new TuneError(`cannot write the cache file '${file}': ${errnoText(e)}`);
  }
}

/** The timing settings a cached figure was measured with. */
export function timingKey(m: MeasureOptions): string {
  // runner=fresh: each configuration on a runner of its own (measureFresh); queue=full: the timed
  // rounds queued back to back (runtime/webgpu executor). Figures cached when one runner timed
  // them all, or when each submit was awaited (wrong for short kernels under wgpu), are not reused.
  return `warm=${m.warm?.warmMs ?? 0}ms repeat=${m.repeat} rounds=${m.rounds} warmup=${m.warmup} runner=fresh queue=full`;
}

/** The device tile-tune measures on: its provider, and its description and cache key (read once). */
interface TuneDevice {
  readonly provider: ProviderName;
  readonly description: string;
  readonly key: string;
}

export function deviceKey(runtime: WebGpuRuntime): string {
  const a = runtime.adapter;
  return `${runtime.provider}: vendor=${a.vendor} architecture=${a.architecture} device=${a.device} description=${a.description}`;
}

async function tuneOn(device: TuneDevice, s: Session, signal?: AbortSignal): Promise<number> {
  const { io, opts, space } = s;
  const chalk = new Chalk({ level: io.color ? 1 : 0 });
  const strategy: Strategy = s.budget === undefined ? { kind: 'exhaustive' } : { kind: 'local', budget: s.budget, seed: s.searchSeed };
  const key: CacheKey = {
    device: device.key,
    program: sha256(readFileSync(s.file)),
    entry: opts.entry!.replace(/^@/, ''),
    args: s.problem.params.map((p, i) => `${p.name}=${shapeText(s.problem.inputs[i]!)}`),
    pipeline: opts.pipeline.trim(),
    space: spaceText(space),
    search: strategy.kind === 'exhaustive' ? 'exhaustive' : `local:${strategy.budget}:${strategy.seed}`,
    timing: timingKey(s.measureOptions),
  };
  const file = cacheFile(s.cacheDir, key);
  const cached = opts.force ? undefined : readCache(file, key);
  const entry: CacheEntry = cached ?? { version: 1, key, complete: false, results: [] };
  const size = spaceSize(space);
  const total = strategy.kind === 'exhaustive' ? size : Math.min(strategy.budget, size);
  io.stdout(`tile-tune: ${device.description}\n`);
  const rule = space.rule ? `, of the points where ${space.rule.text}` : '';
  io.stdout(`tile-tune: ${total} configuration(s) of ${opts.pipeline} (${strategy.kind === 'exhaustive' ? 'all' : `local search, budget ${strategy.budget}`})${rule}; cache ${file}\n`);

  let interrupted = signal?.aborted ?? false;
  const onAbort = (): void => {
    interrupted = true;
  };
  signal?.addEventListener('abort', onAbort);
  if (entry.complete) {
    io.stdout(`tile-tune: all ${entry.results.length} configuration(s) cached (--force measures again)\n`);
  } else {
    const byOptions = new Map(entry.results.map((r) => [r.options, r]));
    if (byOptions.size) io.stdout(`tile-tune: ${byOptions.size} configuration(s) cached from an earlier run\n`);
    // Without cli-progress (built JS copied without node_modules) a terminal gets plain lines too.
    const progress: Progress = io.tty ? await barProgress(total, process.stdout, io.color).catch(() => lineProgress(total, io.stdout)) : lineProgress(total, io.stdout);
    let done = 0;
    let best: Measured | undefined;
    const note = (m: Measured): void => {
      done++;
      if (m.outcome.status === 'ok' && (!best || m.outcome.ms < (best.outcome as { ms: number }).ms)) best = m;
      progress.update(done, best, m);
    };
    class Interrupted extends Error {}
    try {
      await search(space, strategy, async (p) => {
        if (interrupted) throw new Interrupted();
        const options = pointOptions(space, p);
        let m = byOptions.get(options);
        if (!m) {
          const outcome = await measureFresh(device.provider, s.file, s.problem, pipelineText(opts.pipeline, space, p), s.registry, s.measureOptions);
          // A measurement cut by Ctrl-C is not a result (the runner died with the signal).
          if (interrupted) throw new Interrupted();
          m = { options, pipeline: pipelineText(opts.pipeline, space, p), outcome };
          entry.results.push(m);
          byOptions.set(options, m);
          saveCache(file, entry);
        }
        note(m);
        return m.outcome.status === 'ok' ? m.outcome.ms : Infinity;
      });
      entry.complete = true;
      saveCache(file, entry);
    } catch (e) {
      if (!(e instanceof Interrupted)) throw e;
    } finally {
      progress.stop();
      signal?.removeEventListener('abort', onAbort);
    }
  }

  const results = entry.results;
  io.stdout('\n' + resultTable(results, chalk));
  const winner = interrupted ? undefined : await playoff(device, s, entry, file, () => interrupted);
  if (opts.plot) {
    try {
      writeFileSync(opts.plot, svgChart(results, `tile-tune ${s.file} @${key.entry} ${key.args.join(' ')} on ${device.description}`));
    } catch (e) {
      throw new TuneError(`cannot write --plot '${opts.plot}': ${errnoText(e)}`);
    }
  }
  const best = winner ?? sortResults(results)[0];
  const methods = [...new Set(results.flatMap((r) => (r.outcome.status === 'ok' ? [r.outcome.method] : [])))];
  if (methods.length) io.stdout(`times: per run of the entry's kernels, median of --rounds by ${methods.join(' and ')}\n`);
  if (interrupted) {
    io.stderr(`tile-tune: interrupted after ${results.length} configuration(s); the cache keeps them (run again to go on)\n`);
    if (best?.outcome.status === 'ok') io.stdout(bestText(best, 'best so far'));
    return 130;
  }
  if (!best || best.outcome.status !== 'ok') {
    io.stderr(`tile-tune: error: no configuration passed the check on ${device.description}\n`);
    return 1;
  }
  io.stdout(bestText(best));
  return 0;
}
