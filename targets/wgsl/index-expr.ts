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
}

export function constIndex(n: number): IndexExpr {
  const v = n | 0;
  return { text: v < 0 ? `(${v})` : String(v), kind: 'atom', value: v };
}

export function namedIndex(text: string, value?: number): IndexExpr {
  return value === undefined ? { text, kind: 'atom' } : { text, kind: 'atom', value };
}

export function addIndex(a: IndexExpr, b: IndexExpr): IndexExpr {
  if (a.value !== undefined && b.value !== undefined) return constIndex((a.value + b.value) | 0);
  if (a.value === 0) return b;
  if (b.value === 0) return a;
  return { text: `${a.text} + ${b.text}`, kind: 'add' };
}

export function mulIndex(a: IndexExpr, b: IndexExpr): IndexExpr {
  if (a.value !== undefined && b.value !== undefined) return constIndex(Math.imul(a.value, b.value));
  if (a.value === 0 || b.value === 0) return constIndex(0);
  if (a.value === 1) return b;
  if (b.value === 1) return a;
  const wrap = (e: IndexExpr) => (e.kind === 'add' ? `(${e.text})` : e.text);
  return { text: `${wrap(a)} * ${wrap(b)}`, kind: 'mul' };
}

export function sumIndex(terms: readonly IndexExpr[]): IndexExpr {
  return terms.reduce(addIndex, constIndex(0));
}
