import { Block } from '../../../core/ir/block.js';
import { failure, type Failure, isFailure } from '../../../core/ir/diagnostics.js';
import type { Context } from '../../../core/ir/dialect.js';
import { IRMapping, type Operation } from '../../../core/ir/operation.js';
import { i1 } from '../../../core/ir/types.js';
import type { Value } from '../../../core/ir/value.js';
import { CeilDivSIOp, MaxSIOp } from '../../../dialects/arith/index.js';
import { ForOp, YieldOp } from '../../../dialects/scf/index.js';
import { constantTripCount } from '../trip-count.js';
import { ArithBuilder } from '../../../dialects/arith/builder.js';
import { constantInt } from '../../../core/rewrite/folder.js';
import { valuesUsedBy } from '../loop-dependences.js';
import { isScheduleError, loopSchedule, type LoopSchedule, type PipelineRegion, type ScheduleError, type ScheduleFn } from '../schedule.js';
import { collectSources, delayOf, type Source } from './carried-values.js';
import { predicateOp, type PredicateHook } from './predicate.js';

/**
 * How to pipeline a loop, as MLIR's `scf::PipeliningOption`: the schedule and what to do with
 * the ops emitted are the caller's hooks; the pipeliner knows no dialect's annotations.
 */
export interface PipeliningOptions {
  /** Each body op's stage, in emission order (MLIR's getScheduleFn); checked by checkSchedule. */
  readonly getSchedule: ScheduleFn;
  /** Peel the epilogue (true) or run the extra kernel iterations with their ops predicated off. */
  readonly peelEpilogue: boolean;
  /**
   * Peel the prologue (true, the default) or start the kernel loop maxStage iterations early,
   * with the ops of iterations before the first predicated off (needs a predicated epilogue).
   */
  readonly peelPrologue?: boolean;
  /** How ops of iterations past the end are switched off (MLIR's predicateFn); else the generic rule. */
  readonly predicate?: PredicateHook;
  /**
   * Called on each op the pipeliner emits, right after it is cloned from its body op and before
   * it is predicated (MLIR's annotateFn): e.g. to drop the clone's schedule annotations.
   */
  readonly annotate?: AnnotateHook;
}

export type AnnotateHook = (emitted: EmittedOp) => void;

/** One op the pipeliner emitted: which body op, in which region and time slot (kernel: 0). */
export interface EmittedOp {
  readonly original: Operation;
  readonly clone: Operation;
  readonly region: PipelineRegion;
  readonly slot: number;
}

export interface PipelineResult {
  /** The checked schedule the loop was pipelined by. */
  readonly schedule: LoopSchedule;
  readonly emitted: readonly EmittedOp[];
  readonly kernel: Operation;
}

/** Where to find what a source made in earlier slots of the region being emitted. */
type Lookup = (source: Source, delay: number) => Value;

/** What the kernel loop's iter_arg for `source` at depth `d` holds before the loop (made d slots before its first). */
type InitialValue = (source: Source, d: number) => Value;

/**
 * Software-pipelines an `scf.for` by the schedule `options.getSchedule` gives (MLIR's
 * scf::pipelineForLoop, extended): prologue, kernel loop, and a peeled or predicated epilogue,
 * correct for every trip count, dynamic ones included (0, 1 and fewer iterations than stages:
 * ops of iterations past the end are predicated off). Replaces the loop; returns what was
 * emitted, the schedule's error (a ScheduleError), or a Failure at the loop saying why it could
 * not be pipelined.
 */
export function pipelineForLoop(context: Context, forOp: Operation, options: PipeliningOptions): PipelineResult | ScheduleError | Failure {
  const schedule = loopSchedule(forOp, options.getSchedule);
  if (isScheduleError(schedule)) return schedule;
  return new LoopPipeliner(context, schedule, options).run();
}

