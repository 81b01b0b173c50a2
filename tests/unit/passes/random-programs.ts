// Random integer programs (arith + scf.if/scf.for) and a tiny evaluator for them, to check that a
// pass preserves meaning: evaluate before and after on random inputs and compare.
import { IntegerAttr } from '../../../core/ir/attributes.js';
import type { Block } from '../../../core/ir/block.js';
import type { Operation } from '../../../core/ir/operation.js';
import type { Value } from '../../../core/ir/value.js';
import { mulberry32 } from '../../../testing/random.js';

/** A function `@f(%a: i32, %b: i32, %c: i1) -> (i32, i32)` with redundancy, invariants and constant branches. */
export function randomProgram(seed: number): string {
  const rand = mulberry32(seed);
  const int = (n: number) => Math.floor(rand() * n);
  const pick = <T>(xs: readonly T[]): T => xs[int(xs.length)]!;
  let counter = 0;
  const fresh = () => `%v${counter++}`;
  const lines: string[] = [];

  const body = (ints: string[], bools: string[], indent: string, depth: number): void => {
    const n = 2 + int(5);
    for (let k = 0; k < n; k++) {
      const choice = int(depth > 1 ? 4 : 7);
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
  const ints = ['%a', '%b'];
  body(ints, ['%c'], '  ', 0);
  return [`func.func @f(%a: i32, %b: i32, %c: i1) -> (i32, i32) {`, ...lines, `  return ${pick(ints)}, ${pick(ints)} : i32, i32`, `}`, ''].join('\n');
}

/** Division by zero and signed overflow of a division are undefined: evaluation stops with 'trap'. */
class Trap extends Error {}

const i32 = (x: bigint) => BigInt.asIntN(32, x);
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

/** Run `@f` (the first func.func of `module`) on the arguments; i1 values are 0n/1n. */
export function evaluate(module: Operation, args: readonly bigint[]): bigint[] | 'trap' {
  const fn = module.region(0).entry!.first!;
  const env = new Map<Value, bigint>();
  const get = (v: Value) => {
    const x = env.get(v);
    if (x === undefined) throw new Error('evaluator: value used before definition');
    return x;
  };
  const runBlock = (block: Block, inputs: readonly bigint[]): bigint[] => {
    block.arguments.forEach((a, i) => env.set(a, inputs[i]!));
    for (const op of block) {
      const name = op.name;
      if (name === 'func.return' || name === 'scf.yield') return op.operands.map(get);
      if (name === 'arith.constant') {
        const attr = op.getAttr('value') as IntegerAttr;
        env.set(op.result, attr.value);
      } else if (binary[name]) {
        const [a, b] = op.operands.map(get);
        const width = (op.result.type as { width?: number }).width;
        const r = binary[name]!(a!, b!);
        env.set(op.result, width === 1 ? r & 1n : r);
      } else if (name === 'arith.select') {
        // (What canonicalize makes of ifs yielding values from outside.)
        env.set(op.result, get(op.operand(get(op.operand(0)) ? 1 : 2)));
      } else if (name === 'arith.index_cast') {
        env.set(op.result, get(op.operand(0)));
      } else if (name === 'scf.if') {
        const region = get(op.operand(0)) ? op.region(0) : op.region(1);
        const out = region.entry ? runBlock(region.entry, []) : [];
        op.results.forEach((r, i) => env.set(r, out[i]!));
      } else if (name === 'scf.for') {
        const [lb, ub, step, ...inits] = op.operands.map(get);
        let carried = inits;
        for (let i = lb!; i < ub!; i += step!) carried = runBlock(op.region(0).entry!, [i, ...carried]);
        op.results.forEach((r, i) => env.set(r, carried[i]!));
      } else {
        throw new Error(`evaluator: no semantics for '${name}'`);
      }
    }
    throw new Error('evaluator: block without terminator');
  };
  try {
    return runBlock(fn.region(0).entry!, args);
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
