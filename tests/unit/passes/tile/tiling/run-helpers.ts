// Running functions of tile programs in the interpreter on seeded random memrefs, and comparing
// their outputs: the meaning-preservation checks of the tile passes (a program before and after a
// pass, run on identical inputs, must leave the same values in its memrefs).
import type { Operation } from '../../../../../core/ir/operation.js';
import { FloatType, IntegerType, MemRefType, type Type } from '../../../../../core/ir/types.js';
import { Interpreter } from '../../../../../core/interpret/engine.js';
import { floatRounder, type Scalar } from '../../../../../core/interpret/numeric.js';
import { Buffer, codecOf, MemRef, rowMajorStrides, type RtValue } from '../../../../../core/interpret/values.js';
import { parseModule } from '../../../../../dialects/builtin/parse-module.js';
import { createContext } from '../../../../../dialects/registry.js';
import { createSemantics } from '../../../../../dialects/semantics.js';
import { mulberry32 } from '../../../../../testing/random.js';

/** Element types the helpers can fill. */
export type DType = 'f32' | 'f16' | 'bf16' | 'f64' | 'i8' | 'i16' | 'i32';

/**
 * One argument of the function run: a memref of `shape` and element type `dtype` (which must be
 * the parameter's) holding `data` (row-major) or seeded random values (floats uniform in [-1, 1)
 * rounded to the type, integers in [-8, 8)); or a scalar.
 */
export type ArgSpec = { readonly shape: readonly number[]; readonly dtype: DType; readonly data?: ArrayLike<number> } | { readonly scalar: number };

/** The contents of every memref argument after the run, row-major, in argument order (scalars: empty). */
export type Outputs = Float64Array[];

/** The f32 A, B and C of a matmul `form` (its transpose_a / transpose_b words) at M x N x K, each as stored. */
export function matmulArgs(form: string, [M, N, K]: readonly number[]): ArgSpec[] {
  return [
    { shape: form.includes('transpose_a') ? [K!, M!] : [M!, K!], dtype: 'f32' },
    { shape: form.includes('transpose_b') ? [N!, K!] : [K!, N!], dtype: 'f32' },
    { shape: [M!, N!], dtype: 'f32' },
  ];
}

function randomValues(type: Type, n: number, random: () => number): number[] {
  if (type instanceof FloatType) {
    const round = floatRounder(type);
    return Array.from({ length: n }, () => round(random() * 2 - 1));
  }
  return Array.from({ length: n }, () => Math.floor(random() * 16) - 8);
}

function memrefArgument(param: Type, spec: { shape: readonly number[]; dtype: DType; data?: ArrayLike<number> }, i: number, random: () => number): MemRef {
  if (!(param instanceof MemRefType)) throw new Error(`argument #${i}: the parameter is a '${param}', not a memref`);
  if (String(param.elementType) !== spec.dtype) throw new Error(`argument #${i}: dtype '${spec.dtype}' but the parameter is '${param}'`);
  if (spec.shape.length !== param.rank || spec.shape.some((d, k) => param.shape[k]! >= 0 && param.shape[k] !== d)) {
    throw new Error(`argument #${i}: shape [${spec.shape.join(', ')}] does not fit '${param}'`);
  }
  const n = spec.shape.reduce((a, b) => a * b, 1);
  const values = spec.data ? Array.from(spec.data) : randomValues(param.elementType, n, random);
  if (values.length !== n) throw new Error(`argument #${i}: ${values.length} values for shape [${spec.shape.join(', ')}]`);
  const buffer = Buffer.allocate(param.elementType, n, param.memorySpace, `argument #${i}`);
  values.forEach((v, k) => buffer.codec.set(buffer.data, k, v));
  return new MemRef(param, buffer, 0, spec.shape, rowMajorStrides(spec.shape));
}

function scalarArgument(param: Type, value: number): Scalar {
  if (param instanceof IntegerType && param.width > 32) return BigInt(value);
  if (param instanceof IntegerType && param.width === 1) return value !== 0;
  return value;
}

/**
 * Runs function `entry` of a module (text, or a parsed module) in the interpreter on `args`, the
 * random values drawn from `seed`; returns the contents of the memref arguments afterwards. The
 * same specs and seed give the same inputs, whatever the module.
 */
export function runEntry(module: string | Operation, entry: string, args: readonly ArgSpec[], seed: number): Outputs {
  const op = typeof module === 'string' ? parseModule(module, createContext(), `${entry}.mlir`) : module;
  const interp = new Interpreter(op, { semantics: createSemantics() });
  const fn = interp.lookupFunction(entry);
  if (!fn) throw new Error(`no function @${entry}`);
  const params = fn.region(0).entry!.arguments.map((a) => a.type);
  if (params.length !== args.length) throw new Error(`@${entry} takes ${params.length} arguments, got ${args.length}`);
  const random = mulberry32(seed);
  const values: RtValue[] = args.map((spec, i) => ('scalar' in spec ? scalarArgument(params[i]!, spec.scalar) : memrefArgument(params[i]!, spec, i, random)));
  interp.run(fn, values);
  return values.map((v) => {
    if (!(v instanceof MemRef)) return new Float64Array(0);
    const codec = codecOf(v.type.elementType);
    return Float64Array.from({ length: v.numElements }, (_, k) => Number(codec.get(v.buffer.data, k)));
  });
}

/**
 * The elements where `got` and `want` differ by more than `tolerance`, absolute or relative (as
 * `tile-run --tolerance`), described for a failure message (at most `limit`); empty when they
 * agree. NaN agrees with NaN only.
 */
export function mismatches(got: Outputs, want: Outputs, tolerance = 0, limit = 5): string[] {
  const out: string[] = [];
  if (got.length !== want.length) return [`${got.length} outputs, expected ${want.length}`];
  want.forEach((w, a) => {
    const g = got[a]!;
    if (g.length !== w.length) {
      out.push(`argument #${a}: ${g.length} elements, expected ${w.length}`);
      return;
    }
    for (let k = 0; k < w.length && out.length < limit; k++) {
      const [x, y] = [g[k]!, w[k]!];
      if (Number.isNaN(x) && Number.isNaN(y)) continue;
      const diff = Math.abs(x - y);
      if (!(diff <= tolerance || diff <= tolerance * Math.abs(y)) && x !== y) out.push(`argument #${a}[${k}]: got ${x}, expected ${y}`);
    }
  });
  return out;
}

/** Runs `entry` of both modules on the same inputs; the mismatches of the second's outputs against the first's. */
export function compareEntries(reference: string | Operation, transformed: string | Operation, entry: string, args: readonly ArgSpec[], seed: number, tolerance = 0): string[] {
  return mismatches(runEntry(transformed, entry, args, seed), runEntry(reference, entry, args, seed), tolerance);
}
