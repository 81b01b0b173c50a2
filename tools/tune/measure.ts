/**
 * Measures one configuration: compile the program with its pipeline, run the compiled host code
 * in the interpreter with kernels on WebGPU on a small problem and compare every output with the
 * interpreter's run of the original program, then run the full problem once (recording each
 * gpu.launch_func's kernel, grid and arguments) and time each recorded launch by GPU timestamps
 * (warm-up, median of rounds). Each launch also records its kernel's WGSL bytes and the
 * milliseconds its pipeline took to create (shader module to createComputePipelineAsync resolved,
 * on the check's first run). Kernels run in the runtime's runner subprocess, killed at the
 * deadline, so a hanging kernel costs --timeout-s, not the run.
 */
import type { Context } from '../../core/ir/dialect.js';
import { DiagnosticError, type Diagnostic } from '../../core/ir/diagnostics.js';
import { runPassManager } from '../../core/pass/pass-manager.js';
import { PipelineBuilder } from '../../core/pass/pipeline-builder.js';
import type { PassRegistry } from '../../core/pass/registry.js';
import { renderDiagnostic } from '../../core/syntax/diagnostic-render.js';
import { f16, bf16 } from '../../core/ir/types.js';
import { createContext } from '../../dialects/registry.js';
import { benchmarkKernel, benchmarkWarm, openRuntime, RuntimeError, type ProviderName, type WebGpuRuntime } from '../../runtime/webgpu/index.js';
import { WebGpuLauncher } from '../../runtime/webgpu/launcher.js';
import type { Backend } from '../run-backends.js';
import { compareData, entryFunction, execute, loadProgram, type Input, type Output, type Parameter, type Program } from '../run-program.js';
import type { FailureKind, LaunchTiming, Outcome } from './cache.js';

export interface Problem {
  readonly file: string;
  readonly entry: string;
  readonly params: readonly Parameter[];
  /** The problem timed, and the small one checked (the same object when nothing shrank). */
  readonly inputs: readonly Input[];
  readonly smallInputs: readonly Input[];
  /** The original program's outputs on the small problem (interpreter). */
  readonly reference: readonly Output[];
}

export interface MeasureOptions {
  readonly timeoutMs: number;
  /** Dispatches per timed submit, timed submits, untimed submits first. */
  readonly repeat: number;
  readonly rounds: number;
  readonly warmup: number;
  /**
   * Warm each launch up as bench/ does (runtime/webgpu benchmarkWarm): `warmMs` of untimed
   * dispatches first, submits of at least `minSubmitMs`; `repeat` and `warmup` are then minimums.
   */
  readonly warm?: { readonly warmMs: number; readonly minSubmitMs: number };
}

const interpreterBackend: Backend = { name: 'interpret', description: '', kernelLauncher: () => undefined };

const launcherBackend = (launcher: WebGpuLauncher): Backend => ({ name: 'webgpu', description: '', kernelLauncher: () => launcher.launch });

/** Runs the original program on the small problem in the interpreter. */
export async function referenceOutputs(program: Program, entry: string, params: readonly Parameter[], small: readonly Input[]): Promise<Output[]> {
  const fn = entryFunction(program, entry);
  return (await execute(program, fn, params, small, interpreterBackend, { note: () => undefined })).outputs;
}

/** The first error of a failed pipeline run, one line. */
function compile(program: Program, pipeline: string, registry: PassRegistry, context: Context): { module: Program['module'] } | { error: string } {
  const builder = new PipelineBuilder(registry);
  const diagnostics: Diagnostic[] = [];
  try {
    const pm = builder.parse(pipeline);
    if (runPassManager(pm, program.module, { context, onDiagnostic: (d) => diagnostics.push(d), parsePipeline: (text) => builder.parse(text) })) return { module: program.module };
  } catch (e) {
    if (!(e instanceof DiagnosticError)) throw e;
    diagnostics.push(e.diagnostic);
  }
  const first = diagnostics.find((d) => d.severity === 'error') ?? diagnostics[0];
  const sources = new Map([...builder.sources, [program.file, program.source]]);
  return { error: first ? renderDiagnostic(first, { sources }).split('\n')[0]! : 'the pipeline failed' };
}

/** Sorts a failure on the device by the RuntimeError behind it. */
export function classifyDeviceFailure(e: unknown): { failure: FailureKind; reason: string } {
  const cause = e instanceof DiagnosticError ? (e as Error).cause : e;
  const reason = e instanceof DiagnosticError ? renderDiagnostic(e.diagnostic, {}).split('\n')[0]! : e instanceof Error ? e.message.split('\n')[0]! : String(e);
  if (cause instanceof RuntimeError) {
    const kind = cause.kind;
    if (kind === 'compile') return { failure: 'shader', reason };
    if (kind === 'timeout') return { failure: 'timeout', reason };
    if (kind === 'unsupported' || (kind === 'validation' && /limit|exceed|too large|maximum/i.test(cause.message))) return { failure: 'limits', reason };
  }
  return { failure: 'device', reason };
}

