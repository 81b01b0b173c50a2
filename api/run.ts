/**
 * Running an entry of a compiled program (Compilation.run): inputs as typed arrays or tile-run
 * `--arg` specs, host code in the interpreter, kernels in the interpreter or on a GPUDevice the
 * caller opened, outputs as typed arrays; and the comparison of two runs. Node-free.
 */
/// <reference types="@webgpu/types" preserve="true" />
import { DiagnosticError } from '../core/ir/diagnostics.js';
import type { Operation } from '../core/ir/operation.js';
import { ShapedType, type Type } from '../core/ir/types.js';
import type { KernelLauncher } from '../core/interpret/engine.js';
import { scalarOf } from '../core/interpret/numeric.js';
import { codecOf, numElements, type Storage } from '../core/interpret/values.js';
import type { SourceFile } from '../core/syntax/source.js';
import { deviceRuntime } from '../runtime/webgpu/device-backend.js';
import { RuntimeError } from '../runtime/webgpu/errors.js';
import { WebGpuLauncher } from '../runtime/webgpu/launcher.js';
import { benchmarkKernel } from '../runtime/webgpu/timing.js';
import { argumentError, checkOptions, describeValue } from './arguments.js';
import { diagnosticInfo, plainError, TileError } from './diagnostics.js';
import { collectInputs, compareData, ELEMENT_TYPES, entryFunction, parameters, RunError, runFunction, type Input, type Output, type Parameter } from './entry-io.js';

/** The typed arrays of element data: f32, f16 and bf16 as Float32Array (f16/bf16 values rounded), f64 as Float64Array, i1 as Uint8Array, i8/i16/i32 as Int8/16/32Array, i64 and index as BigInt64Array. */
export type ElementData = Storage;

/** One input: a typed array (or plain array) with its shape (default: the parameter's static shape), or a scalar. */
export type InputValue = ArrayLike<number> | ArrayLike<bigint> | { readonly data: ArrayLike<number> | ArrayLike<bigint>; readonly shape?: readonly number[] } | number | bigint | boolean;

export interface RunEntryOptions {
  /** The function to run (`matmul` or `@matmul`). */
  readonly entry: string;
  /** Inputs by parameter name (`a`, as `%a` in the source) or position (`arg0`). */
  readonly inputs?: Readonly<Record<string, InputValue>>;
  /**
   * Inputs in tile-run's `--arg` syntax, for the parameters `inputs` does not give:
   * `X=rand:64x64xf32 Y=rand:64x64xf32 Z=zeros:64x64xf32` (a string, split at spaces, or a list).
   * `rand` draws floats in [-1, 1) and integers in [-8, 8) from `seed`.
   */
  readonly args?: string | readonly string[];
  /** Seed of `rand:` inputs. Default 0 (the same inputs as `tile-run` without --seed). */
  readonly seed?: number;
  /** Run every gpu.launch_func on this device (a browser's, or Dawn's under Node); absent: interpret the kernels. */
  readonly device?: GPUDevice;
  /** With `device`: time each kernel after the run (GPU timestamps where the device has `timestamp-query`, else wall clock). */
  readonly timing?: boolean | { readonly repeat?: number; readonly rounds?: number };
  /** With `device`: the deadline of each launch in milliseconds (default 60 000). */
  readonly timeoutMs?: number;
}

/** One output: a memref argument the run changed (`%c`) or a result (`result#0`). */
export interface EntryOutput {
  readonly name: string;
  /** Its IR type, e.g. `memref<64x64xf32>`. */
  readonly type: string;
  /** The element type, e.g. `f32`. */
  readonly dtype: string;
  readonly shape: readonly number[];
  readonly data: ElementData;
}

/** A kernel launch on the device, with its time when asked for. */
export interface LaunchInfo {
  readonly kernel: string;
  readonly grid: readonly [number, number, number];
  /** Milliseconds per dispatch (median of the rounds), with `timing`. */
  readonly ms?: number;
  readonly method?: 'timestamp-query' | 'wall-clock';
}

