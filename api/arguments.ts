/**
 * Checks of what callers pass to the API, which is typed but may be called from plain JavaScript:
 * a value of the wrong type is a TileError of stage `arguments` naming the option, not a
 * TypeError from inside the compiler.
 */
import { plainError, TileError } from './diagnostics.js';

/** A caller's mistake in what it passed (an option missing or of the wrong type). */
export function argumentError(message: string): TileError {
  return new TileError('arguments', [plainError(message)]);
}

/** What a value is, for an error about a value of the wrong type: `null`, `a number (5)`, `a string ('abc')`, `an array`. */
export function describeValue(v: unknown): string {
  if (v === null || v === undefined) return String(v);
  if (Array.isArray(v)) return 'an array';
  if (ArrayBuffer.isView(v)) return `a ${v.constructor.name}`;
  const t = typeof v;
  const shown = t === 'string' ? ` ('${String(v).slice(0, 40)}')` : t === 'number' || t === 'bigint' || t === 'boolean' ? ` (${String(v)})` : '';
  return `${t === 'object' || t === 'undefined' ? 'an' : 'a'} ${t}${shown}`;
}

type Kind = 'string' | 'boolean' | 'number' | 'function' | 'object';

const isKind = (v: unknown, kind: Kind): boolean => (kind === 'object' ? typeof v === 'object' && v !== null && !Array.isArray(v) : typeof v === kind);

/**
 * Checks that `options` is an object (or absent: `{}`) whose listed keys, where given (neither
 * undefined nor null, which mean the default), have one of their kinds; returns it. `where`
 * names the call (`compile`).
 */
export function checkOptions<T extends object>(where: string, options: T | undefined, kinds: { readonly [K in keyof T]?: readonly (Kind | 'auto')[] }): T {
  if (options === undefined) return {} as T;
  if (!isKind(options, 'object')) throw argumentError(`${where}: the options must be an object, got ${describeValue(options)}`);
  for (const [key, allowed] of Object.entries(kinds) as [string, readonly (Kind | 'auto')[]][]) {
    const v = (options as Record<string, unknown>)[key];
    if (v === undefined || v === null) continue;
    if (allowed.some((k) => (k === 'auto' ? v === 'auto' : isKind(v, k)))) continue;
    const wanted = allowed.map((k) => (k === 'auto' ? "'auto'" : k === 'object' ? 'an object' : `a ${k}`)).join(' or ');
    throw argumentError(`${where}: option '${key}' must be ${wanted}, got ${describeValue(v)}`);
  }
  return options;
}
