/**
 * Random fusion candidates for the differential fuzzer: the programs tile-fuse turns into one
 * kernel, and their near misses.
 *
 * - Row programs (rank 2 or 3, rows the last dimension): `tile.reduction` of the last dimension
 *   (add, max, min, mul), maps over one value per row, and maps over the rows that read values
 *   whole, per-row values through `(.., d) -> (..)`, a row vector such as gamma through
 *   `(.., d) -> (d)`, and captured scalars; intermediates in buffers the program allocates, the
 *   output written (and read back) more than once. Templates of softmax's sum of exp(u - max(u))
 *   and of a variance about a mean, which tiling computes in one pass over a long row, come with
 *   near misses (another value's maximum, the minimum, a factor inside the sum, the deviation of
 *   another value) that must not be mistaken for them.
 * - Matmul epilogues: a `tile.matmul` then maps of its result's shape that read it whole, a bias
 *   along rows or columns, a residual and a scalar; sometimes followed by what cannot join the
 *   matmul's kernel (a row reduction of the result).
 *
 * Some inputs and outputs are f16 (maps extend them and round what they store; f16 values are
 * reduced by max and min only, which do not round). Values stay bounded (a map's result whose bound grows past 16 goes through tanh; a sum is divided
 * by the row length before other uses), so reordered reductions differ from the reference by
 * rounding only. Sizes are variables as in programs.ts; rows are drawn long (past the column
 * blocks of small tile sizes) and few.
 */
import { type Rnd, chance, mulberry32, pick } from '../random.js';
import type { Program } from './programs.js';
import { ProgramBuilder } from './program-builder.js';

/** Row lengths: around the column blocks of row kernels (32 .. 1024) and past them. */
const ROW_LENGTHS = [1, 2, 3, 4, 5, 31, 32, 33, 63, 64, 65, 100, 127, 128, 129, 255, 257, 513, 1025, 1100];
const ROW_COUNTS = [1, 1, 2, 3, 4, 5, 7, 9];
const BATCHES = [1, 2, 3];
const MATMUL_SIZES = [1, 2, 3, 5, 8, 9, 16, 17, 31, 33, 40, 63, 65];

/** A value a map body or a reduction can use, with a bound on its magnitude. */
interface Val {
  readonly name: string;
  readonly bound: number;
}

/** A buffer the program reads: its SSA name, type and shape kind, and a bound on its elements. */
interface Buf {
  readonly name: string;
  readonly type: string;
  readonly kind: 'full' | 'row' | 'col';
  readonly bound: number;
  /** f16 elements (else f32): maps extend them to f32 and round what they store. */
  readonly half?: boolean;
}

/** A random bounded body over `inputs`; the yielded value's name and bound. */
function body(rnd: Rnd, inputs: readonly Val[], fresh: () => string, steps: number, lines: string[]): Val {
  const pool: Val[] = [...inputs];
  const push = (line: string, name: string, bound: number) => {
    lines.push(line);
    pool.push({ name, bound });
  };
  for (let i = 0; i < steps; i++) {
    const x = pool[pool.length - 1 - Math.floor(rnd() * Math.min(pool.length, 3))]!;
    const y = pick(rnd, pool);
    const r = fresh();
    switch (pick(rnd, ['addf', 'subf', 'mulf', 'maximumf', 'minimumf', 'negf', 'exp', 'tanh', 'div', 'select', 'fma', 'const'])) {
      case 'addf':
      case 'subf': {
        const op = chance(rnd, 0.5) ? 'addf' : 'subf';
        push(`${r} = arith.${op} ${x.name}, ${y.name} : f32`, r, x.bound + y.bound);
        break;
      }
      case 'mulf':
        push(`${r} = arith.mulf ${x.name}, ${y.name} : f32`, r, x.bound * y.bound);
        break;
      case 'maximumf':
      case 'minimumf': {
        const op = chance(rnd, 0.5) ? 'maximumf' : 'minimumf';
        push(`${r} = arith.${op} ${x.name}, ${y.name} : f32`, r, Math.max(x.bound, y.bound));
        break;
      }
      case 'negf':
        push(`${r} = arith.negf ${x.name} : f32`, r, x.bound);
        break;
      case 'exp': {
        const t = fresh();
        lines.push(`${t} = math.tanh ${x.name} : f32`);
        push(`${r} = math.exp ${t} : f32`, r, Math.E);
        break;
      }
      case 'tanh':
        push(`${r} = math.tanh ${x.name} : f32`, r, 1);
        break;
      case 'div': {
        const [s, o, d] = [fresh(), fresh(), fresh()];
        lines.push(`${s} = arith.mulf ${y.name}, ${y.name} : f32`, `${o} = arith.constant 1.0 : f32`, `${d} = arith.addf ${s}, ${o} : f32`);
        push(`${r} = arith.divf ${x.name}, ${d} : f32`, r, x.bound);
        break;
      }
      case 'select': {
        const c = fresh();
        lines.push(`${c} = arith.cmpf ${pick(rnd, ['olt', 'ogt', 'oge'])}, ${x.name}, ${y.name} : f32`);
        push(`${r} = arith.select ${c}, ${x.name}, ${y.name} : f32`, r, Math.max(x.bound, y.bound));
        break;
      }
      case 'fma': {
        const z = pick(rnd, pool);
        push(`${r} = math.fma ${x.name}, ${y.name}, ${z.name} : f32`, r, x.bound * y.bound + z.bound);
        break;
      }
      default: {
        const c = pick(rnd, ['0.5', '-2.0', '1.25', '0.0']);
        push(`${r} = arith.constant ${c} : f32`, r, Math.abs(Number(c)));
      }
    }
  }
  let last = pool[pool.length - 1]!;
  if (last.bound > 16) {
    const t = fresh();
    lines.push(`${t} = math.tanh ${last.name} : f32`);
    last = { name: t, bound: 1 };
  }
  return last;
}

