/**
 * Search strategies over a space: every point in order (exhaustive), a random sample, or a local
 * search within a budget of evaluations. Each takes an `evaluate` that measures a point (Infinity
 * for a failed one) and visits each point at most once.
 */
import { mulberry32 } from '../../testing/random.js';
import { admits, allPoints, pointKey, spaceSize, type Point, type Space } from './space.js';

export type Evaluate = (p: Point) => Promise<number>;

export type Strategy = { readonly kind: 'exhaustive' } | { readonly kind: 'random' | 'local'; readonly budget: number; readonly seed: number };

export interface SearchResult {
  readonly best?: Point;
  readonly bestCost: number;
  /** Points in the order they were evaluated, with their costs. */
  readonly trace: readonly { readonly point: Point; readonly cost: number }[];
}

export async function search(space: Space, strategy: Strategy, evaluate: Evaluate): Promise<SearchResult> {
  const trace: { point: Point; cost: number }[] = [];
  const seen = new Map<string, number>();
  const visit = async (p: Point): Promise<number> => {
    const cost = await evaluate(p);
    seen.set(pointKey(p), cost);
    trace.push({ point: p, cost });
    return cost;
  };
  if (strategy.kind === 'exhaustive') {
    for (const p of allPoints(space)) await visit(p);
  } else {
    const budget = Math.min(strategy.budget, spaceSize(space));
    const rand = mulberry32(strategy.seed);
    const randomUnseen = (): Point => {
      const unseen = allPoints(space).filter((p) => !seen.has(pointKey(p)));
      return unseen[Math.floor(rand() * unseen.length)]!;
    };
    if (strategy.kind === 'random') {
      while (trace.length < budget) await visit(randomUnseen());
    } else {
      await localSearch(space, budget, rand, visit, seen, randomUnseen);
    }
  }
  let best: { point: Point; cost: number } | undefined;
  for (const t of trace) if (Number.isFinite(t.cost) && (!best || t.cost < best.cost)) best = t;
  return { best: best?.point, bestCost: best?.cost ?? Infinity, trace };
}

/**
 * The `n` fastest points a search measured, fastest first (failed points left out): the
 * finalists to time again with longer runs when the search's own timings are noisy.
 */
export function fastestPoints(result: SearchResult, n: number): Point[] {
  return result.trace
    .filter((t) => Number.isFinite(t.cost))
    .sort((a, b) => a.cost - b.cost)
    .slice(0, n)
    .map((t) => t.point);
}

/**
 * Greedy coordinate search: a few random starting points, then the unseen neighbours of the best
 * point so far (one parameter one step along its listed values, as tile sizes and stage counts
 * are listed in order), then two parameters one step each (larger tiles want more warps: on an
 * H100 256x128 tiles are the fastest with 8 warps and spill with 4, so no single step from
 * 128x128 with 4 warps reaches them), then any value of one parameter, and a random point when
 * all of those are seen. On spaces where time varies smoothly with each parameter (matmul: tile
 * sizes, warps, stages) it finds the optimum in far fewer evaluations than a random sample
 * (tests/unit/tools/tune/search.test.ts).
 */
async function localSearch(
  space: Space,
  budget: number,
  rand: () => number,
  visit: (p: Point) => Promise<number>,
  seen: ReadonlyMap<string, number>,
  randomUnseen: () => Point,
): Promise<void> {
  let evaluated = 0;
  const starts = Math.min(budget, Math.max(2, Math.ceil(budget / 6)));
  let best: Point | undefined;
  let bestCost = Infinity;
  const step = async (p: Point): Promise<void> => {
    const cost = await visit(p);
    evaluated++;
    if (cost < bestCost) {
      bestCost = cost;
      best = p;
    }
  };
  while (evaluated < starts) await step(randomUnseen());
  const unseen = (ps: Point[]): Point[] => ps.filter((p) => !seen.has(pointKey(p)));
  const shuffle = <T>(xs: T[]): T[] => {
    for (let i = xs.length - 1; i > 0; i--) {
      const j = Math.floor(rand() * (i + 1));
      [xs[i], xs[j]] = [xs[j]!, xs[i]!];
    }
    return xs;
  };
  while (evaluated < budget) {
    const b = best;
    const near = b ? unseen(neighbours(space, b, 1)) : [];
    const diagonal = b && near.length === 0 ? unseen(diagonalNeighbours(space, b)) : [];
    const row = b && near.length === 0 && diagonal.length === 0 ? unseen(neighbours(space, b, Infinity)) : [];
    const next = near.length ? shuffle(near)[0]! : diagonal.length ? shuffle(diagonal)[0]! : row.length ? shuffle(row)[0]! : randomUnseen();
    await step(next);
  }
}

/** Points of the space that differ from `p` in one coordinate by at most `reach` positions. */
export function neighbours(space: Space, p: Point, reach: number): Point[] {
  const out: Point[] = [];
  space.dimensions.forEach((d, i) => {
    for (let v = 0; v < d.values.length; v++) {
      if (v !== p[i] && Math.abs(v - p[i]!) <= reach) out.push(p.map((x, j) => (j === i ? v : x)));
    }
  });
  return out.filter((q) => admits(space, q));
}

/** Points of the space that differ from `p` in exactly two coordinates, each by one position. */
export function diagonalNeighbours(space: Space, p: Point): Point[] {
  const out: Point[] = [];
  const n = space.dimensions.length;
  for (let i = 0; i < n; i++) {
    for (let j = i + 1; j < n; j++) {
      for (const di of [-1, 1]) {
        for (const dj of [-1, 1]) {
          const [vi, vj] = [p[i]! + di, p[j]! + dj];
          if (vi < 0 || vj < 0 || vi >= space.dimensions[i]!.values.length || vj >= space.dimensions[j]!.values.length) continue;
          out.push(p.map((x, k) => (k === i ? vi : k === j ? vj : x)));
        }
      }
    }
  }
  return out.filter((q) => admits(space, q));
}
