import type { Operation } from '../core/ir/operation.js';
import { isSymbolTable, symbolVisibility } from '../core/ir/symbol-table.js';
import { definePass, type PassContext } from '../core/pass/pass.js';
import { lookupSymbolPathIn, symbolUsesIn } from './analysis/symbol-uses.js';

const isSymbol = (op: Operation) => op.hasTrait('Symbol');

/**
 * Mark live every symbol reachable from the non-symbol ops and public symbols of `table`
 * (recursing into live nested symbol tables), as MLIR's SymbolDCE::computeLiveness.
 * Returns false after reporting an op whose symbol uses cannot be known.
 */
function computeLiveness(table: Operation, hidden: boolean, live: Set<Operation>, pass: PassContext): boolean {
  const worklist: Operation[] = [];
  for (const block of table.region(0).blocks) {
    for (const op of block) {
      const visibility = symbolVisibility(op);
      // Non-public symbols may go (MLIR's canDiscardOnUseEmpty); nested ones only where no outer scope sees them.
      const discardable = visibility !== 'public' && (hidden || visibility === 'private');
      if (!isSymbol(op)) worklist.push(op);
      else if (!discardable && !live.has(op)) {
        live.add(op);
        worklist.push(op);
      }
    }
  }
  while (worklist.length > 0) {
    const op = worklist.pop()!;
    if (isSymbolTable(op)) {
      const innerHidden = hidden || !isSymbol(op) || symbolVisibility(op) === 'private';
      if (!computeLiveness(op, innerHidden, live, pass)) return false;
    }
    const uses = symbolUsesIn(op);
    if (!Array.isArray(uses)) {
      pass.fail(op.loc, "operation contains potentially unknown symbol table, meaning that we can't reliably compute symbol uses");
      return false;
    }
    const scope = op.parentOp;
    for (const use of uses) {
      for (const symbol of (scope && lookupSymbolPathIn(scope, use.ref)) ?? []) {
        if (live.has(symbol)) continue;
        live.add(symbol);
        worklist.push(symbol);
      }
    }
  }
  return true;
}

export const symbolDcePass = definePass({
  name: 'symbol-dce',
  displayName: 'SymbolDCE',
  summary: 'Eliminate dead symbols',
  description:
    'Erases private symbols (functions, globals, nested modules, ...) that no live op refers to. ' +
    'Public symbols and non-symbol ops of the symbol table are live; so is everything they reference, ' +
    'through symbol references anywhere in their attributes, nested references included.',
  statistics: { "num-dce'd": "Number of symbols DCE'd" },
  run(root, pass) {
    if (!isSymbolTable(root)) {
      pass.fail(root.loc, `'${root.name}' op  was scheduled to run under SymbolDCE, but does not define a symbol table`);
      return;
    }
    // A symbol table nobody outside can name (the top level, or a private symbol) hides its symbols.
    const hidden = !root.parentOp || !isSymbol(root) || symbolVisibility(root) === 'private';
    const live = new Set<Operation>();
    if (!computeLiveness(root, hidden, live, pass)) return;
    let erased = 0;
    root.walk((table) => {
      if (!isSymbolTable(table)) return;
      for (const block of table.region(0).blocks) {
        for (const op of block) {
          if (!isSymbol(op) || live.has(op)) continue;
          op.erase();
          erased++;
        }
      }
    }, 'post');
    if (erased) pass.addStatistic("num-dce'd", erased);
  },
});
