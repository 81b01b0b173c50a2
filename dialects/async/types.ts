import { typeConstraint } from '../../core/ir/constraints.js';
import { SimpleDialectType, type Type } from '../../core/ir/types.js';
import type { Parser } from '../../core/syntax/parser.js';

/** `!async.token`: one asynchronous copy in flight. */
export const TokenType = {
  get: (): SimpleDialectType => SimpleDialectType.get('async', 'token'),
  isa: (t: Type): boolean => t === SimpleDialectType.get('async', 'token'),
};

/** `!async.group`: the copies of one commit, waited for together. */
export const GroupType = {
  get: (): SimpleDialectType => SimpleDialectType.get('async', 'group'),
  isa: (t: Type): boolean => t === SimpleDialectType.get('async', 'group'),
};

export const Token = typeConstraint('async token', TokenType.isa, TokenType.get());
export const Group = typeConstraint('async group', GroupType.isa, GroupType.get());

export function parseAsyncType(parser: Parser, mnemonic: string): Type {
  if (mnemonic === 'token') return TokenType.get();
  if (mnemonic === 'group') return GroupType.get();
  throw parser.emitError(`unknown async type: ${mnemonic}`, parser.offset - mnemonic.length);
}
