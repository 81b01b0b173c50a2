/**
 * Running one function of a program on given inputs, node-free: tile-run's parameters, its
 * `--arg` specs (`NAME=rand:64x64xf32`), the outputs a run leaves, their summary and comparison.
 * Shared by tile-run and tile-tune (tools/run-program.ts re-exports it) and the JavaScript API.
 */
import { type TypeAttr, SymbolRefAttr } from '../core/ir/attributes.js';
import { NameLoc, type Location } from '../core/ir/location.js';
import type { Operation } from '../core/ir/operation.js';
import { lookupSymbol, symbolName } from '../core/ir/symbol-table.js';
import { bf16, f16, f32, f64, type FunctionType, i1, i16, i32, i64, i8, index, MemRefType, ShapedType, type Type } from '../core/ir/types.js';
import { Interpreter, type KernelLauncher } from '../core/interpret/engine.js';
import { NpyError, npyToStorage, parseNpy, storageToNpy } from '../core/interpret/npy.js';
import { floatRounder, intValue, scalarOf, toNumber, type Scalar } from '../core/interpret/numeric.js';
import { Buffer, codecOf, MemRef, ShapedValue, type RtValue, type Storage } from '../core/interpret/values.js';
import type { SourceFile } from '../core/syntax/source.js';
import { createSemantics } from '../dialects/semantics.js';
import { mulberry32 } from '../testing/random.js';

/** A user error reported as `tile-run: error: MESSAGE`. */
export class RunError extends Error {}

