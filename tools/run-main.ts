/**
 * tile-run: runs a function of an IR file on generated or loaded inputs, prints a summary of its
 * outputs, optionally writes them as .npy files and compares them with another program's.
 */
import { decodeSource } from '../core/syntax/parse-source.js';
import { parseModuleSource } from '../dialects/builtin/parse-module.js';
import { Command, CommanderError } from 'commander';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { DiagnosticError } from '../core/ir/diagnostics.js';
import { Operation } from '../core/ir/operation.js';
import { lookupSymbol, symbolName } from '../core/ir/symbol-table.js';
import { SymbolRefAttr, TypeAttr } from '../core/ir/attributes.js';
import { bf16, f16, f32, f64, FunctionType, i1, i16, i32, i64, i8, index, MemRefType, ShapedType, type Type } from '../core/ir/types.js';
import { verify } from '../core/ir/verifier.js';
import { Interpreter, type KernelLauncher } from '../core/interpret/engine.js';
import { formatNpy, NpyError, npyToStorage, parseNpy, storageToNpy } from '../core/interpret/npy.js';
import { floatRounder, intValue, scalarOf, toNumber, type Scalar } from '../core/interpret/numeric.js';
import { Buffer, codecOf, MemRef, ShapedValue, type RtValue, type Storage } from '../core/interpret/values.js';
import { renderDiagnostic } from '../core/syntax/diagnostic-render.js';
import type { SourceFile } from '../core/syntax/source.js';
import { createContext } from '../dialects/registry.js';
import { createSemantics } from '../dialects/semantics.js';
import { mulberry32 } from '../testing/random.js';
import { errnoText, readStdinSync, toolOutput } from './cli.js';
import { processIO, type IO } from './opt-main.js';
import { createPassRegistry } from './opt-passes.js';
import { PipelineBuilder } from '../core/pass/pipeline-builder.js';
import { runPassManager } from '../core/pass/pass-manager.js';
import type { Context } from '../core/ir/dialect.js';
import type { Diagnostic } from '../core/ir/diagnostics.js';
import { BackendError, webgpuBackend } from './run-backends.js';

// ------------------------------------------------------------------------------------ backends

/** What tile-run tells a backend when a run starts. */
export interface BackendOptions {
  /** --provider, when given (one of the backend's `providers`). */
  readonly provider?: string;
  /** Prints one line of the run's output (e.g. the device used). */
  readonly note: (line: string) => void;
}

/** Where kernels run while host code is interpreted. */
export interface Backend {
  readonly name: string;
  readonly description: string;
  /** Values --provider accepts; a backend without them takes no --provider. */
  readonly providers?: readonly string[];
  /** The launcher of gpu.launch_func; undefined to interpret kernels. */
  kernelLauncher(options: BackendOptions): KernelLauncher | undefined | Promise<KernelLauncher | undefined>;
  /** Called once the run is over (release devices). */
  dispose?(): void | Promise<void>;
}

const backends = new Map<string, Backend>();

export function registerBackend(backend: Backend): void {
  backends.set(backend.name, backend);
}

registerBackend({ name: 'interpret', description: 'the reference interpreter', kernelLauncher: () => undefined });
registerBackend(webgpuBackend());