/**
 * A map's text: `ins` read through `maps` (or the identity when undefined) into one output.
 * `make` writes the body over the inputs as f32 values (f16 ones extended first) and returns the
 * result, rounded to f16 where the output is f16.
 */
function mapOp(ins: readonly Buf[], out: Buf, maps: readonly string[] | undefined, make: (vals: Val[], fresh: () => string, lines: string[]) => Val): { lines: string[]; result: Val } {
  let n = 0;
  const fresh = () => `%x${n++}`;
  const args = ins.map(() => fresh());
  const lines: string[] = [];
  const vals = ins.map((x, i) => {
    if (!x.half) return { name: args[i]!, bound: x.bound };
    const e = fresh();
    lines.push(`${e} = arith.extf ${args[i]} : f16 to f32`);
    return { name: e, bound: x.bound };
  });
  const result = make(vals, fresh, lines);
  let yielded = result.name;
  if (out.half) {
    yielded = fresh();
    lines.push(`${yielded} = arith.truncf ${result.name} : f32 to f16`);
  }
  const mapsText = maps ? `indexing_maps = [${maps.join(', ')}] ` : '';
  const insText = ins.length > 0 ? `ins(${ins.map((b) => b.name).join(', ')} : ${ins.map((b) => b.type).join(', ')}) ` : '';
  return {
    lines: [
      `  tile.map ${mapsText}${insText}outs(${out.name} : ${out.type}) {`,
      `  ^bb0(${args.map((a, i) => `${a}: ${ins[i]!.half ? 'f16' : 'f32'}`).join(', ')}):`,
      ...lines.map((l) => `    ${l}`),
      `    tile.yield ${yielded} : ${out.half ? 'f16' : 'f32'}`,
      '  }',
    ],
    result,
  };
}

/** Builds one row program's function. */
class RowProgram {
  readonly rank: number;
  readonly rowVars: number[];
  readonly colVar: number;
  readonly dims: string[] = [];
  readonly full: Buf[] = [];
  readonly rows: Buf[] = [];
  readonly cols: Buf[] = [];
  readonly scalars: Val[] = [];
  readonly Y: Buf;
  /** Maps of a full value's, a per-row value's and a column vector's indices. */
  readonly maps: { full: string; row: string; col: string };
  /** The row length as f32. */
  private readonly n: string;

