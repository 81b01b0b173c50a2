/**
 * Affine maps, modelled on MLIR's AffineMap: `(d0, ..)[s0, ..] -> (results)`, immutable and
 * uniqued like the expressions they hold, with MLIR's constructors (identity, constant,
 * permutation, strided layout) and queries (isIdentity, isPermutation, constant results, ...),
 * and MLIR's printed form without the `affine_map<...>` wrapper.
 */
import { AffineConstantExpr, AffineDimExpr, AffineSymbolExpr, getAffineConstantExpr, getAffineDimExpr, getAffineSymbolExpr, type AffineExpr } from './expr.js';
import { printAffineExpr } from './print.js';
import { affineAdd, affineMul } from './simplify.js';

/** Private token so that maps can only be created through AffineMap.get. */
const CREATE_MAP = Symbol('affine-map-create');

let nextMapId = 0;
const mapTable = new Map<string, AffineMap>();

/** `(d0, ..)[s0, ..] -> (results)`; immutable and uniqued. */
export class AffineMap {
  readonly id: number;
  readonly numDims: number;
  readonly numSymbols: number;
  readonly results: readonly AffineExpr[];

  /** @internal use AffineMap.get */
  constructor(token: symbol, numDims: number, numSymbols: number, results: readonly AffineExpr[]) {
    if (token !== CREATE_MAP) throw new Error('AffineMap instances must be created through AffineMap.get');
    this.id = nextMapId++;
    this.numDims = numDims;
    this.numSymbols = numSymbols;
    this.results = Object.freeze([...results]);
    Object.freeze(this);
  }

  /** Gets the uniqued map. Throws if a result uses a dim/symbol out of range. */
  static get(numDims: number, numSymbols: number, results: readonly AffineExpr[] = []): AffineMap {
    checkCount(numDims, 'dimension');
    checkCount(numSymbols, 'symbol');
    for (const r of results) {
      r.walk((e) => {
        if (e instanceof AffineDimExpr && e.position >= numDims) {
          throw new RangeError(`affine map result uses d${e.position} but the map has ${numDims} dimension(s)`);
        }
        if (e instanceof AffineSymbolExpr && e.position >= numSymbols) {
          throw new RangeError(`affine map result uses s${e.position} but the map has ${numSymbols} symbol(s)`);
        }
      });
    }
    const key = `${numDims},${numSymbols}:${results.map((r) => r.id).join(',')}`;
    let m = mapTable.get(key);
    if (!m) {
      m = new AffineMap(CREATE_MAP, numDims, numSymbols, results);
      mapTable.set(key, m);
    }
    return m;
  }

  /** `(d0, ..., d{n-1}) -> (d0, ..., d{n-1})` (MLIR getMultiDimIdentityMap). */
  static identity(numDims: number): AffineMap {
    checkCount(numDims, 'dimension');
    const results: AffineExpr[] = [];
    for (let i = 0; i < numDims; i++) results.push(getAffineDimExpr(i));
    return AffineMap.get(numDims, 0, results);
  }

  /** `() -> (value)` (MLIR getConstantMap). */
  static constant(value: number | bigint): AffineMap {
    return AffineMap.get(0, 0, [getAffineConstantExpr(value)]);
  }

  /** Permutation map `(d0, ..) -> (d{perm[0]}, ..)` (MLIR getPermutationMap). */
  static permutation(perm: readonly number[]): AffineMap {
    const seen = new Set<number>();
    for (const p of perm) {
      if (!Number.isInteger(p) || p < 0 || p >= perm.length || seen.has(p)) {
        throw new RangeError(`invalid permutation [${perm.join(', ')}]`);
      }
      seen.add(p);
    }
    return AffineMap.get(
      perm.length,
      0,
      perm.map((p) => getAffineDimExpr(p)),
    );
  }

  get numResults(): number {
    return this.results.length;
  }

  /** Number of dims plus symbols. */
  get numInputs(): number {
    return this.numDims + this.numSymbols;
  }

  getResult(i: number): AffineExpr {
    const r = this.results[i];
    if (!r) throw new RangeError(`affine map result index ${i} out of range`);
    return r;
  }

