import { RankedTensorType, type Type } from '../../../core/ir/types.js';
import { TypeConverter } from '../../../core/rewrite/type-converter.js';
import { isRegisterLayout, type RegisterLayout } from '../../../dialects/tile/index.js';
import { elementsPerThread, unrollError } from './thread-layout.js';

/**
 * Why a tile type cannot become per-thread scalars (convert-tile-to-gpu's message, after the op
 * name), or undefined when it can: it needs a #tile.blocked layout that unrolls.
 */
export function tileTypeError(type: Type): string | undefined {
  if (!(type instanceof RankedTensorType)) return undefined;
  const layout = type.encoding;
  if (!isRegisterLayout(layout)) return `has a tile without a #tile.blocked or #tile.slice layout ('${type}'); run tile-assign-layouts first`;
  const why = unrollError(layout, type.shape);
  return why ? `cannot unroll a ${type.shape.join('x')} tile: ${why}` : undefined;
}

/**
 * The type converter of convert-tile-to-gpu: a register tile becomes the scalars one thread holds
 * of it (1:N, as many as its #tile.blocked layout gives each thread, of its element type); other
 * types stay. A tile without such a layout, or one that does not unroll, cannot be converted.
 */
export function tileTypeConverter(): TypeConverter {
  return new TypeConverter()
    .addConversion((t) => t)
    .addConversion((t) => {
      if (!(t instanceof RankedTensorType)) return undefined;
      if (tileTypeError(t)) return null;
      return new Array<Type>(elementsPerThread(t.encoding as RegisterLayout, t.shape)).fill(t.elementType);
    });
}
