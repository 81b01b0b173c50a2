/**
 * Random attention chains for the differential fuzzer: what tile-fuse turns into a FlashAttention
 * kernel (passes/tile/tiling/attention-program.ts), and its near misses.
 *
 * A chain is `tile.matmul Q, K -> S transpose_b`, zero to three elementwise maps of the scores,
 * the row softmax (max, exp(s - m), sum, e / l) and `tile.matmul P, V -> O`, over rank 3 or 4
 * memrefs (batch dimensions, then sequence and head dimension), f32 or f16 Q, K, V (f32
 * accumulation, P rounded to f16). The score maps are drawn from a scale (by rsqrt(D), a constant
 * or a scalar argument), a causal mask `select(j > i + offset, -inf, s)` (offset T - S, a constant
 * or one defined inside the map; the comparison, its operands and the masked value varied, so
 * that masks whose blocks may not be skipped are drawn too), a floor, an ALiBi-style bias from the
 * indices and a tanh soft cap, in any order (after a mask, often a map that keeps -inf).
 *
 * Near misses, one at a time: the row minimum for the maximum, exp(m - s), e · l for e / l, a
 * score map that also reads a bias buffer, the row maximum or the scores wanted as outputs, V
 * stored transposed, K not transposed, O accumulated into. They must stay unfused and correct.
 *
 * Inputs are in [-1, 1), so scores are bounded by D and every output by the row length.
 */
import { chance, mulberry32, pick } from '../random.js';
import type { Program } from './programs.js';
import { ProgramBuilder } from './program-builder.js';

const BATCHES = [1, 2, 3];
/** Queries and keys: one, around small blocks, past 64. */
const SEQUENCES = [1, 2, 3, 5, 8, 15, 16, 17, 31, 33, 40, 64, 65];
const HEAD_DIMS = [1, 2, 3, 4, 8, 16, 17, 32, 33, 64];

const SCORE_MAPS = ['scale', 'mask', 'mask', 'floor', 'alibi', 'softcap'] as const;
export const NEAR_MISSES = ['min', 'exp-swapped', 'product', 'bias-buffer', 'max-out', 'scores-out', 'v-transposed', 'k-plain', 'accumulate'] as const;
export type NearMiss = (typeof NEAR_MISSES)[number];

/** What the drawn chain is: its score maps in order and its near miss, if any. */
export interface AttentionShape {
  readonly maps: readonly string[];
  readonly nearMiss: NearMiss | undefined;
}