  constructor(
    readonly b: ProgramBuilder,
    readonly name: string,
  ) {
    const rnd = b.rnd;
    this.rank = chance(rnd, 0.25) ? 3 : 2;
    const staticChance = chance(rnd, 0.3) ? 0.6 : 0;
    this.rowVars = [...(this.rank === 3 ? [b.sizeVar(BATCHES, staticChance)] : []), b.sizeVar(ROW_COUNTS, staticChance)];
    this.colVar = b.sizeVar(ROW_LENGTHS, staticChance);
    const ds = Array.from({ length: this.rank }, (_, d) => `d${d}`);
    const lead = ds.slice(0, -1).join(', ');
    this.maps = {
      full: `affine_map<(${ds.join(', ')}) -> (${ds.join(', ')})>`,
      row: `affine_map<(${ds.join(', ')}) -> (${lead})>`,
      col: `affine_map<(${ds.join(', ')}) -> (${ds[this.rank - 1]})>`,
    };
    const fullVars = [...this.rowVars, this.colVar];
    const halfX = chance(rnd, 0.2);
    const X = b.param(fullVars, false, halfX);
    this.full.push({ name: X, type: b.typeOf(fullVars, halfX), kind: 'full', bound: 1, half: halfX });
    if (chance(rnd, 0.5)) this.cols.push({ name: b.param([this.colVar], false), type: b.typeOf([this.colVar]), kind: 'col', bound: 1 });
    if (chance(rnd, 0.25)) this.rows.push({ name: b.param(this.rowVars, false), type: b.typeOf(this.rowVars), kind: 'row', bound: 1 });
    if (chance(rnd, 0.3)) this.scalars.push({ name: b.scalar(), bound: 2 });
    const halfY = chance(rnd, 0.15);
    this.Y = { name: b.param(fullVars, true, halfY), type: b.typeOf(fullVars, halfY), kind: 'full', bound: 16, half: halfY };
    this.n = this.prologue();
  }

  /** memref.dim of X (`dims`) and the row length as f32 (returned), first in the body. */
  private prologue(): string {
    const { b } = this;
    const X = this.full[0]!;
    for (let d = 0; d < this.rank; d++) this.dims.push(b.dim(X.name, X.type, d));
    const [ni, n] = [b.fresh('ni'), b.fresh('n')];
    b.lines.push(`  ${ni} = arith.index_cast ${this.dims[this.rank - 1]} : index to i32`, `  ${n} = arith.sitofp ${ni} : i32 to f32`);
    return n;
  }

  private newFull(): Buf {
    const vars = [...this.rowVars, this.colVar];
    return { name: this.b.alloc(vars, this.dims), type: this.b.typeOf(vars), kind: 'full', bound: 0 };
  }
  private newRow(half = false): Buf {
    return { name: this.b.alloc(this.rowVars, this.dims, half), type: this.b.typeOf(this.rowVars, half), kind: 'row', bound: 0, half };
  }
  /** A recent full value (the latest most often); with `f32`, one of f32 elements (a new map of one if none). */
  private someFull(f32 = false): Buf {
    const rnd = this.b.rnd;
    const pool = f32 ? this.full.filter((x) => !x.half) : this.full;
    if (pool.length === 0) return this.randomFullMap();
    return chance(rnd, 0.5) ? pool[pool.length - 1]! : pick(rnd, pool);
  }

  /** A full value other than `u`: an earlier one, or a new map over rows. */
  private another(u: Buf): Buf {
    const others = this.full.filter((x) => x.name !== u.name);
    return others.length > 0 ? pick(this.b.rnd, others) : this.randomFullMap();
  }

  /** A reduction of `input` (f16 ones: max and min only, which do not round). */
  reduction(kind: 'add' | 'max' | 'min' | 'mul', input: Buf): Buf {
    if (input.half && (kind === 'add' || kind === 'mul')) throw new Error(`fused-programs: a ${kind} reduction of f16 values`);
    const out = this.newRow(input.half);
    this.b.lines.push(`  tile.reduction ${kind} ins(${input.name} : ${input.type}) outs(${out.name} : ${out.type}) dimensions = [${this.rank - 1}]`);
    return { ...out, bound: kind === 'add' ? input.bound * 2000 : kind === 'mul' ? 1 : input.bound };
  }

  /** A map over rows writing `out` (a new intermediate unless given) from `ins`; `make` writes the body. */
  fullMap(ins: readonly Buf[], make: (vals: Val[], fresh: () => string, lines: string[]) => Val, out: Buf = this.newFull()): Buf {
    const identity = ins.every((x) => x.kind === 'full');
    const maps = identity ? undefined : [...ins.map((x) => this.maps[x.kind]), this.maps.full];
    const { lines, result } = mapOp(ins, out, maps, make);
    this.b.lines.push(...lines);
    const written = { ...out, bound: result.bound };
    this.full.push(written);
    return written;
  }

