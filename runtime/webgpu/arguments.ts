/**
 * Kernel argument values and their check against a manifest: one value per manifest argument,
 * memrefs as typed arrays (f16 as Uint16Array bits) with a shape, scalars as numbers.
 */
import type { KernelManifest, StorageBinding, WgslScalar } from '../../targets/wgsl/manifest.js';
import { RuntimeError } from './errors.js';

/** Memref contents. f16 elements are carried as their bit patterns in a Uint16Array. */
export type BufferData = Float32Array | Int32Array | Uint32Array | Uint16Array;

/** A memref value: its contents in row-major order and its shape. */
export interface MemrefValue {
  readonly data: BufferData;
  /** May be left out when the manifest's shape is fully static, or the memref is 1-D. */
  readonly shape?: readonly number[];
}

/** One kernel argument: a memref (BufferData alone or with a shape) or a scalar. */
export type KernelArgValue = BufferData | MemrefValue | number;

export interface CheckedMemref {
  readonly data: BufferData;
  readonly shape: readonly number[];
}

export interface CheckedArguments {
  readonly memrefs: ReadonlyMap<number, CheckedMemref>;
  readonly scalars: ReadonlyMap<number, number>;
}

const ARRAY_OF: Record<WgslScalar, { readonly ctor: new (buffer: ArrayBuffer) => BufferData; readonly name: string }> = {
  f32: { ctor: Float32Array, name: 'Float32Array' },
  i32: { ctor: Int32Array, name: 'Int32Array' },
  u32: { ctor: Uint32Array, name: 'Uint32Array' },
  f16: { ctor: Uint16Array, name: 'Uint16Array (f16 bits)' },
};

/** The typed array that carries elements of `type`, over a copy of `bytes`. */
export function typedArrayOf(type: WgslScalar, bytes: Uint8Array): BufferData {
  const copy = bytes.slice().buffer;
  return new ARRAY_OF[type].ctor(copy);
}

function isBufferData(v: unknown): v is BufferData {
  return v instanceof Float32Array || v instanceof Int32Array || v instanceof Uint32Array || v instanceof Uint16Array;
}

function describe(v: unknown): string {
  if (isBufferData(v)) return v.constructor.name;
  if (v === null) return 'null';
  if (typeof v === 'object') return 'an object';
  return typeof v;
}

function showShape(shape: readonly (number | null)[]): string {
  return `[${shape.map((d) => (d === null ? '?' : String(d))).join('x')}]`;
}

export function checkArguments(manifest: KernelManifest, args: readonly KernelArgValue[]): CheckedArguments {
  const kernel = `kernel ${manifest.symbol}`;
  const fail = (message: string): never => {
    throw new RuntimeError('argument', `${kernel}: ${message}`);
  };
  const expected = manifest.arguments;
  if (args.length !== expected.length) {
    fail(`expected ${expected.length} argument(s) (${expected.map((a) => a.type).join(', ')}), got ${args.length}`);
  }
  const bindingOf = new Map<number, StorageBinding>();
  for (const b of manifest.bindings) bindingOf.set(b.argIndex, b);
  const memrefs = new Map<number, CheckedMemref>();
  const scalars = new Map<number, number>();
  expected.forEach((arg, i) => {
    const v = args[i];
    const what = `argument ${i} (${arg.type})`;
    if (arg.kind === 'scalar') {
      if (typeof v !== 'number') fail(`${what} must be a number, got ${describe(v)}`);
      scalars.set(i, v as number);
      return;
    }
    const data = isBufferData(v) ? v : v !== null && typeof v === 'object' && isBufferData((v as MemrefValue).data) ? (v as MemrefValue).data : undefined;
    if (!data) return fail(`${what} must be a typed array or { data, shape }, got ${describe(v)}`);
    const binding = bindingOf.get(i);
    if (binding) {
      const want = ARRAY_OF[binding.elementType];
      if (!(data instanceof want.ctor)) fail(`${what} holds ${binding.elementType} elements: pass a ${want.name}, got ${data.constructor.name}`);
    }
    const staticShape = binding?.shape;
    let shape = isBufferData(v) ? undefined : (v as MemrefValue).shape;
    if (!shape) {
      if (staticShape && staticShape.every((d) => d !== null)) shape = staticShape as number[];
      else if (!staticShape || staticShape.length === 1) shape = [data.length];
      else return fail(`${what} has the dynamic shape ${showShape(staticShape)}: pass { data, shape }`);
    }
    if (!shape.every((d) => Number.isInteger(d) && d >= 0)) fail(`${what} has an invalid shape ${showShape(shape)}`);
    if (staticShape) {
      if (staticShape.length !== shape.length) fail(`${what} has rank ${staticShape.length}, got shape ${showShape(shape)}`);
      staticShape.forEach((d, k) => {
        if (d !== null && d !== shape![k]) fail(`${what} has shape ${showShape(staticShape)}, got ${showShape(shape!)}`);
      });
    }
    const elements = shape.reduce((a, b) => a * b, 1);
    if (elements !== data.length) fail(`${what} of shape ${showShape(shape)} needs ${elements} element(s), got ${data.length}`);
    memrefs.set(i, { data, shape });
  });
  for (const b of manifest.bindings) {
    if (expected[b.argIndex]?.kind !== 'memref') {
      throw new RuntimeError('manifest', `${kernel}: binding ${b.binding} (${b.name}) refers to argument ${b.argIndex}, which is not a memref`);
    }
  }
  return { memrefs, scalars };
}
