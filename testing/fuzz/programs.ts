/**
 * Random whole-problem tile programs for the differential fuzzer: functions of one to three ops,
 * each a `tile.matmul` (transpose_a / transpose_b / accumulate, f32 or f16 inputs, C f32 or the
 * inputs' type, static or dynamic dims) or a `tile.map` of rank 1 to 4 (random arith/math body,
 * f32 and f16 inputs, captured scalar arguments, constants, subview inputs and outputs, one or
 * two outputs); a later op often reads an earlier one's output. Sizes are variables: static ones
 * are fixed in the types, dynamic ones drawn per run (`randomSizes`, edge sizes around tiles).
 * `programArguments` makes seeded inputs for one run. Everything is seeded (mulberry32).
 */
import { type Rnd, chance, mulberry32, pick } from '../random.js';
import type { TileSizesFor } from '../tile-options.js';

export type Elem = 'f32' | 'f16';

/** A function parameter: a memref whose dims are size variables (each dim may be offset/strided for a view), or an f32 scalar. */
export type Param =
  | { readonly kind: 'memref'; readonly name: string; readonly elem: Elem; readonly dims: readonly Dim[]; readonly output: boolean }
  | { readonly kind: 'scalar'; readonly name: string };

/** A dim of a parameter: `offset + (var - 1) * stride + 1` elements (a plain dim has offset 0, stride 1). */
export interface Dim {
  readonly v: number;
  readonly offset: number;
  readonly stride: number;
}

export interface SizeVar {
  /** Fixed in the types, or undefined: dynamic, drawn per run. */
  readonly fixed?: number;
  /** What a dynamic size is drawn from (default: edge sizes around tiles up to 70). */
  readonly choices?: readonly number[];
}

export interface Program {
  readonly text: string;
  readonly functions: readonly { readonly name: string; readonly params: readonly Param[] }[];
  readonly vars: readonly SizeVar[];
  /** What each whole-problem op needs of tile-sizes. */
  readonly ops: readonly TileSizesFor[];
  /** Whether some output is computed in f16 (looser tolerance). */
  readonly half: boolean;
}

export interface ProgramOptions {
  /** At most this many ops per function (default 3). */
  readonly maxOps?: number;
  /** Functions per module (default 1 or 2). */
  readonly functions?: number;
}

const STATIC_SIZES = [1, 2, 3, 5, 7, 16, 17, 31, 32, 33, 48, 64, 96, 192];

class Builder {
  readonly vars: SizeVar[] = [];
  readonly ops: TileSizesFor[] = [];
  half = false;
  constructor(readonly rnd: Rnd) {}
  /** A size variable, static with `staticChance` (from smaller sizes for maps of rank 3 and 4: the interpreter runs every element). */
  newVar(staticChance: number, sizes: readonly number[] = STATIC_SIZES): number {
    this.vars.push(chance(this.rnd, staticChance) ? { fixed: pick(this.rnd, sizes) } : {});
    return this.vars.length - 1;
  }
  /** The type text of a dim of a parameter: static when its variable is fixed and it is plain. */
  dimText(d: Dim): string {
    const fixed = this.vars[d.v]!.fixed;
    return fixed === undefined ? '?' : String(d.offset + (fixed - 1) * d.stride + 1);
  }
}

function memrefType(b: Builder, dims: readonly Dim[], elem: Elem): string {
  return `memref<${dims.map((d) => b.dimText(d) + 'x').join('')}${elem}>`;
}

