// Random integer programs (arith + scf.if/scf.for, and scf.while on request) and a tiny evaluator
// for them, to check that a pass preserves meaning: evaluate before and after on random inputs and
// compare.
import type { IntegerAttr } from '../../../core/ir/attributes.js';
import type { Block } from '../../../core/ir/block.js';
import type { Operation } from '../../../core/ir/operation.js';
import type { Value } from '../../../core/ir/value.js';
import { mulberry32, randomDraws } from '../../../testing/random.js';

export interface RandomProgramOptions {
  /**
   * Also emit scf.while loops (off by default, so that the programs of a seed stay as they were):
   * counted loops that terminate, with loop-invariant, duplicated, unused and permuted arguments
   * and results, conditions that are constants or comparisons of forwarded values.
   */
  whileLoops?: boolean;
}

/** A function `@f(%a: i32, %b: i32, %c: i1) -> (i32, i32, ...)` with redundancy, invariants and constant branches. */
export function randomProgram(seed: number, options: RandomProgramOptions = {}): string {
  const { rand, int, pick } = randomDraws(seed);
  let counter = 0;
  const fresh = () => `%v${counter++}`;
  const lines: string[] = [];

  const body = (ints: string[], bools: string[], indent: string, depth: number): void => {
    const n = 2 + int(5);
    for (let k = 0; k < n; k++) {
      const choice = int(depth > 1 ? 4 : options.whileLoops ? 9 : 7);
      const v = fresh();
      if (choice === 0) {
        lines.push(`${indent}${v} = arith.constant ${pick([0, 1, 2, -1, 7])} : i32`);
        ints.push(v);
      } else if (choice === 1) {
        lines.push(`${indent}${v} = arith.constant ${pick(['true', 'false'])}`);
        bools.push(v);
      } else if (choice <= 3) {
        const op = pick(['addi', 'subi', 'muli', 'andi', 'ori', 'xori', 'maxsi', 'divsi', 'remui', 'addi', 'muli']);
        lines.push(`${indent}${v} = arith.${op} ${pick(ints)}, ${pick(ints)} : i32`);
        ints.push(v);
      } else if (choice === 4) {
        lines.push(`${indent}${v} = arith.xori ${pick(bools)}, ${pick(bools)} : i1`);
        bools.push(v);
      } else if (choice === 5) {
        lines.push(`${indent}${v} = scf.if ${pick(bools)} -> (i32) {`);
        const inner = [...ints];
        body(inner, [...bools], indent + '  ', depth + 1);
        lines.push(`${indent}  scf.yield ${pick(inner)} : i32`, `${indent}} else {`);
        const other = [...ints];
        body(other, [...bools], indent + '  ', depth + 1);
        lines.push(`${indent}  scf.yield ${pick(other)} : i32`, `${indent}}`);
        ints.push(v);
      } else if (choice >= 7) {
        whileLoop(ints, bools, indent, depth, v);
      } else {
        const iv = fresh();
        const acc = fresh();
        const lb = fresh();
        const ub = fresh();
        const step = fresh();
        lines.push(`${indent}${lb} = arith.constant 0 : index`, `${indent}${ub} = arith.constant ${int(4)} : index`, `${indent}${step} = arith.constant ${pick([1, 1, 2])} : index`);
        lines.push(`${indent}${v} = scf.for ${iv} = ${lb} to ${ub} step ${step} iter_args(${acc} = ${pick(ints)}) -> (i32) {`);
        const ivInt = fresh();
        lines.push(`${indent}  ${ivInt} = arith.index_cast ${iv} : index to i32`);
        const inner = [...ints, acc, ivInt];
        body(inner, [...bools], indent + '  ', depth + 1);
        lines.push(`${indent}  scf.yield ${pick(inner)} : i32`, `${indent}}`);
        ints.push(v);
      }
    }
  };
  /**
   * `v = scf.while` counting %i from a constant up to a constant bound (so that it terminates),
   * with other arguments taken from `ints`. The condition is a comparison of %i with the bound
   * (possibly and-ed with a bool) or false; it forwards %i and a random choice of arguments, the
   * condition, values from outside or from the before block, repeated or permuted. The after
   * block may repeat the comparison on the forwarded %i and select with the forwarded condition;
   * it yields %i + 1 and, for the other arguments, what they were forwarded as, their init or
   * anything.
   */
  const whileLoop = (ints: string[], bools: string[], indent: string, depth: number, v: string): void => {
    const [start, bound, one] = [fresh(), fresh(), fresh()];
    lines.push(`${indent}${start} = arith.constant ${int(3)} : i32`, `${indent}${bound} = arith.constant ${int(5)} : i32`, `${indent}${one} = arith.constant 1 : i32`);
    const others = int(4);
    const counterAt = int(others + 1);
    const inits: string[] = [];
    for (let k = 0; k < others; k++) inits.push(k > 0 && rand() < 0.25 ? inits[int(k)]! : pick(ints));
    inits.splice(counterAt, 0, start);
    const args = inits.map(() => fresh());
    const counter = args[counterAt]!;
    const inner = indent + '  ';
    const beforeStart = lines.length;
    const beforeInts = [...ints, ...args];
    const beforeBools = [...bools];
    if (rand() < 0.5) body(beforeInts, beforeBools, inner, depth + 1);
    // The condition: false, or %i compared with the bound so that it turns false as %i grows.
    const cond = fresh();
    const r = rand();
    let cmp: { pred: string; lhs: string; rhs: string } | undefined;
    if (r < 0.15) {
      lines.push(`${inner}${cond} = arith.constant false`);
    } else {
      const [pred, swapped] = pick([
        ['slt', 'sgt'],
        ['sle', 'sge'],
        ['ult', 'ugt'],
        ['ule', 'uge'],
      ] as const);
      cmp = rand() < 0.3 ? { pred: swapped, lhs: bound, rhs: counter } : { pred, lhs: counter, rhs: bound };
      const c = r < 0.8 ? cond : fresh();
      lines.push(`${inner}${c} = arith.cmpi ${cmp.pred}, ${cmp.lhs}, ${cmp.rhs} : i32`);
      if (c !== cond) {
        lines.push(`${inner}${cond} = arith.andi ${c}, ${pick(beforeBools)} : i1`);
        cmp = undefined;
      }
    }
    // What the condition forwards: %i at least once.
    let forwarded: string[];
    if (args.length > 1 && rand() < 0.25) {
      forwarded = [...args];
      for (let k = forwarded.length - 1; k > 0; k--) {
        const j = int(k + 1);
        [forwarded[k], forwarded[j]] = [forwarded[j]!, forwarded[k]!];
      }
    } else {
      // Most arguments, and a few extra values, each at a random place.
      forwarded = args.filter((a) => a === counter || rand() < 0.6);
      for (let k = int(3); k > 0; k--) {
        const x = rand();
        forwarded.splice(int(forwarded.length + 1), 0, x < 0.35 ? cond : x < 0.55 ? pick(forwarded) : x < 0.75 ? pick(ints) : pick(beforeInts));
      }
    }
    const isBool = (x: string) => x === cond || beforeBools.includes(x);
    const types = forwarded.map((x) => (isBool(x) ? 'i1' : 'i32'));
    lines.push(`${inner}scf.condition(${cond}) ${forwarded.join(', ')} : ${types.join(', ')}`);
    const beforeBody = lines.splice(beforeStart);

    const afterArgs = forwarded.map(() => fresh());
    const afterInts = [...ints, ...afterArgs.filter((_, k) => types[k] === 'i32')];
    // Values of the after block that depend on what the loop knows (yielded in preference).
    const selected: string[] = [];
    const afterBools = [...bools, ...afterArgs.filter((_, k) => types[k] === 'i1')];
    const counterAfter = afterArgs[forwarded.indexOf(counter)]!;
    // The comparison again on the forwarded %i (the same predicate, its negation or another).
    if (cmp && rand() < 0.6) {
      const m = fresh();
      const pred = rand() < 0.4 ? cmp.pred : rand() < 0.6 ? INVERSE[cmp.pred]! : pick(Object.keys(INVERSE));
      const [lhs, rhs] = cmp.lhs === counter ? [counterAfter, cmp.rhs] : [cmp.lhs, counterAfter];
      const s = fresh();
      lines.push(`${inner}${m} = arith.cmpi ${pred}, ${lhs}, ${rhs} : i32`, `${inner}${s} = arith.select ${m}, ${pick(afterInts)}, ${pick(afterInts)} : i32`);
      afterInts.push(s);
      selected.push(s);
    }
    // The forwarded condition (true here) chooses a value.
    const condAfter = afterArgs.find((_, k) => forwarded[k] === cond);
    if (condAfter && rand() < 0.9) {
      const s = fresh();
      lines.push(`${inner}${s} = arith.select ${condAfter}, ${pick(afterInts)}, ${pick(afterInts)} : i32`);
      afterInts.push(s);
      selected.push(s);
    }
    if (rand() < 0.5) body(afterInts, afterBools, inner, depth + 1);
    const next = fresh();
    lines.push(`${inner}${next} = arith.addi ${counterAfter}, ${one} : i32`);
    const yielded = args.map((arg, k) => {
      if (k === counterAt) return next;
      const x = rand();
      const same = afterArgs.filter((_, j) => forwarded[j] === arg);
      if (x < 0.2 && same.length) return pick(same);
      if (x < 0.6 && selected.length) return pick(selected);
      if (x < 0.75) return inits[k]!;
      return pick(afterInts);
    });
    lines.push(`${inner}scf.yield ${yielded.join(', ')} : ${args.map(() => 'i32').join(', ')}`);
    const afterBody = lines.splice(beforeStart);

    const results = forwarded.length === 1 ? [v] : forwarded.map((_, k) => `${v}#${k}`);
    lines.push(
      `${indent}${v}${forwarded.length > 1 ? `:${forwarded.length}` : ''} = scf.while (${args.map((a, k) => `${a} = ${inits[k]}`).join(', ')}) : (${args.map(() => 'i32').join(', ')}) -> (${types.join(', ')}) {`,
    );
    lines.push(...beforeBody, `${indent}} do {`, `${indent}^bb0(${afterArgs.map((a, k) => `${a}: ${types[k]}`).join(', ')}):`, ...afterBody, `${indent}}`);
    results.forEach((x, k) => (types[k] === 'i1' ? bools : ints).push(x));
    if (depth === 0) loopResults.push(...results.filter((_, k) => types[k] === 'i32'));
  };

  // The i32 results of the outermost loops: most of them are returned (a loop without effects whose
  // results are unused is simply erased).
  const loopResults: string[] = [];
  const ints = ['%a', '%b'];
  body(ints, ['%c'], '  ', 0);
  const returned = [pick(ints), pick(ints), ...loopResults.filter(() => rand() < 0.7)];
  const types = returned.map(() => 'i32').join(', ');
  return [`func.func @f(%a: i32, %b: i32, %c: i1) -> (${types}) {`, ...lines, `  return ${returned.join(', ')} : ${types}`, `}`, ''].join('\n');
}

