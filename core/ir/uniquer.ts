/**
 * Interning for immutable IR objects (types, attributes, locations).
 * Every uniqued object gets a small integer id; composite keys are built from
 * the ids of their parts, so equality of uniqued objects is `===`.
 */
let nextId = 1;

export function freshId(): number {
  return nextId++;
}

export class Uniquer<T> {
  private readonly table = new Map<string, T>();

  get(key: string, create: () => T): T {
    let value = this.table.get(key);
    if (value === undefined) {
      value = create();
      this.table.set(key, value);
    }
    return value;
  }
}