const failed = (failure: FailureKind, reason: string): Outcome => ({ status: 'failed', failure, reason });
const deviceFailed = (e: unknown): Outcome => ({ status: 'failed', ...classifyDeviceFailure(e) });

/** Tolerance of the check: relative or absolute, by the lowest precision among the outputs. */
function toleranceOf(outputs: readonly Output[]): number {
  return outputs.some((o) => o.element === f16 || o.element === bf16) ? 2e-2 : 1e-3;
}

export async function measure(file: string, problem: Problem, pipeline: string, registry: PassRegistry, runtime: WebGpuRuntime, options: MeasureOptions): Promise<Outcome> {
  const context = createContext();
  const program = loadProgram(file);
  const compiled = compile(program, pipeline, registry, context);
  if ('error' in compiled) return failed('compile', compiled.error);
  const fn = entryFunction(program, problem.entry);

  // Check on the small problem.
  const checker = new WebGpuLauncher(runtime, { timeoutMs: options.timeoutMs });
  let outputs: Output[];
  try {
    outputs = (await execute(program, fn, problem.params, problem.smallInputs, launcherBackend(checker), { note: () => undefined })).outputs;
  } catch (e) {
    return deviceFailed(e);
  }
  if (checker.launches.length === 0) return failed('compile', 'the compiled program launches no kernel (nothing runs on the device)');
  const tol = toleranceOf(problem.reference);
  let maxError = 0;
  for (const ref of problem.reference) {
    const got = outputs.find((o) => o.name === ref.name);
    if (!got) return failed('wrong', `${ref.name} is not written on the device`);
    const { maxAbs, maxRel, ok } = compareData(got, ref, tol);
    maxError = Math.max(maxError, Math.min(maxAbs, maxRel));
    if (!ok) return failed('wrong', `${ref.name} differs from the interpreter on the check problem: max_abs=${maxAbs.toPrecision(3)} max_rel=${maxRel.toPrecision(3)} (tolerance ${tol})`);
  }

  // Time the full problem: record its launches, then benchmark each.
  let launches = checker.launches;
  if (problem.smallInputs !== problem.inputs) {
    const recorder = new WebGpuLauncher(runtime, { timeoutMs: options.timeoutMs });
    try {
      await execute(program, fn, problem.params, problem.inputs, launcherBackend(recorder), { note: () => undefined });
    } catch (e) {
      return deviceFailed(e);
    }
    launches = recorder.launches;
  }
  const timed: LaunchTiming[] = [];
  let method = '';
  for (const l of launches) {
    try {
      const request = { manifest: l.kernel.manifest, wgsl: l.kernel.wgsl, args: l.args, grid: l.grid, timeoutMs: options.timeoutMs };
      const timing = { repeat: options.repeat, rounds: options.rounds, warmup: options.warmup };
      const b = options.warm ? await benchmarkWarm(runtime, request, { ...timing, ...options.warm }) : await benchmarkKernel(runtime, request, timing);
      timed.push({
        kernel: l.kernel.manifest.symbol,
        grid: l.grid,
        ms: b.medianMs,
        wallMs: b.wallMedianMs,
        repeat: b.repeat,
        wgslBytes: Buffer.byteLength(l.kernel.wgsl, 'utf8'),
        // The pipeline was created by the check's run on this runtime (cold in its runner process); timing reuses it.
        pipelineMs: b.result.pipelineMs,
      });
      method = b.method;
    } catch (e) {
      return deviceFailed(e);
    }
  }
  const sum = (xs: readonly number[]): number => xs.reduce((a, b) => a + b, 0);
  return { status: 'ok', ms: sum(timed.map((t) => t.ms)), method, maxError, wallMs: sum(timed.map((t) => t.wallMs)), launches: timed };
}

/**
 * `measure` on a runtime of its own, opened for this configuration and closed after (a new runner
 * process and device: a Node child for Dawn, a Deno child for wgpu), so that its pipelines are
 * created cold, in a process that has created no other. On an H100 a kernel timed in a runtime that had measured twenty other
 * configurations came up to 6% slower than in a fresh one, enough to rank close configurations
 * wrongly.
 */
export async function measureFresh(provider: ProviderName, file: string, problem: Problem, pipeline: string, registry: PassRegistry, options: MeasureOptions): Promise<Outcome> {
  let runtime: WebGpuRuntime;
  try {
    runtime = await openRuntime({ provider });
  } catch (e) {
    return deviceFailed(e);
  }
  try {
    return await measure(file, problem, pipeline, registry, runtime, options);
  } finally {
    await runtime.close();
  }
}
