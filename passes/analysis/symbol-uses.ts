import { ArrayAttr, DictionaryAttr, SymbolRefAttr, type Attribute } from '../../core/ir/attributes.js';
import type { Operation } from '../../core/ir/operation.js';
import { isSymbolTable, SymbolTable } from '../../core/ir/symbol-table.js';

function collectRefs(attr: Attribute, out: SymbolRefAttr[]): void {
  if (attr instanceof SymbolRefAttr) out.push(attr);
  else if (attr instanceof ArrayAttr) for (const e of attr.elements) collectRefs(e, out);
  else if (attr instanceof DictionaryAttr) for (const e of attr.entries) collectRefs(e.value, out);
}

/** The symbol references held in the attributes and properties of `op` itself. */
export function symbolRefsOf(op: Operation): SymbolRefAttr[] {
  const out: SymbolRefAttr[] = [];
  for (const a of op.propertiesIfAny?.values() ?? []) collectRefs(a, out);
  for (const a of op.attributesIfAny?.values() ?? []) collectRefs(a, out);
  return out;
}

/** An unregistered op with one region might define a symbol table nobody can see into. */
function isPotentiallyUnknownSymbolTable(op: Operation): boolean {
  return !op.isRegistered && op.regions.length === 1;
}

export interface SymbolUse {
  readonly user: Operation;
  readonly ref: SymbolRefAttr;
}

/**
 * Symbol uses in `from` and the ops nested in it, not entering nested symbol tables (MLIR's
 * SymbolTable::getSymbolUses). Returns the op that makes the uses unknowable, if one does.
 */
export function symbolUsesIn(from: Operation): SymbolUse[] | { unknown: Operation } {
  const uses: SymbolUse[] = [];
  if (isPotentiallyUnknownSymbolTable(from)) return { unknown: from };
  for (const ref of symbolRefsOf(from)) uses.push({ user: from, ref });
  if (isSymbolTable(from)) return uses;
  let unknown: Operation | undefined;
  for (const region of from.regions) {
    for (const op of region.ops()) {
      const r = op.walk((nested) => {
        if (isPotentiallyUnknownSymbolTable(nested)) {
          unknown = nested;
          return 'interrupt';
        }
        for (const ref of symbolRefsOf(nested)) uses.push({ user: nested, ref });
        return isSymbolTable(nested) ? 'skip' : undefined;
      }, 'pre');
      if (r === 'interrupt') return { unknown: unknown! };
    }
  }
  return uses;
}

/**
 * Resolve `ref` inside the symbol table op `table` (no walking outwards), returning every symbol
 * on the path (`@a::@b` gives @a and @b), or undefined when some part is missing
 * (MLIR's SymbolTableCollection::lookupSymbolIn).
 */
export function lookupSymbolPathIn(table: Operation, ref: SymbolRefAttr): Operation[] | undefined {
  if (!isSymbolTable(table)) return undefined;
  const path: Operation[] = [];
  let scope = table;
  for (const name of [ref.root, ...ref.nested]) {
    if (!isSymbolTable(scope)) return undefined;
    const found = new SymbolTable(scope).lookup(name);
    if (!found) return undefined;
    path.push(found);
    scope = found;
  }
  return path;
}
