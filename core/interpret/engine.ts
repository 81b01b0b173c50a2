/**
 * The interpreter engine: a registry of op semantics, execution contexts (one per thread of
 * execution), region and function execution, and the driver of suspensions (barriers, awaits).
 *
 * Execution is written with generators so that a thread can be suspended in the middle of any
 * nesting of regions (at a barrier, or while a host-side launch awaits a device): handlers of ops
 * with regions are generator functions and `yield*` the engine's region runner.
 */
import { SymbolRefAttr, StridedLayoutAttr } from '../ir/attributes.js';
import type { Block } from '../ir/block.js';
import type { DiagnosticError } from '../ir/diagnostics.js';
import type { Attribute } from '../ir/attributes.js';
import type { Operation } from '../ir/operation.js';
import type { Region } from '../ir/region.js';
import { lookupSymbol, symbolName } from '../ir/symbol-table.js';
import type { MemRefType } from '../ir/types.js';
import type { Value } from '../ir/value.js';
import { formatLoc, interpretError, opError } from './errors.js';
import { Memory } from './memory.js';
import { EvalError, UnsupportedError } from './numeric.js';
import { MemRef, rowMajorStrides, type RtValue } from './values.js';

/** Why a thread stopped before finishing. */
export type Suspension =
  /**
   * At a workgroup barrier: resumed when every thread of the workgroup reached it. With
   * `exchange` (a collective such as a subgroup shuffle), each thread is resumed with the
   * values every thread contributed, in linear thread order.
   */
  | { readonly kind: 'barrier'; readonly op: Operation; readonly exchange?: { readonly value: unknown } }
  /** Waiting for host-side asynchronous work (e.g. a WebGPU launch); resumed with its value. */
  | { readonly kind: 'await'; readonly op: Operation; readonly promise: Promise<unknown> };

/** A computation that may suspend. */
export type Exec<T> = Generator<Suspension, T, unknown>;

/** A terminator's jump to a successor block of the same region. */
export interface Branch {
  readonly kind: 'branch';
  readonly dest: Block;
  readonly args: readonly RtValue[];
}

export type OpResults = readonly RtValue[] | void;

/**
 * The semantics of one op: results (or nothing) for its operand values. Ops with regions are
 * generator functions (`function* (op, args, ctx) { const exit = yield* ctx.runRegion(...) }`);
 * terminators with successors return `branch(dest, args)`.
 */
export type OpHandler = (op: Operation, operands: readonly RtValue[], ctx: ExecContext) => OpResults | Branch | Exec<OpResults | Branch>;

/** The semantics a dialect contributes: handlers by full op name. */
export interface DialectSemantics {
  readonly dialect: string;
  readonly ops: Readonly<Record<string, OpHandler>>;
}

export function branch(dest: Block, args: readonly RtValue[]): Branch {
  return { kind: 'branch', dest, args };
}

/** Op name -> handler, for every registered dialect semantics. */
export class SemanticsRegistry {
  private readonly handlers = new Map<string, OpHandler>();
  constructor(dialects: Iterable<DialectSemantics> = []) {
    for (const d of dialects) this.add(d);
  }
  add(d: DialectSemantics): this {
    for (const [name, h] of Object.entries(d.ops)) this.register(name, h);
    return this;
  }
  register(name: string, handler: OpHandler): this {
    this.handlers.set(name, handler);
    return this;
  }
  lookup(name: string): OpHandler | undefined {
    return this.handlers.get(name);
  }
}

/** How a region was left: the terminator (scf.yield, func.return, ...) and its operand values. */
export interface RegionExit {
  readonly terminator: Operation;
  readonly values: RtValue[];
}

/** SIMT coordinates of a thread inside a launch. */
export interface ThreadCoords {
  readonly threadId: readonly [number, number, number];
  readonly blockId: readonly [number, number, number];
  readonly blockDim: readonly [number, number, number];
  readonly gridDim: readonly [number, number, number];
  /** x + y*bx + z*bx*by. */
  readonly linearThreadId: number;
}

