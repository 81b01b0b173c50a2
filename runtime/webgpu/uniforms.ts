/**
 * Packs the uniform struct of a kernel from its arguments, following the manifest's field
 * offsets: scalar arguments, and memref dimensions for dynamic sizes.
 */
import { floatToBits } from '../../core/ir/float-format.js';
import type { KernelManifest, UniformField, WgslScalar } from '../../targets/wgsl/manifest.js';
import type { CheckedArguments } from './arguments.js';
import { RuntimeError } from './errors.js';

const SIZE: Record<WgslScalar, number> = { f32: 4, i32: 4, u32: 4, f16: 2 };

export function packUniforms(manifest: KernelManifest, args: CheckedArguments): Uint8Array | undefined {
  const block = manifest.uniforms;
  if (!block) return undefined;
  const kernel = `kernel ${manifest.symbol}`;
  if (!(Number.isInteger(block.size) && block.size > 0 && block.size % 16 === 0)) {
    throw new RuntimeError('manifest', `${kernel}: uniform block size ${block.size} is not a positive multiple of 16`);
  }
  const bytes = new Uint8Array(block.size);
  const view = new DataView(bytes.buffer);
  for (const field of block.fields) {
    const size = SIZE[field.type];
    if (size === undefined) throw new RuntimeError('manifest', `${kernel}: uniform field ${field.name} has unknown type ${String(field.type)}`);
    if (!(Number.isInteger(field.offset) && field.offset >= 0 && field.offset % size === 0 && field.offset + size <= block.size)) {
      throw new RuntimeError('manifest', `${kernel}: uniform field ${field.name} (${field.type}) at offset ${field.offset} is misaligned or outside the ${block.size}-byte block`);
    }
    writeField(view, field, fieldValue(kernel, field, args));
  }
  return bytes;
}

function fieldValue(kernel: string, field: UniformField, args: CheckedArguments): number {
  const { argIndex, dim } = field.source;
  if (dim === undefined) {
    const v = args.scalars.get(argIndex);
    if (v === undefined) throw new RuntimeError('manifest', `${kernel}: uniform field ${field.name} reads argument ${argIndex}, which is not a scalar`);
    return v;
  }
  const m = args.memrefs.get(argIndex);
  if (!m) throw new RuntimeError('manifest', `${kernel}: uniform field ${field.name} reads a dimension of argument ${argIndex}, which is not a memref`);
  const size = m.shape[dim];
  if (size === undefined) throw new RuntimeError('manifest', `${kernel}: uniform field ${field.name} reads dimension ${dim} of a rank-${m.shape.length} memref (argument ${argIndex})`);
  return size;
}

function writeField(view: DataView, field: UniformField, value: number): void {
  const bad = (range: string): never => {
    throw new RuntimeError('argument', `uniform field ${field.name} (${field.type}, argument ${field.source.argIndex}) must be ${range}, got ${value}`);
  };
  switch (field.type) {
    case 'u32':
      if (!Number.isInteger(value) || value < 0 || value > 0xffffffff) bad('an integer in [0, 2^32)');
      view.setUint32(field.offset, value, true);
      return;
    case 'i32':
      if (!Number.isInteger(value) || value < -0x80000000 || value > 0x7fffffff) bad('an integer in [-2^31, 2^31)');
      view.setInt32(field.offset, value, true);
      return;
    case 'f32':
      view.setFloat32(field.offset, value, true);
      return;
    case 'f16':
      view.setUint16(field.offset, Number(floatToBits(value, 'f16')), true);
      return;
  }
}