class LoopPipeliner {
  private readonly forOp: Operation;
  private readonly maxStage: number;
  private readonly sources: Source[];
  private readonly byKey: Map<Value | number, Source>;
  private readonly b: ArithBuilder;
  private readonly emitted: EmittedOp[] = [];
  private readonly lb: Value;
  private readonly ub: Value;
  private readonly step: Value;
  private readonly inits: Value[];
  /** The trip count, when the bounds are constants. */
  private readonly staticTripCount: number | undefined;
  private tripCountValue: Value | undefined;

  constructor(
    context: Context,
    private readonly schedule: LoopSchedule,
    private readonly options: PipeliningOptions,
  ) {
    this.forOp = schedule.forOp;
    this.maxStage = schedule.numStages - 1;
    ({ sources: this.sources, byKey: this.byKey } = collectSources(schedule));
    this.b = new ArithBuilder(context);
    this.b.loc = this.forOp.loc;
    [this.lb, this.ub, this.step] = [this.forOp.operand(0), this.forOp.operand(1), this.forOp.operand(2)];
    this.inits = this.forOp.operands.slice(3);
    const n = constantTripCount(this.forOp);
    this.staticTripCount = n === undefined ? undefined : Number(n);
  }

  private get peelPrologue(): boolean {
    return this.options.peelPrologue ?? true;
  }

  run(): PipelineResult | Failure {
    const step = constantInt(this.step);
    if (step !== undefined && step <= 0n) return failure(`cannot pipeline a loop whose step (${step}) is not positive`, this.forOp);
    if (!this.peelPrologue && this.options.peelEpilogue) return failure('a predicated prologue needs a predicated epilogue (peel-epilogue=false)', this.forOp);
    this.b.setInsertionPointBefore(this.forOp);
    // Made first: the predicates of the prologue use it.
    if (this.staticTripCount === undefined && this.peelPrologue) this.tripCount();
    const initial = this.peelPrologue ? this.emitPrologue() : this.emitPlaceholders();
    if (isFailure(initial)) return initial;
    const kernel = this.emitKernel(initial);
    if (isFailure(kernel)) return kernel;
    const results = this.options.peelEpilogue ? this.emitEpilogue(kernel) : this.finalValuesOf(kernel);
    if (isFailure(results)) return results;
    this.forOp.replaceAllUsesWith(results);
    this.forOp.erase();
    return { schedule: this.schedule, emitted: this.emitted, kernel };
  }

  // ------------------------------------------------------------------------------------ helpers

  /** The trip count as a value: max(ceildiv(ub - lb, step), 0). */
  private tripCount(): Value {
    if (this.tripCountValue) return this.tripCountValue;
    const b = this.b;
    if (this.staticTripCount !== undefined) return b.constant(this.lb.type, this.staticTripCount);
    const count = b.binary(CeilDivSIOp, b.sub(this.ub, this.lb), this.step);
    this.tripCountValue = b.binary(MaxSIOp, count, b.constant(this.lb.type, 0));
    return this.tripCountValue;
  }

  /** Is `iteration` (a value, or a constant) below the trip count: undefined when statically true. */
  private validIteration(iteration: Value | number): Value | undefined {
    const n = this.staticTripCount;
    if (typeof iteration === 'number' && n !== undefined) {
      return iteration < n ? undefined : this.b.constant(i1, 0);
    }
    const it = typeof iteration === 'number' ? this.b.constant(this.lb.type, iteration) : iteration;
    return this.b.compare('slt', it, this.tripCount());
  }

