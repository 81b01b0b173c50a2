// The generic software pipeliner on its own, on plain scf.for loops of arith and memref ops (no
// tile ops, no annotations): the schedule comes from a hook (MLIR's getScheduleFn), the emitted
// ops go through an annotate hook. Checked for the prologue / kernel / epilogue structure, and
// in the interpreter for the results of the original loop on several trip counts, with the
// epilogue peeled and predicated, with constant and dynamic bounds.
import { describe, expect, it } from 'vitest';
import { Interpreter } from '../../../../core/interpret/engine.js';
import { Buffer, MemRef } from '../../../../core/interpret/values.js';
import { isFailure } from '../../../../core/ir/diagnostics.js';
import { StringAttr } from '../../../../core/ir/attributes.js';
import type { Operation } from '../../../../core/ir/operation.js';
import { f32, MemRefType } from '../../../../core/ir/types.js';
import { verify } from '../../../../core/ir/verifier.js';
import { createSemantics } from '../../../../dialects/semantics.js';
import { ForOp } from '../../../../dialects/scf/index.js';
import { bodyOps } from '../../../../passes/loops/loop-dependences.js';
import { pipelineForLoop, type PipelineResult, type PipeliningOptions } from '../../../../passes/loops/pipeliner/loop-pipeliner.js';
import { isScheduleError, type ScheduledOps, type ScheduleFn } from '../../../../passes/loops/schedule.js';
import { context, parseModule, print } from '../pass-harness.js';

const SIZE = 32;
const STAGES = 2;
const TRIP_COUNTS = [...new Set([0, 1, 2, STAGES, STAGES + 1, 17])];

/** for i: x = A[i]; y = x * x; B[i] = y (and, with `sum`, s += y, returned). */
function program(ub: number | undefined, sum = false): string {
  // Constant bounds (0 to ub), or the arguments'.
  const [lower, bound] = ub === undefined ? ['%lb', '%ub'] : ['%c0', '%n'];
  const header = sum ? `%r = scf.for %i = ${lower} to ${bound} step %c1 iter_args(%acc = %zero) -> (f32) {` : `scf.for %i = ${lower} to ${bound} step %c1 {`;
  return `func.func @f(%A: memref<${SIZE}xf32>, %B: memref<${SIZE}xf32>, %lb: index, %ub: index) -> f32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %n = arith.constant ${ub ?? 0} : index
  %zero = arith.constant 0.0 : f32
  ${header}
    %x = memref.load %A[%i] : memref<${SIZE}xf32>
    %y = arith.mulf %x, %x : f32
    memref.store %y, %B[%i] : memref<${SIZE}xf32>
${sum ? '    %s = arith.addf %acc, %y : f32\n    scf.yield %s : f32' : ''}
  }
  return ${sum ? '%r' : '%zero'} : f32
}`;
}

/** The 2-stage schedule: the load in stage 0, the rest in stage 1, in body order. */
const loadFirst = (forOp: Operation): ScheduledOps => bodyOps(forOp).map((op) => [op, op.name === 'memref.load' ? 0 : 1] as const);

function loopOf(module: Operation): Operation {
  let loop: Operation | undefined;
  module.walk((op) => void (ForOp.isa(op) && (loop ??= op)));
  return loop!;
}

function pipeline(text: string, options: Partial<PipeliningOptions> & { peelEpilogue: boolean }): { module: Operation; result: PipelineResult } {
  const module = parseModule(text);
  const result = pipelineForLoop(context, loopOf(module), { getSchedule: loadFirst, ...options });
  if (isFailure(result)) throw new Error(result.message);
  const err = verify(module);
  if (err) throw new Error(`invalid IR after pipelining: ${err.message}\n${print(module)}`);
  return { module, result };
}

function memref(data: Float32Array): MemRef {
  const b = Buffer.allocate(f32, data.length, undefined, 'argument');
  (b.data as Float32Array).set(data);
  return new MemRef(MemRefType.get([data.length], f32), b, 0, [data.length], [1]);
}

/** Runs @f on A = 1.5, 2.5, ... and B all -1; returns the result and B. */
function run(module: Operation, ub: number): [number, number[]] {
  const A = memref(Float32Array.from({ length: SIZE }, (_, i) => i + 1.5));
  const B = memref(new Float32Array(SIZE).fill(-1));
  const [r] = new Interpreter(module, { semantics: createSemantics() }).run('f', [A, B, 0, ub]);
  return [Number(r), [...(B.buffer.data as Float32Array)]];
}

const names = (result: PipelineResult, region: string) => result.emitted.filter((e) => e.region === region).map((e) => e.original.name);