/** One function's text: parameters, then each op. */
class FunctionBuilder {
  readonly params: Param[] = [];
  readonly lines: string[] = [];
  private next = 0;
  /** Values holding index constants. */
  private readonly consts = new Map<number, string>();
  /** Outputs written so far: [value, type, dims (vars), elem] for later ops to read. */
  readonly outputs: { value: string; type: string; vars: number[]; elem: Elem }[] = [];
  constructor(
    readonly b: Builder,
    readonly name: string,
  ) {}
  fresh(prefix: string): string {
    return `%${prefix}${this.next++}`;
  }
  index(n: number): string {
    let c = this.consts.get(n);
    if (!c) {
      c = `%c${n}_${this.next++}`;
      this.lines.push(`  ${c} = arith.constant ${n} : index`);
      this.consts.set(n, c);
    }
    return c;
  }
  param(elem: Elem, dims: Dim[], output: boolean): string {
    const name = `%p${this.params.length}`;
    this.params.push({ kind: 'memref', name, elem, dims, output });
    return name;
  }
  scalar(): string {
    const name = `%p${this.params.length}`;
    this.params.push({ kind: 'scalar', name });
    return name;
  }
  /** A value of type `memref<vars, elem>`: a parameter, or (for dynamic vars) a subview of a larger one. Returns [value, type]. */
  operand(vars: number[], elem: Elem, output: boolean, viewChance: number): [string, string] {
    const rnd = this.b.rnd;
    const allDynamic = vars.every((v) => this.b.vars[v]!.fixed === undefined);
    if (!allDynamic || !chance(rnd, viewChance)) {
      const dims = vars.map((v) => ({ v, offset: 0, stride: 1 }));
      return [this.param(elem, dims, output), memrefType(this.b, dims, elem)];
    }
    const rank = vars.length;
    const dims = vars.map((v, d) => ({ v, offset: pick(rnd, [0, 0, 1, 2]), stride: d === rank - 1 ? pick(rnd, [1, 1, 2]) : pick(rnd, [1, 1, 2]) }));
    const p = this.param(elem, dims, output);
    const ptype = memrefType(this.b, dims, elem);
    // The view's sizes, from the parameter's: (dim - offset - 1) / stride + 1.
    const sizes = dims.map((d, i) => {
      const dim = this.fresh('d');
      this.lines.push(`  ${dim} = memref.dim ${p}, ${this.index(i)} : ${ptype}`);
      let n = dim;
      if (d.offset + 1 !== 1 || d.stride !== 1) {
        const a = this.fresh('s');
        this.lines.push(`  ${a} = arith.subi ${dim}, ${this.index(d.offset + 1)} : index`);
        const q = this.fresh('s');
        this.lines.push(`  ${q} = arith.divui ${a}, ${this.index(d.stride)} : index`);
        n = this.fresh('s');
        this.lines.push(`  ${n} = arith.addi ${q}, ${this.index(1)} : index`);
      }
      return n;
    });
    // Strides of a dynamic row-major source are [?, ..., ?, 1]; the view's are those times its steps.
    const strides = dims.map((d, i) => (i === rank - 1 ? String(d.stride) : '?'));
    const leadingOffset = dims.slice(0, -1).some((d) => d.offset !== 0);
    const offset = leadingOffset ? '?' : String(dims[rank - 1]!.offset);
    const layout = offset === '0' ? `strided<[${strides.join(', ')}]>` : `strided<[${strides.join(', ')}], offset: ${offset}>`;
    const vtype = `memref<${vars.map(() => '?x').join('')}${elem}, ${layout}>`;
    const view = this.fresh('v');
    this.lines.push(`  ${view} = memref.subview ${p}[${dims.map((d) => d.offset).join(', ')}] [${sizes.join(', ')}] [${dims.map((d) => d.stride).join(', ')}] : ${ptype} to ${vtype}`);
    return [view, vtype];
  }
}

function matmulOp(f: FunctionBuilder): void {
  const { b } = f;
  const rnd = b.rnd;
  const staticChance = chance(rnd, 0.4) ? 0.8 : 0.1;
  const [M, N, K] = [b.newVar(staticChance), b.newVar(staticChance), b.newVar(staticChance)];
  const elem: Elem = chance(rnd, 0.35) ? 'f16' : 'f32';
  const cElem: Elem = elem === 'f16' && chance(rnd, 0.3) ? 'f16' : 'f32';
  if (cElem === 'f16') b.half = true;
  const ta = chance(rnd, 0.3);
  const tb = chance(rnd, 0.3);
  const accumulate = chance(rnd, 0.2);
  const [a, at] = f.operand(ta ? [K, M] : [M, K], elem, false, 0.15);
  const [bb, bt] = f.operand(tb ? [N, K] : [K, N], elem, false, 0.15);
  const [c, ct] = f.operand([M, N], cElem, true, 0.1);
  const attrs = [ta && 'transpose_a', tb && 'transpose_b', accumulate && 'accumulate'].filter(Boolean).join(' ');
  f.lines.push(`  tile.matmul ${a}, ${bb}, ${c}${attrs ? ' ' + attrs : ''} : ${at}, ${bt}, ${ct}`);
  f.outputs.push({ value: c, type: ct, vars: [M, N], elem: cElem });
  b.ops.push({ kind: 'matmul' });
}

