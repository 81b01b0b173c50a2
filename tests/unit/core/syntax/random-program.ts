import { mulberry32 } from '../../../../testing/random.js';

/** A seeded generator of random, valid programs over the test dialect and unregistered ops. */
export class ProgramGenerator {
  private readonly rand: () => number;
  private counter = 0;
  constructor(seed: number) {
    this.rand = mulberry32(seed);
  }
  private int(n: number): number {
    return Math.floor(this.rand() * n);
  }
  private pick<T>(xs: readonly T[]): T {
    return xs[this.int(xs.length)]!;
  }
  private scalar(): string {
    return this.pick(['i1', 'i8', 'i32', 'i64', 'si16', 'ui32', 'index', 'f16', 'bf16', 'f32', 'f64']);
  }
  type(depth = 0): string {
    const s = this.scalar();
    if (depth > 1) return s;
    switch (this.int(8)) {
      case 0:
        return `vector<${1 + this.int(8)}x${this.pick(['f32', 'i32', 'f16'])}>`;
      case 1:
        return `tensor<${this.pick(['?', '4', '1'])}x${1 + this.int(4)}x${s}>`;
      case 2:
        return `memref<${1 + this.int(16)}x${this.pick(['f32', 'i32'])}${this.pick(['', ', 3', ', strided<[1], offset: ?>'])}>`;
      case 3:
        return `tuple<${this.type(depth + 1)}, ${this.type(depth + 1)}>`;
      case 4:
        return `(${this.type(depth + 1)}) -> ${this.scalar()}`;
      default:
        return s;
    }
  }
  attr(depth = 0): string {
    switch (this.int(depth > 1 ? 7 : 11)) {
      case 0:
        return `${this.int(1000) - 500} : i32`;
      case 1:
        return `${this.pick(['1.5', '-0.25', '3.0e+10', '0.1', '0x7FC00000'])} : f32`;
      case 2:
        return `"s${this.int(100)}${this.pick(['', '\\n', '\\"q', ' sp'])}"`;
      case 3:
        return this.pick(['true', 'false', 'unit']);
      case 4:
        return `array<i32: ${this.int(9)}, ${this.int(9)}>`;
      case 5:
        return this.type();
      case 6:
        return this.pick(['@sym', '@a::@b', '@"quoted sym"']);
      case 7:
        return `[${this.attr(depth + 1)}, ${this.attr(depth + 1)}]`;
      case 8:
        return `{k${this.int(9)} = ${this.attr(depth + 1)}, z}`;
      case 9:
        return `dense<[${this.int(9)}, ${this.int(9)}]> : tensor<2xi32>`;
      default:
        return 'affine_map<(d0, d1)[s0] -> (d0 * 4 + d1 + s0)>';
    }
  }
  private name(): string {
    return `%v${this.counter++}`;
  }
  /** A block body: returns lines; `available` are i32 values in scope. */
  private body(depth: number, available: string[], indent: string): string[] {
    const lines: string[] = [];
    const vals = [...available];
    const n = 1 + this.int(5);
    for (let i = 0; i < n; i++) {
      const choice = this.int(depth > 2 ? 4 : 7);
      if (choice === 0 || vals.length === 0) {
        const v = this.name();
        lines.push(`${indent}${v} = test.const ${this.int(100) - 50} : i32`);
        vals.push(v);
      } else if (choice === 1) {
        const v = this.name();
        lines.push(`${indent}${v} = test.add ${this.pick(vals)}, ${this.pick(vals)} : i32`);
        vals.push(v);
      } else if (choice === 2) {
        lines.push(`${indent}"x.attrs"() {a = ${this.attr()}, b = ${this.attr()}} : () -> ()`);
      } else if (choice === 3) {
        const v = this.name();
        lines.push(`${indent}${v}:2 = "x.multi"(${this.pick(vals)}) : (i32) -> (i32, ${this.type()})`);
        vals.push(`${v}#0`);
      } else if (choice === 4) {
        const v = this.name();
        const arg = this.name();
        lines.push(`${indent}${v} = test.region ${this.pick(vals)} : (i32) -> i32 {`);
        lines.push(`${indent}^bb0(${arg}: i32):`);
        lines.push(...this.body(depth + 1, [...vals, arg], indent + '  '));
        lines.push(`${indent}  test.yield ${arg} : i32`);
        lines.push(`${indent}}`);
        vals.push(v);
      } else if (choice === 5) {
        lines.push(`${indent}test.isolated {`);
        lines.push(...this.body(depth + 1, [], indent + '  '));
        lines.push(`${indent}}`);
      } else {
        // A CFG region of an unregistered op with successors and block arguments.
        const a = this.name();
        lines.push(`${indent}"x.cfg"() ({`);
        lines.push(`${indent}  "x.br"()[^bb1] : () -> ()`);
        lines.push(`${indent}^bb1:`);
        lines.push(`${indent}  ${a} = test.const 1 : i32`);
        lines.push(`${indent}  "x.condbr"(${a})[^bb1, ^bb2] : (i32) -> ()`);
        lines.push(`${indent}^bb2:`);
        lines.push(`${indent}  "x.ret"() : () -> ()`);
        lines.push(`${indent}}) : () -> ()`);
      }
    }
    return lines;
  }
  program(): string {
    this.counter = 0;
    const lines = ['module {', ...this.body(0, [], '  '), '}'];
    return lines.join('\n') + '\n';
  }
}
