import { Tok, type Parser } from './parser.js';

/**
 * One keyword of an enum, with MLIR's error when it is missing or not a case:
 * `expected ::mlir::gpu::Dimension to be one of: x, y, z`. `inOp`: parsed by an op's custom form
 * (its declarative format), whose errors MLIR prefixes with `custom op 'name' ` (Parser.opError);
 * otherwise by a dialect attribute's parser (`#vector.kind<...>`), without the prefix.
 */
export function parseEnumKeyword<T extends string>(parser: Parser, cases: readonly T[], cppName: string, inOp = false): T {
  const offset = parser.offset;
  const error = (message: string) => (inOp ? parser.opError(message, offset) : parser.emitError(message, offset));
  if (!parser.isKeyword()) throw error('expected valid keyword');
  const word = parser.parseKeyword();
  if (!cases.includes(word as T)) throw error(`expected ${cppName} to be one of: ${cases.join(', ')}`);
  return word as T;
}

/** `<keyword>`: the body of an enum attribute (`#vector.kind<add>`) after its mnemonic. */
export function parseAngledEnumKeyword<T extends string>(parser: Parser, cases: readonly T[], cppName: string, inOp = false): T {
  parser.expect(Tok.Less, "'<'");
  const value = parseEnumKeyword(parser, cases, cppName, inOp);
  parser.expect(Tok.Greater, "'>'");
  return value;
}
