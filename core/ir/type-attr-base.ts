/**
 * The roots of the type and attribute hierarchies (core/ir/types.ts and core/ir/attributes.ts
 * define the builtin ones and re-export these): each prints itself into an AttrTypeWriter.
 * They live apart from their subclasses so that types can name attributes (a memref's layout)
 * and attributes types (an integer attribute's type) without the two modules importing each other.
 */
import { freshId } from './uniquer.js';
import { type AttrTypeWriter, StringWriter, type TypeElision } from './writer.js';

/** Immutable, uniqued IR types (compare with `===`). */
export abstract class Type {
  readonly id = freshId();
  abstract print(w: AttrTypeWriter): void;
  toString(): string {
    const w = new StringWriter();
    this.print(w);
    return w.out;
  }
}

/** Immutable, uniqued IR attributes (compare with `===`). */
export abstract class Attribute {
  readonly id = freshId();
  /** The type of a typed attribute (integer, float, dense elements), else undefined. */
  get type(): Type | undefined {
    return undefined;
  }
  abstract print(w: AttrTypeWriter, elision: TypeElision): void;
  toString(): string {
    const w = new StringWriter();
    this.print(w, 'never');
    return w.out;
  }
}
