// Bit casts keep the bits (LLVM's bitcast is exact, NaN payloads included), so a chain
// int -> float -> int returns the integer it started from. canonicalize and sccp, on seeded
// random chains of constants with NaN bit patterns, must fold such a chain to that integer or
// leave it unfolded. (Checked on the IR rather than by the interpreter: its bitcasts go through
// JS numbers, which do not keep NaN payloads reliably.)
import { describe, expect, it } from 'vitest';
import { type DenseElementsAttr, IntegerAttr } from '../../../../core/ir/attributes.js';
import type { PassDefinition } from '../../../../core/pass/pass.js';
import { verify } from '../../../../core/ir/verifier.js';
import { runPassOn } from '../../../../core/pass/run-single.js';
import { printOperation } from '../../../../core/syntax/printer.js';
import { constantValue } from '../../../../core/rewrite/folder.js';
import { parseModule } from '../../../../dialects/builtin/parse-module.js';
import { createContext } from '../../../../dialects/registry.js';
import { canonicalizePass } from '../../../../passes/canonicalize.js';
import { sccpPass } from '../../../../passes/sccp.js';
import { mulberry32 } from '../../../../testing/random.js';

// NaNs with and without payloads (quiet, signaling, negative), infinities, zeros, ordinary values.
const PATTERNS = [-1, 2143289344, 2143289345, -4194304, 2139095041, 2141192192, 0, 1, -2147483648, 2139095040, 1065353216];

/** Chains returned in order; `inputs[k]` is what chain k starts from. */
function randomBitcastProgram(seed: number): { text: string; inputs: bigint[] } {
  const rand = mulberry32(seed);
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(rand() * xs.length)]!;
  const lines: string[] = [];
  const inputs: bigint[] = [];
  const types: string[] = [];
  for (let k = 0; k < 4; k++) {
    const vec = rand() < 0.4;
    const [it, ft] = vec ? ['vector<2xi32>', 'vector<2xf32>'] : ['i32', 'f32'];
    const x = pick(PATTERNS);
    inputs.push(BigInt(x));
    types.push(it);
    lines.push(`  %c${k} = arith.constant ${vec ? `dense<${x}>` : x} : ${it}`, `  %f${k} = arith.bitcast %c${k} : ${it} to ${ft}`);
    // Sometimes the float goes through scf.if arms that both yield it.
    const f = rand() < 0.3 ? `%s${k}` : `%f${k}`;
    if (f !== `%f${k}`) lines.push(`  %s${k} = scf.if %b -> (${ft}) {`, `    scf.yield %f${k} : ${ft}`, `  } else {`, `    scf.yield %f${k} : ${ft}`, `  }`);
    lines.push(`  %i${k} = arith.bitcast ${f} : ${ft} to ${it}`);
  }
  const text = `func.func @f(%b: i1) -> (${types.join(', ')}) {\n${lines.join('\n')}\n  return ${types.map((_, k) => `%i${k}`).join(', ')} : ${types.join(', ')}\n}\n`;
  return { text, inputs };
}

describe('bitcast chains through NaN bit patterns', () => {
  for (const [name, pass] of [
    ['canonicalize', canonicalizePass],
    ['sccp', sccpPass],
  ] as const) {
    it(`fold to the integer they started from under ${name}, or not at all`, () => {
      let folded = 0;
      for (let seed = 1; seed <= 80; seed++) {
        const { text, inputs } = randomBitcastProgram(seed);
        const context = createContext();
        const module = parseModule(text, context, 'random.mlir');
        expect(runPassOn(module, pass as PassDefinition, context).failed).toBe(false);
        expect(verify(module)?.message).toBeUndefined();
        const ret = module.region(0).entry!.first!.region(0).entry!.last!;
        ret.operands.forEach((v, k) => {
          const c = constantValue(v);
          if (c === undefined) return;
          folded++;
          const bits = c instanceof IntegerAttr ? c.value : (c as DenseElementsAttr).values[0];
          expect(bits, `seed ${seed}, result ${k}\n${text}\n${printOperation(module)}`).toBe(inputs[k]);
        });
      }
      // canonicalize folds every chain (bitcast of bitcast); sccp folds both bitcasts of a chain
      // unless a NaN payload could not be held (then neither).
      expect(folded).toBeGreaterThan(name === 'canonicalize' ? 300 : 200);
    });
  }
});