export interface RunResult {
  readonly outputs: readonly EntryOutput[];
  /** The inputs the run used, by parameter name: give them to another run for the same data. */
  readonly inputs: Readonly<Record<string, { readonly data: ElementData; readonly shape: readonly number[] }>>;
  /** `interpreter`, or the device's adapter (`SwiftShader Device (Subzero) [vendor 0x..., software]`). */
  readonly ranOn: string;
  /** The launches run on the device, in order (empty in the interpreter). */
  readonly launches: readonly LaunchInfo[];
  /** Wall time of the run (interpreted host code and kernels), in milliseconds. */
  readonly ms: number;
}

/** The differences of one output between two runs. */
export interface OutputComparison {
  readonly name: string;
  readonly maxAbs: number;
  readonly maxRel: number;
}

/** Run `entry` of `module`; see RunEntryOptions. */
export async function runEntry(module: Operation, source: SourceFile | undefined, fileName: string, runOptions: RunEntryOptions): Promise<RunResult> {
  const options = checkRunOptions(runOptions);
  const sources = source ? new Map([[source.name, source]]) : undefined;
  let fn: Operation;
  let params: Parameter[];
  let inputs: Input[];
  try {
    fn = entryFunction({ file: fileName, source: source!, module }, options.entry);
    params = parameters(fn, source);
    inputs = entryInputs(params, options);
  } catch (e) {
    if (e instanceof RunError) throw new TileError('arguments', [plainError(e.message)]);
    throw e;
  }
  const runtime = options.device ? deviceRuntime(options.device) : undefined;
  const launcher = runtime ? new WebGpuLauncher(runtime, { timeoutMs: options.timeoutMs }) : undefined;
  const kernelLauncher: KernelLauncher | undefined = launcher?.launch;
  const started = performance.now();
  let outputs: Output[];
  try {
    outputs = (await runFunction(module, fn, params, inputs, kernelLauncher)).outputs;
  } catch (e) {
    if (e instanceof RunError) throw new TileError('arguments', [plainError(e.message)], { cause: e });
    if (e instanceof DiagnosticError) throw new TileError(e.cause instanceof RuntimeError ? 'device' : 'run', [diagnosticInfo(e.diagnostic, sources)], { cause: e });
    if (e instanceof RuntimeError) throw new TileError('device', [plainError(e.message)], { cause: e });
    throw e;
  }
  const ms = performance.now() - started;
  const launches: LaunchInfo[] = [];
  for (const l of launcher?.launches ?? []) {
    const info: LaunchInfo = { kernel: l.kernel.manifest.symbol, grid: l.grid };
    if (!options.timing || !runtime) {
      launches.push(info);
      continue;
    }
    const t = typeof options.timing === 'object' ? options.timing : {};
    try {
      const b = await benchmarkKernel(
        runtime,
        { manifest: l.kernel.manifest, wgsl: l.kernel.wgsl, args: l.args, grid: l.grid, timeoutMs: options.timeoutMs },
        { repeat: t.repeat ?? 10, rounds: t.rounds ?? 5 },
      );
      launches.push({ ...info, ms: b.medianMs, method: b.method });
    } catch (e) {
      if (e instanceof RuntimeError) throw new TileError('device', [plainError(`timing ${info.kernel}: ${e.message}`)], { cause: e });
      throw e;
    }
  }
  return {
    outputs: outputs.map((o) => ({ name: o.name, type: String(o.type), dtype: String(o.element), shape: [...o.shape], data: o.data })),
    inputs: Object.fromEntries(params.map((p, i) => [p.name, { data: inputs[i]!.data, shape: [...inputs[i]!.shape] }])),
    ranOn: runtime ? runtime.description.replace(/^device on /, '') : 'interpreter',
    launches,
    ms,
  };
}

