/**
 * UTF-8 for MLIR's string literals, which are byte strings: `"\FF"` is one byte that is no UTF-8.
 * Bytes that do not form valid UTF-8 are held in JS strings as the lone surrogates U+DC80..U+DCFF
 * (Python's "surrogateescape"), so that every byte string survives decoding and re-encoding.
 */

/** The length of the valid UTF-8 sequence starting at `bytes[i]`, or 0 if there is none. */
export function utf8SequenceLength(bytes: ArrayLike<number>, i: number): number {
  const b = bytes[i]!;
  if (b < 0x80) return 1;
  const n = b >= 0xc2 && b <= 0xdf ? 1 : b >= 0xe0 && b <= 0xef ? 2 : b >= 0xf0 && b <= 0xf4 ? 3 : 0;
  if (n === 0) return 0;
  // The second byte's range excludes overlong forms, surrogates and code points past U+10FFFF.
  const lo = b === 0xe0 ? 0xa0 : b === 0xf0 ? 0x90 : 0x80;
  const hi = b === 0xed ? 0x9f : b === 0xf4 ? 0x8f : 0xbf;
  const b1 = bytes[i + 1];
  if (b1 === undefined || b1 < lo || b1 > hi) return 0;
  for (let k = 2; k <= n; k++) {
    const c = bytes[i + k];
    if (c === undefined || (c & 0xc0) !== 0x80) return 0;
  }
  return n + 1;
}

const ESCAPE_BASE = 0xdc00;
const strictDecoder = new TextDecoder('utf-8', { fatal: true });
const decoder = new TextDecoder('utf-8');

/** Bytes to a JS string; each byte outside valid UTF-8 becomes U+DC80..U+DCFF. */
export function decodeByteString(bytes: Uint8Array): string {
  try {
    return strictDecoder.decode(bytes);
  } catch {
    let out = '';
    for (let i = 0; i < bytes.length; ) {
      const n = utf8SequenceLength(bytes, i);
      if (n === 0) out += String.fromCharCode(ESCAPE_BASE + bytes[i++]!);
      else {
        out += decoder.decode(bytes.subarray(i, i + n));
        i += n;
      }
    }
    return out;
  }
}

/** UTF-8 encoding (the web's TextEncoder: no Node Buffer, so that browsers run this too). */
const UTF8 = new TextEncoder();

/** The bytes `decodeByteString` read `s` from. */
export function encodeByteString(s: string): Uint8Array {
  if (!/[\udc80-\udcff]/.test(s)) return UTF8.encode(s);
  const out: number[] = [];
  // By code point: a low surrogate in a valid pair is part of a character, not an escaped byte.
  for (const ch of s) {
    const u = ch.charCodeAt(0);
    if (ch.length === 1 && u >= 0xdc80 && u <= 0xdcff) out.push(u - ESCAPE_BASE);
    else for (const b of UTF8.encode(ch)) out.push(b);
  }
  return Uint8Array.from(out);
}
