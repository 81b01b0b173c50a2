/**
 * Writes one function of a random program for the fuzzers' generators: size variables (static,
 * or dynamic and drawn per run), parameters, allocations freed at the end, and fresh SSA names.
 */
import { type Rnd, chance, pick } from '../random.js';
import type { Param, SizeVar } from './programs.js';

export class ProgramBuilder {
  readonly vars: SizeVar[] = [];
  readonly params: Param[] = [];
  readonly signature: string[] = [];
  readonly lines: string[] = [];
  readonly deallocs: string[] = [];
  private next = 0;
  constructor(readonly rnd: Rnd) {}
  fresh(prefix: string): string {
    return `%${prefix}${this.next++}`;
  }
  sizeVar(choices: readonly number[], staticChance: number): number {
    this.vars.push(chance(this.rnd, staticChance) ? { fixed: pick(this.rnd, choices) } : { choices });
    return this.vars.length - 1;
  }
  dimText(v: number): string {
    return String(this.vars[v]!.fixed ?? '?');
  }
  /** Whether some parameter is f16. */
  half = false;
  typeOf(vars: readonly number[], half = false): string {
    return `memref<${vars.map((v) => `${this.dimText(v)}x`).join('')}${half ? 'f16' : 'f32'}>`;
  }
  param(vars: readonly number[], output: boolean, half = false): string {
    const name = `%p${this.params.length}`;
    this.params.push({ kind: 'memref', name, elem: half ? 'f16' : 'f32', dims: vars.map((v) => ({ v, offset: 0, stride: 1 })), output });
    this.signature.push(`${name}: ${this.typeOf(vars, half)}`);
    if (half) this.half = true;
    return name;
  }
  scalar(): string {
    const name = `%p${this.params.length}`;
    this.params.push({ kind: 'scalar', name });
    this.signature.push(`${name}: f32`);
    return name;
  }
  /** `memref.dim` of dimension `d` of `memref` (of type `type`), emitted now; its name. */
  dim(memref: string, type: string, d: number): string {
    const [c, dim] = [this.fresh('c'), this.fresh('dim')];
    this.lines.push(`  ${c} = arith.constant ${d} : index`, `  ${dim} = memref.dim ${memref}, ${c} : ${type}`);
    return dim;
  }
  /** The function `@name` of the parameters and lines so far, the allocations freed at its end. */
  functionText(name: string): string {
    return `func.func @${name}(${this.signature.join(', ')}) {\n${[...this.lines, ...this.deallocs].join('\n')}\n  return\n}\n`;
  }
  /** A buffer of `vars` the program allocates (dynamic sizes from `dims`, the values of memref.dim) and frees at the end. */
  alloc(vars: readonly number[], dims: readonly string[], half = false): string {
    const name = this.fresh('t');
    const type = this.typeOf(vars, half);
    const dynamic = vars.flatMap((v, d) => (this.vars[v]!.fixed === undefined ? [dims[d]!] : []));
    this.lines.push(`  ${name} = memref.alloc(${dynamic.join(', ')}) : ${type}`);
    this.deallocs.push(`  memref.dealloc ${name} : ${type}`);
    return name;
  }
}
