import type { Parser } from './parser.js';

/**
 * One keyword of an enum, with MLIR's error when it is missing or not a case:
 * `expected ::mlir::gpu::Dimension to be one of: x, y, z`. `prefix` is MLIR's
 * `custom op 'name' ` for errors raised inside an op's parser.
 */
export function parseEnumKeyword<T extends string>(parser: Parser, cases: readonly T[], cppName: string, prefix = ''): T {
  const offset = parser.offset;
  if (!parser.isKeyword()) throw parser.emitError(`${prefix}expected valid keyword`, offset);
  const word = parser.parseKeyword();
  if (!cases.includes(word as T)) throw parser.emitError(`${prefix}expected ${cppName} to be one of: ${cases.join(', ')}`, offset);
  return word as T;
}
