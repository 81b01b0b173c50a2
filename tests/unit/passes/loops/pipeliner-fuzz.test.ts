// The generic pipeliner on random loops: random scf.for bodies over memrefs (loads of a
// read-only input, integer arithmetic, an scf.if, stores to per-iteration elements of outputs,
// loop-carried values) with random valid schedules, pipelined with a peeled epilogue, a
// predicated one, and a predicated prologue and epilogue (the kernel loop started early), equal to the original in the interpreter for random bounds and steps: trip counts
// 0, 1, fewer than the stages and more. TILE_FUZZ_CASES sets the number of programs; the slow
// suite (TILE_SLOW=1, which CI sets) runs 2000.
import { SLOW_TIMEOUT_MS } from '../../../../testing/slow.js';
import { describe, expect, it } from 'vitest';
import { Interpreter } from '../../../../core/interpret/engine.js';
import { Buffer, MemRef } from '../../../../core/interpret/values.js';
import { i32, MemRefType } from '../../../../core/ir/types.js';
import { createSemantics } from '../../../../dialects/semantics.js';
import { tilePipelinePass } from '../../../../passes/tile/pipeline.js';
import { mulberry32 } from '../../../../testing/random.js';
import { parseModule, runPass } from '../pass-harness.js';

const SIZE = 64;
const COLUMNS = 12;

interface Program {
  text: string;
  /** Stages the schedule uses. */
  numStages: number;
}

