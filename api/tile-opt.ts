/**
 * The JavaScript API (docs/api.md): compile a program's text through a pipeline, with the IR after
 * each pass, per-pass times, the software-pipeline schedule picture and the WGSL of each kernel;
 * run an entry in the interpreter or on a GPUDevice. A `TileOpt` holds its passes and pipelines
 * (no global state); every failure is a TileError with its diagnostics. Node-free: it runs in
 * browsers and workers as in Node.
 */
/// <reference types="@webgpu/types" preserve="true" />
import { StringAttr, type TypeAttr } from '../core/ir/attributes.js';
import type { PassSnapshot, ScheduleDrawing } from './snapshots.js';
import type { Context } from '../core/ir/dialect.js';
import { Diagnostic, DiagnosticError } from '../core/ir/diagnostics.js';
import { UnknownLoc } from '../core/ir/location.js';
import type { Operation } from '../core/ir/operation.js';
import { verify } from '../core/ir/verifier.js';
import { defaultOf, printOptionValue, type OptionSpec } from '../core/pass/options.js';
import type { PassInstrumentation } from '../core/pass/pass-manager.js';
import { runPassManager } from '../core/pass/pass-manager.js';
import { PipelineBuilder } from '../core/pass/pipeline-builder.js';
import type { OpPassManager, PassEntry } from '../core/pass/pipeline.js';
import { PassRegistry, type PipelineDefinition } from '../core/pass/registry.js';
import { parsePipelineYaml } from '../core/pass/yaml-pipeline.js';
import { printOperation } from '../core/syntax/printer.js';
import { SourceFile } from '../core/syntax/source.js';
import { parseModuleSource } from '../dialects/builtin/parse-module.js';
import { createContext } from '../dialects/registry.js';
import { builtinPasses } from '../passes/registry.js';
import { schedulePictures } from '../passes/tile/view-schedule/view-schedule-pass.js';
import { renderScheduleSvg } from '../passes/tile/view-schedule/schedule-svg.js';
import { renderScheduleText } from '../passes/tile/view-schedule/schedule-text.js';
import { emitWgsl } from '../targets/wgsl/index.js';
import type { KernelManifest, WgslManifest } from '../targets/wgsl/manifest.js';
import { argumentError, checkOptions, describeValue } from './arguments.js';
import { BUNDLED_PIPELINES } from './bundled-pipelines.js';
import { diagnosticInfo, TileError, type DiagnosticInfo } from './diagnostics.js';
import { runEntry, type RunEntryOptions, type RunResult } from './run.js';

// ------------------------------------------------------------------------------------ types

export interface TileOptOptions {
  /**
   * Extra named pipelines, as YAML text (the format of pass-pipelines/*.yaml, docs/pipelines.md),
   * by a name for diagnostics (e.g. `my-pipelines/fast.yaml`). The bundled ones (@tile-wgsl,
   * @tile-pipelined, @tile-tiled, @tile-kernels, @optimize, @cleanup) are always there.
   */
  readonly pipelines?: Readonly<Record<string, string>>;
}

export interface CompileOptions {
  /**
   * The pipeline: a named one with options (`@tile-wgsl{num-stages=3}`) or MLIR pipeline text
   * (`canonicalize,cse`, `builtin.module(func.func(cse))`). Absent or empty: parse and verify only.
   */
  readonly pipeline?: string;
  /** The program's file name in diagnostics and locations. Default `input.mlir`. */
  readonly fileName?: string;
  /** Print the whole IR after every pass into `passes[i].ir`. Default true. */
  readonly irAfterEachPass?: boolean;
  /**
   * WGSL of the result's kernels: `'auto'` (default) emits them when the result has gpu.module
   * kernels (a failure is then `wgslError`, not an exception), `true` requires it (TileError),
   * `false` skips it.
   */
  readonly wgsl?: boolean | 'auto';
  /** Verify the IR after each pass (default true). */
  readonly verifyEach?: boolean;
  /** Accept ops of unregistered dialects (tile-opt's --allow-unregistered-dialect). */
  readonly allowUnregisteredDialect?: boolean;
  /** Called before each pass runs (for a progress line). */
  readonly onProgress?: (progress: CompileProgress) => void;
}

