/**
 * tile-tune's search strategies: exhaustive visits every point once; with a budget, the local
 * search finds the optimum of a matmul-like space (time varying smoothly with tile sizes, warps
 * and stages, with a region that fails), the end of a valley where two parameters must grow
 * together, and the optimum of a model of the real matmul space on an H100, far more often than a
 * random sample of the same size.
 */
import { describe, expect, it } from 'vitest';
import { mulberry32 } from '../../../../testing/random.js';
import { diagonalNeighbours, fastestPoints, neighbours, search, type Strategy } from '../../../../tools/tune/search.js';
import { allPoints, parseSpace, pointKey, type Point, type Space } from '../../../../tools/tune/space.js';

// 5 x 4 x 5 x 2 = 200 configurations, the shape of a matmul space.
const SPACE = parseSpace('tile-sizes=16,16,8|32,32,8|64,64,8|64,64,16|128,128,8 num-warps=1|2|4|8 num-stages=1|2|3|4|5 vectorize=false|true');

/**
 * A synthetic time with one known optimum: a convex bowl around `opt` with an interaction between
 * tile size and warps, and failures (Infinity) where the largest tiles meet the most warps.
 */
function syntheticCost(seed: number): { cost: (p: Point) => number; optimum: Point; best: number } {
  const rand = mulberry32(seed);
  const opt: Point = [Math.floor(rand() * 4), Math.floor(rand() * 3), Math.floor(rand() * 5), Math.floor(rand() * 2)];
  const w = [1 + rand() * 2, 0.5 + rand(), 0.3 + rand() * 0.5, 0.4 + rand()];
  const cost = (p: Point): number => {
    if (p[0] === 4 && p[1] === 3) return Infinity;
    const d = p.map((x, i) => x - opt[i]!);
    return 1 + d.reduce((s, di, i) => s + w[i]! * di * di, 0) + 0.4 * d[0]! * d[1]!;
  };
  return { cost, optimum: opt, best: cost(opt) };
}

async function run(strategy: Strategy, cost: (p: Point) => number) {
  const visited: string[] = [];
  const r = await search(SPACE, strategy, async (p) => {
    visited.push(pointKey(p));
    return cost(p);
  });
  return { ...r, visited };
}

/** The share of seeds for which the local search and random sampling each end on `optimum`. */
async function foundShares(space: Space, cost: (p: Point) => number, optimum: string, budget: number, seeds: number): Promise<{ local: number; random: number }> {
  const found = { local: 0, random: 0 };
  for (let s = 0; s < seeds; s++) {
    for (const kind of ['local', 'random'] as const) {
      const r = await search(space, { kind, budget, seed: s }, async (p) => cost(p));
      if (r.best?.join() === optimum) found[kind]++;
    }
  }
  return { local: found.local / seeds, random: found.random / seeds };
}

