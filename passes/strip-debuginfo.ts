import { UnknownLoc } from '../core/ir/location.js';
import { definePass } from '../core/pass/pass.js';

/** MLIR's strip-debuginfo: every op and block argument at an unknown location. */
export const stripDebugInfoPass = definePass({
  name: 'strip-debuginfo',
  summary: 'Strip debug info from all operations',
  displayName: 'StripDebugInfo',
  run(root) {
    const unknown = UnknownLoc.get();
    root.walk((op) => {
      op.loc = unknown;
      for (const region of op.regions) for (const block of region.blocks) for (const arg of block.arguments) arg.loc = unknown;
    });
  },
});