export interface Program {
  readonly file: string;
  readonly source: SourceFile;
  readonly module: Operation;
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
 * Parameters of a function: named as in the source (`%a` -> `a`), else positionally `arg0`,
 * `arg1`, ... (the positional names are accepted too). A parameter's name is the name the parser
 * kept for it (tile-opt prints a function's parameters with their source names, so compiled IR
 * has the names of the program it came from), else the one read at its location: a name location
 * (`loc("a")`), or the text at its file location in `source` or, through `sourceOf`, in the file
 * it names (IR printed with --mlir-print-debuginfo by a tool that drops the names).
 */
export function parameters(fn: Operation, source: SourceFile | undefined, sourceOf?: (file: string) => SourceFile | undefined): Parameter[] {
  const args = fn.region(0).entry!.arguments;
  return args.map((a, i) => ({ name: a.nameHint ?? sourceName(a.loc, source, sourceOf) ?? `arg${i}`, type: a.type }));
}

function sourceName(loc: Location, source: SourceFile | undefined, sourceOf?: (file: string) => SourceFile | undefined): string | undefined {
  if (loc instanceof NameLoc && /^[A-Za-z_$.\-0-9]+$/.test(loc.name)) return loc.name;
  const flc = loc.fileLineCol();
  if (!flc) return undefined;
  const text = flc.file === source?.name ? source : sourceOf?.(flc.file);
  const line = text?.lineText(flc.line);
  return line === undefined ? undefined : /^%([A-Za-z_$.\-0-9]+)/.exec(line.slice(flc.col - 1))?.[1];
}

/** For parameters that all go by position: why they have no names, and how to give them some. */
function unnamedHint(params: readonly Parameter[]): string {
  const positional = params.length > 0 && params.every((p, i) => p.name === `arg${i}`);
  return positional ? '; the IR names none of them (tile-opt keeps the names of a source that does, as in %X: memref<...>): bind them by position' : '';
}

// ------------------------------------------------------------------------------------ inputs

/** The element types of `--arg` shapes (`64x64xf32`) by name. */
export const ELEMENT_TYPES: Readonly<Record<string, Type>> = { f16, bf16, f32, f64, i1, i8, i16, i32, i64, index };

/** Reads the bytes of an input file (`--arg NAME=FILE.npy`); throws RunError when it cannot. */
export type ReadInputFile = (file: string, param: Parameter) => Uint8Array;

/** Input data of one parameter, generated once and copied into each run. */
export interface Input {
  readonly shape: readonly number[];
  readonly element: Type;
  readonly data: Storage;
}

function parseShapeSpec(text: string, spec: string): { shape: number[]; element: Type } {
  // The element type is the last part, taken whole: `index` has an 'x' of its own.
  const named = Object.keys(ELEMENT_TYPES).find((name) => text === name || text.endsWith(`x${name}`));
  const parts = named ? text.slice(0, -named.length).split('x').slice(0, -1) : text.split('x');
  const elementName = named ?? parts.pop()!;
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

function makeInput(spec: string, value: string, param: Parameter, seed: number, readFile: ReadInputFile | undefined): Input {
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
    if (!readFile) throw new RunError(`bad --arg '${spec}': .npy files cannot be read here (give rand:SHAPE, zeros:SHAPE, ones:SHAPE or a number)`);
    const bytes = readFile(value, param);
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
export function bind(param: Parameter, input: Input): RtValue {
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

/**
 * The inputs of `--arg` specs (`NAME=rand:64x64xf32`, `NAME=zeros:SHAPE`, `NAME=ones:SHAPE`,
 * `NAME=FILE.npy` when `readFile` is given, `N=7`), one per parameter, seeded by `seed`; the
 * parameters in `given` (by index) are bound already.
 */
export function collectInputs(params: readonly Parameter[], specs: readonly string[], seed: number, readFile?: ReadInputFile, given?: ReadonlyMap<number, Input>): Input[] {
  const byName = new Map<string, number>();
  params.forEach((_, i) => byName.set(`arg${i}`, i));
  params.forEach((p, i) => byName.set(p.name, i));
  const inputs: (Input | undefined)[] = params.map((_, i) => given?.get(i));
  for (const spec of specs) {
    const eq = spec.indexOf('=');
    if (eq <= 0) throw new RunError(`bad --arg '${spec}': expected NAME=VALUE`);
    const name = spec.slice(0, eq).replace(/^%/, '');
    const i = byName.get(name);
    if (i === undefined)
      throw new RunError(`bad --arg '${spec}': the function has no parameter '${name}' (parameters: ${params.map((p) => p.name).join(', ') || 'none'})${unnamedHint(params)}`);
    if (inputs[i]) throw new RunError(`--arg ${params[i]!.name} is given twice`);
    inputs[i] = makeInput(spec, spec.slice(eq + 1), params[i]!, seed * 1000003 + i, readFile);
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

export function viewData(m: MemRef): Storage {
  const addrs = m.addresses();
  const out = m.buffer.codec.alloc(addrs.length);
  for (let k = 0; k < addrs.length; k++) out[k] = m.buffer.data[addrs[k]!]!;
  return out;
}

export function outputOf(name: string, type: Type, v: RtValue): Output | undefined {
  if (v instanceof MemRef) return { name, type, element: v.type.elementType, shape: v.shape, data: viewData(v) };
  if (v instanceof ShapedValue) return { name, type, element: v.elementType, shape: v.shape, data: v.data };
  if (typeof v === 'object') return undefined;
  const codec = codecOf(type);
  const data = codec.alloc(1);
  codec.set(data, 0, v);
  return { name, type, element: type, shape: [], data };
}

export function sameData(a: Storage, b: Storage): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (!Object.is(a[i], b[i])) return false;
  return true;
}

/** A number as tile-run prints it: 6 significant digits, `nan`, `inf`, `-inf`. */
export const fmt = (x: number): string => (Number.isFinite(x) ? String(Number(x.toPrecision(6))) : Number.isNaN(x) ? 'nan' : x > 0 ? 'inf' : '-inf');

function fnv1a(bytes: Uint8Array): string {
  let h = 0x811c9dc5;
  for (const b of bytes) h = Math.imul(h ^ b, 0x01000193) >>> 0;
  return h.toString(16).padStart(8, '0');
}

/** tile-run's line for an output: shape, type, min/max/mean, NaNs and a checksum. */
export function summary(o: Output): string {
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

/**
 * Run `fn` of `module` on fresh values of `inputs` (host code interpreted; gpu.launch_func on
 * `kernelLauncher`, else interpreted too); the outputs are the memref arguments it changed (and
 * those without elements) and the results.
 */
export async function runFunction(module: Operation, fn: Operation, params: readonly Parameter[], inputs: readonly Input[], kernelLauncher: KernelLauncher | undefined): Promise<RunOutcome> {
  const args = params.map((param, i) => bind(param, inputs[i]!));
  const before = args.map((a) => (a instanceof MemRef ? viewData(a) : undefined));
  const interp = new Interpreter(module, { semantics: createSemantics(), kernelLauncher });
  const results: RtValue[] = await interp.runAsync(fn, args);
  const outputs: Output[] = [];
  args.forEach((a, i) => {
    if (!(a instanceof MemRef)) return;
    const o = outputOf(`%${params[i]!.name}`, params[i]!.type, a)!;
    // An argument without elements cannot show a change: it is reported, so that an empty problem's summary and comparison show.
    if (o.data.length === 0 || !sameData(o.data, before[i]!)) outputs.push(o);
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