describe('tile-tune search', () => {
  it("visits only the points a space's rule admits, whatever the strategy, and all of them when the budget allows", async () => {
    // The rule leaves out the largest tiles with the fewest warps: 200 - 2 x 5 x 2 = 180 points.
    const ruled: Space = { ...SPACE, rule: { text: 'test', admits: (v) => !(v.get('tile-sizes') === '128,128,8' && Number(v.get('num-warps')) < 4) } };
    const inside = new Set(allPoints(ruled).map(pointKey));
    expect(inside.size).toBe(180);
    for (const strategy of [{ kind: 'exhaustive' }, { kind: 'local', budget: 200, seed: 3 }, { kind: 'random', budget: 60, seed: 3 }] as Strategy[]) {
      const visited: string[] = [];
      // Cheapest at the left-out corner: a search that stepped out of the space would end there.
      await search(ruled, strategy, async (p) => {
        visited.push(pointKey(p));
        return p[0]! === 4 ? 0.5 + p[1]! : 10 - p[0]!;
      });
      expect(visited.every((k) => inside.has(k))).toBe(true);
      expect(new Set(visited).size).toBe(visited.length);
      expect(visited).toHaveLength(strategy.kind === 'random' ? 60 : 180);
    }
  });

  it('exhaustive: every point once, and the best of them', async () => {
    const { cost, optimum, best } = syntheticCost(1);
    const r = await run({ kind: 'exhaustive' }, cost);
    expect(r.visited).toHaveLength(200);
    expect(new Set(r.visited).size).toBe(200);
    expect(r.best).toEqual(optimum);
    expect(r.bestCost).toBe(best);
  });

  it('with a budget: never more evaluations than the budget, never a point twice, reproducible by seed', async () => {
    const { cost } = syntheticCost(2);
    for (const kind of ['local', 'random'] as const) {
      const a = await run({ kind, budget: 25, seed: 7 }, cost);
      expect(a.visited).toHaveLength(25);
      expect(new Set(a.visited).size).toBe(25);
      const b = await run({ kind, budget: 25, seed: 7 }, cost);
      expect(b.visited).toEqual(a.visited);
    }
    const all = await run({ kind: 'local', budget: 1000, seed: 1 }, cost);
    expect(all.visited).toHaveLength(200);
  });

  it('never returns a failed point as the best', async () => {
    const r = await run({ kind: 'local', budget: 10, seed: 3 }, (p) => (p[0] === 0 ? 1 : Infinity));
    expect(r.best?.[0]).toBe(0);
    const none = await run({ kind: 'local', budget: 5, seed: 3 }, () => Infinity);
    expect(none.best).toBeUndefined();
    expect(none.bestCost).toBe(Infinity);
  });

  it('fastestPoints: the n fastest measured points, fastest first, failed ones left out', async () => {
    // Points are indices into each parameter's values: [a, b].
    const space = parseSpace('a=1|2|3|4 b=x|y');
    const costs: Record<string, number> = { '0,0': 5, '1,0': Infinity, '2,0': 1, '3,0': 3, '0,1': 2, '1,1': Infinity, '2,1': 9, '3,1': 4 };
    const result = await search(space, { kind: 'exhaustive' }, async (p) => costs[p.join(',')]!);
    expect(fastestPoints(result, 3).map((p) => p.join(','))).toEqual(['2,0', '0,1', '3,0']);
    expect(fastestPoints(result, 100)).toHaveLength(6);
    expect(fastestPoints({ bestCost: Infinity, trace: [] }, 3)).toEqual([]);
  });

  it('beats random sampling within 20 evaluations (of 200) over 300 seeded problems', async () => {
    const seeds = 300;
    const budget = 20;
    let localFound = 0;
    let randomFound = 0;
    let localRegret = 0;
    let randomRegret = 0;
    for (let s = 0; s < seeds; s++) {
      const { cost, best } = syntheticCost(1000 + s);
      const l = await run({ kind: 'local', budget, seed: s }, cost);
      const r = await run({ kind: 'random', budget, seed: s }, cost);
      if (l.bestCost === best) localFound++;
      if (r.bestCost === best) randomFound++;
      localRegret += l.bestCost / best - 1;
      randomRegret += r.bestCost / best - 1;
    }
    // Random finds the optimum with probability 20/200 = 10%.
    expect(randomFound / seeds).toBeGreaterThan(0.05);
    expect(randomFound / seeds).toBeLessThan(0.16);
    expect(localFound / seeds).toBeGreaterThan(0.8);
    expect(localRegret).toBeLessThan(randomRegret / 5);
  });

  it('climbs a valley where two parameters must grow together (tile size and warps): 30 of 72 evaluations find its end far more often than random', async () => {
    // On the diagonal a = b the time falls as a grows; any point off it is slower than every
    // point on it, so no single-parameter step from the diagonal improves.
    const space = parseSpace('a=0|1|2|3|4|5 b=0|1|2|3|4|5 c=x|y');
    const cost = (p: Point): number => (p[0] === p[1] ? 10 - p[0]! : 20 + Math.abs(p[0]! - p[1]!)) + 0.5 * p[2]!;
    const found = await foundShares(space, cost, '5,5,0', 30, 300);
    // Random: 30/72 = 42%; the single-step search alone did no better (44%).
    expect(found.random).toBeLessThan(0.5);
    expect(found.local).toBeGreaterThan(0.7);
  });

  it('on a model of the H100 matmul space at 2048³ (bench/RESULTS.md), 40 of 140 evaluations find the optimum far more often than random', async () => {
    // seed-tables' A·B space. Times (ms) with 2 stages and pack-lhs by tile size and warps, from
    // the H100 runs in bench/RESULTS.md: a local minimum at 64x64x16 with 4 warps (both neighbours
    // slower), and the optimum at 256x128x16 with 8 warps, which spills with 4.
    const space = parseSpace('tile-sizes=64,64,8|64,64,16|64,64,32|128,64,8|128,128,8|128,128,16|256,128,16 num-warps=4|8 num-stages=1|2|3|4|5 pack-lhs=false|true');
    const base = [
      [0.527, 0.607],
      [0.459, 0.527],
      [0.474, 0.53],
      [0.405, 0.5],
      [0.39, 0.413],
      [0.377, 0.405],
      [2.38, 0.362],
    ];
    const cost = ([t, w, s, p]: Point): number => {
      // Tiles of 128x128 and more pass 28 KiB of workgroup memory from 3 stages on and then run
      // one workgroup an SM; 256x128x16 with 5 stages exceeds the limit.
      const big = t! >= 4;
      const stage = [1.12, 1, big ? 2 : 1.35, big ? 2.7 : 1.6, big ? (t === 6 ? Infinity : 3) : 1.9][s!]!;
      return base[t!]![w!]! * stage * (p ? 1 : 1.15);
    };
    const found = await foundShares(space, cost, '6,1,1,1', 40, 200);
    // Random finds it with probability 40/140 = 29% (these seeds: 28%; the local search: 85%).
    expect(found.random).toBeLessThan(0.35);
    expect(found.local).toBeGreaterThan(0.8);
  });

  it('diagonalNeighbours: two parameters changed, one position each, within the space', () => {
    const d = diagonalNeighbours(SPACE, [0, 1, 4, 0]).map((p) => p.join());
    expect(d.sort()).toEqual(['0,0,3,0', '0,0,4,1', '0,2,3,0', '0,2,4,1', '0,1,3,1', '1,0,4,0', '1,2,4,0', '1,1,3,0', '1,1,4,1'].sort());
  });

  it('neighbours: one parameter changed, by at most `reach` positions', () => {
    const n1 = neighbours(SPACE, [0, 1, 4, 0], 1).map((p) => p.join());
    expect(n1.sort()).toEqual(['0,0,4,0', '0,1,3,0', '0,1,4,1', '0,2,4,0', '1,1,4,0'].sort());
    expect(neighbours(SPACE, [0, 0, 0, 0], Infinity)).toHaveLength(4 + 3 + 4 + 1);
    expect(allPoints(SPACE)).toHaveLength(200);
  });
});
