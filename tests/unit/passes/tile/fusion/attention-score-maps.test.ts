// FlashAttention with more score maps than the examples': @attention_causal with a second
// elementwise map of the scores before or after its mask — a floor (max(s, -2), which makes masked
// scores finite again: those keys count), a scale (keeps -inf), an ALiBi-style bias from the
// query and key indices — through @tile-pipelined (before) and @tile-wgsl (after), one
// FlashAttention kernel each, equal to the whole-problem program in the interpreter at 33 queries
// and 50 keys (key blocks past the first query block's diagonal).
// The floor after the mask once ended the key loop at the diagonal (tile-fuse took the mask's
// offset from any score map; now only where the later maps keep -inf, as the scale and the bias
// do): max_abs 0.14 at 130 queries and keys.
// Tolerance: 1e-5 absolute (outputs are averages of values in [-1, 1]).
import { describe, expect, it } from 'vitest';
import { parseProgram, runFunction, runPipeline } from '../../../../../testing/fuzz/harness.js';
import { mulberry32 } from '../../../../../testing/random.js';
import { source } from './attention-cases.js';
import { hostLaunches } from './fused-cases.js';

const HEADER = '#bhst = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>\n#bhs = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2)>\n';
const EXTRA_MAPS: Record<string, string> = {
  floor: '%floor = arith.constant -2.0 : f32\n    %y = arith.maximumf %s, %floor : f32',
  scale: '%half = arith.constant 0.5 : f32\n    %y = arith.mulf %s, %half : f32',
  alibi: [
    '%i = tile.index 2 : index',
    '%j = tile.index 3 : index',
    '%d = arith.subi %j, %i : index',
    '%di = arith.index_cast %d : index to i32',
    '%df = arith.sitofp %di : i32 to f32',
    '%slope = arith.constant 0.05 : f32',
    '%b = arith.mulf %df, %slope : f32',
    '%y = arith.addf %s, %b : f32',
  ].join('\n    '),
};

/** @attention_causal of examples/attention.mlir with the map `extra` of the scores before or after its mask. */
function causalWith(extra: string, afterMask: boolean): string {
  const start = source.indexOf('func.func @attention_causal(');
  const fn = source.slice(start, source.indexOf('\n}\n', start) + 3);
  const map = `  tile.map ins(%scores : memref<?x?x?x?xf32>) outs(%scores : memref<?x?x?x?xf32>) {\n  ^bb0(%s: f32):\n    ${EXTRA_MAPS[extra]}\n    tile.yield %y : f32\n  }\n`;
  const at = afterMask ? fn.indexOf('  tile.reduction max ins(%scores') : fn.indexOf('\n', fn.indexOf('tile.matmul %Q, %K, %scores transpose_b')) + 1;
  return HEADER + fn.slice(0, at) + map + fn.slice(at);
}

function randomArgs(seed: number, [B, H, S, T, D]: readonly number[]) {
  const rnd = mulberry32(seed);
  const data = (n: number) => Float32Array.from({ length: n }, () => Math.fround(rnd() * 2 - 1));
  return [
    { shape: [B!, H!, S!, D!], data: data(B! * H! * S! * D!) },
    { shape: [B!, H!, T!, D!], data: data(B! * H! * T! * D!) },
    { shape: [B!, H!, T!, D!], data: data(B! * H! * T! * D!) },
    { shape: [B!, H!, S!, D!], data: new Float32Array(B! * H! * S! * D!) },
  ];
}

describe('FlashAttention with score maps before and after the causal mask', () => {
  for (const extra of Object.keys(EXTRA_MAPS))
    for (const afterMask of [false, true])
      it(`${extra} ${afterMask ? 'after' : 'before'} the mask equals the whole-problem program`, () => {
        const text = causalWith(extra, afterMask);
        const reference = parseProgram(text);
        // 33 queries, 50 keys: the first block of queries ends at key 32, so blocks of keys lie past its diagonal.
        const shape = [1, 2, 33, 50, 16];
        for (const pipeline of afterMask ? ['@tile-wgsl{tile-sizes=16,16,16}'] : ['@tile-pipelined{tile-sizes=16,16,16 num-stages=2}']) {
          const out = runPipeline(text, pipeline);
          if (out.kind !== 'ok') throw new Error(`${pipeline}: ${out.kind}: ${out.message}`);
          // One FlashAttention kernel (under the head dimension's test) plus the unfused path's.
          expect(hostLaunches(out.module, 'attention_causal'), pipeline).toBeGreaterThan(1);
          const args = randomArgs(extra.length, shape);
          const want = runFunction(reference, 'attention_causal', args)[3]!;
          const got = runFunction(out.module, 'attention_causal', args)[3]!;
          let worst = 0;
          for (let i = 0; i < want.length; i++) worst = Math.max(worst, Math.abs(got[i]! - want[i]!));
          expect(worst, `${pipeline} at ${shape.join('x')}`).toBeLessThanOrEqual(1e-5);
        }
      });
});
