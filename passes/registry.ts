import type { PassDefinition } from '../core/pass/pass.js';
import { canonicalizePass } from './canonicalize.js';
import { convertAsyncToGpuPass } from './conversion/async-to-gpu/convert-async-to-gpu.js';
import { convertTileToGpuPass } from './conversion/tile-to-gpu/convert-tile-to-gpu.js';
import { csePass } from './cse.js';
import { dcePass } from './dce.js';
import { generateRuntimeVerificationPass } from './generate-runtime-verification.js';
import { inlinePass } from './inline.js';
import { licmPass } from './licm.js';
import { printOpStatsPass } from './print-op-stats.js';
import { sccpPass } from './sccp.js';
import { stripDebugInfoPass } from './strip-debuginfo.js';
import { symbolDcePass } from './symbol-dce.js';
import { symbolPrivatizePass } from './symbol-privatize.js';
import { tileAssignLayoutsPass } from './tile/assign-layouts.js';
import { tileAssignStagesPass } from './tile/assign-stages.js';
import { tileAsyncCopyPass } from './tile/async-copy.js';
import { tileMultibufferPass } from './tile/multibuffer.js';
import { tilePipelinePass } from './tile/pipeline.js';
import { tileFusePass } from './tile/fuse.js';
import { tileTilingPass } from './tile/tiling/tiling-pass.js';
import { tileViewSchedulePass } from './tile/view-schedule/view-schedule-pass.js';
import { sinkSelectsIntoIfPass } from './sink-selects-into-if.js';
import { packCarriedVectorsPass } from './pack-carried-vectors.js';
import { scfUnrollPass } from './unroll.js';

/** Every pass shipped with tile-opt (plugins add more at run time). One line per pass module. */
export const builtinPasses: readonly PassDefinition[] = [
  canonicalizePass,
  csePass,
  dcePass,
  generateRuntimeVerificationPass,
  inlinePass,
  licmPass,
  printOpStatsPass,
  sccpPass,
  stripDebugInfoPass,
  symbolDcePass,
  symbolPrivatizePass,
  scfUnrollPass,
  sinkSelectsIntoIfPass,
  packCarriedVectorsPass,
  // The tile transformations, in the order @tile-pipelined runs them.
  tileFusePass,
  tileTilingPass,
  tileAsyncCopyPass,
  tileAssignStagesPass,
  tileMultibufferPass,
  tilePipelinePass,
  tileViewSchedulePass,
  tileAssignLayoutsPass,
  convertAsyncToGpuPass,
  convertTileToGpuPass,
];
