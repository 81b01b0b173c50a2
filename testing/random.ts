/** A source of numbers in [0, 1), such as mulberry32(seed). */
export type Rnd = () => number;

/** A small seeded PRNG (mulberry32), so that random tests and benchmarks are reproducible. */
export function mulberry32(seed: number): Rnd {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** One of `xs`, drawn from `rnd`. */
export const pick = <T>(rnd: Rnd, xs: readonly T[]): T => xs[Math.floor(rnd() * xs.length)]!;

/** True with probability `p`, drawn from `rnd`. */
export const chance = (rnd: Rnd, p: number): boolean => rnd() < p;

/** Draws from mulberry32(seed): `rand()` in [0, 1), `int(n)` in [0, n), `pick(xs)` one of xs. */
export function randomDraws(seed: number): { rand: Rnd; int: (n: number) => number; pick: <T>(xs: readonly T[]) => T } {
  const rand = mulberry32(seed);
  return { rand, int: (n: number): number => Math.floor(rand() * n), pick: <T>(xs: readonly T[]): T => pick(rand, xs) };
}