/** The largest absolute and relative differences of each output of `a` that `b` has too (by name). */
export function compareOutputs(a: RunResult | readonly EntryOutput[], b: RunResult | readonly EntryOutput[]): OutputComparison[] {
  const outputsOf = (r: RunResult | readonly EntryOutput[], which: string): readonly EntryOutput[] => {
    const list: unknown = Array.isArray(r) ? r : typeof r === 'object' && r !== null && 'outputs' in r ? r.outputs : undefined;
    const ok = Array.isArray(list) && list.every((o) => typeof o === 'object' && o !== null && typeof o.name === 'string' && typeof o.dtype === 'string' && ArrayBuffer.isView(o.data));
    if (!ok) throw argumentError(`compareOutputs: the ${which} argument must be a RunResult or its outputs, got ${describeValue(r)}`);
    return list as readonly EntryOutput[];
  };
  const as = outputsOf(a, 'first');
  const bs = outputsOf(b, 'second');
  const out: OutputComparison[] = [];
  for (const x of as) {
    const y = bs.find((o) => o.name === x.name);
    if (!y) continue;
    if (x.data.length !== y.data.length) throw new TileError('arguments', [plainError(`${x.name} has ${x.data.length} elements in one run and ${y.data.length} in the other`)]);
    const { maxAbs, maxRel } = compareData(asOutput(x), asOutput(y), undefined);
    out.push({ name: x.name, maxAbs, maxRel });
  }
  return out;
}

// ------------------------------------------------------------------------------------ helpers

/** The options of a run, their types checked (callers in plain JavaScript, or a page's form, may pass anything). */
function checkRunOptions(runOptions: RunEntryOptions): RunEntryOptions {
  if (runOptions === undefined) throw argumentError("run: give the options, at least { entry: 'NAME' }");
  const options = checkOptions('run', runOptions, { entry: ['string'], inputs: ['object'], seed: ['number'], device: ['object'], timing: ['boolean', 'object'], timeoutMs: ['number'] });
  if (typeof options.entry !== 'string' || options.entry.replace(/^@/, '') === '') throw argumentError(`run: option 'entry' must name a function, got ${describeValue(options.entry)}`);
  const args: unknown = options.args;
  if (args !== undefined && typeof args !== 'string' && !(Array.isArray(args) && args.every((a) => typeof a === 'string'))) {
    throw argumentError(`run: option 'args' must be a string or a list of strings (--arg specs), got ${describeValue(args)}`);
  }
  if (options.seed !== undefined && !Number.isSafeInteger(options.seed)) throw argumentError(`run: option 'seed' must be an integer, got ${describeValue(options.seed)}`);
  if (options.timeoutMs !== undefined && !(options.timeoutMs > 0)) throw argumentError(`run: option 'timeoutMs' must be a positive number, got ${describeValue(options.timeoutMs)}`);
  if (typeof options.timing === 'object') {
    for (const key of ['repeat', 'rounds'] as const) {
      const v = options.timing[key];
      if (v !== undefined && !(Number.isSafeInteger(v) && v >= 1)) throw argumentError(`run: option 'timing.${key}' must be an integer >= 1, got ${describeValue(v)}`);
    }
  }
  const device: unknown = options.device;
  if (device !== undefined && !isDeviceLike(device)) throw argumentError(`run: option 'device' must be a GPUDevice, got ${describeValue(device)}`);
  return options;
}

/** Whether `d` has what the runtime uses of a GPUDevice (a page's, Dawn's, or a test double of one). */
function isDeviceLike(d: unknown): d is GPUDevice {
  const g = d as Partial<GPUDevice> | null;
  return (
    typeof g === 'object' &&
    g !== null &&
    typeof g.createBuffer === 'function' &&
    typeof g.queue === 'object' &&
    g.features !== undefined &&
    typeof g.features[Symbol.iterator] === 'function'
  );
}