/** State shared by the threads of one workgroup. */
export class WorkgroupScope {
  private readonly shared = new Map<Operation, MemRef[]>();
  /** Free-form state of dialect semantics, per workgroup. */
  readonly state = new Map<unknown, unknown>();
  constructor(
    /** Memrefs of these memory spaces allocated inside the kernel are shared by the workgroup. */
    readonly isSharedSpace: (memorySpace: Attribute | undefined) => boolean,
  ) {}
  /** The `ordinal`-th allocation by `op` in this workgroup: created once, then shared. */
  sharedAllocation(op: Operation, ordinal: number, create: () => MemRef): MemRef {
    let list = this.shared.get(op);
    if (!list) this.shared.set(op, (list = []));
    let m = list[ordinal];
    if (!m) list[ordinal] = m = create();
    return m;
  }
}

export interface KernelLaunch {
  /** The launching op (gpu.launch_func). */
  readonly op: Operation;
  /** The kernel function op (gpu.func). */
  readonly kernel: Operation;
  readonly gridSize: readonly [number, number, number];
  readonly blockSize: readonly [number, number, number];
  readonly args: readonly RtValue[];
}

/**
 * Runs a kernel launch. The default (dialects/gpu) interprets the kernel; a device backend can
 * run it instead (e.g. on WebGPU), reading and writing the memref arguments' buffers. May be async.
 */
export type KernelLauncher = (launch: KernelLaunch, ctx: ExecContext) => void | Promise<void>;

export interface InterpreterOptions {
  readonly semantics: SemanticsRegistry;
  readonly memory?: Memory;
  /** Replaces the semantics' own kernel execution (see KernelLauncher). */
  readonly kernelLauncher?: KernelLauncher;
  /** Threads per subgroup (gpu.lane_id, gpu.subgroup_size); default 32. */
  readonly subgroupSize?: number;
}

/** One interpreter per program: owns the memory and per-program caches (globals...). */
export class Interpreter {
  readonly semantics: SemanticsRegistry;
  readonly memory: Memory;
  readonly kernelLauncher: KernelLauncher | undefined;
  readonly subgroupSize: number;
  /** Free-form per-program state of dialect semantics (e.g. buffers of globals by op). */
  readonly state = new Map<unknown, unknown>();

  constructor(
    readonly root: Operation,
    options: InterpreterOptions,
  ) {
    this.semantics = options.semantics;
    this.memory = options.memory ?? new Memory();
    this.kernelLauncher = options.kernelLauncher;
    this.subgroupSize = options.subgroupSize ?? 32;
  }

  /** A function-like op by symbol name (`name` or `outer::inner`). */
  lookupFunction(name: string): Operation | undefined {
    const [root, ...nested] = name.split('::').map((s) => s.replace(/^@/, ''));
    return lookupSymbol(this.root, SymbolRefAttr.get(root!, nested));
  }

  /** A host execution context (no SIMT coordinates). */
  hostContext(): ExecContext {
    return new ExecContext(this, undefined, undefined);
  }

  /** Runs a function synchronously; a launch that awaits is an error here (use `runAsync`). */
  run(fn: Operation | string, args: readonly RtValue[]): RtValue[] {
    const op = this.resolve(fn);
    const ctx = this.hostContext();
    const results = drive(ctx.call(op, args));
    this.memory.checkNoneInFlight(`function @${symbolName(op) ?? '?'}`);
    return results;
  }

  /** Runs a function, awaiting asynchronous kernel launches. */
  async runAsync(fn: Operation | string, args: readonly RtValue[]): Promise<RtValue[]> {
    const op = this.resolve(fn);
    const ctx = this.hostContext();
    const gen = ctx.call(op, args);
    let step = gen.next();
    while (!step.done) {
      const s = step.value;
      if (s.kind === 'barrier') throw barrierOutsideWorkgroup(s.op);
      let value: unknown;
      try {
        value = await s.promise;
      } catch (e) {
        step = gen.throw(e);
        continue;
      }
      step = gen.next(value);
    }
    this.memory.checkNoneInFlight(`function @${symbolName(op) ?? '?'}`);
    return step.value;
  }