/** A random f32 expression body over `values` (f32 scalars); returns the lines and the result. */
function randomBody(rnd: Rnd, values: string[], fresh: () => string, steps: number): { lines: string[]; result: string } {
  const lines: string[] = [];
  const pool = [...values];
  const last = () => pool[pool.length - 1]!;
  for (let i = 0; i < steps; i++) {
    const x = pick(rnd, pool);
    const y = pick(rnd, pool);
    const r = fresh();
    const op = pick(rnd, ['addf', 'subf', 'mulf', 'maximumf', 'minimumf', 'negf', 'exp', 'tanh', 'sqrt', 'div', 'select', 'const', 'absf', 'fma']);
    switch (op) {
      case 'negf':
        lines.push(`${r} = arith.negf ${x} : f32`);
        break;
      case 'exp': {
        // exp of tanh(x): bounded.
        const t = fresh();
        lines.push(`${t} = math.tanh ${x} : f32`, `${r} = math.exp ${t} : f32`);
        break;
      }
      case 'tanh':
        lines.push(`${r} = math.tanh ${x} : f32`);
        break;
      case 'absf':
        lines.push(`${r} = math.absf ${x} : f32`);
        break;
      case 'sqrt': {
        const t = fresh();
        lines.push(`${t} = math.absf ${x} : f32`, `${r} = math.sqrt ${t} : f32`);
        break;
      }
      case 'div': {
        // x / (1 + y*y): never divides by zero.
        const [s, o, d] = [fresh(), fresh(), fresh()];
        lines.push(`${s} = arith.mulf ${y}, ${y} : f32`, `${o} = arith.constant 1.0 : f32`, `${d} = arith.addf ${s}, ${o} : f32`, `${r} = arith.divf ${x}, ${d} : f32`);
        break;
      }
      case 'select': {
        const c = fresh();
        lines.push(`${c} = arith.cmpf ${pick(rnd, ['olt', 'ogt', 'oge', 'une'])}, ${x}, ${y} : f32`, `${r} = arith.select ${c}, ${x}, ${y} : f32`);
        break;
      }
      case 'const':
        lines.push(`${r} = arith.constant ${pick(rnd, ['0.5', '-2.0', '3.25', '0.0'])} : f32`);
        break;
      case 'fma': {
        lines.push(`${r} = math.fma ${x}, ${y}, ${last()} : f32`);
        break;
      }
      default:
        lines.push(`${r} = arith.${op} ${x}, ${y} : f32`);
    }
    pool.push(r);
  }
  return { lines, result: last() };
}

function mapOp(f: FunctionBuilder, captured: string[]): void {
  const { b } = f;
  const rnd = b.rnd;
  // Read an earlier output (its shape) or start fresh.
  const earlier = f.outputs.length > 0 && chance(rnd, 0.6) ? pick(rnd, f.outputs) : undefined;
  const rank = earlier ? earlier.vars.length : pick(rnd, [1, 2, 2, 3, 4]);
  const staticChance = chance(rnd, 0.4) ? 0.8 : 0.1;
  const vars = earlier
    ? earlier.vars
    : Array.from({ length: rank }, (_, d) =>
        rank >= 3 && d < rank - 2 && chance(rnd, 0.5)
          ? (b.vars.push({ fixed: pick(rnd, [1, 2, 3]) }), b.vars.length - 1)
          : b.newVar(staticChance, rank >= 3 ? [1, 2, 3, 5, 7, 16, 17] : STATIC_SIZES),
      );
  const ins: { value: string; type: string; elem: Elem }[] = [];
  if (earlier) ins.push({ value: earlier.value, type: earlier.type, elem: earlier.elem });
  const extra = pick(rnd, earlier ? [0, 1, 1, 2] : [0, 1, 1, 2, 2, 3]);
  for (let i = 0; i < extra; i++) {
    const elem: Elem = chance(rnd, 0.2) ? 'f16' : 'f32';
    const [value, type] = f.operand(vars, elem, false, 0.3);
    ins.push({ value, type, elem });
  }
  const nOut = chance(rnd, 0.2) ? 2 : 1;
  const outs: { value: string; type: string; elem: Elem }[] = [];
  for (let i = 0; i < nOut; i++) {
    const elem: Elem = chance(rnd, 0.15) ? 'f16' : 'f32';
    if (elem === 'f16') b.half = true;
    const [value, type] = f.operand(vars, elem, true, 0.2);
    outs.push({ value, type, elem });
  }
  let n = 0;
  const fresh = () => `%x${n++}`;
  const args = ins.map(() => fresh());
  const lines: string[] = [];
  const values = ins.map((x, i) => {
    if (x.elem === 'f32') return args[i]!;
    const e = fresh();
    lines.push(`${e} = arith.extf ${args[i]} : f16 to f32`);
    return e;
  });
  const pool = [...values];
  if (captured.length > 0 && chance(rnd, 0.5)) pool.push(pick(rnd, captured));
  if (pool.length === 0) {
    const c = fresh();
    lines.push(`${c} = arith.constant ${pick(rnd, ['1.5', '-0.25', '7.0'])} : f32`);
    pool.push(c);
  }
  const yields: string[] = [];
  for (const out of outs) {
    const e = randomBody(rnd, pool, fresh, 1 + Math.floor(rnd() * 5));
    lines.push(...e.lines);
    let y = e.result;
    if (out.elem === 'f16') {
      const t = fresh();
      lines.push(`${t} = arith.truncf ${y} : f32 to f16`);
      y = t;
    }
    yields.push(y);
    pool.push(e.result);
  }
  const insText = ins.length > 0 ? `ins(${ins.map((x) => x.value).join(', ')} : ${ins.map((x) => x.type).join(', ')}) ` : '';
  f.lines.push(`  tile.map ${insText}outs(${outs.map((x) => x.value).join(', ')} : ${outs.map((x) => x.type).join(', ')}) {`);
  f.lines.push(`  ^bb0(${ins.map((x, i) => `${args[i]}: ${x.elem}`).join(', ')}):`);
  for (const l of lines) f.lines.push(`    ${l}`);
  f.lines.push(`    tile.yield ${yields.join(', ')} : ${outs.map((x) => x.elem).join(', ')}`);
  f.lines.push('  }');
  for (const out of outs) if (!out.type.includes('strided')) f.outputs.push({ value: out.value, type: out.type, vars: [...vars], elem: out.elem });
  b.ops.push({ kind: 'map', rank });
}

