/**
 * State of one kernel being emitted: WGSL names of SSA values, memref views, the body text,
 * and what the module around the entry point needs (helpers, workgroup variables, builtins,
 * enables). Op emitters (emit-*.ts) drive it.
 */
import type { Block } from '../../core/ir/block.js';
import { DiagnosticError, opDiagnostic } from '../../core/ir/diagnostics.js';
import type { Location } from '../../core/ir/location.js';
import type { Operation } from '../../core/ir/operation.js';
import { MemRefType, type Type } from '../../core/ir/types.js';
import type { Value } from '../../core/ir/value.js';
import { SSANames } from '../../core/syntax/ssa-names.js';
import { addAffine, atomAffine, constAffine, addIndex, constIndex, mulIndex, namedIndex, scaleAffine, splitAffine, sumIndex, type Affine, type IndexExpr } from './index-expr.js';
import { locationText } from './line-locations.js';
import type { NameAllocator } from './names.js';
import { isI1, unsupportedTypeReason, usesF16, wgslType } from './types.js';

export type OpEmitter = (op: Operation, cx: KernelContext) => void;

/** A memref value as an address computation into a WGSL array variable. */
export interface MemrefView {
  /** The WGSL array variable (storage buffer, workgroup or function variable). */
  readonly root: string;
  /** The MLIR element type (i1 is held as u32). */
  readonly element: Type;
  readonly offset: IndexExpr;
  readonly strides: readonly IndexExpr[];
  readonly sizes: readonly IndexExpr[];
  /** Elements per entry of the WGSL array: 4 where it is declared `array<vec4<T>>` (vectorAccessedArrays), else absent. */
  readonly lanes?: number;
  /** Whether the array is declared with the view's (static) sizes, one WGSL array per dimension (emit-memref's shapedArrays). */
  readonly shaped?: boolean;
}

/** An element's place in a view: its linear index, and in a shaped array its index in each dimension. */
export interface Address {
  readonly linear: IndexExpr;
  readonly dims?: readonly IndexExpr[];
}

export type Builtin = 'local_invocation_id' | 'workgroup_id' | 'num_workgroups' | 'global_invocation_id';

export function failAt(loc: Location, message: string): never {
  throw DiagnosticError.at(loc, message);
}

export function failOp(op: Operation, message: string): never {
  throw new DiagnosticError(opDiagnostic(op, message));
}

/** The integer an `arith.constant` defines, if any. */
function constantValue(v: Value): number | undefined {
  const attr = v.definingOp?.name === 'arith.constant' ? v.definingOp.getAttr('value') : undefined;
  const n = (attr as { value?: unknown } | undefined)?.value;
  return typeof n === 'bigint' ? Number(n) : undefined;
}

export class KernelContext {
  private readonly body: string[] = [];
  /** The location of the op each body entry was emitted for (see line-locations.ts). */
  private readonly bodyLocs: (string | undefined)[] = [];
  private currentLoc: string | undefined;
  /** The location of the first op that needed each `enable`. */
  readonly enableLocs = new Map<string, string>();
  private depth = 1;
  private readonly valueNames = new Map<Value, string>();
  private readonly integerValues = new Map<Value, number>();
  private readonly views = new Map<Value, MemrefView>();
  private readonly ssaNames: SSANames;
  /** Module-scope helper functions by name. */
  readonly helpers = new Map<string, string>();
  /** Module-scope `var<workgroup>` declarations, in order of appearance. */
  readonly workgroupVars: string[] = [];
  readonly builtins = new Set<Builtin>();
  readonly enables = new Set<string>();
  /** The widest gpu.shuffle segment of the kernel: its subgroups must hold at least this many lanes (0: no shuffles). */
  subgroupLanes = 0;
  /** WGSL variables (buffers, uniforms) the body refers to. */
  readonly usedGlobals = new Set<string>();

  constructor(
    readonly kernel: Operation,
    readonly names: NameAllocator,
    readonly workgroupSize: readonly [number, number, number],
    private readonly emitters: ReadonlyMap<string, OpEmitter>,
    /** Storage buffers that are both read and written (gpu.barrier must also order them). */
    readonly racyStorage: boolean,
    /** Workgroup and private arrays declared as arrays of vectors (emit-memref's vectorAccessedArrays). */
    readonly vectorArrays: ReadonlySet<Value> = new Set(),
    /** Workgroup arrays declared with their shape (emit-memref's shapedArrays). */
    readonly shapedArrays: ReadonlySet<Value> = new Set(),
  ) {
    // WGSL names start from the names tile-opt prints, with parameters positional (arg0, ...).
    this.ssaNames = new SSANames(kernel, false, false);
  }

  get text(): string {
    return this.body.join('\n');
  }

  /** The op location of every line of `text`. */
  get lineLocs(): (string | undefined)[] {
    return this.body.flatMap((t, i) => new Array<string | undefined>(t.split('\n').length).fill(this.bodyLocs[i]));
  }

