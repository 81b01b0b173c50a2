/** How an attribute's type is printed: MLIR's AttrTypeElision. */
export type TypeElision = 'never' | 'may' | 'must';

/** A type as a writer sees it: something that prints itself (core/ir/type-attr-base.ts's Type). */
export interface PrintableType {
  print(w: AttrTypeWriter): void;
}

/** An attribute as a writer sees it: something that prints itself (core/ir/type-attr-base.ts's Attribute). */
export interface PrintableAttribute {
  print(w: AttrTypeWriter, elision: TypeElision): void;
}

/**
 * The sink types and attributes print themselves into. The plain writer prints
 * nested types/attributes inline; the IR printer substitutes aliases.
 */
export interface AttrTypeWriter {
  write(text: string): void;
  type(t: PrintableType): void;
  attr(a: PrintableAttribute, elision?: TypeElision): void;
}

export class StringWriter implements AttrTypeWriter {
  out = '';
  write(text: string): void {
    this.out += text;
  }
  type(t: PrintableType): void {
    t.print(this);
  }
  attr(a: PrintableAttribute, elision: TypeElision = 'never'): void {
    a.print(this, elision);
  }
}

export function writeList<T>(w: AttrTypeWriter, items: readonly T[], each: (item: T) => void, sep = ', '): void {
  items.forEach((item, i) => {
    if (i > 0) w.write(sep);
    each(item);
  });
}
