import type { PassDefinition } from '../core/pass/pass.js';

/** Every pass shipped with tile-opt (plugins add more at run time). One line per pass module. */
export const builtinPasses: readonly PassDefinition[] = [
];
