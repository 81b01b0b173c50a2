/** A set of byte values (0-255), the unit of matching in a POSIX bracket. */
export class CharSet {
  private readonly bits = new Uint8Array(256);

  static of(...codes: number[]): CharSet {
    const set = new CharSet();
    for (const c of codes) set.add(c);
    return set;
  }

  add(code: number): void {
    this.bits[code & 0xff] = 1;
  }
  delete(code: number): void {
    this.bits[code & 0xff] = 0;
  }
  has(code: number): boolean {
    return this.bits[code] === 1;
  }

  invert(): void {
    for (let i = 0; i < 256; i++) this.bits[i] ^= 1;
  }

  /** Adds the other case of every ASCII letter in the set (C locale). */
  addOtherCases(): void {
    for (let i = 0; i < 256; i++) {
      if (!this.bits[i]) continue;
      if (i >= 0x41 && i <= 0x5a) this.bits[i + 0x20] = 1;
      else if (i >= 0x61 && i <= 0x7a) this.bits[i - 0x20] = 1;
    }
  }

  /** A JS RegExp atom matching exactly this set (for non-unicode regexps). */
  toJsAtom(): string {
    const ranges: Array<[number, number]> = [];
    for (let i = 0; i < 256; i++) {
      if (!this.bits[i]) continue;
      let j = i;
      while (j + 1 < 256 && this.bits[j + 1]) j++;
      ranges.push([i, j]);
      i = j;
    }
    if (ranges.length === 0) return '(?!)';
    if (ranges.length === 1 && ranges[0]![0] === ranges[0]![1]) return jsChar(ranges[0]![0]);
    const body = ranges.map(([a, b]) => (a === b ? jsChar(a) : `${jsChar(a)}-${jsChar(b)}`)).join('');
    return `[${body}]`;
  }
}

/** A JS RegExp atom for one byte value. */
export function jsChar(code: number): string {
  const isWord = (code >= 0x30 && code <= 0x39) || (code >= 0x41 && code <= 0x5a) || (code >= 0x61 && code <= 0x7a);
  return isWord ? String.fromCharCode(code) : `\\x${code.toString(16).padStart(2, '0')}`;
}
