/**
 * The uniform struct's layout under WGSL's rules: each member at the next multiple of its
 * alignment (f16: 2, 32-bit scalars: 4), the struct size rounded to its alignment and, for the
 * uniform address space, to 16.
 */
import type { UniformBlock, UniformField, WgslScalar } from './manifest.js';

export interface UniformRequest {
  readonly name: string;
  readonly type: WgslScalar;
  readonly source: UniformField['source'];
}

const SIZE: Record<WgslScalar, number> = { f16: 2, f32: 4, i32: 4, u32: 4 };

function roundUp(n: number, multiple: number): number {
  return Math.ceil(n / multiple) * multiple;
}

export function layoutUniforms(requests: readonly UniformRequest[], binding: number): UniformBlock | undefined {
  if (requests.length === 0) return undefined;
  let end = 0;
  let align = 1;
  const fields = requests.map((r) => {
    const size = SIZE[r.type];
    const offset = roundUp(end, size);
    end = offset + size;
    align = Math.max(align, size);
    return { name: r.name, type: r.type, offset, source: r.source };
  });
  return { binding, size: roundUp(roundUp(end, align), 16), fields };
}
