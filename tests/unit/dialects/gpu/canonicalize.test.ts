// gpu canonicalization keeps what kernels compute: random kernels that exchange values through
// workgroup memory between runs of barriers (some separated only by ops that canonicalize removes
// or hoists), run by the interpreter before and after canonicalize.
import { describe, expect, it } from 'vitest';
import { DiagnosticError } from '../../../../core/ir/diagnostics.js';
import { Interpreter } from '../../../../core/interpret/engine.js';
import { i32, MemRefType } from '../../../../core/ir/types.js';
import { verify } from '../../../../core/ir/verifier.js';
import { runPassOn } from '../../../../core/pass/run-single.js';
import { printOperation } from '../../../../core/syntax/printer.js';
import { parseModule } from '../../../../dialects/builtin/parse-module.js';
import { createContext } from '../../../../dialects/registry.js';
import { createSemantics } from '../../../../dialects/semantics.js';
import { canonicalizePass } from '../../../../passes/canonicalize.js';
import { randomDraws } from '../../../../testing/random.js';
import { memrefOf } from '../../core/interpret/helpers.js';

const WG = '#gpu.address_space<workgroup>';

/**
 * A kernel of 4 threads: rounds of "store to my slot of %w, barriers, load a neighbour's slot,
 * barriers", some inside scf.if on the uniform %c or scf.for; between barriers of a run there may
 * be dead or constant ops; thread t finally stores its sum to %out[t].
 */
function randomBarrierKernel(seed: number): string {
  const { rand, int } = randomDraws(seed);
  let n = 0;
  const fresh = () => `%v${n++}`;
  const lines: string[] = [];
  const barriers = (ind: string) => {
    for (let k = 1 + int(3); k > 0; k--) {
      lines.push(`${ind}gpu.barrier`);
      const x = rand();
      if (k > 1 && x < 0.3) lines.push(`${ind}${fresh()} = arith.constant ${int(9)} : index`);
      else if (k > 1 && x < 0.45) lines.push(`${ind}${fresh()} = arith.addi %t, %t : index`);
    }
  };
  /** One exchange round; returns the new sum. */
  const round = (sum: string, ind: string): string => {
    lines.push(`${ind}memref.store ${sum}, %w[%t] : memref<4xi32, ${WG}>`);
    barriers(ind);
    const [k, j, r, s] = [fresh(), fresh(), fresh(), fresh()];
    lines.push(
      `${ind}${k} = arith.constant ${1 + int(3)} : index`,
      `${ind}${j} = arith.addi %t, ${k} : index`,
      `${ind}${r} = memref.load %w[${j}] : memref<4xi32, ${WG}>`,
      `${ind}${s} = arith.${rand() < 0.5 ? 'addi' : 'muli'} ${sum}, ${r} : i32`,
    );
    barriers(ind);
    return s;
  };
  const rounds = (sum: string, ind: string, depth: number): string => {
    for (let k = 1 + int(3); k > 0; k--) {
      const x = rand();
      if (depth < 2 && x < 0.25) {
        const v = fresh();
        lines.push(`${ind}${v} = scf.if %c -> (i32) {`);
        lines.push(`${ind}  scf.yield ${rounds(sum, ind + '  ', depth + 1)} : i32`, `${ind}} else {`);
        if (rand() < 0.5) barriers(ind + '  ');
        lines.push(`${ind}  scf.yield ${sum} : i32`, `${ind}}`);
        sum = v;
      } else if (depth < 2 && x < 0.45) {
        const [v, iv, acc] = [fresh(), fresh(), fresh()];
        lines.push(`${ind}${v} = scf.for ${iv} = %c0 to %c${int(3)} step %c1 iter_args(${acc} = ${sum}) -> (i32) {`);
        lines.push(`${ind}  scf.yield ${rounds(acc, ind + '  ', depth + 1)} : i32`, `${ind}}`);
        sum = v;
      } else {
        sum = round(sum, ind);
      }
    }
    return sum;
  };
  // The neighbour index wraps around: %w has 4 slots and is indexed modulo 4 through remui.
  const body = rounds('%t32', '      ', 0);
  const wrapped = lines.map((l) => l.replace(/memref\.load %w\[(%v\d+)\]/, 'memref.load %w[$1] {wrap}'));
  const out: string[] = [];
  for (const l of wrapped) {
    const m = /^(\s*)(%v\d+) = memref\.load %w\[(%v\d+)\] \{wrap\}(.*)$/.exec(l);
    if (m) out.push(`${m[1]}${m[3]}m = arith.remui ${m[3]}, %c4 : index`, `${m[1]}${m[2]} = memref.load %w[${m[3]}m]${m[4]}`);
    else out.push(l);
  }
  return `
module attributes {gpu.container_module} {
  gpu.module @k {
    gpu.func @f(%out: memref<4xi32>, %c: i1) workgroup(%w: memref<4xi32, ${WG}>) kernel {
      %t = gpu.thread_id x
      %t32 = arith.index_cast %t : index to i32
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %c2 = arith.constant 2 : index
      %c4 = arith.constant 4 : index
${out.join('\n')}
      memref.store ${body}, %out[%t] : memref<4xi32>
      gpu.return
    }
  }
  func.func @main(%out: memref<4xi32>, %c: i1) {
    %c1 = arith.constant 1 : index
    %c4 = arith.constant 4 : index
    gpu.launch_func @k::@f blocks in (%c1, %c1, %c1) threads in (%c4, %c1, %c1) args(%out : memref<4xi32>, %c : i1)
    return
  }
}`;
}

/** What the kernel stores to %out, or that the interpreter stopped it (a race, a barrier not reached by all). */
function runKernel(text: string, canonicalize: boolean, c: boolean): { observed: unknown; printed: string } {
  const context = createContext();
  const module = parseModule(text, context, 'random.mlir');
  if (canonicalize) {
    expect(runPassOn(module, canonicalizePass, context).failed).toBe(false);
    expect(verify(module)?.message, printOperation(module)).toBeUndefined();
  }
  const out = memrefOf(MemRefType.get([4], i32), [0, 0, 0, 0]);
  try {
    new Interpreter(module, { semantics: createSemantics() }).run('main', [out, c ? 1n : 0n]);
  } catch (e) {
    if (e instanceof DiagnosticError) return { observed: 'error', printed: printOperation(module) };
    throw e;
  }
  return { observed: [...out.buffer.data], printed: printOperation(module) };
}

describe('gpu canonicalization', () => {
  it('keeps what random kernels with runs of barriers compute', () => {
    let erased = 0;
    for (let seed = 1; seed <= 40; seed++) {
      const text = randomBarrierKernel(seed);
      for (const c of [false, true]) {
        const before = runKernel(text, false, c);
        expect(before.observed, `seed ${seed}`).not.toBe('error');
        const after = runKernel(text, true, c);
        expect(after.observed, `seed ${seed}, %c = ${c}\n${text}\n${after.printed}`).toEqual(before.observed);
        if (c && (after.printed.match(/gpu\.barrier/g) ?? []).length < (text.match(/gpu\.barrier/g) ?? []).length) erased++;
      }
    }
    // Most programs have a run of barriers that canonicalize shortens.
    expect(erased).toBeGreaterThan(20);
  });
});
