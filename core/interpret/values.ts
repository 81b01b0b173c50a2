/**
 * Runtime values of the interpreter: scalars (see numeric.ts), vectors/tensors (an immutable
 * shape + flat row-major storage) and memrefs (a view: buffer + offset + strides + shape).
 */
import type { Attribute } from '../ir/attributes.js';
import type { Location } from '../ir/location.js';
import { FloatType, IndexType, IntegerType, type MemRefType, type ShapedType, type Type } from '../ir/types.js';
import { intFormat, UnsupportedError, type Scalar } from './numeric.js';

export type Storage = Float32Array | Float64Array | Int8Array | Int16Array | Int32Array | BigInt64Array | Uint8Array;

/** How elements of one type are stored in a typed array. */
export interface ElementCodec {
  /** Whether the array holds each scalar as it is (a number; get and set are plain indexing). */
  readonly direct: boolean;
  alloc(n: number): Storage;
  get(s: Storage, i: number): Scalar;
  set(s: Storage, i: number, v: Scalar): void;
}

const numberCodec = (make: (n: number) => Storage): ElementCodec => ({
  direct: true,
  alloc: make,
  get: (s, i) => s[i] as number,
  set: (s, i, v) => {
    (s as Float64Array)[i] = v as number;
  },
});
const boolCodec: ElementCodec = {
  direct: false,
  alloc: (n) => new Uint8Array(n),
  get: (s, i) => s[i] === 1,
  set: (s, i, v) => {
    (s as Uint8Array)[i] = v ? 1 : 0;
  },
};
const bigCodec: ElementCodec = {
  direct: false,
  alloc: (n) => new BigInt64Array(n),
  get: (s, i) => s[i] as bigint,
  set: (s, i, v) => {
    (s as BigInt64Array)[i] = v as bigint;
  },
};

const codecs = new Map<Type, ElementCodec>();

/** The storage codec of an element type (f16/bf16 are stored as exact f32 values). */
export function codecOf(t: Type): ElementCodec {
  let c = codecs.get(t);
  if (c) return c;
  if (t instanceof FloatType) {
    if (t.kind === 'f64') c = numberCodec((n) => new Float64Array(n));
    else if (t.kind === 'f32' || t.kind === 'f16' || t.kind === 'bf16') c = numberCodec((n) => new Float32Array(n));
    else throw new UnsupportedError(`float type ${t} is not supported by the interpreter`);
  } else if (t instanceof IndexType) c = numberCodec((n) => new Float64Array(n));
  else if (t instanceof IntegerType) {
    const f = intFormat(t);
    if (f.kind === 'bool') c = boolCodec;
    else if (f.kind === 'big') c = bigCodec;
    else c = numberCodec((n) => (f.width <= 8 ? new Int8Array(n) : f.width <= 16 ? new Int16Array(n) : new Int32Array(n)));
  } else throw new UnsupportedError(`elements of type ${t} are not supported by the interpreter`);
  codecs.set(t, c);
  return c;
}

export function numElements(shape: readonly number[]): number {
  let n = 1;
  for (const d of shape) n *= d;
  return n;
}

/** Row-major strides of a shape. */
export function rowMajorStrides(shape: readonly number[]): number[] {
  const strides = new Array<number>(shape.length);
  let s = 1;
  for (let i = shape.length - 1; i >= 0; i--) {
    strides[i] = s;
    s *= shape[i]!;
  }
  return strides;
}

/** A vector or tensor value: immutable by convention (ops build new ones). */
export class ShapedValue {
  constructor(
    readonly type: ShapedType,
    readonly shape: readonly number[],
    readonly data: Storage,
  ) {}
  static zeros(type: ShapedType, shape: readonly number[] = type.shape ?? []): ShapedValue {
    return new ShapedValue(type, shape, codecOf(type.elementType).alloc(numElements(shape)));
  }
  static fromScalars(type: ShapedType, values: readonly Scalar[], shape: readonly number[] = type.shape ?? []): ShapedValue {
    const codec = codecOf(type.elementType);
    const data = codec.alloc(values.length);
    values.forEach((v, i) => codec.set(data, i, v));
    return new ShapedValue(type, shape, data);
  }
  get elementType(): Type {
    return this.type.elementType;
  }
  get size(): number {
    return this.data.length;
  }
  get(i: number): Scalar {
    return codecOf(this.type.elementType).get(this.data, i);
  }
  toArray(): Scalar[] {
    const codec = codecOf(this.type.elementType);
    return Array.from({ length: this.data.length }, (_, i) => codec.get(this.data, i));
  }
}

let nextBufferId = 1;

/** Backing storage of memrefs. `memorySpace` is the memref type's memory space attribute. */
export class Buffer {
  readonly id = nextBufferId++;
  freed: Location | undefined;
  readonly codec: ElementCodec;
  constructor(
    readonly elementType: Type,
    readonly data: Storage,
    readonly memorySpace: Attribute | undefined,
    /** Where it was allocated (alloc op, argument, global), for messages. */
    readonly origin: string,
    readonly readOnly = false,
  ) {
    this.codec = codecOf(elementType);
  }
  static allocate(elementType: Type, size: number, memorySpace: Attribute | undefined, origin: string, readOnly = false): Buffer {
    return new Buffer(elementType, codecOf(elementType).alloc(size), memorySpace, origin, readOnly);
  }
}

/** A memref value: a strided view of a buffer. */
export class MemRef {
  constructor(
    readonly type: MemRefType,
    readonly buffer: Buffer,
    readonly offset: number,
    readonly shape: readonly number[],
    readonly strides: readonly number[],
  ) {}
  /** A fresh contiguous (row-major) memref over `buffer`. */
  static contiguous(type: MemRefType, buffer: Buffer, shape: readonly number[] = type.shape): MemRef {
    return new MemRef(type, buffer, 0, shape, rowMajorStrides(shape));
  }
  get rank(): number {
    return this.shape.length;
  }
  get numElements(): number {
    return numElements(this.shape);
  }
  /** Buffer addresses of every element, in row-major order of the view. */
  addresses(): Int32Array {
    const n = this.numElements;
    const out = new Int32Array(n);
    const rank = this.shape.length;
    const idx = new Array<number>(rank).fill(0);
    let addr = this.offset;
    for (let k = 0; k < n; k++) {
      out[k] = addr;
      for (let d = rank - 1; d >= 0; d--) {
        idx[d]!++;
        addr += this.strides[d]!;
        if (idx[d]! < this.shape[d]!) break;
        addr -= this.strides[d]! * this.shape[d]!;
        idx[d] = 0;
      }
    }
    return out;
  }
  /** Reads every element in row-major order of the view (no race/bounds checks: see Memory). */
  readAll(): Scalar[] {
    const codec = this.buffer.codec;
    return Array.from(this.addresses(), (a) => codec.get(this.buffer.data, a));
  }
}

/** Any runtime value. Values of types the engine does not know (tokens...) are opaque objects. */
export type RtValue = Scalar | ShapedValue | MemRef | OpaqueValue;

/** A value owned by a dialect's semantics (an async token, a function reference...). */
export interface OpaqueValue {
  readonly kind: string;
}

export function isShaped(v: RtValue): v is ShapedValue {
  return v instanceof ShapedValue;
}