  /**
   * Clones body op `op` for one (iteration, slot): its induction variable is `iv`, what it reads
   * comes from `lookup`; predicated by `cond` when given. Returns the values of its results.
   */
  private emitOp(op: Operation, iv: Value, lookup: Lookup, cond: Value | undefined, region: PipelineRegion, slot: number): readonly Value[] | Failure {
    const body = this.forOp.region(0).entry!;
    const mapping = new IRMapping();
    for (const v of valuesUsedBy(op)) {
      if (v === body.arguments[0]) mapping.map(v, iv);
      else {
        const iterArg = body.arguments.indexOf(v as never) - 1;
        const source = this.byKey.get(iterArg >= 0 ? iterArg : v);
        if (source) mapping.map(v, lookup(source, delayOf(this.schedule, op, source)));
      }
    }
    const clone = this.b.insert(op.clone(mapping));
    const emitted: EmittedOp = { original: op, clone, region, slot };
    this.options.annotate?.(emitted);
    this.emitted.push(emitted);
    if (!cond) {
      this.b.setInsertionPointAfter(clone);
      return clone.results;
    }
    // A result the loop yields keeps the previous iteration's value when switched off.
    const previous = new Map<number, Value>();
    for (const s of this.sources) if (s.iterArg !== undefined && s.producer === op) previous.set(s.resultIndex, lookup(s, 1));
    const results = predicateOp(clone, cond, previous, this.b, this.options.predicate);
    // Reported at the loop, as the rest of the pipeliner's failures.
    if (isFailure(results)) return failure(`${results.message} (in the ${region} of the pipelined loop)`, this.forOp);
    return results;
  }

  /** Records what `op` made, under each source it is. */
  private record(made: Map<Value | number, Value>, op: Operation, results: readonly Value[]): void {
    for (const s of this.sources) if (s.producer === op) made.set(s.key, results[s.resultIndex]!);
  }

  // ------------------------------------------------------------------------------------ prologue

  /**
   * Emits prologue slots 0..maxStage-1, slot p running stage s of iteration p - s for s <= p,
   * predicated on the iteration being below the trip count. Returns what each source made in
   * each slot before the kernel loop (iter_args at iteration 0 are the inits).
   */
  private emitPrologue(): InitialValue | Failure {
    const madeIn = new Map<number, Map<Value | number, Value>>();
    const slotMap = (t: number) => madeIn.get(t) ?? madeIn.set(t, new Map()).get(t)!;
    for (const s of this.sources) if (s.iterArg !== undefined) slotMap(this.schedule.stage.get(s.producer)! - 1).set(s.key, this.inits[s.iterArg]!);
    for (let p = 0; p < this.maxStage; p++) {
      const made = slotMap(p);
      const lookup: Lookup = (source, delay) => (delay === 0 ? made.get(source.key) : madeIn.get(p - delay)?.get(source.key))!;
      const conds = new Map<number, Value | undefined>();
      for (const op of this.schedule.ops) {
        const stage = this.schedule.stage.get(op)!;
        if (stage > p) continue;
        const iteration = p - stage;
        if (!conds.has(iteration)) conds.set(iteration, this.validIteration(iteration));
        const iv = this.b.offset(this.lb, iteration, this.step);
        const results = this.emitOp(op, iv, lookup, conds.get(iteration), 'prologue', p);
        if (isFailure(results)) return results;
        this.record(made, op, results);
      }
    }
    return (source, d) => madeIn.get(this.maxStage - d)!.get(source.key)!;
  }

  /**
   * Without a peeled prologue, what the kernel loop's iter_args hold before its first slot: an
   * iter_arg's init (a producer switched off passes it on until its first iteration), and for
   * a value made and read in one iteration, a value of its type that only ops switched off read:
   * that of a phantom iteration before the first, every op of it switched off, emitted only as
   * far as such values need (no commit, store or wait without a carried result).
   */
  private emitPlaceholders(): InitialValue | Failure {
    const needed = new Set<Operation>();
    const need = (op: Operation) => {
      if (needed.has(op)) return;
      needed.add(op);
      for (const v of valuesUsedBy(op)) {
        const source = this.byKey.get(v);
        if (source && source.iterArg === undefined) need(source.producer);
      }
    };
    for (const s of this.sources) if (s.depth > 0 && s.iterArg === undefined) need(s.producer);
    const made = new Map<Value | number, Value>();
    const lookup: Lookup = (source) => (source.iterArg !== undefined ? this.inits[source.iterArg]! : made.get(source.key)!);
    if (needed.size === 0) return lookup;
    const off = this.b.constant(i1, 0);
    // One iteration's ops in stage order (a slot's order may put a later stage's reader first);
    // switched off, it computes its indices at the first iteration's (in range, unlike lb - step's).
    const stageOrder = this.schedule.ops.filter((op) => needed.has(op)).sort((x, y) => this.schedule.stage.get(x)! - this.schedule.stage.get(y)!);
    for (const op of stageOrder) {
      const results = this.emitOp(op, this.lb, lookup, off, 'prologue', -1);
      if (isFailure(results)) return results;
      this.record(made, op, results);
    }
    return lookup;
  }