/** A random program (seeded). */
export function randomProgram(seed: number, options: ProgramOptions = {}): Program {
  const rnd = mulberry32(seed);
  const b = new Builder(rnd);
  const functions: { name: string; params: Param[] }[] = [];
  const texts: string[] = [];
  const nFunctions = options.functions ?? (chance(rnd, 0.25) ? 2 : 1);
  for (let fi = 0; fi < nFunctions; fi++) {
    const f = new FunctionBuilder(b, `f${fi}`);
    const captured = chance(rnd, 0.4) ? [f.scalar()] : [];
    const nOps = 1 + Math.floor(rnd() * (options.maxOps ?? 3));
    for (let i = 0; i < nOps; i++) (chance(rnd, 0.4) ? matmulOp : mapOp)(f, captured);
    const sig = f.params.map((p) => `${p.name}: ${p.kind === 'scalar' ? 'f32' : memrefType(b, p.dims as Dim[], p.elem)}`).join(', ');
    texts.push(`func.func @${f.name}(${sig}) {\n${f.lines.join('\n')}\n  return\n}\n`);
    functions.push({ name: f.name, params: f.params });
  }
  return { text: texts.join('\n'), functions, vars: b.vars, ops: b.ops, half: b.half };
}

/** What tile-sizes the program's ops can share: one arity for all, else per-op defaults. */
export function tileSizesFor(program: Program): TileSizesFor {
  const arity = (t: TileSizesFor) => (t.kind === 'matmul' ? 3 : t.kind === 'map' ? t.rank : 0);
  const first = program.ops[0];
  if (!first || !program.ops.every((t) => arity(t) === arity(first))) return { kind: 'defaults' };
  // Matmuls and rank-3 maps both take 3: tile them as matmuls (rules for either are checked by tiling).
  return program.ops.some((t) => t.kind === 'matmul') ? (program.ops.every((t) => t.kind === 'matmul') ? { kind: 'matmul' } : { kind: 'defaults' }) : first;
}

/** Edge sizes for the dynamic variables of one run (around tile sizes; small for high ranks). */
export function randomSizes(program: Program, rnd: Rnd, budget = 6000): number[] {
  const sizes = program.vars.map((v) => v.fixed ?? pick(rnd, v.choices ?? [1, 1, 2, 3, 4, 5, 7, 8, 9, 15, 16, 17, 31, 32, 33, 40, 47, 63, 64, 65, 70]));
  // Keep every memref under `budget` elements (the interpreter runs each thread of each workgroup).
  for (const fn of program.functions) {
    for (const p of fn.params) {
      if (p.kind !== 'memref') continue;
      for (;;) {
        const n = p.dims.reduce((a, d) => a * (d.offset + (sizes[d.v]! - 1) * d.stride + 1), 1);
        if (n <= budget) break;
        const big = p.dims.filter((d) => program.vars[d.v]!.fixed === undefined).sort((x, y) => sizes[y.v]! - sizes[x.v]!)[0];
        if (!big || sizes[big.v]! <= 1) break;
        sizes[big.v] = Math.max(1, Math.floor(sizes[big.v]! / 2));
      }
    }
  }
  return sizes;
}

/** Seeded arguments of one function at `sizes`: memrefs of values in [-1, 1) (f16-rounded for f16), scalars in [-2, 2). */
export function programArguments(params: readonly Param[], sizes: readonly number[], seed: number, roundF16: (x: number) => number): ({ shape: number[]; data: Float32Array } | number)[] {
  const rnd = mulberry32(seed);
  return params.map((p) => {
    if (p.kind === 'scalar') return Math.fround(rnd() * 4 - 2);
    const shape = p.dims.map((d) => d.offset + (sizes[d.v]! - 1) * d.stride + 1);
    const n = shape.reduce((a, b) => a * b, 1);
    const round = p.elem === 'f16' ? roundF16 : Math.fround;
    return { shape, data: Float32Array.from({ length: n }, () => round(rnd() * 2 - 1)) };
  });
}
