/** The memory regions an async.copy reads and writes, with masking at the source's edges. */
import type { Operation } from '../../core/ir/operation.js';
import { opError } from '../../core/interpret/errors.js';
import { MemRef } from '../../core/interpret/values.js';

export interface CopyRegions {
  /** The destination tile (every element is written). */
  readonly dest: MemRef;
  /** The in-bounds box of the source tile (undefined when empty). */
  readonly source: MemRef | undefined;
  /** Per tile element (row-major): 1 when it is zero-filled because its source position is out of bounds. */
  readonly fill: Uint8Array;
}

const list = (xs: readonly number[]): string => `[${xs.join(', ')}]`;

/**
 * The box [lo, hi) of tile offsets per trailing dimension whose positions lie in `m`, and the
 * buffer offset of its first element; `empty` when a leading index or a dimension is out of range.
 */
function inBoundsBox(m: MemRef, indices: readonly number[], shape: readonly number[]): { lo: number[]; hi: number[]; offset: number; empty: boolean } {
  const lead = m.rank - shape.length;
  let offset = m.offset;
  let empty = false;
  for (let d = 0; d < lead; d++) {
    const i = indices[d]!;
    if (!(i >= 0 && i < m.shape[d]!)) empty = true;
    offset += i * m.strides[d]!;
  }
  const lo: number[] = [];
  const hi: number[] = [];
  shape.forEach((t, k) => {
    const d = lead + k;
    const s = indices[d]!;
    const l = Math.min(t, Math.max(0, -s));
    const h = Math.max(l, Math.min(t, m.shape[d]! - s));
    if (h === l) empty = true;
    lo.push(l);
    hi.push(h);
    offset += (s + l) * m.strides[d]!;
  });
  return { lo, hi, offset, empty };
}

const trailingStrides = (m: MemRef, k: number): number[] => m.strides.slice(m.rank - k);

export function copyRegions(op: Operation, src: MemRef, srcIdx: readonly number[], dst: MemRef, dstIdx: readonly number[], shape: readonly number[], masked: boolean): CopyRegions {
  const full = (b: { lo: number[]; hi: number[]; empty: boolean }) => !b.empty && b.lo.every((l) => l === 0) && b.hi.every((h, k) => h === shape[k]);
  const d = inBoundsBox(dst, dstIdx, shape);
  if (!full(d)) throw opError(op, `destination tile ${list(shape)} at ${list(dstIdx)} is out of bounds of the destination shape ${list(dst.shape)}`);
  const s = inBoundsBox(src, srcIdx, shape);
  if (!masked && !full(s)) throw opError(op, `source tile ${list(shape)} at ${list(srcIdx)} is out of bounds of the source shape ${list(src.shape)} (the copy is not masked)`);
  const dest = new MemRef(dst.type, dst.buffer, d.offset, shape, trailingStrides(dst, shape.length));
  const source = s.empty
    ? undefined
    : new MemRef(
        src.type,
        src.buffer,
        s.offset,
        s.hi.map((h, k) => h - s.lo[k]!),
        trailingStrides(src, shape.length),
      );
  const fill = new Uint8Array(dest.numElements);
  const j = new Array<number>(shape.length).fill(0);
  for (let k = 0; k < fill.length; k++) {
    fill[k] = s.empty || j.some((x, q) => x < s.lo[q]! || x >= s.hi[q]!) ? 1 : 0;
    for (let q = shape.length - 1; q >= 0; q--) {
      if (++j[q]! < shape[q]!) break;
      j[q] = 0;
    }
  }
  return { dest, source, fill };
}