  private resolve(fn: Operation | string): Operation {
    if (typeof fn !== 'string') return fn;
    const op = this.lookupFunction(fn);
    if (!op) throw new Error(`no function named @${fn}`);
    return op;
  }
}

function barrierOutsideWorkgroup(op: Operation): DiagnosticError {
  return opError(op, 'barrier executed outside of a workgroup');
}

/** Runs an execution to completion where nothing may suspend. */
export function drive<T>(gen: Exec<T>): T {
  const step = gen.next();
  if (step.done) return step.value;
  const s = step.value;
  if (s.kind === 'barrier') throw barrierOutsideWorkgroup(s.op);
  throw opError(s.op, 'needs asynchronous execution (run the program with runAsync)');
}

function isExec(r: unknown): r is Exec<OpResults | Branch> {
  return typeof (r as Exec<unknown>).next === 'function';
}

/**
 * The state of one thread of execution: its values, SIMT coordinates (inside kernels), the
 * workgroup it belongs to, and per-thread state of dialect semantics.
 */
export class ExecContext {
  private frame = new Map<Value, RtValue>();
  /** Free-form per-thread state of dialect semantics (e.g. async copy groups). */
  readonly state = new Map<unknown, unknown>();
  private readonly allocationCounts = new Map<Operation, number>();

  constructor(
    readonly interpreter: Interpreter,
    readonly thread: ThreadCoords | undefined,
    readonly workgroup: WorkgroupScope | undefined,
  ) {}

  get memory(): Memory {
    return this.interpreter.memory;
  }

  /** A context for one thread of a workgroup (kernels start with a fresh frame). */
  forThread(thread: ThreadCoords, workgroup: WorkgroupScope): ExecContext {
    return new ExecContext(this.interpreter, thread, workgroup);
  }

  get(v: Value): RtValue {
    const r = this.frame.get(v);
    if (r === undefined) throw new Error(`interpreter: value of type ${v.type} used before it was computed`);
    return r;
  }
  set(v: Value, r: RtValue): void {
    this.frame.set(v, r);
  }

  /** Runs `region` from its entry block with `args`, following branches, until a terminator exits. */
  *runRegion(region: Region, args: readonly RtValue[]): Exec<RegionExit> {
    const entry = region.entry;
    if (!entry) throw new Error('interpreter: cannot run an empty region');
    let block: Block = entry;
    let blockArgs = args;
    for (;;) {
      this.bindArguments(block, blockArgs);
      const next: RegionExit | Branch = yield* this.runBlock(block);
      if ('terminator' in next) return next;
      block = next.dest;
      blockArgs = next.args;
    }
  }

  private bindArguments(block: Block, args: readonly RtValue[]): void {
    const params = block.arguments;
    if (params.length !== args.length) throw new Error(`interpreter: block expects ${params.length} arguments, got ${args.length}`);
    for (let i = 0; i < params.length; i++) this.frame.set(params[i]!, args[i]!);
  }

  private *runBlock(block: Block): Exec<RegionExit | Branch> {
    const semantics = this.interpreter.semantics;
    const last = block.last;
    for (let op = block.first; op; op = op.next) {
      if (op === last && op.successorSlots.length === 0 && op.hasTrait('Terminator')) {
        return { terminator: op, values: this.operandValues(op) };
      }
      // Inlined rather than a generator per op: only handlers of ops with regions (and barriers) suspend.
      const handler = semantics.lookup(op.name);
      if (!handler) throw opError(op, 'has no interpreter semantics (unknown op, or its dialect registers none)');
      const operands = this.operandValues(op);
      let r: OpResults | Branch | Exec<OpResults | Branch>;
      try {
        r = handler(op, operands, this);
        if (r !== undefined && !Array.isArray(r) && isExec(r)) r = yield* r;
      } catch (e) {
        throw locate(e, op);
      }
      if (r === undefined) {
        if (op.results.length) throw opError(op, `semantics returned no value for its ${op.results.length} result(s)`);
        continue;
      }
      if (Array.isArray(r)) {
        const results = op.results;
        if (r.length !== results.length) throw opError(op, `semantics returned ${r.length} values for ${results.length} result(s)`);
        for (let i = 0; i < results.length; i++) this.frame.set(results[i]!, r[i]!);
        continue;
      }
      const br = r as Branch;
      if (op !== last) throw opError(op, 'branches in the middle of a block');
      if (br.dest.parent !== block.parent) throw opError(op, 'branches to a block of another region');
      return br;
    }
    throw last ? opError(last, 'ends a block without a terminator the interpreter can follow') : new Error('interpreter: empty block');
  }

