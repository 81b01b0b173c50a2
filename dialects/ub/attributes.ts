import { DialectAttr, uniqueDialectAttr, type Attribute } from '../../core/ir/attributes.js';
import type { Parser } from '../../core/syntax/parser.js';

/** `#ub.poison`: the value of ub.poison (MLIR's PoisonAttr, a PoisonAttrInterface). */
export class PoisonAttr extends DialectAttr {
  readonly dialect = 'ub';
  readonly mnemonic = 'poison';
  private constructor() {
    super();
  }
  static get(): PoisonAttr {
    return uniqueDialectAttr('ub.poison', () => new PoisonAttr());
  }
  printBody(): void {}
}

export function parseUbAttribute(parser: Parser, mnemonic: string): Attribute {
  if (mnemonic === 'poison') return PoisonAttr.get();
  throw parser.emitError(`unknown attribute \`${mnemonic}\` in dialect \`ub\``, parser.offset - mnemonic.length);
}
