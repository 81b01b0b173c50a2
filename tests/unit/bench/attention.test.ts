import { describe, expect, it } from 'vitest';
import { attentionArgs, attentionConfig, parseArgs, twinShape } from '../../../bench/attention.js';
import { ATTENTION_DEFAULT_TILE_SIZES } from '../../../passes/tile/tiling/tiling-attention.js';
import {
  attentionFlops,
  attentionHeadsPerCall,
  attentionInputs,
  attentionMask,
  attentionReference,
  checkAttention,
  work,
  type AttentionShape,
  type PeerCase,
} from '../../../bench/peers/peer-gpu.js';

describe('attention bench options', () => {
  it("defaults to the issue's shapes, both masks and every peer", () => {
    const o = parseArgs([]);
    expect(o.shapes.map((s) => s.join('x'))).toEqual(['4x16x1024x1024x64', '4x16x1024x1024x128', '4x16x4096x4096x64', '4x16x4096x4096x128']);
    expect(o.causal).toEqual([false, true]);
    expect([...o.peers]).toEqual(['torch', 'tfjs', 'jaxjs', 'ortweb']);
    expect(o.configs.every((c) => /tile-sizes=\d+,\d+,D[ ,]/.test(c))).toBe(true);
    expect(o.base).toBe('max-workgroup-memory=49152 subgroups=true subgroup-size=32 async-copy-loads=none');
  });
  it('--quick shrinks everything, later flags still win', () => {
    const o = parseArgs(['--quick', '--causal', 'true', '--peers', 'tfjs,ortweb', '--shapes', '1x1x64x96x16']);
    expect(o.shapes).toEqual([[1, 1, 64, 96, 16]]);
    expect(o.causal).toEqual([true]);
    expect([...o.peers]).toEqual(['tfjs', 'ortweb']);
    expect(o.base).toBe('max-workgroup-memory=32768');
    expect(parseArgs(['--configs', 'num-warps=4;tile-sizes=8,8,D']).configs).toEqual(['num-warps=4', 'tile-sizes=8,8,D']);
    expect(parseArgs(['--configs', '']).configs).toEqual(['']);
  });
  it('rejects bad input with an error naming the flag', () => {
    expect(() => parseArgs(['--shapes', '4x16x1024x64'])).toThrow(/'--shapes <BxHxSxTxD,...>' argument '4x16x1024x64' is invalid. expected BxHxSxTxD/);
    expect(() => parseArgs(['--causal', 'maybe'])).toThrow(/'--causal <both\|true\|false>' argument 'maybe' is invalid. expected both, true or false/);
    expect(() => parseArgs(['--peers', 'numpy'])).toThrow(/'--peers <LIST>' argument 'numpy' is invalid. unknown 'numpy'/);
    expect(() => parseArgs(['--check-seq', '0'])).toThrow(/'--check-seq <N>' argument '0' is invalid. expected a positive integer/);
    expect(() => parseArgs(['--rounds'])).toThrow(/'--rounds <N>' argument missing/);
    expect(() => parseArgs(['--frobnicate'])).toThrow(/unknown option '--frobnicate'/);
  });
  it('puts the head dimension into configurations and skips those whose BD is below it', () => {
    expect(attentionConfig('tile-sizes=32,16,D num-warps=4', 128)).toEqual({ options: 'tile-sizes=32,16,128 num-warps=4' });
    expect(attentionConfig('tile-sizes=32,16,128', 64)).toEqual({ options: 'tile-sizes=32,16,128' });
    expect(attentionConfig('tile-sizes=32,16,64', 128)).toHaveProperty('why', expect.stringMatching(/BD 64 < D 128/));
    // Without tile-sizes, the automatic configuration's largest BD, or tile-tiling's fixed default BD without it.
    expect(attentionConfig('num-warps=8', 128)).toEqual({ options: 'num-warps=8' });
    expect(attentionConfig('num-warps=8', 129)).toHaveProperty('why');
    const bd = ATTENTION_DEFAULT_TILE_SIZES[2]!;
    expect(attentionConfig('auto-config=false', bd)).toEqual({ options: 'auto-config=false' });
    expect(attentionConfig('auto-config=false', 2 * bd)).toHaveProperty('why');
  });
  it('names the arguments of the example and its twin', () => {
    const s: AttentionShape = [4, 16, 1024, 1024, 128];
    expect(attentionArgs(s)).toEqual(['Q=rand:4x16x1024x128xf32', 'K=rand:4x16x1024x128xf32', 'V=rand:4x16x1024x128xf32', 'O=zeros:4x16x1024x128xf32']);
    expect(twinShape(s, 80)).toEqual([1, 2, 80, 80, 128]);
    expect(twinShape([1, 1, 40, 50, 8], 80)).toEqual([1, 1, 40, 50, 8]);
  });
});

describe('attention peers: work, mask, reference and check', () => {
  const shape: AttentionShape = [1, 2, 5, 7, 4];
  it('counts 4·B·H·S·T·D, halved with the mask', () => {
    expect(attentionFlops([4, 16, 1024, 1024, 64], false)).toBe(4 * 4 * 16 * 1024 * 1024 * 64);
    const c: PeerCase = { op: 'attention', dtype: 'f32', shape, causal: true, rounds: 1, warmMs: 0, minRoundMs: 1, check: true };
    expect(work(c)).toEqual({ flops: (4 * 2 * 5 * 7 * 4) / 2 });
  });
  it('masks key j for query i when j > i + T - S (aligned bottom-right)', () => {
    const m = attentionMask(2, 4, true);
    expect([...m]).toEqual([0, 0, 0, -Infinity, 0, 0, 0, 0]);
    expect([...attentionMask(2, 4, false)]).toEqual(new Array(8).fill(0));
  });
  it('accepts the reference, catches a missing mask or a wrong element', () => {
    const inp = attentionInputs(shape);
    const [, , s, , d] = shape;
    const ref = (causal: boolean) => Array.from({ length: 2 }, (_, bh) => Array.from({ length: s }, (_, i) => attentionReference(inp, shape, causal, bh, i)));
    const causal = ref(true);
    const full = ref(false);
    expect(checkAttention(shape, true, inp, (bh, i, e) => causal[bh]![i]![e]!)).toMatch(/^ok/);
    expect(checkAttention(shape, false, inp, (bh, i, e) => full[bh]![i]![e]!)).toMatch(/^ok/);
    expect(checkAttention(shape, true, inp, (bh, i, e) => full[bh]![i]![e]!)).toMatch(/^WRONG/);
    expect(checkAttention(shape, true, inp, (bh, i, e) => causal[bh]![i]![e]! + (bh === 1 && i === s - 1 && e === d - 1 ? 1e-3 : 0))).toMatch(/^WRONG/);
    expect(checkAttention(shape, true, inp, () => NaN)).toMatch(/^WRONG/);
  });
  it('splits the heads so that one call holds at most the given bytes of scores', () => {
    const big: AttentionShape = [4, 16, 4096, 4096, 128];
    expect(attentionHeadsPerCall(big, 2 ** 30)).toBe(16);
    expect(attentionHeadsPerCall([4, 16, 1024, 1024, 64], 2 ** 30)).toBe(64);
    expect(attentionHeadsPerCall(big, 1)).toBe(1);
    // Two heads would fit 8 MiB, but do not divide three.
    expect(attentionHeadsPerCall([1, 3, 1024, 1024, 64], 2 ** 23)).toBe(1);
    expect(attentionHeadsPerCall([1, 3, 1024, 1024, 64], 2 ** 24)).toBe(3);
  });
});
