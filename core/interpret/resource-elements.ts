/**
 * The elements of a `dense_resource<...>` attribute: its blob read as little-endian values of
 * the element type (i1 one byte each, iN in whole bytes, index 8 bytes, f16/bf16/f32/f64).
 */
import type { DenseResourceElementsAttr } from '../ir/attributes.js';
import { FloatType, IndexType, IntegerType, type ShapedType } from '../ir/types.js';
import { bitsToBF16, bitsToF16 } from './float16.js';
import { scalarOf, UnsupportedError } from './numeric.js';
import { codecOf, ShapedValue } from './values.js';

function readerOf(t: ShapedType['elementType']): { bytes: number; read: (v: DataView, at: number) => number | bigint | boolean } {
  if (t instanceof IntegerType) {
    if (t.width === 1) return { bytes: 1, read: (v, at) => v.getUint8(at) !== 0 };
    const bytes = Math.ceil(t.width / 8);
    return {
      bytes,
      read: (v, at) => {
        let x = 0n;
        for (let i = bytes - 1; i >= 0; i--) x = (x << 8n) | BigInt(v.getUint8(at + i));
        return BigInt.asIntN(t.width, x);
      },
    };
  }
  if (t instanceof IndexType) return { bytes: 8, read: (v, at) => v.getBigInt64(at, true) };
  if (t instanceof FloatType) {
    switch (t.kind) {
      case 'f16':
        return { bytes: 2, read: (v, at) => bitsToF16(v.getUint16(at, true)) };
      case 'bf16':
        return { bytes: 2, read: (v, at) => bitsToBF16(v.getUint16(at, true)) };
      case 'f32':
        return { bytes: 4, read: (v, at) => v.getFloat32(at, true) };
      case 'f64':
        return { bytes: 8, read: (v, at) => v.getFloat64(at, true) };
    }
  }
  throw new UnsupportedError(`dense_resource elements of type ${t}`);
}

export function resourceElements(attr: DenseResourceElementsAttr, type: ShapedType): ShapedValue {
  const data = attr.handle.data;
  if (!data) throw new UnsupportedError(`dense_resource<${attr.handle.name}> without a blob in the file's resource section`);
  if (!type.hasStaticShape) throw new UnsupportedError(`dense_resource constant of type ${type}`);
  const elem = type.elementType;
  const { bytes, read } = readerOf(elem);
  const out = ShapedValue.zeros(type);
  if (data.length !== out.size * bytes) {
    throw new UnsupportedError(`dense_resource<${attr.handle.name}> holds ${data.length} bytes, not the ${out.size * bytes} of ${type}`);
  }
  const view = new DataView(data.buffer, data.byteOffset, data.byteLength);
  const codec = codecOf(elem);
  for (let i = 0; i < out.size; i++) {
    const v = read(view, i * bytes);
    codec.set(out.data, i, typeof v === 'boolean' ? v : scalarOf(elem, v as number | bigint));
  }
  return out;
}