/** The inputs of a run: `inputs` by name, the rest from `args` specs. */
function entryInputs(params: readonly Parameter[], options: RunEntryOptions): Input[] {
  const given = options.inputs ?? {};
  const specs = typeof options.args === 'string' ? options.args.split(/\s+/).filter(Boolean) : [...(options.args ?? [])];
  const index = new Map<string, number>();
  params.forEach((_, i) => index.set(`arg${i}`, i));
  params.forEach((p, i) => index.set(p.name, i));
  const fromValues = new Map<number, Input>();
  for (const [key, value] of Object.entries(given)) {
    const i = index.get(key.replace(/^%/, ''));
    if (i === undefined) throw new RunError(`inputs: the function has no parameter '${key}' (parameters: ${params.map((p) => p.name).join(', ') || 'none'})`);
    fromValues.set(i, inputOf(params[i]!, value));
  }
  return collectInputs(params, specs, options.seed ?? 0, undefined, fromValues);
}

/** A value given for `param` as an Input (data converted to the element type's storage). */
function inputOf(param: Parameter, value: InputValue): Input {
  const t = param.type;
  const element: Type = t instanceof ShapedType ? t.elementType : t;
  if (typeof value === 'number' || typeof value === 'bigint' || typeof value === 'boolean') {
    if (t instanceof ShapedType) throw new RunError(`inputs: ${param.name} is a ${t}; give a typed array`);
    const data = codecOf(element).alloc(1);
    codecOf(element).set(data, 0, scalarOf(element, value));
    return { shape: [], element, data };
  }
  const given = value as unknown;
  const wanted = 'a typed array, an array, { data, shape } or a number';
  if (typeof given !== 'object' || given === null) throw new RunError(`inputs: ${param.name} must be ${wanted}, got ${describeValue(given)}`);
  const data = 'data' in value && !ArrayBuffer.isView(value) ? value.data : (value as ArrayLike<number> | ArrayLike<bigint>);
  if (typeof data !== 'object' || data === null || !Number.isSafeInteger(data.length))
    throw new RunError(`inputs: the data of ${param.name} must be a typed array or an array, got ${describeValue(data)}`);
  if (Array.isArray(data)) {
    const bad = (data as unknown[]).findIndex((x) => typeof x !== 'number' && typeof x !== 'bigint');
    if (bad >= 0) throw new RunError(`inputs: element ${bad} of ${param.name} must be a number, got ${describeValue((data as unknown[])[bad])}`);
  }
  const givenShape: unknown = 'shape' in value ? value.shape : undefined;
  if (givenShape !== undefined && !(Array.isArray(givenShape) && givenShape.every((d) => Number.isSafeInteger(d) && d >= 0))) {
    throw new RunError(
      `inputs: the shape of ${param.name} must be a list of sizes (integers >= 0), got ${Array.isArray(givenShape) ? `[${givenShape.join(', ')}]` : describeValue(givenShape)}`,
    );
  }
  let shape = givenShape ? [...(givenShape as number[])] : undefined;
  if (!(t instanceof ShapedType)) throw new RunError(`inputs: ${param.name} is a scalar of type ${t}; give a number`);
  if (!shape) {
    const dims = t.shape ?? [];
    if (dims.some((d) => d < 0)) throw new RunError(`inputs: ${param.name} has the dynamic type ${t}; give { data, shape }`);
    shape = [...dims];
  }
  const n = numElements(shape);
  if (data.length !== n) throw new RunError(`inputs: ${param.name} has ${data.length} elements, but shape ${shape.join('x') || 'scalar'} holds ${n}`);
  const codec = codecOf(element);
  const storage = codec.alloc(n);
  for (let i = 0; i < n; i++) codec.set(storage, i, scalarOf(element, data[i] as number | bigint));
  return { shape, element, data: storage };
}

function asOutput(o: EntryOutput): Output {
  const element = elementTypeOf(o);
  return { name: o.name, type: element, element, shape: o.shape, data: o.data };
}

/** The element Type of an output, by its dtype name. */
function elementTypeOf(o: EntryOutput): Type {
  const t = ELEMENT_TYPES[o.dtype];
  if (!t) throw new TileError('arguments', [plainError(`${o.name}: unknown element type '${o.dtype}'`)]);
  return t;
}
