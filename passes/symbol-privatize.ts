import { StringAttr } from '../core/ir/attributes.js';
import { symbolName } from '../core/ir/symbol-table.js';
import { definePass } from '../core/pass/pass.js';

export const symbolPrivatizePass = definePass({
  name: 'symbol-privatize',
  displayName: 'SymbolPrivatize',
  summary: 'Mark symbols private',
  description:
    "Marks the symbols defined directly in the op's regions private, except those `exclude` names (as MLIR's " +
    'symbol-privatize). Followed by symbol-dce, it keeps one entry of a module and what the entry uses: ' +
    '`symbol-privatize{exclude=attention},symbol-dce`.',
  options: {
    exclude: { type: 'string-list', help: 'Comma separated list of symbols that should not be marked private' },
  },
  run(root, pass) {
    const keep = new Set(pass.options.exclude);
    for (const region of root.regions)
      for (const block of region.blocks)
        for (const op of block) {
          const name = op.hasTrait('Symbol') ? symbolName(op) : undefined;
          if (name !== undefined && !keep.has(name)) op.setAttr('sym_visibility', StringAttr.get('private'));
        }
  },
});