/** The module transformed by a pass pipeline (for --compare-pipeline); errors as RunError. */
function runPipeline(module: Operation, pipeline: string, context: Context): Operation {
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

// ------------------------------------------------------------------------------------ errors

/** A user error reported as `tile-run: error: MESSAGE`. */
export class RunError extends Error {}

// ------------------------------------------------------------------------------------ programs

export interface Program {
  readonly file: string;
  readonly source: SourceFile;
  readonly module: Operation;
}

export function loadProgram(file: string): Program {
  let bytes: Uint8Array;
  try {
    bytes = file === '-' ? readStdinSync() : readFileSync(file);
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

export function entryFunction(p: Program, name: string): Operation {
  const fn = lookupSymbol(p.module, SymbolRefAttr.get(name.replace(/^@/, '')));
  if (!fn || fn.name !== 'func.func' || fn.region(0).empty) {
    const names = (p.module.region(0).entry?.ops ?? []).filter((o) => o.name === 'func.func' && !o.region(0).empty).map((o) => `@${symbolName(o)}`);
    throw new RunError(`no function @${name.replace(/^@/, '')} with a body in '${p.file}'${names.length ? ` (functions: ${names.join(', ')})` : ''}`);
  }
  return fn;
}

export interface Parameter {
  readonly name: string;
  readonly type: Type;
}

/**
 * Parameters of a function: named as in the source (`%a` -> `a`, read at each argument's
 * location), else positionally `arg0`, `arg1`, ...; the positional names are accepted too.
 */
export function parameters(fn: Operation, source: SourceFile | undefined): Parameter[] {
  const args = fn.region(0).entry!.arguments;
  return args.map((a, i) => {
    const flc = a.loc.fileLineCol();
    const line = flc && source && flc.file === source.name ? source.lineText(flc.line) : undefined;
    const name = line !== undefined ? /^%([A-Za-z_$.\-0-9]+)/.exec(line.slice(flc!.col - 1))?.[1] : undefined;
    return { name: name ?? `arg${i}`, type: a.type };
  });
}

// ------------------------------------------------------------------------------------ inputs

const ELEMENT_TYPES: Record<string, Type> = { f16, bf16, f32, f64, i1, i8, i16, i32, i64, index };

/** Input data of one parameter, generated once and copied into each run. */
export interface Input {
  readonly shape: readonly number[];
  readonly element: Type;
  readonly data: Storage;
}

function parseShapeSpec(text: string, spec: string): { shape: number[]; element: Type } {
  const parts = text.split('x');
  const elementName = parts.pop()!;
  const element = ELEMENT_TYPES[elementName];
  if (!element) throw new RunError(`bad --arg '${spec}': unknown element type '${elementName}' (expected one of ${Object.keys(ELEMENT_TYPES).join(', ')})`);
  const shape = parts.map((d) => {
    if (!/^[0-9]+$/.test(d)) throw new RunError(`bad --arg '${spec}': '${d}' is not a dimension size`);
    return Number(d);
  });
  return { shape, element };
}

/** Random elements: floats uniform in [-1, 1), integers uniform in [-8, 8) (index: [0, 16)), i1 fair coins. */
function randomData(element: Type, count: number, seed: number): Storage {
  const rand = mulberry32(seed);
  const codec = codecOf(element);
  const data = codec.alloc(count);
  const isFloat = element === f16 || element === bf16 || element === f32 || element === f64;
  const round = isFloat ? floatRounder(element) : undefined;
  for (let i = 0; i < count; i++) {
    const r = rand();
    const v: Scalar = round ? round(r * 2 - 1) : element === i1 ? r < 0.5 : element === index ? Math.floor(r * 16) : intValue(element, Math.floor(r * 16) - 8);
    codec.set(data, i, v);
  }
  return data;
}

/** The most elements of a generated input: 2^28 (1 GiB of f32), far beyond what the interpreter runs in reasonable time. */
const MAX_GENERATED_ELEMENTS = 2 ** 28;

function makeInput(spec: string, value: string, param: Parameter, seed: number): Input {
  const m = /^(rand|zeros|ones):(.*)$/.exec(value);
  if (m) {
    const { shape, element } = parseShapeSpec(m[2]!, spec);
    const count = shape.reduce((a, b) => a * b, 1);
    if (count > MAX_GENERATED_ELEMENTS) throw new RunError(`bad --arg '${spec}': ${m[2]} has ${count} elements, too large (at most ${MAX_GENERATED_ELEMENTS} elements)`);
    if (m[1] === 'rand') return { shape, element, data: randomData(element, count, seed) };
    const codec = codecOf(element);
    const data = codec.alloc(count);
    if (m[1] === 'ones') for (let i = 0; i < count; i++) codec.set(data, i, scalarOf(element, 1));
    return { shape, element, data };
  }
  if (value.endsWith('.npy')) {
    let bytes: Uint8Array;
    try {
      bytes = readFileSync(value);
    } catch (e) {
      throw new RunError(`cannot open '${value}' for --arg ${param.name}: ${errnoText(e)}`);
    }
    const element = param.type instanceof ShapedType ? param.type.elementType : param.type;
    try {
      const a = parseNpy(bytes);
      return { shape: a.shape, element, data: npyToStorage(a, element) };
    } catch (e) {
      if (e instanceof NpyError) throw new RunError(`${value}: ${e.message}`);
      throw e;
    }
  }
  // A scalar literal for a scalar parameter.
  if (param.type instanceof ShapedType) throw new RunError(`bad --arg '${spec}': ${param.name} is a ${param.type}; give rand:SHAPE, zeros:SHAPE, ones:SHAPE or a .npy file`);
  const element = param.type;
  const codec = codecOf(element);
  const data = codec.alloc(1);
  const isFloat = element === f16 || element === bf16 || element === f32 || element === f64;
  if (isFloat) {
    const x = Number(value);
    if (Number.isNaN(x) && !/^[+-]?nan$/i.test(value)) throw new RunError(`bad --arg '${spec}': '${value}' is not a number`);
    codec.set(data, 0, scalarOf(element, x));
  } else {
    if (!/^[+-]?[0-9]+$/.test(value) && value !== 'true' && value !== 'false') throw new RunError(`bad --arg '${spec}': '${value}' is not an integer`);
    codec.set(data, 0, value === 'true' || value === 'false' ? intValue(element, value === 'true') : intValue(element, BigInt(value)));
  }
  return { shape: [], element, data };
}

/** Checks an input against its parameter type and builds a fresh runtime value of it. */
function bind(param: Parameter, input: Input): RtValue {
  const t = param.type;
  const shapeText = (s: readonly number[]) => (s.length ? s.join('x') : 'scalar');
  if (t instanceof ShapedType) {
    if (input.element !== t.elementType) throw new RunError(`--arg ${param.name}: element type ${input.element} does not match ${t}`);
    const shape = t.shape ?? [];
    if (input.shape.length !== shape.length || shape.some((d, i) => d >= 0 && d !== input.shape[i])) {
      throw new RunError(`--arg ${param.name}: shape ${shapeText(input.shape)} does not match ${t}`);
    }
    if (t instanceof MemRefType) {
      if (t.layout !== undefined) throw new RunError(`--arg ${param.name}: memrefs with a layout (${t}) cannot be arguments`);
      const buffer = new Buffer(t.elementType, input.data.slice(), t.memorySpace, `argument %${param.name}`);
      return MemRef.contiguous(t, buffer, input.shape);
    }
    return new ShapedValue(t, input.shape, input.data.slice());
  }
  if (input.shape.length !== 0) throw new RunError(`--arg ${param.name}: a ${shapeText(input.shape)} value for a scalar of type ${t}`);
  if (input.element !== t) throw new RunError(`--arg ${param.name}: element type ${input.element} does not match ${t}`);
  return codecOf(t).get(input.data, 0);
}

export function collectInputs(params: readonly Parameter[], specs: readonly string[], seed: number): Input[] {
  const byName = new Map<string, number>();
  params.forEach((p, i) => byName.set(`arg${i}`, i));
  params.forEach((p, i) => byName.set(p.name, i));
  const inputs: (Input | undefined)[] = params.map(() => undefined);
  for (const spec of specs) {
    const eq = spec.indexOf('=');
    if (eq <= 0) throw new RunError(`bad --arg '${spec}': expected NAME=VALUE`);
    const name = spec.slice(0, eq).replace(/^%/, '');
    const i = byName.get(name);
    if (i === undefined) throw new RunError(`bad --arg '${spec}': the function has no parameter '${name}' (parameters: ${params.map((p) => p.name).join(', ') || 'none'})`);
    if (inputs[i]) throw new RunError(`--arg ${params[i]!.name} is given twice`);
    inputs[i] = makeInput(spec, spec.slice(eq + 1), params[i]!, seed * 1000003 + i);
  }
  const missing = params.findIndex((_, i) => !inputs[i]);
  if (missing >= 0) throw new RunError(`missing --arg for parameter ${params[missing]!.name} (${params[missing]!.type})`);
  return inputs as Input[];
}

// ------------------------------------------------------------------------------------ outputs

export interface Output {
  readonly name: string;
  readonly type: Type;
  readonly element: Type;
  readonly shape: readonly number[];
  readonly data: Storage;
}

function viewData(m: MemRef): Storage {
  const addrs = m.addresses();
  const out = m.buffer.codec.alloc(addrs.length);
  for (let k = 0; k < addrs.length; k++) out[k] = m.buffer.data[addrs[k]!]!;
  return out;
}

function outputOf(name: string, type: Type, v: RtValue): Output | undefined {
  if (v instanceof MemRef) return { name, type, element: v.type.elementType, shape: v.shape, data: viewData(v) };
  if (v instanceof ShapedValue) return { name, type, element: v.elementType, shape: v.shape, data: v.data };
  if (typeof v === 'object') return undefined;
  const codec = codecOf(type);
  const data = codec.alloc(1);
  codec.set(data, 0, v);
  return { name, type, element: type, shape: [], data };
}

function sameData(a: Storage, b: Storage): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (!Object.is(a[i], b[i])) return false;
  return true;
}

const fmt = (x: number): string => (Number.isFinite(x) ? String(Number(x.toPrecision(6))) : Number.isNaN(x) ? 'nan' : x > 0 ? 'inf' : '-inf');

function fnv1a(bytes: Uint8Array): string {
  let h = 0x811c9dc5;
  for (const b of bytes) h = Math.imul(h ^ b, 0x01000193) >>> 0;
  return h.toString(16).padStart(8, '0');
}

function summary(o: Output): string {
  const n = o.data.length;
  const shape = o.shape.length ? o.shape.join('x') : 'scalar';
  if (o.shape.length === 0) return `${o.name}: ${o.type} = ${fmtScalar(codecOf(o.element).get(o.data, 0))}`;
  let min = Infinity;
  let max = -Infinity;
  let sum = 0;
  let nans = 0;
  for (let i = 0; i < n; i++) {
    const x = toNumber(codecOf(o.element).get(o.data, i));
    if (Number.isNaN(x)) {
      nans++;
      continue;
    }
    if (x < min) min = x;
    if (x > max) max = x;
    sum += x;
  }
  let checksum: string;
  try {
    checksum = fnv1a(storageToNpy(o.data, o.element, o.shape).bytes);
  } catch {
    checksum = fnv1a(new TextEncoder().encode(Array.from(o.data, String).join(',')));
  }
  const stats = n - nans > 0 ? `min=${fmt(min)} max=${fmt(max)} mean=${fmt(sum / (n - nans))}` : 'min=- max=- mean=-';
  return `${o.name}: ${o.type} shape=${shape} dtype=${o.element} ${stats}${nans ? ` nan=${nans}` : ''} checksum=${checksum}`;
}

function fmtScalar(v: Scalar): string {
  return typeof v === 'number' ? fmt(v) : String(v);
}

// ------------------------------------------------------------------------------------ running

export interface RunOutcome {
  readonly outputs: Output[];
}

export async function execute(p: Program, fn: Operation, params: readonly Parameter[], inputs: readonly Input[], backend: Backend, options: BackendOptions): Promise<RunOutcome> {
  const args = params.map((param, i) => bind(param, inputs[i]!));
  const before = args.map((a) => (a instanceof MemRef ? viewData(a) : undefined));
  const interp = new Interpreter(p.module, { semantics: createSemantics(), kernelLauncher: (await backend.kernelLauncher(options)) ?? undefined });
  let results: RtValue[];
  try {
    results = await interp.runAsync(fn, args);
  } finally {
    await backend.dispose?.();
  }
  const outputs: Output[] = [];
  args.forEach((a, i) => {
    if (!(a instanceof MemRef)) return;
    const o = outputOf(`%${params[i]!.name}`, params[i]!.type, a)!;
    if (!sameData(o.data, before[i]!)) outputs.push(o);
  });
  const resultTypes = (fn.getAttr('function_type') as TypeAttr).value as FunctionType;
  results.forEach((r, i) => {
    const o = outputOf(`result#${i}`, resultTypes.results[i]!, r);
    if (o) outputs.push(o);
  });
  return { outputs };
}

/** Largest absolute and relative differences, and whether every element is within `tol` (abs or rel). */
export function compareData(a: Output, b: Output, tol: number | undefined): { maxAbs: number; maxRel: number; ok: boolean } {
  let maxAbs = 0;
  let maxRel = 0;
  let ok = true;
  const [ca, cb] = [codecOf(a.element), codecOf(b.element)];
  for (let i = 0; i < a.data.length; i++) {
    const x = toNumber(ca.get(a.data, i));
    const y = toNumber(cb.get(b.data, i));
    let d = Math.abs(x - y);
    if (Object.is(x, y) || (Number.isNaN(x) && Number.isNaN(y)) || x === y) d = 0;
    else if (Number.isNaN(d)) d = Infinity;
    const rel = d === 0 ? 0 : d / Math.abs(y);
    maxAbs = Math.max(maxAbs, d);
    maxRel = Math.max(maxRel, rel);
    if (tol !== undefined && !(d <= tol || rel <= tol)) ok = false;
  }
  return { maxAbs, maxRel, ok };
}

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

export function buildRunCommand(): Command {
  return new Command('tile-run')
    .description('Run a function of an IR file in the interpreter (or on another backend) and summarize its outputs')
    .argument('<file>', "input IR file ('-': standard input)")
    .option('--entry <name>', 'function to run')
    .option('--arg <NAME=VALUE>', 'bind a parameter: rand:SHAPE, zeros:SHAPE, ones:SHAPE (SHAPE like 64x64xf32), FILE.npy, or a number', (v: string, all: string[]) => [...all, v], [] as string[])
    .option('--seed <n>', 'seed of the random inputs', '0')
    .option('-o, --output-dir <dir>', 'write the outputs as .npy files into this folder')
    .option('--compare <file>', 'run the same entry of another file on identical inputs and report the differences')
    .option('--compare-pipeline <pipeline>', 'compare with the program transformed by a pass pipeline')
    .option('--tolerance <t>', 'with a comparison: fail (exit 1) unless every element is within t (absolute or relative)')
    .option('--backend <name>', 'where kernels run', 'interpret')
    .option('--provider <name>', "the backend's device provider (webgpu: dawn, wgpu or auto; default: env TILE_WEBGPU_PROVIDER, else auto: Dawn if it finds an adapter, else wgpu)")
    .option('--compare-backend <name>', 'run the comparison (by default the same file) on this backend')
    .helpOption('-h, --help', 'show this help')
    .exitOverride()
    .configureOutput({ writeOut: () => undefined, writeErr: () => undefined });
}

/** tile-run's main, with IO injected so that tests can run it in-process. Resolves to the exit code. */
export async function runMain(argv: readonly string[], io: IO = processIO): Promise<number> {
  const cmd = toolOutput(buildRunCommand(), io.stdout, io.stderr);
  try {
    cmd.parse(argv as string[], { from: 'user' });
  } catch (e) {
    if (e instanceof CommanderError) return e.exitCode === 0 ? 0 : 1;
    throw e;
  }
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
  const compareBackend = opts.compareBackend === undefined ? backend : backendNamed(opts.compareBackend);
  if (opts.provider !== undefined && !backend.providers && !compareBackend.providers) throw new RunError(`--provider: backend '${backend.name}' has no providers`);
  for (const b of [backend, compareBackend]) {
    if (opts.provider !== undefined && b.providers && !b.providers.includes(opts.provider)) throw new RunError(`--provider: '${opts.provider}' is not one of ${b.providers.join(', ')} (backend '${b.name}')`);
  }
  const backendOptions = (b: Backend): BackendOptions => ({ provider: b.providers ? opts.provider : undefined, note: (line) => io.stdout(line + '\n') });

  const program = loadProgram(file);
  sources.set(program.file, program.source);
  const fn = entryFunction(program, opts.entry);
  const params = parameters(fn, program.source);
  const inputs = collectInputs(params, opts.arg, Number(opts.seed));
  const run = await execute(program, fn, params, inputs, backend, backendOptions(backend));
  for (const o of run.outputs) io.stdout(summary(o) + '\n');
  if (opts.outputDir) writeOutputs(opts.outputDir, run.outputs);

  let other: Program | undefined;
  if (opts.compare) {
    other = loadProgram(opts.compare);
    sources.set(other.file, other.source);
  } else if (opts.comparePipeline) {
    const transformed = loadProgram(file);
    other = { ...transformed, file: `${file} after ${opts.comparePipeline}`, module: runPipeline(transformed.module, opts.comparePipeline, createContext()) };
  } else if (opts.compareBackend) {
    other = { ...loadProgram(file), file: `${file} on backend ${compareBackend.name}` };
  }
  if (!other) return 0;
  const otherFn = entryFunction(other, opts.entry);
  if (otherFn.getAttr('function_type') !== fn.getAttr('function_type')) {
    throw new RunError(`@${opts.entry} has type ${(otherFn.getAttr('function_type') as TypeAttr).value} in '${other.file}' but ${(fn.getAttr('function_type') as TypeAttr).value} in '${file}'`);
  }
  const otherRun = await execute(other, otherFn, params, inputs, compareBackend, backendOptions(compareBackend));
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

function backendNamed(name: string): Backend {
  const backend = backends.get(name);
  if (!backend) throw new RunError(`unknown backend '${name}' (available: ${[...backends.keys()].join(', ')})`);
  return backend;
}

/** A memref argument the other program left unchanged: its input data. */
function unchangedOutput(o: Output, params: readonly Parameter[], inputs: readonly Input[]): Output | undefined {
  const i = params.findIndex((p) => `%${p.name}` === o.name);
  return i < 0 ? undefined : { ...o, data: inputs[i]!.data };
}

function writeOutputs(dir: string, outputs: readonly Output[]): void {
  try {
    mkdirSync(dir, { recursive: true });
    for (const o of outputs) {
      const name = o.name.replace(/^%/, '').replace('#', '');
      writeFileSync(path.join(dir, `${name}.npy`), formatNpy(storageToNpy(o.data, o.element, o.shape)));
    }
  } catch (e) {
    if (e instanceof NpyError) throw new RunError(e.message);
    throw new RunError(`cannot write outputs to '${dir}': ${(e as Error).message}`);
  }
}
