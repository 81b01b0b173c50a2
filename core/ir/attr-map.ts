import type { Attribute } from './type-attr-base.js';

/** Above this many entries an AttrMap also keeps an index by name. */
const INDEX_THRESHOLD = 16;

/**
 * A Map from attribute names to attributes, sized for what ops carry: usually one to three
 * entries. Entries live in one flat array `[name0, value0, name1, value1, ...]` (a JS Map costs
 * ~300 bytes even when nearly empty), and an array given at construction may be shared by many
 * maps — e.g. an op kind's materialized default attributes — until one of them is changed (copy
 * on write). Iteration order is insertion order, as for Map.
 */
export class AttrMap implements Map<string, Attribute> {
  private items: (string | Attribute)[];
  /** True while `items` may be shared with other maps. */
  private shared: boolean;
  private index: Map<string, number> | undefined;

  constructor(entries?: Iterable<readonly [string, Attribute]>) {
    this.items = [];
    this.shared = false;
    if (entries) for (const [k, v] of entries) this.set(k, v);
  }

  /** A map over `items` (`[name, value, ...]`, distinct names), which it shares until changed. */
  static sharing(items: readonly (string | Attribute)[]): AttrMap {
    const map = new AttrMap();
    map.items = items as (string | Attribute)[];
    map.shared = true;
    return map;
  }

  /** Whether the map still shares `items` (it holds exactly those entries, unchanged). */
  sharesItems(items: readonly (string | Attribute)[]): boolean {
    return this.shared && this.items === items;
  }
  get size(): number {
    return this.items.length >> 1;
  }
  private find(key: string): number {
    if (this.index) return this.index.get(key) ?? -1;
    const items = this.items;
    for (let i = 0; i < items.length; i += 2) if (items[i] === key) return i;
    return -1;
  }
  get(key: string): Attribute | undefined {
    const i = this.find(key);
    return i < 0 ? undefined : (this.items[i + 1] as Attribute);
  }
  has(key: string): boolean {
    return this.find(key) >= 0;
  }
  private own(): (string | Attribute)[] {
    if (this.shared) {
      this.items = this.items.slice();
      this.shared = false;
    }
    return this.items;
  }
  set(key: string, value: Attribute): this {
    const i = this.find(key);
    const items = this.own();
    if (i >= 0) {
      items[i + 1] = value;
      return this;
    }
    items.push(key, value);
    if (this.index) this.index.set(key, items.length - 2);
    else if (items.length > 2 * INDEX_THRESHOLD) this.reindex();
    return this;
  }
  delete(key: string): boolean {
    const i = this.find(key);
    if (i < 0) return false;
    // A new array: iterators over the old one stay valid.
    this.items = [...this.items.slice(0, i), ...this.items.slice(i + 2)];
    this.shared = false;
    if (this.index) this.reindex();
    return true;
  }
  clear(): void {
    this.items = [];
    this.shared = false;
    this.index = undefined;
  }
  private reindex(): void {
    const index = new Map<string, number>();
    for (let i = 0; i < this.items.length; i += 2) index.set(this.items[i] as string, i);
    this.index = index;
  }

  /** Allocation-free iteration (over a snapshot, as `entries`). */
  forEach(fn: (value: Attribute, key: string, map: Map<string, Attribute>) => void, thisArg?: unknown): void {
    const items = this.items;
    const n = items.length;
    for (let i = 0; i < n; i += 2) fn.call(thisArg, items[i + 1] as Attribute, items[i] as string, this);
  }
  *entries(): MapIterator<[string, Attribute]> {
    // A snapshot, so that changes during iteration do not disturb it.
    const items = this.items;
    const n = items.length;
    for (let i = 0; i < n; i += 2) yield [items[i] as string, items[i + 1] as Attribute];
  }
  *keys(): MapIterator<string> {
    const items = this.items;
    const n = items.length;
    for (let i = 0; i < n; i += 2) yield items[i] as string;
  }
  *values(): MapIterator<Attribute> {
    const items = this.items;
    const n = items.length;
    for (let i = 0; i < n; i += 2) yield items[i + 1] as Attribute;
  }
  [Symbol.iterator](): MapIterator<[string, Attribute]> {
    return this.entries();
  }
  get [Symbol.toStringTag](): string {
    return 'AttrMap';
  }
}
