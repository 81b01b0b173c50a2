// Random func-dialect programs for the inliner: public and private functions, declarations,
// calls forming DAGs, self-recursion and cycles, calls nested in scf.if/scf.for, unused results
// and several results; plus a small evaluator (calls included) to check that inlining keeps
// their meaning.
import type { SymbolRefAttr } from '../../../core/ir/attributes.js';
import type { Operation } from '../../../core/ir/operation.js';
import { lookupSymbol } from '../../../core/ir/symbol-table.js';
import { randomDraws } from '../../../testing/random.js';
import { i32, i32Evaluator } from './random-programs.js';

interface Signature {
  readonly name: string;
  readonly args: number;
  readonly results: number;
  readonly declaration: boolean;
  readonly isPrivate: boolean;
}

const i32s = (n: number) => Array.from({ length: n }, () => 'i32').join(', ');
const fnType = (s: Signature) => `(${i32s(s.args)}) -> ${s.results === 1 ? 'i32' : `(${i32s(s.results)})`}`;

/**
 * A module of 3 to 7 functions (some of them declarations), each making at most `maxCalls`
 * calls, a share `backEdges` of them to itself or any function (the others go to later ones):
 * inlining around cycles grows code exponentially in both. The first function is public
 * and is the entry point the evaluator runs: `@f0(%arg0: i32, %arg1: i32) -> i32`.
 */
export function randomCallGraphProgram(seed: number, { maxCalls = 3, backEdges = 0.15 } = {}): string {
  const { rand, int, pick } = randomDraws(seed);

  const count = 3 + int(5);
  const sigs: Signature[] = [];
  for (let k = 0; k < count; k++) {
    const declaration = k > 0 && rand() < 0.15;
    sigs.push({
      name: `f${k}`,
      args: k === 0 ? 2 : 1 + int(3),
      results: k === 0 ? 1 : int(4) === 0 ? 2 + int(2) : int(5) === 0 ? 0 : 1,
      declaration,
      isPrivate: k > 0 && (declaration || rand() < 0.6),
    });
  }

  const lines: string[] = [];
  let counter = 0;
  const fresh = () => `%v${counter++}`;

  // Most calls go to later functions (a DAG when read top-down); some to earlier ones or to the
  // caller itself, which makes cycles.
  const callee = (k: number): Signature | undefined => {
    const r = rand();
    if (r < backEdges / 3) return sigs[k]!;
    if (r < backEdges) return sigs[int(count)]!;
    return k === count - 1 ? undefined : sigs[k + 1 + int(count - k - 1)]!;
  };

  let callsLeft = 0;
  const call = (k: number, ints: string[], indent: string): void => {
    const target = callee(k);
    if (!target || callsLeft-- <= 0) return;
    const args = Array.from({ length: target.args }, () => pick(ints)).join(', ');
    const results = Array.from({ length: target.results }, fresh);
    const lhs = results.length === 0 ? '' : results.length === 1 ? `${results[0]} = ` : `${results[0]}:${results.length} = `;
    lines.push(`${indent}${lhs}func.call @${target.name}(${args}) : ${fnType(target)}`);
    if (results.length === 1) ints.push(results[0]!);
    else if (results.length > 1) for (let i = 0; i < results.length; i++) if (rand() < 0.6) ints.push(`${results[0]}#${i}`);
  };

  const body = (k: number, ints: string[], indent: string, depth: number): void => {
    const n = 1 + int(depth === 0 ? 4 : 2);
    for (let s = 0; s < n; s++) {
      const choice = int(depth >= 2 ? 3 : depth === 1 ? 4 : 5);
      const v = fresh();
      if (choice === 0 && rand() < 0.15) {
        // A reference that is no call (dead: canonicalize erases it).
        const target = pick(sigs);
        lines.push(`${indent}${v} = func.constant @${target.name} : ${fnType(target)}`);
      } else if (choice === 0) {
        lines.push(`${indent}${v} = arith.constant ${pick([0, 1, 2, 3, -1])} : i32`);
        ints.push(v);
      } else if (choice === 1) {
        lines.push(`${indent}${v} = arith.${pick(['addi', 'subi', 'muli', 'xori', 'maxsi'])} ${pick(ints)}, ${pick(ints)} : i32`);
        ints.push(v);
      } else if (choice === 2) {
        call(k, ints, indent);
      } else if (choice === 3) {
        const cond = fresh();
        lines.push(`${indent}${cond} = arith.cmpi ${pick(['slt', 'eq', 'ne'])}, ${pick(ints)}, ${pick(ints)} : i32`);
        lines.push(`${indent}${v} = scf.if ${cond} -> (i32) {`);
        const inner = [...ints];
        body(k, inner, indent + '  ', depth + 1);
        lines.push(`${indent}  scf.yield ${pick(inner)} : i32`, `${indent}} else {`);
        const other = [...ints];
        body(k, other, indent + '  ', depth + 1);
        lines.push(`${indent}  scf.yield ${pick(other)} : i32`, `${indent}}`);
        ints.push(v);
      } else {
        const [iv, acc, lb, ub, step] = [fresh(), fresh(), fresh(), fresh(), fresh()];
        lines.push(`${indent}${lb} = arith.constant 0 : index`, `${indent}${ub} = arith.constant ${1 + int(3)} : index`, `${indent}${step} = arith.constant 1 : index`);
        lines.push(`${indent}${v} = scf.for ${iv} = ${lb} to ${ub} step ${step} iter_args(${acc} = ${pick(ints)}) -> (i32) {`);
        const inner = [...ints, acc];
        body(k, inner, indent + '  ', depth + 1);
        lines.push(`${indent}  scf.yield ${pick(inner)} : i32`, `${indent}}`);
        ints.push(v);
      }
    }
  };

  sigs.forEach((sig, k) => {
    const visibility = sig.isPrivate ? 'private ' : '';
    if (sig.declaration) {
      lines.push(`func.func ${visibility}@${sig.name}${fnType(sig)}`);
      return;
    }
    const params = Array.from({ length: sig.args }, (_, i) => `%arg${i}: i32`).join(', ');
    const resultType = sig.results === 0 ? '' : ` -> ${sig.results === 1 ? 'i32' : `(${i32s(sig.results)})`}`;
    lines.push(`func.func ${visibility}@${sig.name}(${params})${resultType} {`);
    const ints = Array.from({ length: sig.args }, (_, i) => `%arg${i}`);
    callsLeft = maxCalls;
    body(k, ints, '  ', 0);
    // Make sure most functions call something.
    if (rand() < 0.5) call(k, ints, '  ');
    const results = Array.from({ length: sig.results }, () => pick(ints));
    lines.push(sig.results === 0 ? '  return' : `  return ${results.join(', ')} : ${i32s(sig.results)}`, '}');
  });
  return lines.join('\n') + '\n';
}

