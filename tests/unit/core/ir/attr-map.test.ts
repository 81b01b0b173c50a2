import { describe, expect, it } from 'vitest';
import { AttrMap } from '../../../../core/ir/attr-map.js';
import { DictionaryAttr, IntegerAttr, StringAttr } from '../../../../core/ir/attributes.js';
import { i32 } from '../../../../core/ir/types.js';

const int = (n: number) => IntegerAttr.get(i32, BigInt(n));

describe('AttrMap', () => {
  it('behaves as a Map: insertion order, overwrite in place, delete, clear', () => {
    const m = new AttrMap();
    m.set('b', int(1)).set('a', int(2)).set('b', int(3));
    expect(m.size).toBe(2);
    expect([...m.keys()]).toEqual(['b', 'a']);
    expect(m.get('b')).toBe(int(3));
    expect(m.has('c')).toBe(false);
    expect(m.delete('b')).toBe(true);
    expect(m.delete('b')).toBe(false);
    expect([...m]).toEqual([['a', int(2)]]);
    m.clear();
    expect(m.size).toBe(0);
    expect(m.get('a')).toBeUndefined();
  });

  it('copies a shared list on the first change only', () => {
    const shared = Object.freeze(['x', int(1), 'y', int(2)]);
    const first = AttrMap.sharing(shared);
    const second = AttrMap.sharing(shared);
    first.set('x', int(9));
    second.delete('y');
    expect([...first]).toEqual([
      ['x', int(9)],
      ['y', int(2)],
    ]);
    expect([...second]).toEqual([['x', int(1)]]);
    expect(shared).toEqual(['x', int(1), 'y', int(2)]);
  });

  it('keeps lookups right past the indexing threshold, through deletes', () => {
    const m = new AttrMap();
    for (let i = 0; i < 40; i++) m.set(`k${i}`, int(i));
    for (let i = 0; i < 40; i += 3) m.delete(`k${i}`);
    m.set('k5', int(500));
    for (let i = 0; i < 40; i++) expect(m.get(`k${i}`)).toBe(i % 3 === 0 ? undefined : i === 5 ? int(500) : int(i));
    expect(m.size).toBe(40 - 14);
  });

  it('iterates a snapshot when entries are deleted during iteration', () => {
    const m = new AttrMap([
      ['a', int(1)],
      ['b', int(2)],
      ['c', int(3)],
    ]);
    const seen: string[] = [];
    for (const [k] of m) {
      seen.push(k);
      m.delete('b');
    }
    expect(seen).toEqual(['a', 'b', 'c']);
    expect([...m.keys()]).toEqual(['a', 'c']);
  });

  it('gives the same dictionary attribute as a Map with the same entries', () => {
    const entries: [string, StringAttr | IntegerAttr][] = [
      ['z', StringAttr.get('s')],
      ['a', int(4)],
    ];
    expect(DictionaryAttr.get(new AttrMap(entries))).toBe(DictionaryAttr.get(new Map(entries)));
  });
});
