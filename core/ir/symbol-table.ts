import { StringAttr, type SymbolRefAttr } from './attributes.js';
import type { Operation } from './operation.js';

export function symbolName(op: Operation): string | undefined {
  const a = op.getAttr('sym_name');
  return a instanceof StringAttr ? a.value : undefined;
}

export function symbolVisibility(op: Operation): 'public' | 'private' | 'nested' {
  const v = op.getAttr('sym_visibility');
  return v instanceof StringAttr ? (v.value as 'private' | 'nested') : 'public';
}

/** The symbols defined directly in a symbol-table op's body (MLIR's SymbolTable). */
export class SymbolTable {
  private readonly symbols = new Map<string, Operation>();

  constructor(readonly op: Operation) {
    for (const child of op.region(0).entry ?? []) {
      const name = symbolName(child);
      if (name !== undefined && !this.symbols.has(name)) this.symbols.set(name, child);
    }
  }
  lookup(name: string): Operation | undefined {
    return this.symbols.get(name);
  }
  get names(): string[] {
    return [...this.symbols.keys()];
  }
  /** Symbols defined more than once: [first, duplicate] pairs. */
  static duplicates(op: Operation): [Operation, Operation][] {
    const seen = new Map<string, Operation>();
    const out: [Operation, Operation][] = [];
    for (const child of op.region(0).entry ?? []) {
      const name = symbolName(child);
      if (name === undefined) continue;
      const prev = seen.get(name);
      if (prev) out.push([prev, child]);
      else seen.set(name, child);
    }
    return out;
  }
}

/** Symbol tables built once per table op, for many lookups over IR whose symbols do not change (MLIR's SymbolTableCollection). */
export class SymbolTableCollection {
  private readonly tables = new Map<Operation, SymbolTable>();

  get(op: Operation): SymbolTable {
    let table = this.tables.get(op);
    if (!table) this.tables.set(op, (table = new SymbolTable(op)));
    return table;
  }
}

export function isSymbolTable(op: Operation): boolean {
  return op.hasTrait('SymbolTable');
}

/** The closest symbol table enclosing `from` (not `from` itself). */
export function nearestSymbolTable(from: Operation): Operation | undefined {
  return from.parentOfType(isSymbolTable);
}

/** The tables shared by the lookups of one verifier run (symbols do not change while it runs). */
let verifierTables: SymbolTableCollection | undefined;

/**
 * Runs `fn` (a verification) with one SymbolTableCollection for every lookupSymbol it makes
 * without tables of its own: checks of many symbol uses (launches, calls) in a large module
 * would otherwise build the module's table once per use.
 */
export function withSharedSymbolTables<T>(fn: () => T): T {
  if (verifierTables) return fn();
  verifierTables = new SymbolTableCollection();
  try {
    return fn();
  } finally {
    verifierTables = undefined;
  }
}

/**
 * Resolve `@a::@b` starting at the nearest symbol table around `from` and walking outwards
 * for the root, as MLIR's SymbolTable::lookupNearestSymbolFrom; `tables` caches the tables read.
 */
export function lookupSymbol(from: Operation, ref: SymbolRefAttr, tables: SymbolTableCollection | undefined = verifierTables): Operation | undefined {
  const tableOf = (op: Operation) => (tables ? tables.get(op) : new SymbolTable(op));
  for (let table = isSymbolTable(from) ? from : nearestSymbolTable(from); table; table = nearestSymbolTable(table)) {
    let found = tableOf(table).lookup(ref.root);
    if (!found) continue;
    for (const name of ref.nested) {
      if (!isSymbolTable(found)) return undefined;
      found = tableOf(found).lookup(name);
      if (!found) return undefined;
    }
    return found;
  }
  return undefined;
}