  /** A map over one value per row (rank - 1), writing a new intermediate. */
  rowMap(ins: readonly Buf[], make: (vals: Val[], fresh: () => string, lines: string[]) => Val): Buf {
    const out = this.newRow();
    const { lines, result } = mapOp(ins, out, undefined, make);
    this.b.lines.push(...lines);
    const written = { ...out, bound: result.bound };
    this.rows.push(written);
    return written;
  }

  /** A per-row value for other uses: sums are divided by the row length first. */
  private usable(r: Buf, kind: string): Buf {
    if (kind !== 'add') {
      this.rows.push(r);
      return r;
    }
    return this.rowMap([r], (vals, fresh, lines) => {
      const m = fresh();
      lines.push(`${m} = arith.divf ${vals[0]!.name}, ${this.n} : f32`);
      return { name: m, bound: r.bound / 2000 };
    });
  }

  /** One random step. */
  step(): void {
    const rnd = this.b.rnd;
    const r = rnd();
    if (r < 0.15) return this.softmaxTemplate();
    if (r < 0.27) return this.varianceTemplate();
    if (r < 0.5) {
      const input = this.someFull();
      const kind = input.half ? pick(rnd, ['max', 'min'] as const) : input.bound <= 1 && chance(rnd, 0.12) ? 'mul' : pick(rnd, ['add', 'add', 'max', 'min'] as const);
      this.usable(this.reduction(kind, input), kind);
      return;
    }
    if (r < 0.62 && this.rows.length > 0) {
      // Mostly from the latest per-row value: a map of per-row inputs only is not the run's and is tiled on its own.
      const ins = [chance(rnd, 0.7) ? this.rows[this.rows.length - 1]! : pick(rnd, this.rows), ...(chance(rnd, 0.4) ? [pick(rnd, this.rows)] : [])];
      this.rowMap(ins, (vals, fresh, lines) => body(rnd, [...vals, ...this.extraScalars()], fresh, 1 + Math.floor(rnd() * 3), lines));
      return;
    }
    this.randomFullMap(chance(rnd, 0.2) ? this.Y : undefined);
  }

  private extraScalars(): Val[] {
    return this.scalars.length > 0 && chance(this.b.rnd, 0.5) ? [pick(this.b.rnd, this.scalars)] : [];
  }

  /** A map over rows reading full values, per-row values and column vectors at random. */
  randomFullMap(out?: Buf): Buf {
    const rnd = this.b.rnd;
    const ins: Buf[] = [this.someFull()];
    if (chance(rnd, 0.3)) ins.push(pick(rnd, this.full));
    if (this.rows.length > 0 && chance(rnd, 0.6)) ins.push(pick(rnd, this.rows));
    if (this.rows.length > 1 && chance(rnd, 0.3)) ins.push(pick(rnd, this.rows));
    if (this.cols.length > 0 && chance(rnd, 0.5)) ins.push(pick(rnd, this.cols));
    const shuffled = ins
      .map((x) => [rnd(), x] as const)
      .sort((p, q) => p[0] - q[0])
      .map(([, x]) => x);
    return this.fullMap(shuffled, (vals, fresh, lines) => body(rnd, [...vals, ...this.extraScalars()], fresh, 1 + Math.floor(rnd() * 4), lines), out);
  }

  /**
   * sum(exp(u - max(u))) and the division by it, or a near miss: the maximum of another value, the
   * minimum, a factor inside the sum, the difference the other way round.
   */
  softmaxTemplate(): void {
    const rnd = this.b.rnd;
    const u = this.someFull();
    const miss = pick(rnd, ['none', 'none', 'other-max', 'other-max', 'min', 'factor', 'reversed']);
    const reduced = miss === 'other-max' ? this.another(u) : u;
    const m = this.reduction(miss === 'min' ? 'min' : 'max', reduced);
    this.rows.push(m);
    const factor = miss === 'factor' && this.cols.length > 0 ? [this.cols[0]!] : [];
    const e = this.fullMap([u, m, ...factor], (vals, fresh, lines) => {
      const [d, x] = [fresh(), fresh()];
      lines.push(miss === 'reversed' ? `${d} = arith.subf ${vals[1]!.name}, ${vals[0]!.name} : f32` : `${d} = arith.subf ${vals[0]!.name}, ${vals[1]!.name} : f32`);
      // Where u - m may be large and positive (m not u's maximum), tanh bounds exp's argument,
      // except for another value's maximum of small bound: that body is softmax's to the letter.
      const exact = miss === 'none' || (miss === 'other-max' && u.bound + m.bound <= 20);
      const t = fresh();
      if (!exact) lines.push(`${t} = math.tanh ${d} : f32`);
      lines.push(`${x} = math.exp ${exact ? d : t} : f32`);
      if (factor.length === 0) return { name: x, bound: Math.E };
      const f = fresh();
      lines.push(`${f} = arith.mulf ${x}, ${vals[2]!.name} : f32`);
      return { name: f, bound: Math.E };
    });
    const s = this.reduction('add', e);
    this.rows.push(s);
    const out = chance(rnd, 0.4) ? this.Y : undefined;
    this.fullMap(
      [e, s],
      (vals, fresh, lines) => {
        const q = fresh();
        // The sum is at least 1 where u's maximum is subtracted; near misses sum positive terms of exp(-2) at least.
        lines.push(`${q} = arith.divf ${vals[0]!.name}, ${vals[1]!.name} : f32`);
        return { name: q, bound: 16 };
      },
      out,
    );
  }