  operandValues(op: Operation): RtValue[] {
    const slots = op.operandSlots;
    const out = new Array<RtValue>(slots.length);
    for (let i = 0; i < slots.length; i++) out[i] = this.get(slots[i]!.value);
    return out;
  }

  /** Calls a function-like op (region 0 is the body); returns its terminator's operands. */
  *call(fn: Operation, args: readonly RtValue[]): Exec<RtValue[]> {
    const body = fn.regions[0];
    const name = symbolName(fn) ?? fn.name;
    if (!body || body.empty) throw interpretError(fn.loc, `cannot call @${name}: it has no body`);
    const params = body.entry!.arguments.length;
    if (params !== args.length) throw interpretError(fn.loc, `@${name} takes ${params} arguments, got ${args.length}`);
    const saved = this.frame;
    this.frame = new Map();
    try {
      const exit = yield* this.runRegion(body, args);
      return exit.values;
    } finally {
      this.frame = saved;
    }
  }

  /**
   * A new memref of `type` (dynamic dimensions from `dynamicSizes`). Inside a workgroup, memory
   * spaces the workgroup shares get one buffer per workgroup (per execution of `op`).
   */
  allocateMemRef(type: MemRefType, dynamicSizes: readonly number[], op: Operation): MemRef {
    const create = () => allocateMemRef(this.memory, type, dynamicSizes, op);
    if (!this.workgroup || !this.workgroup.isSharedSpace(type.memorySpace)) return create();
    const n = this.allocationCounts.get(op) ?? 0;
    this.allocationCounts.set(op, n + 1);
    return this.workgroup.sharedAllocation(op, n, create);
  }
}

/** A fresh memref for `type` (identity or static strided layout). */
export function allocateMemRef(memory: Memory, type: MemRefType, dynamicSizes: readonly number[], op: Operation, origin = `${op.name} at ${formatLoc(op.loc)}`): MemRef {
  let k = 0;
  const shape = type.shape.map((d) => (d < 0 ? dynamicSizes[k++]! : d));
  if (k !== dynamicSizes.length) throw opError(op, `expects ${k} dynamic sizes, got ${dynamicSizes.length}`);
  for (const d of shape) if (!(Number.isSafeInteger(d) && d >= 0)) throw opError(op, `cannot allocate a memref with dimension size ${d}`);
  let strides = rowMajorStrides(shape);
  let offset = 0;
  const layout = type.layout;
  if (layout instanceof StridedLayoutAttr) {
    if (layout.offset === null || layout.strides.some((s) => s === null)) throw new UnsupportedError(`cannot allocate ${type}: dynamic strides or offset`);
    strides = layout.strides as number[];
    offset = layout.offset;
  } else if (layout !== undefined && !/^affine_map<\(([^)]*)\) -> \(\1\)>$/.test(layout.toString())) {
    throw new UnsupportedError(`cannot allocate ${type}: only identity and strided layouts are supported`);
  }
  let size = offset + 1;
  for (let i = 0; i < shape.length; i++) size += (shape[i]! - 1) * Math.abs(strides[i]!);
  if (shape.some((d) => d === 0)) size = offset;
  const buffer = memory.allocate(type.elementType, size, type.memorySpace, origin);
  return new MemRef(type, buffer, offset, shape, strides);
}

/** Attaches the op's location to errors of helpers that know none. */
function locate(e: unknown, op: Operation): unknown {
  if (e instanceof EvalError) return opError(op, e.message);
  if (e instanceof UnsupportedError) return opError(op, `is not supported by the interpreter: ${e.message}`);
  return e;
}