  /** MLIR `isIdentity`: numDims == numResults and result i is d_i (symbols are ignored). */
  isIdentity(): boolean {
    if (this.numDims !== this.results.length) return false;
    for (let i = 0; i < this.numDims; i++) {
      const r = this.results[i];
      if (!(r instanceof AffineDimExpr) || r.position !== i) return false;
    }
    return true;
  }

  /** True if the map has no results. */
  isEmpty(): boolean {
    return this.results.length === 0;
  }

  /** True if the map has exactly one result and it is a constant. */
  isSingleConstant(): boolean {
    return this.results.length === 1 && this.results[0] instanceof AffineConstantExpr;
  }

  /** The single constant result; throws unless isSingleConstant(). */
  getSingleConstantResult(): bigint {
    if (!this.isSingleConstant()) throw new Error('affine map is not a single constant');
    return (this.results[0] as AffineConstantExpr).value;
  }

  /** True if all results are constants (MLIR `isConstant`). */
  isConstant(): boolean {
    return this.results.every((r) => r instanceof AffineConstantExpr);
  }

  /** Constant results; throws unless isConstant(). */
  getConstantResults(): bigint[] {
    if (!this.isConstant()) throw new Error('affine map results are not all constant');
    return this.results.map((r) => (r as AffineConstantExpr).value);
  }

  /** True if this is a permutation of its dims (no symbols used). */
  isPermutation(): boolean {
    if (this.numDims !== this.results.length) return false;
    const seen = new Set<number>();
    for (const r of this.results) {
      if (!(r instanceof AffineDimExpr) || seen.has(r.position)) return false;
      seen.add(r.position);
    }
    return true;
  }

  /** True if all results are pure affine. */
  isPureAffine(): boolean {
    return this.results.every((r) => r.isPureAffine());
  }

  /** True if some result involves dimension `position`. */
  isFunctionOfDim(position: number): boolean {
    return this.results.some((r) => r.isFunctionOfDim(position));
  }

  /** True if some result involves symbol `position`. */
  isFunctionOfSymbol(position: number): boolean {
    return this.results.some((r) => r.isFunctionOfSymbol(position));
  }

  /** Replaces dims/symbols in all results and returns a map with the given counts. */
  replaceDimsAndSymbols(dimReplacements: readonly AffineExpr[], symReplacements: readonly AffineExpr[], numResultDims: number, numResultSyms: number): AffineMap {
    return AffineMap.get(
      numResultDims,
      numResultSyms,
      this.results.map((r) => r.replaceDimsAndSymbols(dimReplacements, symReplacements)),
    );
  }

  /** MLIR form without the `affine_map<...>` wrapper, e.g. `(d0, d1)[s0] -> (d0 * 4 + d1 + s0)`. */
  toString(): string {
    let s = '(';
    for (let i = 0; i < this.numDims; i++) s += (i ? ', ' : '') + `d${i}`;
    s += ')';
    if (this.numSymbols !== 0) {
      s += '[';
      for (let i = 0; i < this.numSymbols; i++) s += (i ? ', ' : '') + `s${i}`;
      s += ']';
    }
    s += ' -> (';
    s += this.results.map((r) => printAffineExpr(r)).join(', ');
    s += ')';
    return s;
  }
}

function checkCount(n: number, what: string): void {
  if (!Number.isInteger(n) || n < 0) throw new RangeError(`invalid ${what} count ${n}`);
}

/**
 * The layout map MLIR builds for a strided layout (`makeStridedLinearLayoutMap`):
 * `(d0, .., dn)[s..] -> (offset + d0 * stride0 + ... + dn * striden)`, where a
 * dynamic (`null`) offset gets symbol s0 and each dynamic stride gets the next
 * symbol in order.
 */
export function stridedLinearLayoutMap(offset: number | bigint | null, strides: readonly (number | bigint | null)[]): AffineMap {
  let nSymbols = 0;
  let expr: AffineExpr = offset === null ? getAffineSymbolExpr(nSymbols++) : getAffineConstantExpr(offset);
  strides.forEach((stride, dim) => {
    const d = getAffineDimExpr(dim);
    const mult = stride === null ? getAffineSymbolExpr(nSymbols++) : getAffineConstantExpr(stride);
    expr = affineAdd(expr, affineMul(d, mult));
  });
  return AffineMap.get(strides.length, nSymbols, [expr]);
}
