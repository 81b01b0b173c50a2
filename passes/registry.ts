import type { PassDefinition } from '../core/pass/pass.js';
import { canonicalizePass } from './canonicalize.js';
import { csePass } from './cse.js';
import { dcePass } from './dce.js';
import { inlinePass } from './inline.js';
import { licmPass } from './licm.js';
import { sccpPass } from './sccp.js';
import { symbolDcePass } from './symbol-dce.js';
import { tileAsyncCopyPass } from './tile/async-copy.js';
import { tileMultibufferPass } from './tile/multibuffer.js';
import { scfUnrollPass } from './unroll.js';

/** Every pass shipped with tile-opt (plugins add more at run time). One line per pass module. */
export const builtinPasses: readonly PassDefinition[] = [
  canonicalizePass,
  csePass,
  dcePass,
  inlinePass,
  licmPass,
  sccpPass,
  symbolDcePass,
  scfUnrollPass,
  tileAsyncCopyPass,
  tileMultibufferPass,
];