  /** mean(u), then sum((u - mean)^2) / n, or a near miss: another value's deviation, |d| for d^2, a factor. */
  varianceTemplate(): void {
    const rnd = this.b.rnd;
    const u = this.someFull(true);
    const miss = pick(rnd, ['none', 'none', 'other', 'other', 'abs', 'factor']);
    const mean = this.usable(this.reduction('add', u), 'add');
    const w = miss === 'other' ? this.another(u) : u;
    const factor = miss === 'factor' && this.cols.length > 0 ? [this.cols[0]!] : [];
    const toY = !this.Y.half && chance(rnd, 0.3);
    const d2 = this.fullMap(
      [w, mean, ...factor],
      (vals, fresh, lines) => {
        const [d, sq] = [fresh(), fresh()];
        lines.push(`${d} = arith.subf ${vals[0]!.name}, ${vals[1]!.name} : f32`);
        lines.push(miss === 'abs' ? `${sq} = math.absf ${d} : f32` : `${sq} = arith.mulf ${d}, ${d} : f32`);
        const bound = (vals[0]!.bound + vals[1]!.bound) ** 2;
        if (factor.length === 0) return { name: sq, bound };
        const f = fresh();
        lines.push(`${f} = arith.mulf ${sq}, ${vals[2]!.name} : f32`);
        return { name: f, bound };
      },
      toY ? this.Y : undefined,
    );
    const variance = this.usable(this.reduction('add', d2), 'add');
    this.rowMap([variance], (vals, fresh, lines) => {
      const [one, ve, r] = [fresh(), fresh(), fresh()];
      lines.push(`${one} = arith.constant 1.0 : f32`, `${ve} = arith.addf ${vals[0]!.name}, ${one} : f32`, `${r} = math.rsqrt ${ve} : f32`);
      return { name: r, bound: 1 };
    });
  }

  text(): string {
    const { b } = this;
    // The output is last written by a map over rows.
    this.randomFullMap(this.Y);
    return b.functionText(this.name);
  }
}

/**
 * A matmul whose result maps read whole, with a bias, a residual, a scalar; then perhaps what
 * cannot join it (`rowsAfter`: a row reduction, tiled as a row kernel of its own).
 */