/** A random loop body, then a random valid schedule written as annotations. */
function randomPipelineProgram(seed: number): Program {
  const rnd = mulberry32(seed);
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(rnd() * xs.length)]!;
  const numStages = 2 + Math.floor(rnd() * 4);
  const numCarried = 1 + Math.floor(rnd() * 3);
  interface BodyOp {
    text: (name: string) => string;
    uses: string[];
    name: string;
    stores?: boolean;
  }
  const ops: BodyOp[] = [];
  const values: string[] = []; // i32 values available in the body
  const carried = Array.from({ length: numCarried }, (_, j) => `%acc${j}`);
  values.push(...carried);
  let n = 0;
  // Each store writes its own column: no two stores of an iteration write one element, so any
  // schedule that respects the SSA dependences keeps the meaning.
  let stores = 0;
  const fresh = () => `%v${n++}`;
  const add = (make: (name: string) => string, uses: string[], stores = false): string => {
    const name = stores ? '' : fresh();
    ops.push({ text: make, uses, name, stores });
    if (!stores) values.push(name);
    return name;
  };
  const count = 3 + Math.floor(rnd() * 8); // at most COLUMNS - 1 stores
  for (let k = 0; k < count; k++) {
    const kind = rnd();
    if (kind < 0.3 || values.length < 2) {
      const shift = Math.floor(rnd() * 4);
      add((v) => `%x${v.slice(2)} = arith.addi %i, %c${shift} : index\n    ${v} = memref.load %A[%x${v.slice(2)}] : memref<${SIZE}xi32>`, []);
    } else if (kind < 0.75) {
      const [a, b] = [pick(values), pick(values)];
      const op = pick(['arith.addi', 'arith.subi', 'arith.muli', 'arith.xori', 'arith.maxsi']);
      add((v) => `${v} = ${op} ${a}, ${b} : i32`, [a, b]);
    } else if (kind < 0.85) {
      const [a, b, c] = [pick(values), pick(values), pick(values)];
      add(
        (v) =>
          `%p${v.slice(2)} = arith.cmpi slt, ${a}, ${b} : i32\n    ${v} = scf.if %p${v.slice(2)} -> (i32) {\n      %t${v.slice(2)} = arith.addi ${a}, ${c} : i32\n      scf.yield %t${v.slice(2)} : i32\n    } else {\n      scf.yield ${b} : i32\n    }`,
        [a, b, c],
      );
    } else {
      const a = pick(values);
      const column = stores++;
      add(() => `memref.store ${a}, %O[%i, %k${column}] : memref<${SIZE}x${COLUMNS}xi32>`, [a], true);
    }
  }
  // Every carried value is updated by a body op (the pipeliner needs yields made in the body).
  const yields = carried.map((acc) => {
    const a = pick(values.filter((v) => !carried.includes(v)).concat(acc));
    return add((v) => `${v} = arith.addi ${acc}, ${a} : i32`, [acc, a]);
  });
  const column = stores++;
  add(() => `memref.store ${yields[0]}, %O[%i, %k${column}] : memref<${SIZE}x${COLUMNS}xi32>`, [yields[0]!], true);

  // Lines of the body: each op may expand to several (an index computation, a compare); they share the op's stage.
  const definedBy = new Map<string, number>();
  ops.forEach((op, i) => op.name && definedBy.set(op.name, i));
  const yieldOf = new Map(carried.map((acc, j) => [acc, definedBy.get(yields[j]!)!]));
  const stage = ops.map(() => 0);
  for (let changed = true, first = true; changed; first = false) {
    changed = false;
    ops.forEach((op, i) => {
      let least = 0;
      for (const u of op.uses) {
        if (definedBy.has(u)) least = Math.max(least, stage[definedBy.get(u)!]!);
        if (yieldOf.has(u)) least = Math.max(least, stage[yieldOf.get(u)!]! - 1);
      }
      const s = first ? Math.max(least, Math.min(numStages - 1, least + Math.floor(rnd() * numStages))) : Math.max(least, stage[i]!);
      if (s !== stage[i]) changed = true;
      stage[i] = s;
    });
  }
  // A random order among the ops that must keep theirs: a producer in the same slot goes first.
  const before = ops.map(() => new Set<number>());
  ops.forEach((op, i) => {
    for (const u of op.uses) {
      if (definedBy.has(u) && stage[definedBy.get(u)!] === stage[i]) before[i]!.add(definedBy.get(u)!);
      if (yieldOf.has(u) && stage[yieldOf.get(u)!] === stage[i]! + 1) before[i]!.add(yieldOf.get(u)!);
    }
  });
  const order: number[] = [];
  const placed = new Set<number>();
  while (order.length < ops.length) {
    const ready = ops.map((_, i) => i).filter((i) => !placed.has(i) && [...before[i]!].every((j) => placed.has(j)));
    const i = pick(ready);
    placed.add(i);
    order.push(i);
  }
  const position = new Map(order.map((i, p) => [i, p]));
  const body = ops
    .map((op, i) => {
      const lines = op.text(op.name).split('\n');
      const annotation = `{tile.stage = ${stage[i]}, tile.order = ${position.get(i)! * 3}}`;
      // Annotate every top-level op of the expansion; the extra ops of one expansion get consecutive orders.
      let extra = 0;
      return lines
        .map((line) => {
          const m = /^(\s*)(%\w+ = )?([a-z_.]+)(.*)$/.exec(line);
          if (!m || line.startsWith('      ') || m[3] === 'scf.yield' || line.trim().startsWith('}')) return line;
          const ann = annotation.replace(/tile\.order = (\d+)/, (_, o) => `tile.order = ${Number(o) + extra++}`);
          if (m[3] === 'scf.if') return line.replace(' -> (i32) {', ` -> (i32) {`) + `\n    // ${ann}`;
          return line.replace(/ : /, ` ${ann} : `);
        })
        .join('\n');
    })
    .join('\n    ');
  const text = `func.func @f(%A: memref<${SIZE}xi32>, %O: memref<${SIZE}x${COLUMNS}xi32>, %lb: index, %ub: index, %step: index) -> (${carried.map(() => 'i32').join(', ')}) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
${Array.from({ length: COLUMNS }, (_, k) => `  %k${k} = arith.constant ${k} : index`).join('\n')}
${carried.map((_, j) => `  %init${j} = arith.constant ${j + 1} : i32`).join('\n')}
  %r:${numCarried} = scf.for %i = %lb to %ub step %step iter_args(${carried.map((a, j) => `${a} = %init${j}`).join(', ')}) -> (${carried.map(() => 'i32').join(', ')}) {
    ${body}
    scf.yield ${yields.join(', ')} : ${carried.map(() => 'i32').join(', ')}
  }
  return ${carried.map((_, j) => `%r#${j}`).join(', ')} : ${carried.map(() => 'i32').join(', ')}
}`;
  return { text: fixIfAnnotations(text), numStages: Math.max(...stage) + 1 };
}

/** scf.if's annotation goes in its trailing attribute dictionary, after the regions. */
function fixIfAnnotations(text: string): string {
  const lines = text.split('\n');
  const out: string[] = [];
  for (let i = 0; i < lines.length; i++) {
    const m = /^\s*\/\/ (\{tile.*\})$/.exec(lines[i]!);
    if (!m) {
      out.push(lines[i]!);
      continue;
    }
    // Find the `}` closing this scf.if: the first line that is exactly four spaces and `}`.
    let j = i + 1;
    while (!/^ {4}\}$/.test(lines[j]!)) out.push(lines[j++]!);
    out.push(`    } ${m[1]}`);
    i = j;
  }
  return out.join('\n');
}

function memref(data: Int32Array, shape: number[]): MemRef {
  const b = Buffer.allocate(i32, data.length, undefined, 'argument');
  (b.data as Int32Array).set(data);
  return new MemRef(MemRefType.get(shape, i32), b, 0, shape, shape.length === 1 ? [1] : [shape[1]!, 1]);
}

function runLoop(module: ReturnType<typeof parseModule>, input: Int32Array, lb: number, ub: number, step: number): number[][] {
  const O = memref(new Int32Array(SIZE * COLUMNS), [SIZE, COLUMNS]);
  const results = new Interpreter(module, { semantics: createSemantics() }).run('f', [memref(input, [SIZE]), O, lb, ub, step]);
  return [results.map(Number), [...(O.buffer.data as Int32Array)]];
}

// The slow suite (TILE_SLOW=1, as CI runs it) takes many more.
const programs = Number(process.env.TILE_FUZZ_CASES ?? (process.env.TILE_SLOW ? 2000 : 150));

describe('pipeliner on random loops and schedules', () => {
  it(
    `${programs} programs x {peeled, predicated epilogue, predicated prologue and epilogue} x 3 bounds equal the unpipelined loop`,
    () => {
      let cases = 0;
      for (let seed = 1; seed <= programs; seed++) {
        const { text, numStages } = randomPipelineProgram(seed);
        const rnd = mulberry32(seed * 7919);
        const input = Int32Array.from({ length: SIZE }, () => Math.floor(rnd() * 200) - 100);
        const original = parseModule(text);
        const bounds: [number, number, number][] = [
          [0, Math.floor(rnd() * numStages), 1], // fewer iterations than stages (0 included)
          [Math.floor(rnd() * 5), 10 + Math.floor(rnd() * 40), 1 + Math.floor(rnd() * 4)],
          [3, 3 + Math.floor(rnd() * 2 * numStages), 1 + Math.floor(rnd() * 2)],
        ];
        for (const [peelPrologue, peelEpilogue] of [
          [true, true],
          [true, false],
          [false, false],
        ]) {
          const pipelined = runPass(text, tilePipelinePass, { options: { 'peel-epilogue': peelEpilogue, 'peel-prologue': peelPrologue } });
          expect(pipelined.statistics.get('num-pipelined'), text).toBe(numStages > 1 ? 1 : undefined);
          for (const [lb, ub, step] of bounds) {
            const want = runLoop(original, input, lb, ub, step);
            const got = runLoop(pipelined.module, input, lb, ub, step);
            const what = `seed ${seed}, peel prologue ${peelPrologue} epilogue ${peelEpilogue}, lb ${lb} ub ${ub} step ${step}`;
            expect(got, `${what}\n${text}\n${pipelined.output}`).toEqual(want);
            cases++;
          }
        }
      }
      expect(cases).toBe(programs * 9);
    },
    SLOW_TIMEOUT_MS,
  );
});