export interface CompileProgress {
  /** The pass about to run, e.g. `tile-pipeline`. */
  readonly pass: string;
  /** 0-based index of that pass among the passes the pipeline runs at the top level and nested. */
  readonly index: number;
  /** Passes in the pipeline (nested ones counted once). */
  readonly total: number;
  /** Milliseconds since the compilation started. */
  readonly elapsedMs: number;
}

/** One WGSL kernel and its launch manifest (docs/wgsl-target.md). */
export interface Kernel {
  /** `@module::@function`. */
  readonly symbol: string;
  readonly entryPoint: string;
  readonly wgsl: string;
  readonly manifest: KernelManifest;
}

export interface CompileTimings {
  readonly parseMs: number;
  readonly passesMs: number;
  /** Printing the IR after each pass. */
  readonly printMs: number;
  readonly wgslMs: number;
  readonly totalMs: number;
}

/** A named pipeline's description, for pickers and help. */
export interface PipelineInfo {
  readonly name: string;
  readonly summary: string;
  readonly options: readonly OptionInfo[];
}

/** A pass's description. */
export interface PassInfo {
  readonly name: string;
  readonly summary: string;
  readonly options: readonly OptionInfo[];
}

export interface OptionInfo {
  readonly name: string;
  readonly type: OptionSpec['type'];
  /** The default as pipeline text writes it (`3`, `true`, `64,64,8`, `all`). */
  readonly default: string;
  readonly help: string;
  /** An enum's values. */
  readonly values?: readonly string[];
}

// ------------------------------------------------------------------------------------ TileOpt

/**
 * A compiler instance: the built-in passes and dialects, the bundled pipelines and those given.
 * Instances share nothing; each compile builds its own context and pass manager.
 */
export class TileOpt {
  readonly #registry: PassRegistry;

  constructor(options?: TileOptOptions) {
    const { pipelines } = checkOptions('new TileOpt', options, { pipelines: ['object'] });
    for (const [file, text] of Object.entries(pipelines ?? {})) {
      if (typeof text !== 'string') throw argumentError(`new TileOpt: pipeline '${file}' must be YAML text (a string), got ${describeValue(text)}`);
    }
    const registry = new PassRegistry(builtinPasses);
    // By name: a pipeline given by the caller replaces a bundled one of the same name.
    const byName = new Map<string, PipelineDefinition>();
    for (const [file, text] of Object.entries({ ...BUNDLED_PIPELINES, ...pipelines })) {
      const source = new SourceFile(file, text);
      try {
        const def = parsePipelineYaml(source);
        byName.set(def.name, { ...def, origin: file, source });
      } catch (e) {
        if (e instanceof DiagnosticError) throw new TileError('pipeline', [diagnosticInfo(e.diagnostic, new Map([[file, source]]))]);
        throw e;
      }
    }
    for (const def of byName.values()) registry.registerPipeline(def);
    this.#registry = registry;
  }