  // ------------------------------------------------------------------------------------ kernel

  /**
   * Builds the kernel loop: from lb to ub - maxStage*step when the epilogue is peeled (every op
   * valid), else to ub with the ops of stages below maxStage predicated on their iteration
   * existing. Without a peeled prologue it starts maxStage iterations early (at time slot 0),
   * the ops of stages above 0 predicated on their iteration being at least the first. Its
   * iter_args hold, per source, what it made in each of the last `depth` slots; `initial` gives
   * what they hold before the loop.
   */
  private emitKernel(initial: InitialValue): Operation | Failure {
    const b = this.b;
    const carried = this.sources.filter((s) => s.depth > 0);
    const inits: Value[] = [];
    for (const s of carried) for (let d = 1; d <= s.depth; d++) inits.push(initial(s, d));
    const upper = this.options.peelEpilogue ? this.kernelUpperBound() : this.ub;
    const lower = this.peelPrologue ? this.lb : b.offset(this.lb, -this.maxStage, this.step);
    const kernel = b.build(ForOp, { operands: { lowerBound: lower, upperBound: upper, step: this.step, initArgs: inits }, resultTypes: { results: inits.map((v) => v.type) } }).op;
    const body = kernel.region(0).appendBlock(new Block());
    const iv = body.addArgument(this.lb.type, this.forOp.region(0).entry!.arguments[0]!.loc);
    const registers = new Map<Value | number, Value[]>();
    for (const s of carried)
      registers.set(
        s.key,
        Array.from({ length: s.depth }, () => body.addArgument(s.type, this.forOp.loc)),
      );
    b.setInsertionPointToEnd(body);
    const made = new Map<Value | number, Value>();
    const lookup: Lookup = (source, delay) => (delay === 0 ? made.get(source.key)! : registers.get(source.key)![delay - 1]!);
    const ivs = new Map<number, Value>();
    const conds = new Map<number, Value | undefined>();
    for (const op of this.schedule.ops) {
      const stage = this.schedule.stage.get(op)!;
      if (!ivs.has(stage)) {
        const stageIv = b.offset(iv, this.maxStage - stage, this.step);
        conds.set(stage, this.kernelCondition(stage, stageIv));
        // Started early, a stage's ops first run iterations before the first, switched off; the
        // ops that still run (index arithmetic) see the first iteration's induction variable.
        ivs.set(stage, this.peelPrologue || stage === 0 ? stageIv : b.binary(MaxSIOp, stageIv, this.lb));
      }
      const results = this.emitOp(op, ivs.get(stage)!, lookup, conds.get(stage), 'kernel', 0);
      if (isFailure(results)) return results;
      this.record(made, op, results);
    }
    const next: Value[] = [];
    for (const s of carried) next.push(made.get(s.key)!, ...registers.get(s.key)!.slice(0, s.depth - 1));
    b.build(YieldOp, { operands: { results: next } });
    b.setInsertionPointAfter(kernel);
    return kernel;
  }