/** Evaluation made more calls than its budget (possibly infinite recursion). */
export class OutOfCalls extends Error {}

/** What a call to a declaration returns: a fixed mix of its name and arguments. */
function external(name: string, args: readonly bigint[], results: number): bigint[] {
  let h = 17n;
  for (const c of name) h = i32(h * 31n + BigInt(c.charCodeAt(0)));
  for (const a of args) h = i32(h * 1000003n + a);
  return Array.from({ length: results }, (_, i) => i32(h + BigInt(i) * 7919n));
}

/**
 * Run `@f0` of `module` on the arguments, making at most `maxCalls` calls. Inlining never adds
 * calls: a program that finishes within the budget before still does after. Supports what
 * randomCallGraphProgram generates and what canonicalize makes of it (arith.select, arith.cmpi).
 */
export function evaluateCalls(module: Operation, args: readonly bigint[], maxCalls = 500): bigint[] {
  const entry = module.region(0).entry!.ops.find((op) => String(op.getAttr('sym_name')) === '"f0"')!;
  let calls = 0;
  const runFunction = (fn: Operation, inputs: readonly bigint[]): bigint[] => {
    const e = i32Evaluator((op) => {
      if (op.name === 'func.constant') return true;
      if (op.name !== 'func.call') return false;
      const callee = lookupSymbol(op, op.getAttr('callee') as SymbolRefAttr)!;
      const values = op.operands.map(e.get);
      if (++calls > maxCalls) throw new OutOfCalls();
      const out = callee.region(0).empty ? external(String(callee.getAttr('sym_name')), values, op.results.length) : runFunction(callee, values);
      op.results.forEach((r, i) => e.set(r, out[i]!));
      return true;
    });
    return e.run(fn.region(0).entry!, inputs);
  };
  return runFunction(entry, args);
}