  /** The named pipelines with their options and defaults, by name. */
  pipelines(): PipelineInfo[] {
    const builder = new PipelineBuilder(this.#registry, { cwd: '/' });
    try {
      return this.#registry.pipelines.map((p) => ({ name: p.name, summary: p.summary, options: optionInfos(builder.parameters(p)) }));
    } catch (e) {
      if (!(e instanceof DiagnosticError)) throw e;
      throw new TileError('pipeline', [diagnosticInfo(e.diagnostic, builder.sources)]);
    }
  }

  /** The passes with their options and defaults, by name. */
  passes(): PassInfo[] {
    return this.#registry.passes.map((p) => ({ name: p.name, summary: p.spec.summary, options: optionInfos(p.spec.options ?? {}) }));
  }

  /**
   * Parse and verify `source`, run the pipeline, emit WGSL. Rejects with a TileError: stage
   * `parse` (syntax, verifier), `pipeline` (unknown pass or option, bad value), `pass` (a pass
   * failed; `error.partial` has the passes that ran), `wgsl` (with `wgsl: true`).
   */
  async compile(source: string, options?: CompileOptions): Promise<Compilation> {
    return this.compileSync(source, options);
  }

  /** compile, synchronously (passes run synchronously; a worker may prefer it). */
  compileSync(text: string, compileOptions?: CompileOptions): Compilation {
    const t0 = now();
    if (typeof text !== 'string') throw argumentError(`compile: the source must be a string, got ${describeValue(text)}`);
    const options = checkOptions('compile', compileOptions, {
      pipeline: ['string'],
      fileName: ['string'],
      irAfterEachPass: ['boolean'],
      wgsl: ['boolean', 'auto'],
      verifyEach: ['boolean'],
      allowUnregisteredDialect: ['boolean'],
      onProgress: ['function'],
    });
    const fileName = options.fileName ?? 'input.mlir';
    const source = new SourceFile(fileName, text);
    const sources = new Map<string, SourceFile>([[fileName, source]]);
    const context = createContext(this.#registry.dialects);
    context.allowUnregisteredDialects = Boolean(options.allowUnregisteredDialect);

    // Pipeline first: a mistake in it is reported even when the program has one too.
    const builder = new PipelineBuilder(this.#registry, { cwd: '/' });
    const pipelineText = options.pipeline?.trim() ?? '';
    let pm: OpPassManager | undefined;
    if (pipelineText !== '') {
      try {
        pm = builder.parse(pipelineText);
      } catch (e) {
        if (!(e instanceof DiagnosticError)) throw e;
        throw new TileError('pipeline', [diagnosticInfo(e.diagnostic, builder.sources)]);
      }
    }
    const allSources = new Map([...builder.sources, ...sources]);

    let module: Operation;
    try {
      module = parseModuleSource(source, context);
      const invalid = verify(module, context);
      if (invalid) throw new DiagnosticError(invalid);
    } catch (e) {
      throw new TileError('parse', [located(e, source)]);
    }
    const t1 = now();

    const passes: PassSnapshot[] = [];
    const schedules: ScheduleDrawing[] = [];
    const diagnostics: DiagnosticInfo[] = [];
    const failures: Diagnostic[] = [];
    let log = '';
    let printMs = 0;
    const inputIr = printOperation(module);
    if (pm && pm.entries.length > 0) {
      const total = countPasses(pm);
      let index = 0;
      let started = 0;
      const wantIr = options.irAfterEachPass !== false;
      const instrumentation: PassInstrumentation = {
        runBeforePass: (entry, op) => {
          options.onProgress?.({ pass: entry.pass.name, index: index++, total, elapsedMs: now() - t0 });
          if (entry.pass.name === 'tile-pipeline') {
            const drawing = drawSchedule(op, entry, passes.length);
            if (drawing) schedules.push(drawing);
          }
          started = now();
        },
        runAfterPass: (entry, op) => {
          const ms = now() - started;
          const p0 = now();
          const ir = wantIr ? printOperation(topLevel(op)) : undefined;
          printMs += now() - p0;
          passes.push({ pass: entry.pass.name, displayName: entry.pass.spec.displayName ?? entry.pass.name, op: opLabel(op), options: entry.options, ir, ms });
        },
        runAfterPassFailed: (entry, op) => {
          passes.push({ pass: entry.pass.name, displayName: entry.pass.spec.displayName ?? entry.pass.name, op: opLabel(op), options: entry.options, ms: now() - started });
        },
      };
      const ok = runPassManager(pm, module, {
        context,
        verifyEach: options.verifyEach,
        instrumentations: [instrumentation],
        onDiagnostic: (d) => (d.severity === 'error' ? failures.push(d) : diagnostics.push(diagnosticInfo(d, allSources))),
        parsePipeline: (t) => builder.parse(t),
        errs: (t) => void (log += t),
      });
      if (!ok) {
        const errors = failures.length ? failures.map((d) => diagnosticInfo(d, allSources)) : [diagnosticInfo(new Diagnostic('error', UnknownLoc.get(), 'the pipeline failed'))];
        throw new TileError('pass', [...errors, ...diagnostics], { partial: { inputIr, passes, schedules, log } });
      }
    }
    const t2 = now();
    const ir = printOperation(module);
    let kernels: Kernel[] = [];
    let manifest: WgslManifest | undefined;
    let wgslError: DiagnosticInfo | undefined;
    const wantWgsl = options.wgsl ?? 'auto';
    if (wantWgsl === true || (wantWgsl === 'auto' && hasKernels(module))) {
      try {
        const out = emitWgsl(module);
        kernels = out.kernels.map((k) => ({ symbol: k.manifest.symbol, entryPoint: k.manifest.entryPoint, wgsl: k.wgsl, manifest: k.manifest }));
        manifest = out.manifest;
      } catch (e) {
        const info = located(e, source, allSources);
        if (wantWgsl === true) throw new TileError('wgsl', [info]);
        wgslError = info;
      }
    }
    const t3 = now();
    return new Compilation({
      fileName,
      source: text,
      pipeline: pm?.toString(),
      inputIr,
      passes,
      schedules,
      ir,
      kernels,
      manifest,
      wgslError,
      diagnostics,
      log,
      timings: { parseMs: t1 - t0, passesMs: t2 - t1 - printMs, printMs, wgslMs: t3 - t2, totalMs: t3 - t0 },
      module,
      context,
      sources,
    });
  }
}

/** What a Compilation is made of: its public fields, and the IR they were printed from. */
type CompilationParts = Pick<
  Compilation,
  'fileName' | 'source' | 'pipeline' | 'inputIr' | 'passes' | 'schedules' | 'ir' | 'kernels' | 'manifest' | 'wgslError' | 'diagnostics' | 'log' | 'timings'
> & {
  readonly module: Operation;
  readonly context: Context;
  readonly sources: ReadonlyMap<string, SourceFile>;
};

/** A compiled program: its IR at every step, its kernels, and `run` to execute an entry of it. */
export class Compilation {
  readonly fileName: string;
  /** The program's text as given. */
  readonly source: string;
  /** The pipeline as it ran, in full (`builtin.module(tile-tiling{...},...)`); undefined without one. */
  readonly pipeline: string | undefined;
  /** The IR after parsing, before any pass. */
  readonly inputIr: string;
  /** The IR after each pass, in the order they ran. */
  readonly passes: readonly PassSnapshot[];
  /** The schedules the software pipeliner (tile-pipeline) was given, drawn. */
  readonly schedules: readonly ScheduleDrawing[];
  /** The final IR. */
  readonly ir: string;
  /** The WGSL kernels of the final IR (see CompileOptions.wgsl). */
  readonly kernels: readonly Kernel[];
  /** The launch manifest of all kernels (manifest.json of `tile-opt --emit=wgsl -o DIR`). */
  readonly manifest: WgslManifest | undefined;
  /** Why WGSL could not be emitted with `wgsl: 'auto'`. */
  readonly wgslError: DiagnosticInfo | undefined;
  /** Warnings and remarks of the passes. */
  readonly diagnostics: readonly DiagnosticInfo[];
  /** Text the passes wrote (e.g. `tile-view-schedule`, `print-op-stats`). */
  readonly log: string;
  readonly timings: CompileTimings;
  readonly #parts: CompilationParts;

  constructor(parts: CompilationParts) {
    this.fileName = parts.fileName;
    this.source = parts.source;
    this.pipeline = parts.pipeline;
    this.inputIr = parts.inputIr;
    this.passes = parts.passes;
    this.schedules = parts.schedules;
    this.ir = parts.ir;
    this.kernels = parts.kernels;
    this.manifest = parts.manifest;
    this.wgslError = parts.wgslError;
    this.diagnostics = parts.diagnostics;
    this.log = parts.log;
    this.timings = parts.timings;
    this.#parts = parts;
  }

  /** The functions with a body that `run` can start (`func.func` at the top level), with their parameters. */
  entries(): { name: string; type: string }[] {
    return (this.#parts.module.region(0).entry?.ops ?? [])
      .filter((o) => o.name === 'func.func' && !o.region(0).empty)
      .map((o) => ({ name: (o.getAttr('sym_name') as StringAttr).value, type: String((o.getAttr('function_type') as TypeAttr).value) }));
  }

  /**
   * Run `entry` of the compiled program: host code in the interpreter, each gpu.launch_func on
   * `device` when given, else in the interpreter too. See RunEntryOptions.
   */
  run(options: RunEntryOptions): Promise<RunResult> {
    return runEntry(this.#parts.module, this.#parts.sources.get(this.fileName), this.fileName, options);
  }
}

// ------------------------------------------------------------------------------------ helpers

const now = (): number => performance.now();

function topLevel(op: Operation): Operation {
  let top = op;
  while (top.parentOp) top = top.parentOp;
  return top;
}

function opLabel(op: Operation): string {
  const sym = op.getAttr('sym_name');
  return sym instanceof StringAttr ? `${op.name} @${sym.value}` : op.name;
}

function countPasses(pm: OpPassManager): number {
  return pm.entries.reduce((n, e) => n + (e.kind === 'pass' ? 1 : countPasses(e.manager)), 0);
}

function hasKernels(module: Operation): boolean {
  let found = false;
  module.walk((op) => {
    if (op.name === 'gpu.module') {
      found ||= (op.region(0).entry?.ops ?? []).some((f) => f.name === 'gpu.func' && f.getAttr('gpu.kernel') !== undefined);
      return 'skip';
    }
    return undefined;
  }, 'pre');
  return found;
}

/** The schedule `entry` (tile-pipeline) is about to expand, drawn as tile-view-schedule would; undefined without one. */
function drawSchedule(op: Operation, entry: PassEntry, passIndex: number): ScheduleDrawing | undefined {
  const peelEpilogue = entry.options['peel-epilogue'] !== false;
  // tile-pipeline refuses peel-prologue=false with a peeled epilogue: its own error to report.
  const peelPrologue = entry.options['peel-prologue'] !== false || peelEpilogue;
  const pictures = schedulePictures(op, { peelEpilogue, peelPrologue, tripCount: 0 });
  // A schedule that cannot be used is the pass's own error to report.
  if (!Array.isArray(pictures) || pictures.length === 0) return undefined;
  return { beforePass: entry.pass.name, passIndex, svg: renderScheduleSvg(pictures), text: renderScheduleText(pictures) };
}

/** A thrown DiagnosticError (or a RangeError of deep nesting) as a DiagnosticInfo; anything else is rethrown. */
function located(e: unknown, source: SourceFile, sources: ReadonlyMap<string, SourceFile> = new Map([[source.name, source]])): DiagnosticInfo {
  if (e instanceof DiagnosticError) return diagnosticInfo(e.diagnostic, sources);
  if (e instanceof RangeError && /call stack/.test(e.message)) return diagnosticInfo(DiagnosticError.at(source.loc(0), 'input is nested too deeply to process').diagnostic, sources);
  throw e;
}

function optionInfos(specs: Readonly<Record<string, OptionSpec>>): OptionInfo[] {
  return Object.entries(specs).map(([name, spec]) => ({
    name,
    type: spec.type,
    default: printOptionValue(defaultOf(spec)),
    help: spec.help,
    ...(spec.values ? { values: spec.values } : {}),
  }));
}

export type { PartialCompilation, PassSnapshot, ScheduleDrawing } from './snapshots.js';
