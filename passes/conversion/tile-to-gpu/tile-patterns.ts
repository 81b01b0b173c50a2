import type { ConversionPattern } from '../../../core/rewrite/conversion.js';
import { ConversionTarget } from '../../../core/rewrite/conversion-target.js';
import { AllocOp, ViewOp } from '../../../dialects/tile/index.js';
import { AllocLowering, ViewLowering } from './patterns/buffers.js';
import { ForLowering, IfLowering, YieldLowering } from './patterns/control-flow.js';
import { DotLowering } from './patterns/dot.js';
import { ElementwiseLowering, IotaLowering, SplatConstantLowering, SplatLowering } from './patterns/elementwise.js';
import { LoadLowering, StoreLowering } from './patterns/memory.js';
import { BroadcastLowering, ReduceLowering } from './patterns/reduce.js';
import { CastLowering, TransposeLowering } from './patterns/relayout.js';
import { touchesTiles } from './patterns/tile-pattern.js';
import { UnsupportedTileOp } from './patterns/unsupported.js';
import type { TileLowering } from './tile-lowering.js';

/** What convert-tile-to-gpu may leave: ops that take and make no register tiles, other than tile.alloc and tile.view. */
export function tileToGpuTarget(): ConversionTarget {
  return new ConversionTarget().addIllegalOp(AllocOp.name, ViewOp.name).markUnknownOpDynamicallyLegal((op) => !touchesTiles(op));
}

/** The patterns of convert-tile-to-gpu, one per source op, sharing `lowering` (MLIR's populate...Patterns). */
export function populateTileToGpuPatterns(patterns: ConversionPattern[], lowering: TileLowering): void {
  patterns.push(
    new LoadLowering(lowering),
    new StoreLowering(lowering),
    new SplatLowering(lowering),
    new IotaLowering(lowering),
    new SplatConstantLowering(lowering),
    new ElementwiseLowering(lowering),
    new DotLowering(lowering),
    new CastLowering(lowering),
    new TransposeLowering(lowering),
    new ReduceLowering(lowering),
    new BroadcastLowering(lowering),
    new AllocLowering(lowering),
    new ViewLowering(lowering),
    new ForLowering(lowering),
    new IfLowering(lowering),
    new YieldLowering(lowering),
    new UnsupportedTileOp(),
  );
}