  fail(op: Operation, message: string): never {
    return failOp(op, message);
  }

  line(text: string): void {
    this.body.push('  '.repeat(this.depth) + text);
    this.bodyLocs.push(this.currentLoc);
  }

  nested(fn: () => void): void {
    this.depth++;
    try {
      fn();
    } finally {
      this.depth--;
    }
  }

  /** Checks that `t` has a WGSL form (reported at `op`) and notes the f16 extension. */
  checkType(op: Operation, t: Type): void {
    if (t instanceof MemRefType) return;
    const why = unsupportedTypeReason(t);
    if (why) this.fail(op, why);
    if (usesF16(t)) this.enables.add('f16');
  }

  type(op: Operation, t: Type): string {
    this.checkType(op, t);
    return wgslType(t);
  }

  /** The WGSL name of a value (allocated on first request from the name tile-opt prints). */
  name(v: Value): string {
    let n = this.valueNames.get(v);
    if (n === undefined) {
      n = this.names.fresh(this.ssaNames.valueName(v, false).slice(1).replace('#', '_'));
      this.valueNames.set(v, n);
    }
    return n;
  }

  /** Gives `v` a fixed WGSL name (kernel arguments, module-scope variables). */
  bindName(v: Value, name: string): void {
    this.valueNames.set(v, name);
  }

  /** The WGSL expression of operand `i` of `op`: a register value. */
  operand(op: Operation, i: number): string {
    const v = op.operand(i);
    if (v.type instanceof MemRefType) this.fail(op, `memref operand #${i} cannot be used here by the WGSL target`);
    return this.name(v);
  }

  /** Values held in a `let` (never reassigned, unlike the `var`s of scf results). */
  private readonly lets = new Set<Value>();

  /**
   * `let name = expr;` (or `var`) for a value of type `t`, checked at `op`. Every expression the
   * target prints has a concrete type (literals carry their suffix), so the declaration leaves the
   * type to WGSL's inference, as Tint's own writer does.
   */
  declare(kind: 'let' | 'var', name: string, op: Operation, t: Type, expr: string): void {
    this.checkType(op, t);
    this.line(`${kind} ${name} = ${expr};`);
  }

  /** `let name = expr;` for result `i` of `op`. */
  define(op: Operation, expr: string, i = 0): void {
    const r = op.results[i]!;
    this.declare('let', this.name(r), op, r.type, expr);
    this.lets.add(r);
  }

  /** Whether `v` is held in a `let`, so that an expression of it reads the same value wherever it is placed. */
  isLet(v: Value): boolean {
    return this.lets.has(v);
  }

  /** A known integer value (an index or integer constant), for address folding. */
  noteInteger(v: Value, n: number): void {
    this.integerValues.set(v, n);
  }

  /** An index-typed operand as an address term. */
  index(v: Value): IndexExpr {
    return namedIndex(this.name(v), this.integerValues.get(v), this.affineOf(v));
  }

  private readonly affineForms = new Map<Value, Affine>();

  /** `v` as a sum of WGSL names times constants, following arith's constants, additions and multiplications by constants. */
  /** The integer `v` is known to hold (a constant, or a value the emitter has pinned), if any. */
  integerConstant(v: Value): number | undefined {
    return this.integerValues.get(v) ?? constantValue(v);
  }

  private affineOf(v: Value): Affine {
    let form = this.affineForms.get(v);
    if (form) return form;
    const known = this.integerValues.get(v);
    const op = v.definingOp;
    const [x, y] = op && op.numOperands === 2 ? [op.operand(0), op.operand(1)] : [];
    const constant = (u: Value | undefined) => (u ? (this.integerValues.get(u) ?? constantValue(u)) : undefined);
    if (known !== undefined) form = constAffine(known);
    else if (op?.name === 'arith.constant' && constant(v) !== undefined) form = constAffine(constant(v)!);
    else if (op?.name === 'arith.addi' && x && y) form = addAffine(this.affineOf(x), this.affineOf(y));
    else if (op?.name === 'arith.subi' && x && y) form = addAffine(this.affineOf(x), this.affineOf(y), -1);
    else if (op?.name === 'arith.muli' && x && y && constant(y) !== undefined) form = scaleAffine(this.affineOf(x), constant(y)!);
    else if (op?.name === 'arith.muli' && x && y && constant(x) !== undefined) form = scaleAffine(this.affineOf(y), constant(x)!);
    form ??= atomAffine(this.name(v));
    this.affineForms.set(v, form);
    return form;
  }

  /** Gives a non-trivial address term a `let` so that it is computed once. */
  materialize(hint: string, e: IndexExpr): IndexExpr {
    if (e.kind === 'atom') return e;
    const name = this.names.fresh(hint);
    this.line(`let ${name} = ${e.text};`);
    return namedIndex(name, undefined, e.affine);
  }

  setView(v: Value, view: MemrefView): void {
    this.views.set(v, view);
  }