function epilogueFunction(b: ProgramBuilder, name: string): { text: string; rowsAfter: boolean } {
  const rnd = b.rnd;
  const staticChance = chance(rnd, 0.3) ? 0.7 : 0;
  const M = b.sizeVar(MATMUL_SIZES, staticChance);
  const N = b.sizeVar(MATMUL_SIZES, staticChance);
  const K = b.sizeVar(MATMUL_SIZES, staticChance);
  const ta = chance(rnd, 0.2);
  const tb = chance(rnd, 0.25);
  // f16 operands (f32 accumulation and result) now and then.
  const half = chance(rnd, 0.2);
  const A = b.param(ta ? [K, M] : [M, K], false, half);
  const B = b.param(tb ? [N, K] : [K, N], false, half);
  const biasCols = chance(rnd, 0.6) ? b.param([N], false) : undefined;
  const biasRows = chance(rnd, 0.25) ? b.param([M], false) : undefined;
  const residual = chance(rnd, 0.3) ? b.param([M, N], false) : undefined;
  const s = chance(rnd, 0.3) ? b.scalar() : undefined;
  const C = b.param([M, N], true);
  const D = chance(rnd, 0.4) ? b.param([M, N], true) : undefined;
  const full2 = b.typeOf([M, N]);
  const [aT, bT] = [b.typeOf(ta ? [K, M] : [M, K], half), b.typeOf(tb ? [N, K] : [K, N], half)];
  const attrs = [ta && 'transpose_a', tb && 'transpose_b'].filter(Boolean).join(' ');
  b.lines.push(`  tile.matmul ${A}, ${B}, ${C}${attrs ? ` ${attrs}` : ''} : ${aT}, ${bT}, ${full2}`);
  const maps = { full: 'affine_map<(d0, d1) -> (d0, d1)>', row: 'affine_map<(d0, d1) -> (d0)>', col: 'affine_map<(d0, d1) -> (d1)>' };
  const dims = [0, 1].map((d) => b.dim(C, full2, d));
  const full: { name: string; bound: number }[] = [{ name: C, bound: 8 }];
  const nMaps = 1 + Math.floor(rnd() * 3);
  for (let i = 0; i < nMaps; i++) {
    const ins: { name: string; type: string; map: string; bound: number }[] = [{ ...pick(rnd, full.slice(-2)), type: full2, map: maps.full }];
    if (biasCols && chance(rnd, 0.7)) ins.push({ name: biasCols, type: b.typeOf([N]), map: maps.col, bound: 1 });
    if (biasRows && chance(rnd, 0.5)) ins.push({ name: biasRows, type: b.typeOf([M]), map: maps.row, bound: 1 });
    if (residual && chance(rnd, 0.5)) ins.push({ name: residual, type: full2, map: maps.full, bound: 1 });
    const last = i === nMaps - 1;
    const out = last ? (D ?? C) : chance(rnd, 0.5) ? C : b.alloc([M, N], dims);
    const identity = ins.every((x) => x.map === maps.full);
    const { lines, result } = mapOp(
      ins.map((x) => ({ name: x.name, type: x.type, kind: 'full', bound: x.bound })),
      { name: out, type: full2, kind: 'full', bound: 0 },
      identity ? undefined : [...ins.map((x) => x.map), maps.full],
      (vals, fresh, lines) => body(rnd, [...vals, ...(s ? [{ name: s, bound: 2 }] : [])], fresh, 1 + Math.floor(rnd() * 4), lines),
    );
    b.lines.push(...lines);
    full.push({ name: out, bound: result.bound });
  }
  // What cannot join the matmul's kernel: a row reduction of the result and a map that uses it.
  const rowsAfter = chance(rnd, 0.25);
  if (rowsAfter) {
    const result = D ?? C;
    const r = b.alloc([M], dims);
    const kind = pick(rnd, ['max', 'add']);
    b.lines.push(`  tile.reduction ${kind} ins(${result} : ${full2}) outs(${r} : ${b.typeOf([M])}) dimensions = [1]`);
    const centered = mapOp(
      [
        { name: result, type: full2, kind: 'full', bound: 16 },
        { name: r, type: b.typeOf([M]), kind: 'row', bound: 16 },
      ],
      { name: result, type: full2, kind: 'full', bound: 0 },
      [maps.full, maps.row, maps.full],
      ([x, m], fresh, lines) => {
        const [d, t] = [fresh(), fresh()];
        lines.push(`${d} = arith.subf ${x!.name}, ${m!.name} : f32`, `${t} = math.tanh ${d} : f32`);
        return { name: t, bound: 1 };
      },
    );
    b.lines.push(...centered.lines);
  }
  return { text: b.functionText(name), rowsAfter };
}

/** A random fusion candidate (seeded): a row program or a matmul epilogue. */
export function randomFusedProgram(seed: number): Program {
  const rnd = mulberry32(seed);
  const b = new ProgramBuilder(rnd);
  if (chance(rnd, 0.3)) {
    const { text, rowsAfter } = epilogueFunction(b, 'f0');
    return { text, functions: [{ name: 'f0', params: b.params }], vars: b.vars, ops: rowsAfter ? [{ kind: 'matmul' }, { kind: 'rows' }] : [{ kind: 'matmul' }], half: b.half };
  }
  const program = new RowProgram(b, 'f0');
  const steps = 1 + Math.floor(rnd() * 5);
  for (let i = 0; i < steps; i++) program.step();
  const text = program.text();
  return { text, functions: [{ name: 'f0', params: b.params }], vars: b.vars, ops: [{ kind: 'rows', rank: program.rank }], half: b.half };
}