const INVERSE: Record<string, string> = { eq: 'ne', ne: 'eq', slt: 'sge', sge: 'slt', sle: 'sgt', sgt: 'sle', ult: 'uge', uge: 'ult', ule: 'ugt', ugt: 'ule' };

/** Division by zero and signed overflow of a division are undefined: evaluation stops with 'trap'. */
class Trap extends Error {}

export const i32 = (x: bigint) => BigInt.asIntN(32, x);
const u32 = (x: bigint) => BigInt.asUintN(32, x);

const binary: Record<string, (a: bigint, b: bigint) => bigint> = {
  'arith.addi': (a, b) => i32(a + b),
  'arith.subi': (a, b) => i32(a - b),
  'arith.muli': (a, b) => i32(a * b),
  'arith.andi': (a, b) => a & b,
  'arith.ori': (a, b) => a | b,
  'arith.xori': (a, b) => a ^ b,
  'arith.maxsi': (a, b) => (a > b ? a : b),
  'arith.divsi': (a, b) => {
    if (b === 0n || (a === -(2n ** 31n) && b === -1n)) throw new Trap();
    return i32(a / b);
  },
  'arith.remui': (a, b) => {
    if (b === 0n) throw new Trap();
    return i32(u32(a) % u32(b));
  },
};

/** arith.cmpi's predicates in the order of their enum, on i32 values (held signed). */
const CMPI: ((a: bigint, b: bigint) => boolean)[] = [
  (a, b) => a === b,
  (a, b) => a !== b,
  (a, b) => a < b,
  (a, b) => a <= b,
  (a, b) => a > b,
  (a, b) => a >= b,
  (a, b) => u32(a) < u32(b),
  (a, b) => u32(a) <= u32(b),
  (a, b) => u32(a) > u32(b),
  (a, b) => u32(a) >= u32(b),
];

