import type { Attribute } from './attributes.js';
import type { Builder } from './builder.js';
import type { Location } from './location.js';
import type { Operation } from './operation.js';
import type { OpDefinition, OpClass, OpSpec } from './op-definition.js';
import type { Type } from './types.js';
import { ResourceTable } from './resources.js';

/**
 * Something a dialect offers to passes, found by name (MLIR's DialectInterface), e.g. the
 * conversion patterns it adds to a conversion pass (core/rewrite/conversion-patterns-interface.ts).
 */
export interface DialectInterface {
  readonly name: string;
}

/**
 * A dialect: a namespace of ops, plus hooks for its own types and attributes.
 * The hooks receive the syntax layer's dialect parser (typed loosely to keep core/ir
 * independent of core/syntax); see core/syntax/dialect-hooks.ts.
 */
export interface DialectSpec {
  readonly name: string;
  readonly summary?: string;
  readonly ops: readonly OpClass<OpSpec>[];
  /** Parse `!name.<mnemonic>...` after the mnemonic. */
  readonly parseType?: (parser: any, mnemonic: string) => Type;
  /** Parse `#name.<mnemonic>...` after the mnemonic. */
  readonly parseAttribute?: (parser: any, mnemonic: string) => Attribute;
  /**
   * Build a constant op of this dialect holding `value` of `type` (used when folding produced an
   * attribute), or return undefined when this dialect cannot (MLIR's materializeConstant).
   */
  readonly materializeConstant?: (builder: Builder, value: Attribute, type: Type, loc: Location) => Operation | undefined;
  /**
   * Checks a discardable attribute named with this dialect's prefix (`gpu.known_block_size`) on any
   * op, before the op's own checks; returns the op error's message (MLIR's
   * Dialect::verifyOperationAttribute).
   */
  readonly verifyOperationAttribute?: (op: Operation, name: string, value: Attribute) => string | undefined;
  /** Alias name for printing (`#map`, `#loc`), as MLIR's OpAsmDialectInterface::getAlias. */
  readonly aliasFor?: (entity: Attribute | Type) => string | undefined;
  /** The dialect's interfaces, at most one of each name. */
  readonly interfaces?: readonly DialectInterface[];
}

export class Dialect {
  readonly ops = new Map<string, OpDefinition>();
  constructor(readonly spec: DialectSpec) {
    for (const cls of spec.ops) {
      if (cls.definition.dialect !== spec.name) throw new Error(`op '${cls.name}' does not belong to dialect '${spec.name}'`);
      this.ops.set(cls.name, cls.definition);
    }
  }
  get name(): string {
    return this.spec.name;
  }
  /** The interface of this dialect named `name`, if it has one (MLIR's getRegisteredInterface). */
  getInterface<T extends DialectInterface>(name: string): T | undefined {
    return this.spec.interfaces?.find((i) => i.name === name) as T | undefined;
  }
}

export function defineDialect(spec: DialectSpec): Dialect {
  return new Dialect(spec);
}

/** Which dialects are loaded and how strict parsing is (MLIR's MLIRContext). */
export class Context {
  private readonly dialects = new Map<string, Dialect>();
  private readonly ops = new Map<string, OpDefinition>();
  allowUnregisteredDialects = false;
  /** Blobs of `dense_resource<...>` attributes (the builtin dialect's resources). */
  readonly resources = new ResourceTable();

  constructor(dialects: Iterable<Dialect> = []) {
    for (const d of dialects) this.load(d);
  }
  load(dialect: Dialect): void {
    const existing = this.dialects.get(dialect.name);
    if (existing === dialect) return;
    if (existing) throw new Error(`dialect '${dialect.name}' is already registered`);
    this.dialects.set(dialect.name, dialect);
    for (const [name, def] of dialect.ops) this.ops.set(name, def);
  }
  dialect(name: string): Dialect | undefined {
    return this.dialects.get(name);
  }
  get loadedDialects(): Dialect[] {
    return [...this.dialects.values()].sort((a, b) => (a.name < b.name ? -1 : 1));
  }
  lookupOp(name: string): OpDefinition | undefined {
    return this.ops.get(name);
  }
}