  /** When stage `stage` of the kernel loop runs an iteration that exists (undefined: always). */
  private kernelCondition(stage: number, iv: Value): Value | undefined {
    const b = this.b;
    const beforeEnd = this.options.peelEpilogue || stage === this.maxStage ? undefined : b.compare('slt', iv, this.ub);
    const afterStart = this.peelPrologue || stage === 0 ? undefined : b.compare('sge', iv, this.lb);
    return beforeEnd && afterStart ? b.and(afterStart, beforeEnd) : (beforeEnd ?? afterStart);
  }

  private kernelUpperBound(): Value {
    const b = this.b;
    const [ub, step] = [constantInt(this.ub), constantInt(this.step)];
    if (ub !== undefined && step !== undefined) return b.constant(this.ub.type, ub - BigInt(this.maxStage) * step);
    return b.sub(this.ub, b.offset(b.constant(this.step.type, 0), this.maxStage, this.step));
  }

  /** The kernel loop's results, per source: what it made `d` slots before the loop ended. */
  private kernelResults(kernel: Operation): Map<Value | number, Value[]> {
    const out = new Map<Value | number, Value[]>();
    let i = 0;
    for (const s of this.sources) {
      if (s.depth === 0) continue;
      out.set(s.key, kernel.results.slice(i, i + s.depth));
      i += s.depth;
    }
    return out;
  }

  /** Without a peeled epilogue: the loop's results are the iter_args' last values. */
  private finalValuesOf(kernel: Operation): Value[] {
    const after = this.kernelResults(kernel);
    return this.inits.map((_, j) => after.get(j)![0]!);
  }

  // ------------------------------------------------------------------------------------ epilogue

  /**
   * Emits epilogue slots e = 1..maxStage (time T+e-1, T = max(trip count, maxStage)), slot e
   * running stage s >= e of iteration T+e-1-s, predicated on that iteration existing when the
   * trip count is not a constant. Returns the loop's final values.
   */
  private emitEpilogue(kernel: Operation): Value[] | Failure {
    const b = this.b;
    const after = this.kernelResults(kernel);
    const n = this.staticTripCount;
    const staticT = n === undefined ? undefined : Math.max(n, this.maxStage);
    // The iteration that ran last in the kernel loop's final slot (T - 1), and its induction variable.
    const lastIteration = staticT !== undefined ? undefined : b.sub(b.binary(MaxSIOp, this.tripCount(), b.constant(this.lb.type, this.maxStage)), b.constant(this.lb.type, 1));
    const lastIv = staticT !== undefined ? b.offset(this.lb, staticT - 1, this.step) : b.add(this.lb, b.mul(lastIteration!, this.step));
    const madeIn = new Map<number, Map<Value | number, Value>>();
    for (let e = 1; e <= this.maxStage; e++) {
      const made = new Map<Value | number, Value>();
      madeIn.set(e, made);
      const lookup: Lookup = (source, delay) => (e - delay >= 1 ? madeIn.get(e - delay)!.get(source.key)! : after.get(source.key)![delay - e]!);
      const conds = new Map<number, Value | undefined>();
      for (const op of this.schedule.ops) {
        const stage = this.schedule.stage.get(op)!;
        if (stage < e) continue;
        const shift = e - stage; // iteration = T - 1 + shift
        if (!conds.has(shift)) {
          conds.set(shift, staticT !== undefined ? this.validIteration(staticT - 1 + shift) : this.validIteration(b.add(lastIteration!, b.constant(this.lb.type, shift))));
        }
        const iv = b.offset(lastIv, shift, this.step);
        const results = this.emitOp(op, iv, lookup, conds.get(shift), 'epilogue', e);
        if (isFailure(results)) return results;
        this.record(made, op, results);
      }
    }
    // Final value of iter_arg j: made in slot T + stage(producer) - 1.
    return this.inits.map((_, j) => {
      const stage = this.schedule.stage.get(this.byKey.get(j)!.producer)!;
      return stage >= 1 ? madeIn.get(stage)!.get(j)! : after.get(j)![0]!;
    });
  }
}