/** Runs blocks of i32 code to their terminators, in one frame of values. */
export interface I32Evaluator {
  get(v: Value): bigint;
  set(v: Value, x: bigint): void;
  /** Runs `block` on `inputs` (its arguments) up to its terminator; returns the terminator's operands. */
  run(block: Block, inputs: readonly bigint[]): bigint[];
}

/**
 * An evaluator of the i32 programs the generators here and in call-graph-programs.ts make, and of
 * what canonicalize makes of them: arith on i32 (i1 values 0n/1n), scf.if, scf.for and scf.while.
 * `other` evaluates an op it adds (func.call) and returns false for one it does not know either.
 * Division by zero and signed overflow of a division throw Trap.
 */
export function i32Evaluator(other: (op: Operation, e: I32Evaluator) => boolean = () => false): I32Evaluator {
  const env = new Map<Value, bigint>();
  const e: I32Evaluator = {
    get(v) {
      const x = env.get(v);
      if (x === undefined) throw new Error('evaluator: value used before definition');
      return x;
    },
    set: (v, x) => void env.set(v, x),
    run(block, inputs) {
      const get = e.get;
      block.arguments.forEach((a, i) => env.set(a, inputs[i]!));
      for (const op of block) {
        const name = op.name;
        const isI1 = () => (op.result.type as { width?: number }).width === 1;
        if (name === 'func.return' || name === 'scf.yield' || name === 'scf.condition') return op.operands.map(get);
        if (name === 'arith.constant') {
          const attr = op.getAttr('value') as IntegerAttr;
          env.set(op.result, isI1() ? attr.value & 1n : attr.value);
        } else if (binary[name]) {
          const [a, b] = op.operands.map(get);
          const r = binary[name]!(a!, b!);
          env.set(op.result, isI1() ? r & 1n : r);
        } else if (name === 'arith.select') {
          // (What canonicalize makes of ifs yielding values from outside.)
          env.set(op.result, get(op.operand(get(op.operand(0)) ? 1 : 2)));
        } else if (name === 'arith.cmpi') {
          const [a, b] = op.operands.map(get);
          const predicate = CMPI[Number((op.getAttr('predicate') as IntegerAttr).value)]!;
          env.set(op.result, predicate(a!, b!) ? 1n : 0n);
        } else if (name === 'scf.while') {
          // The before block ends in scf.condition: the condition, then the forwarded values.
          let carried = op.operands.map(get);
          for (let iteration = 0; ; iteration++) {
            if (iteration > 10_000) throw new Error('evaluator: scf.while runs too long');
            const [cond, ...forwarded] = e.run(op.region(0).entry!, carried);
            if (!cond) {
              op.results.forEach((r, i) => env.set(r, forwarded[i]!));
              break;
            }
            carried = e.run(op.region(1).entry!, forwarded);
          }
        } else if (name === 'arith.index_cast') {
          env.set(op.result, get(op.operand(0)));
        } else if (name === 'scf.if') {
          const region = get(op.operand(0)) ? op.region(0) : op.region(1);
          const out = region.entry ? e.run(region.entry, []) : [];
          op.results.forEach((r, i) => env.set(r, out[i]!));
        } else if (name === 'scf.for') {
          const [lb, ub, step, ...inits] = op.operands.map(get);
          let carried = inits;
          for (let i = lb!; i < ub!; i += step!) carried = e.run(op.region(0).entry!, [i, ...carried]);
          op.results.forEach((r, i) => env.set(r, carried[i]!));
        } else if (!other(op, e)) {
          throw new Error(`evaluator: no semantics for '${name}'`);
        }
      }
      throw new Error('evaluator: block without terminator');
    },
  };
  return e;
}

/** Run `@f` (the first func.func of `module`) on the arguments; i1 values are 0n/1n. */
export function evaluate(module: Operation, args: readonly bigint[]): bigint[] | 'trap' {
  const fn = module.region(0).entry!.first!;
  try {
    return i32Evaluator().run(fn.region(0).entry!, args);
  } catch (e) {
    if (e instanceof Trap) return 'trap';
    throw e;
  }
}

/** Argument tuples (a, b, c) worth trying: zeros, -1, extremes and random values. */
export function sampleArguments(seed: number, count: number): bigint[][] {
  const rand = mulberry32(seed);
  const pool = [0n, 1n, -1n, 2n, 7n, -(2n ** 31n), 2n ** 31n - 1n];
  const value = () => (rand() < 0.5 ? pool[Math.floor(rand() * pool.length)]! : BigInt(Math.floor(rand() * 2 ** 32) - 2 ** 31));
  return Array.from({ length: count }, () => [value(), value(), rand() < 0.5 ? 1n : 0n]);
}
