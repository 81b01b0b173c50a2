import type { Attribute } from './attributes.js';
import type { Type } from './types.js';

/** How an attribute's type is printed: MLIR's AttrTypeElision. */
export type TypeElision = 'never' | 'may' | 'must';

/**
 * The sink types and attributes print themselves into. The plain writer prints
 * nested types/attributes inline; the IR printer substitutes aliases.
 */
export interface AttrTypeWriter {
  write(text: string): void;
  type(t: Type): void;
  attr(a: Attribute, elision?: TypeElision): void;
}

export class StringWriter implements AttrTypeWriter {
  out = '';
  write(text: string): void {
    this.out += text;
  }
  type(t: Type): void {
    t.print(this);
  }
  attr(a: Attribute, elision: TypeElision = 'never'): void {
    a.print(this, elision);
  }
}

export function writeList<T>(w: AttrTypeWriter, items: readonly T[], each: (item: T) => void, sep = ', '): void {
  items.forEach((item, i) => {
    if (i > 0) w.write(sep);
    each(item);
  });
}