/** A random attention chain (seeded) and what was drawn. */
export function randomAttentionChain(seed: number): { program: Program; shape: AttentionShape } {
  const rnd = mulberry32(seed);
  const b = new ProgramBuilder(rnd);
  const drawnMaps: string[] = [];
  const rank = chance(rnd, 0.6) ? 4 : 3;
  const staticChance = chance(rnd, 0.3) ? 0.6 : 0;
  const batch = Array.from({ length: rank - 2 }, () => b.sizeVar(BATCHES, staticChance));
  const [S, T, D] = [b.sizeVar(SEQUENCES, staticChance), b.sizeVar(SEQUENCES, staticChance), b.sizeVar(HEAD_DIMS, staticChance)];
  const nearMiss = chance(rnd, 0.35) ? pick(rnd, NEAR_MISSES) : undefined;
  const half = chance(rnd, 0.2);
  const ds = Array.from({ length: rank }, (_, d) => `d${d}`);
  const full = `affine_map<(${ds.join(', ')}) -> (${ds.join(', ')})>`;
  const row = `affine_map<(${ds.join(', ')}) -> (${ds.slice(0, -1).join(', ')})>`;

  const Q = b.param([...batch, S, D], false, half);
  const kVars = nearMiss === 'k-plain' ? [...batch, D, T] : [...batch, T, D];
  const vVars = nearMiss === 'v-transposed' ? [...batch, D, T] : [...batch, T, D];
  const K = b.param(kVars, false, half);
  const V = b.param(vVars, false, half);
  const O = b.param([...batch, S, D], true);
  const bias = nearMiss === 'bias-buffer' ? b.param([...batch, S, T], false) : undefined;
  const temperature = chance(rnd, 0.2) ? b.scalar() : undefined;
  const [qT, kT, vT, oT] = [b.typeOf([...batch, S, D], half), b.typeOf(kVars, half), b.typeOf(vVars, half), b.typeOf([...batch, S, D])];
  const sT = b.typeOf([...batch, S, T]);
  const rT = b.typeOf([...batch, S]);

  // Sizes: memref.dim of Q and K, then rsqrt(D) and T - S.
  const lead = batch.map((_, d) => b.dim(Q, qT, d));
  const [sDim, dDim, tDim] = [b.dim(Q, qT, rank - 2), b.dim(Q, qT, rank - 1), b.dim(K, kT, nearMiss === 'k-plain' ? rank - 1 : rank - 2)];
  const [di, df, scale, offset] = [b.fresh('di'), b.fresh('df'), b.fresh('scale'), b.fresh('offset')];
  b.lines.push(
    `  ${di} = arith.index_cast ${dDim} : index to i32`,
    `  ${df} = arith.sitofp ${di} : i32 to f32`,
    `  ${scale} = math.rsqrt ${df} : f32`,
    `  ${offset} = arith.subi ${tDim}, ${sDim} : index`,
  );
  // A buffer of the chain: allocated, or a parameter where a near miss wants it as an output.
  const buffer = (vars: readonly number[], dims: readonly string[], output = false, f16 = false): string => (output ? b.param(vars, true) : b.alloc(vars, dims, f16));
  const sVars = [...batch, S, T];
  const sDims = [...lead, sDim, tDim];
  const scores = buffer(sVars, sDims, nearMiss === 'scores-out');
  const max = buffer([...batch, S], [...lead, sDim], nearMiss === 'max-out');
  const sum = buffer([...batch, S], [...lead, sDim]);
  // The exponentials and probabilities overwrite the scores, or go to buffers of their own.
  const e = chance(rnd, 0.5) ? scores : buffer(sVars, sDims);
  const p = half ? buffer(sVars, sDims, false, true) : chance(rnd, 0.5) ? e : buffer(sVars, sDims);
  const pT = b.typeOf(sVars, half);

  b.lines.push(`  tile.matmul ${Q}, ${K}, ${scores}${nearMiss === 'k-plain' ? '' : ' transpose_b'} : ${qT}, ${kT}, ${sT}`);
  const nMaps = pick(rnd, [0, 1, 1, 2, 2, 3]);
  // A map of the scores in place (`extra`: a second input of the scores' shape, its element `bx`).
  const scoreMap = (bodyLines: (s: string, fresh: () => string, bx: string) => { lines: string[]; result: string }, extra?: string) => {
    let n = 0;
    const fresh = () => `%x${n++}`;
    const [s, bx] = [fresh(), fresh()];
    const { lines, result } = bodyLines(s, fresh, bx);
    const ins = extra ? `ins(${scores}, ${extra} : ${sT}, ${sT})` : `ins(${scores} : ${sT})`;
    b.lines.push(`  tile.map ${ins} outs(${scores} : ${sT}) {`, `  ^bb0(${s}: f32${extra ? `, ${bx}: f32` : ''}):`, ...lines.map((l) => `    ${l}`), `    tile.yield ${result} : f32`, '  }');
  };
  const indices = (fresh: () => string, lines: string[]): [string, string] => {
    const [i, j] = [fresh(), fresh()];
    lines.push(`${i} = tile.index ${rank - 2} : index`, `${j} = tile.index ${rank - 1} : index`);
    return [i, j];
  };
  for (let k = 0; k < nMaps; k++) {
    // After a mask, often a map that keeps -inf (the key loop may still end at the diagonal).
    const kind = drawnMaps.at(-1) === 'mask' && chance(rnd, 0.5) ? pick(rnd, ['scale', 'alibi'] as const) : pick(rnd, SCORE_MAPS);
    drawnMaps.push(kind);
    scoreMap((s, fresh) => {
      const lines: string[] = [];
      const r = fresh();
      switch (kind) {
        case 'scale': {
          const by = temperature && chance(rnd, 0.5) ? temperature : chance(rnd, 0.6) ? scale : '%cst';
          if (by === '%cst') lines.push(`%cst = arith.constant 0.125 : f32`);
          lines.push(`${r} = arith.mulf ${s}, ${by} : f32`);
          break;
        }
        case 'mask': {
          const [i, j] = indices(fresh, lines);
          const [lastOf, other] = chance(rnd, 0.85) ? [i, j] : [j, i];
          const [last, future, masked] = [fresh(), fresh(), fresh()];
          // T - S, a constant from outside the map, or one defined inside it.
          const where = chance(rnd, 0.6) ? 'difference' : pick(rnd, ['outside', 'inside']);
          const off = where === 'difference' ? offset : where === 'outside' ? b.fresh('coff') : fresh();
          if (where === 'outside') b.lines.push(`  ${off} = arith.constant ${pick(rnd, [-2, 0, 3])} : index`);
          if (where === 'inside') lines.push(`${off} = arith.constant ${pick(rnd, [-1, 0, 2])} : index`);
          const predicate = chance(rnd, 0.8) ? 'sgt' : pick(rnd, ['sge', 'slt']);
          lines.push(`${last} = arith.addi ${lastOf}, ${off} : index`, `${future} = arith.cmpi ${predicate}, ${other}, ${last} : index`);
          lines.push(chance(rnd, 0.85) ? `${masked} = arith.constant 0xFF800000 : f32` : `${masked} = arith.constant -1.0e+04 : f32`);
          lines.push(chance(rnd, 0.9) ? `${r} = arith.select ${future}, ${masked}, ${s} : f32` : `${r} = arith.select ${future}, ${s}, ${masked} : f32`);
          break;
        }
        case 'floor': {
          const c = fresh();
          lines.push(`${c} = arith.constant -2.0 : f32`, `${r} = arith.maximumf ${s}, ${c} : f32`);
          break;
        }
        case 'alibi': {
          const [i, j] = indices(fresh, lines);
          const [d, dI, dF, slope, bias] = [fresh(), fresh(), fresh(), fresh(), fresh()];
          lines.push(
            `${d} = arith.subi ${j}, ${i} : index`,
            `${dI} = arith.index_cast ${d} : index to i32`,
            `${dF} = arith.sitofp ${dI} : i32 to f32`,
            `${slope} = arith.constant 0.0625 : f32`,
            `${bias} = arith.mulf ${dF}, ${slope} : f32`,
            `${r} = arith.addf ${s}, ${bias} : f32`,
          );
          break;
        }
        default: {
          const [c, q, t] = [fresh(), fresh(), fresh()];
          lines.push(`${c} = arith.constant 5.0 : f32`, `${q} = arith.divf ${s}, ${c} : f32`, `${t} = math.tanh ${q} : f32`, `${r} = arith.mulf ${t}, ${c} : f32`);
        }
      }
      return { lines, result: r };
    });
  }
  if (bias) {
    scoreMap((s, fresh, bx) => {
      const r = fresh();
      return { lines: [`${r} = arith.addf ${s}, ${bx} : f32`], result: r };
    }, bias);
    drawnMaps.push('bias-buffer');
  }
  b.lines.push(`  tile.reduction ${nearMiss === 'min' ? 'min' : 'max'} ins(${scores} : ${sT}) outs(${max} : ${rT}) dimensions = [${rank - 1}]`);
  const rowMap = (input: string, perRow: string, out: string, outType: string, body: (x: string, m: string) => string[], yielded: string, yieldType: string) => {
    b.lines.push(`  tile.map indexing_maps = [${full}, ${row}, ${full}] ins(${input}, ${perRow} : ${sT}, ${rT}) outs(${out} : ${outType}) {`, `  ^bb0(%x: f32, %m: f32):`);
    b.lines.push(...body('%x', '%m').map((l) => `    ${l}`), `    tile.yield ${yielded} : ${yieldType}`, '  }');
  };
  rowMap(scores, max, e, sT, (x, m) => [nearMiss === 'exp-swapped' ? `%d = arith.subf ${m}, ${x} : f32` : `%d = arith.subf ${x}, ${m} : f32`, '%y = math.exp %d : f32'], '%y', 'f32');
  b.lines.push(`  tile.reduction add ins(${e} : ${sT}) outs(${sum} : ${rT}) dimensions = [${rank - 1}]`);
  const quotient = nearMiss === 'product' ? 'arith.mulf' : 'arith.divf';
  rowMap(e, sum, p, pT, (x, l) => [`%q = ${quotient} ${x}, ${l} : f32`, ...(half ? ['%h = arith.truncf %q : f32 to f16'] : [])], half ? '%h' : '%q', half ? 'f16' : 'f32');
  const attrs = [nearMiss === 'v-transposed' && 'transpose_b', nearMiss === 'accumulate' && 'accumulate'].filter(Boolean).join(' ');
  b.lines.push(`  tile.matmul ${p}, ${V}, ${O}${attrs ? ` ${attrs}` : ''} : ${pT}, ${vT}, ${oT}`);
  const text = b.functionText('f0');
  const program: Program = {
    text,
    functions: [{ name: 'f0', params: b.params }],
    vars: b.vars,
    // A near miss is tiled op by op: no tile sizes drawn (one list cannot suit its matmuls, maps and reductions).
    ops: nearMiss ? [{ kind: 'defaults' }] : [{ kind: 'attention' }],
    half,
  };
  return { program, shape: { maps: drawnMaps, nearMiss } };
}

/** A random attention chain (seeded). */
export function randomAttentionProgram(seed: number): Program {
  return randomAttentionChain(seed).program;
}