  view(op: Operation, v: Value): MemrefView {
    const view = this.views.get(v);
    if (!view) this.fail(op, 'memref operand does not come from a kernel argument, attribution or allocation the WGSL target can follow');
    return view;
  }

  /** Where `indices` are in `view`. */
  address(view: MemrefView, indices: readonly Value[]): Address {
    const dims = indices.map((v) => this.index(v));
    const linear = addIndex(view.offset, sumIndex(dims.map((d, i) => mulIndex(d, view.strides[i]!))));
    return view.shaped ? { linear, dims } : { linear };
  }

  /** The element `k` places after `a` along the innermost dimension. */
  offsetAddress(a: Address, k: number): Address {
    const linear = addIndex(a.linear, constIndex(k));
    return a.dims ? { linear, dims: [...a.dims.slice(0, -1), addIndex(a.dims[a.dims.length - 1]!, constIndex(k))] } : { linear };
  }

  /** Gives an address's run-time part a `let`, for several accesses next to it. */
  materializeAddress(hint: string, a: Address): Address {
    if (!a.dims) return { linear: this.materialize(hint, a.linear) };
    return { linear: a.linear, dims: [...a.dims.slice(0, -1), this.materialize(hint, a.dims[a.dims.length - 1]!)] };
  }

  /** Reads element `a` of the view's array (i1 from its u32 form). */
  loadElement(view: MemrefView, a: Address): string {
    this.usedGlobals.add(view.root);
    const e = this.elementRef(view, a);
    return isI1(view.element) ? `(${e} != 0u)` : e;
  }

  storeElement(view: MemrefView, a: Address, value: string): void {
    this.usedGlobals.add(view.root);
    this.line(`${this.elementRef(view, a)} = ${isI1(view.element) ? `select(0u, 1u, ${value})` : value};`);
  }

  /** `root[i0][i1]..` for a shaped array, up to its innermost dimension (which the caller indexes). */
  private outerRef(view: MemrefView, a: Address): { base: string; inner: IndexExpr } {
    if (!a.dims) return { base: view.root, inner: a.linear };
    // A known index is written as a literal: WGSL's bounds clamp is left out for a constant expression.
    const text = (d: IndexExpr) => (d.affine && d.affine.terms.size === 0 ? constIndex(d.affine.constant).text : d.text);
    return {
      base:
        view.root +
        a.dims
          .slice(0, -1)
          .map((d) => `[${text(d)}]`)
          .join(''),
      inner: a.dims[a.dims.length - 1]!,
    };
  }

  /** `root[at]`, or in an array of vectors `root[q][r]` (at = 4q + r; computed at run time where the address does not say). */
  elementRef(view: MemrefView, a: Address): string {
    const { base, inner: at } = this.outerRef(view, a);
    if (!view.lanes) return `${base}[${at.text}]`;
    const split = at.affine && splitAffine(at.affine, view.lanes);
    if (split) return `${base}[${split.quotient.text}][${split.lane}]`;
    const m = this.materialize('at', at);
    const shift = Math.log2(view.lanes);
    return `${base}[${m.text} >> ${shift}u][${m.text} & ${view.lanes - 1}]`;
  }

  /**
   * `root[q]`, the whole vector at element `a`, when the view's array holds vectors of `lanes`
   * and `a` is a multiple of it: known from its affine form, or promised by the access
   * (`aligned`: vector.load/store's alignment attribute).
   */
  vectorRef(view: MemrefView, a: Address, lanes: number, aligned = false): string | undefined {
    if (view.lanes !== lanes) return undefined;
    const { base, inner: at } = this.outerRef(view, a);
    const split = at.affine && splitAffine(at.affine, lanes);
    this.usedGlobals.add(view.root);
    if (split && split.lane === 0) return `${base}[${split.quotient.text}]`;
    if (!aligned) return undefined;
    return `${base}[${this.materialize('at', at).text} >> ${Math.log2(lanes)}u]`;
  }

  helper(name: string, text: string): string {
    if (!this.helpers.has(name)) this.helpers.set(name, text);
    return name;
  }

  /** Emits the ops of `block`; its terminator goes to `terminator` (or is emitted like any op). */
  emitBlock(block: Block, terminator?: (op: Operation) => void): void {
    for (const op of block) {
      if (terminator && op === block.last) terminator(op);
      else this.emitOp(op);
    }
  }

  emitOp(op: Operation): void {
    const emit = this.emitters.get(op.name);
    if (!emit) this.fail(op, 'is not supported by the WGSL target');
    const outer = this.currentLoc;
    this.currentLoc = locationText(op) ?? outer;
    const enabled = new Set(this.enables);
    try {
      for (const v of op.operands) this.checkType(op, v.type);
      for (const r of op.results) this.checkType(op, r.type);
      emit(op, this);
    } finally {
      for (const e of this.enables) if (!enabled.has(e) && this.currentLoc && !this.enableLocs.has(e)) this.enableLocs.set(e, this.currentLoc);
      this.currentLoc = outer;
    }
  }
}
