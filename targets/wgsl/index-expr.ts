/**
 * i32 index arithmetic built by the emitter itself (linearized addresses, subview offsets and
 * strides), folded where operands are known constants so that static layouts cost nothing.
 * Folding wraps like WGSL i32 arithmetic; the text is never made of literals alone except for a
 * single folded literal, so WGSL's constant evaluation cannot fail on it.
 */
export interface IndexExpr {
  readonly text: string;
  /** 'atom': a name, literal or call; 'mul' / 'add': a product / sum chain. */
  readonly kind: 'atom' | 'mul' | 'add';
  /** The value, when known at compile time. */
  readonly value?: number;
  /** The same value as a sum of WGSL names times constants, when it is one (see Affine below). */
  readonly affine?: Affine;
}

export function constIndex(n: number): IndexExpr {
  const v = n | 0;
  return { text: v < 0 ? `(${v})` : String(v), kind: 'atom', value: v, affine: constAffine(v) };
}

export function namedIndex(text: string, value?: number, affine?: Affine): IndexExpr {
  if (value !== undefined) return { text, kind: 'atom', value, affine: constAffine(value) };
  return affine ? { text, kind: 'atom', affine } : { text, kind: 'atom' };
}

export function addIndex(a: IndexExpr, b: IndexExpr): IndexExpr {
  if (a.value !== undefined && b.value !== undefined) return constIndex((a.value + b.value) | 0);
  if (a.value === 0) return b;
  if (b.value === 0) return a;
  return withAffine({ text: `${a.text} + ${b.text}`, kind: 'add' }, a.affine && b.affine && addAffine(a.affine, b.affine));
}

export function mulIndex(a: IndexExpr, b: IndexExpr): IndexExpr {
  if (a.value !== undefined && b.value !== undefined) return constIndex(Math.imul(a.value, b.value));
  if (a.value === 0 || b.value === 0) return constIndex(0);
  if (a.value === 1) return b;
  if (b.value === 1) return a;
  const wrap = (e: IndexExpr) => (e.kind === 'add' ? `(${e.text})` : e.text);
  const affine = a.value !== undefined && b.affine ? scaleAffine(b.affine, a.value) : b.value !== undefined && a.affine ? scaleAffine(a.affine, b.value) : undefined;
  return withAffine({ text: `${wrap(a)} * ${wrap(b)}`, kind: 'mul' }, affine);
}

const withAffine = (e: IndexExpr, affine: Affine | undefined): IndexExpr => (affine ? { ...e, affine } : e);

/**
 * sum(coefficient * name) + constant over WGSL names (i32 lets): the form in which an address
 * can be split into a vec4 element and a lane without run-time division when every coefficient
 * and the constant's part are multiples of 4.
 */
export interface Affine {
  readonly terms: ReadonlyMap<string, number>;
  readonly constant: number;
}

/** Beyond this many names an address stays opaque (kept small: forms are copied per use). */
const MAX_AFFINE_TERMS = 8;

export const constAffine = (constant: number): Affine => ({ terms: new Map(), constant });
export const atomAffine = (name: string): Affine => ({ terms: new Map([[name, 1]]), constant: 0 });

export function addAffine(a: Affine, b: Affine, sign = 1): Affine | undefined {
  const terms = new Map(a.terms);
  for (const [name, c] of b.terms) {
    const sum = (terms.get(name) ?? 0) + sign * c;
    if (sum === 0) terms.delete(name);
    else terms.set(name, sum);
  }
  return terms.size > MAX_AFFINE_TERMS ? undefined : { terms, constant: a.constant + sign * b.constant };
}

export function scaleAffine(a: Affine, k: number): Affine {
  if (k === 0) return constAffine(0);
  return { terms: new Map([...a.terms].map(([n, c]) => [n, c * k])), constant: a.constant * k };
}

/**
 * `a` as q * lanes + r with r a constant in [0, lanes): the text of q, or undefined when a
 * coefficient is not a multiple of `lanes`.
 */
export function splitAffine(a: Affine, lanes: number): { quotient: IndexExpr; lane: number } | undefined {
  for (const c of a.terms.values()) if (c % lanes !== 0) return undefined;
  const lane = ((a.constant % lanes) + lanes) % lanes;
  const terms = [...a.terms].map(([name, c]) => mulIndex(namedIndex(name), constIndex(c / lanes)));
  return { quotient: sumIndex([...terms, constIndex((a.constant - lane) / lanes)]), lane };
}

export function sumIndex(terms: readonly IndexExpr[]): IndexExpr {
  return terms.reduce(addIndex, constIndex(0));
}