describe('pipelineForLoop with a schedule hook, on arith and memref ops', () => {
  it('emits a prologue, a kernel loop and a peeled epilogue', () => {
    const { module, result } = pipeline(program(17), { peelEpilogue: true });
    expect(result.schedule.numStages).toBe(STAGES);
    expect(names(result, 'prologue')).toEqual(['memref.load']);
    expect(names(result, 'kernel')).toEqual(['memref.load', 'arith.mulf', 'memref.store']);
    expect(names(result, 'epilogue')).toEqual(['arith.mulf', 'memref.store']);
    // The kernel loop runs iterations 0..15 of stage 1 (and 1..16 of stage 0), and carries the loaded value.
    const kernel = result.kernel;
    expect(kernel.parent).toBe(loopOf(module).parent);
    expect(loopOf(module)).toBe(kernel);
    expect(kernel.results.map((r) => String(r.type))).toEqual(['f32']);
    const text = print(module);
    expect(text).toMatch(/%c16 = arith.constant 16 : index/);
    expect(text).toMatch(/scf.for %\w+ = %c0 to %c16 step %c1 iter_args\(%\w+ = %\w+\) -> \(f32\)/);
    // Without an epilogue's predicate (constant trip count), nothing is wrapped in scf.if.
    expect(text).not.toContain('scf.if');
  });

  it('predicates instead of peeling: the kernel loop runs to the end, the extra iteration switched off', () => {
    const { module, result } = pipeline(program(17), { peelEpilogue: false });
    expect(names(result, 'prologue')).toEqual(['memref.load']);
    expect(names(result, 'kernel')).toEqual(['memref.load', 'arith.mulf', 'memref.store']);
    expect(names(result, 'epilogue')).toEqual([]);
    const text = print(module);
    expect(text).toMatch(/scf.for %\w+ = %\w+ to %c17 step %c1 iter_args/);
    // The stage-0 load of the kernel is guarded by its iteration being below the bound.
    expect(text).toMatch(/arith.cmpi slt, %\w+, %c17 : index\n\s+%\w+ = scf.if %\w+ -> \(f32\) \{\n\s+%\w+ = memref.load/);
  });

  it('without a peeled prologue: one loop started a stage early, the later stage switched off before the first iteration', () => {
    const { module, result } = pipeline(program(undefined, true), { peelEpilogue: false, peelPrologue: false });
    // The load of a phantom iteration (switched off) only gives the kernel's first slot a value to carry.
    expect(result.emitted.filter((e) => e.region === 'prologue').map((e) => `${e.original.name}@${e.slot}`)).toEqual(['memref.load@-1']);
    expect(names(result, 'kernel')).toEqual(['memref.load', 'arith.mulf', 'memref.store', 'arith.addf']);
    expect(names(result, 'epilogue')).toEqual([]);
    const text = print(module);
    expect(text.match(/scf\.for/g)).toHaveLength(1);
    // From lb - 1; stage 1 runs when its iteration is at least lb, stage 0 while below ub.
    expect(text).toMatch(/(%\w+) = arith.addi %lb, %c-1(_\d+)? : index\n\s+%\w+:\d+ = scf.for %\w+ = \1 to %ub step %c1/);
    expect(text).toMatch(/arith.cmpi sge, %\w+, %lb : index/);
    expect(text).toMatch(/arith.cmpi slt, %\w+, %ub : index/);
    // The phantom load is switched off by a constant.
    expect(text).toMatch(/scf.if %false -> \(f32\) \{\n\s+%\w+ = memref.load/);
  });

  it('refuses a predicated prologue with a peeled epilogue', () => {
    const module = parseModule(program(17));
    const result = pipelineForLoop(context, loopOf(module), { getSchedule: loadFirst, peelEpilogue: true, peelPrologue: false });
    expect(isFailure(result as object) && (result as { message: string }).message).toBe('a predicated prologue needs a predicated epilogue (peel-epilogue=false)');
  });

  it('calls the annotate hook on every emitted op, with its region and slot', () => {
    const seen: string[] = [];
    const { module } = pipeline(program(17), {
      peelEpilogue: true,
      annotate: ({ clone, original, region, slot }) => {
        seen.push(`${region}${slot}:${original.name}`);
        clone.setAttr('test.part', StringAttr.get(region));
      },
    });
    expect(seen).toEqual(['prologue0:memref.load', 'kernel0:memref.load', 'kernel0:arith.mulf', 'kernel0:memref.store', 'epilogue1:arith.mulf', 'epilogue1:memref.store']);
    expect(print(module).match(/test.part = "\w+"/g)).toHaveLength(6);
  });

  it('reports a schedule that breaks a dependence, and leaves the loop alone', () => {
    const module = parseModule(program(17));
    const loop = loopOf(module);
    const before = print(module);
    const storeFirst: ScheduleFn = (forOp) => bodyOps(forOp).map((op) => [op, op.name === 'memref.load' ? 1 : 0] as const);
    const result = pipelineForLoop(context, loop, { getSchedule: storeFirst, peelEpilogue: true });
    expect(isScheduleError(result as object) && (result as { message: string }).message).toBe("op 'arith.mulf' in stage 0 uses a value of 'memref.load', which is in the later stage 1");
    const missing = pipelineForLoop(context, loop, { getSchedule: (forOp) => loadFirst(forOp).slice(1), peelEpilogue: true });
    expect(isScheduleError(missing as object) && (missing as { message: string }).message).toBe("op 'memref.load' has no stage (every op of a scheduled loop needs one)");
    expect(print(module)).toBe(before);
  });

  const modes = [
    { peelEpilogue: true, what: 'peeled' },
    { peelEpilogue: false, what: 'predicated epilogue' },
    { peelEpilogue: false, peelPrologue: false, what: 'predicated prologue and epilogue' },
  ];
  for (const sum of [false, true]) {
    for (const { what: mode, ...peel } of modes) {
      const what = `${sum ? 'a sum carried in iter_args' : 'no iter_args'}, ${mode}`;
      it(`computes what the loop computes for trip counts ${TRIP_COUNTS.join(', ')} (${what})`, () => {
        // Dynamic bounds: one pipelined loop for every trip count.
        const { module: dynamic } = pipeline(program(undefined, sum), peel);
        const original = parseModule(program(undefined, sum));
        for (const n of TRIP_COUNTS) {
          const want = run(original, n);
          expect(want[1].filter((v) => v !== -1)).toHaveLength(n);
          expect(run(dynamic, n), `dynamic, trip count ${n}`).toEqual(want);
          // Constant bounds: the pipeliner's static paths.
          const { module: constant } = pipeline(program(n, sum), peel);
          expect(run(constant, 0), `constant, trip count ${n}\n${print(constant)}`).toEqual(want);
        }
      });
    }
  }
});
