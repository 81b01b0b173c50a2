/**
 * A minimal reader/writer of NumPy's .npy format (versions 1.0-3.0, little-endian, C order),
 * for the element types the interpreter stores. f16 is stored as '<f2' (IEEE half bits); bf16,
 * which NumPy lacks, as '<f4' (exact values).
 */
import { FloatType, IndexType, IntegerType, type Type } from '../ir/types.js';
import { bitsToF16, f16ToBits, roundBF16 } from './float16.js';
import { codecOf, type Storage } from './values.js';

export interface NpyArray {
  /** NumPy dtype string, e.g. '<f4'. */
  readonly descr: string;
  readonly shape: readonly number[];
  /** Raw little-endian element bytes. */
  readonly bytes: Uint8Array;
}

const MAGIC = [0x93, 0x4e, 0x55, 0x4d, 0x50, 0x59];

export class NpyError extends Error {}

/** The .npy dtype used for elements of type `t`. */
export function npyDescr(t: Type): string {
  if (t instanceof FloatType) {
    const d = { f16: '<f2', bf16: '<f4', f32: '<f4', f64: '<f8' }[t.kind as string];
    if (d) return d;
  }
  if (t instanceof IndexType) return '<i8';
  if (t instanceof IntegerType) {
    if (t.width === 1) return '|b1';
    const d = { 8: '|i1', 16: '<i2', 32: '<i4', 64: '<i8' }[t.width];
    if (d) return d;
  }
  throw new NpyError(`element type ${t} has no .npy representation`);
}

export function parseNpy(bytes: Uint8Array): NpyArray {
  if (bytes.length < 10 || MAGIC.some((b, i) => bytes[i] !== b)) throw new NpyError('not a .npy file (bad magic string)');
  const major = bytes[6]!;
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const [headerLen, start] = major === 1 ? [view.getUint16(8, true), 10] : [view.getUint32(8, true), 12];
  if (major < 1 || major > 3) throw new NpyError(`unsupported .npy version ${major}`);
  if (start + headerLen > bytes.length) throw new NpyError('truncated .npy header');
  const header = new TextDecoder(major === 3 ? 'utf-8' : 'latin1').decode(bytes.subarray(start, start + headerLen));
  const descr = /'descr'\s*:\s*'([^']*)'/.exec(header)?.[1];
  const fortran = /'fortran_order'\s*:\s*(True|False)/.exec(header)?.[1];
  const shapeText = /'shape'\s*:\s*\(([^)]*)\)/.exec(header)?.[1];
  if (descr === undefined || fortran === undefined || shapeText === undefined) throw new NpyError('malformed .npy header');
  if (fortran === 'True') throw new NpyError('Fortran-ordered .npy arrays are not supported');
  const shape = shapeText
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean)
    .map(Number);
  if (shape.some((d) => !Number.isSafeInteger(d) || d < 0)) throw new NpyError(`malformed .npy shape (${shapeText})`);
  const size = Number(/[0-9]+$/.exec(descr)?.[0] ?? NaN);
  if (!/^[<|]/.test(descr) || !Number.isFinite(size)) throw new NpyError(`unsupported .npy dtype '${descr}' (only little-endian numbers)`);
  const count = shape.reduce((a, b) => a * b, 1);
  const data = bytes.subarray(start + headerLen);
  if (data.length < count * size) throw new NpyError(`truncated .npy data: ${data.length} bytes for ${count} elements of '${descr}'`);
  return { descr, shape, bytes: data.slice(0, count * size) };
}

export function formatNpy(a: NpyArray): Uint8Array {
  const shape = a.shape.length === 1 ? `(${a.shape[0]},)` : `(${a.shape.join(', ')})`;
  let header = `{'descr': '${a.descr}', 'fortran_order': False, 'shape': ${shape}, }`;
  const total = 10 + header.length + 1;
  header += ' '.repeat((64 - (total % 64)) % 64) + '\n';
  const out = new Uint8Array(10 + header.length + a.bytes.length);
  out.set(MAGIC, 0);
  out[6] = 1;
  out[7] = 0;
  new DataView(out.buffer).setUint16(8, header.length, true);
  out.set(new TextEncoder().encode(header), 10);
  out.set(a.bytes, 10 + header.length);
  return out;
}

/** Element storage of type `t` from .npy bytes; the dtype must be `npyDescr(t)`. */
export function npyToStorage(a: NpyArray, t: Type): Storage {
  const expected = npyDescr(t);
  if (a.descr !== expected) throw new NpyError(`dtype '${a.descr}' does not match ${t} (expected '${expected}')`);
  const count = a.shape.reduce((x, y) => x * y, 1);
  const view = new DataView(a.bytes.buffer, a.bytes.byteOffset, a.bytes.byteLength);
  const codec = codecOf(t);
  const out = codec.alloc(count);
  const kind = t instanceof FloatType ? t.kind : t instanceof IndexType ? 'index' : `i${(t as IntegerType).width}`;
  for (let i = 0; i < count; i++) {
    switch (kind) {
      case 'f16':
        codec.set(out, i, bitsToF16(view.getUint16(2 * i, true)));
        break;
      case 'bf16':
        codec.set(out, i, roundBF16(view.getFloat32(4 * i, true)));
        break;
      case 'f32':
        codec.set(out, i, view.getFloat32(4 * i, true));
        break;
      case 'f64':
        codec.set(out, i, view.getFloat64(8 * i, true));
        break;
      case 'i1':
        codec.set(out, i, view.getUint8(i) !== 0);
        break;
      case 'i8':
        codec.set(out, i, view.getInt8(i));
        break;
      case 'i16':
        codec.set(out, i, view.getInt16(2 * i, true));
        break;
      case 'i32':
        codec.set(out, i, view.getInt32(4 * i, true));
        break;
      case 'i64':
        codec.set(out, i, view.getBigInt64(8 * i, true));
        break;
      case 'index': {
        const v = view.getBigInt64(8 * i, true);
        if (v > BigInt(Number.MAX_SAFE_INTEGER) || v < BigInt(Number.MIN_SAFE_INTEGER)) throw new NpyError(`index element ${v} is out of the exactly representable range`);
        codec.set(out, i, Number(v));
        break;
      }
    }
  }
  return out;
}

/** .npy bytes of elements of type `t`. */
export function storageToNpy(data: Storage, t: Type, shape: readonly number[]): NpyArray {
  const descr = npyDescr(t);
  const size = Number(/[0-9]+$/.exec(descr)![0]);
  const bytes = new Uint8Array(data.length * size);
  const view = new DataView(bytes.buffer);
  const kind = t instanceof FloatType ? t.kind : t instanceof IndexType ? 'index' : `i${(t as IntegerType).width}`;
  for (let i = 0; i < data.length; i++) {
    const v = data[i]!;
    switch (kind) {
      case 'f16':
        view.setUint16(2 * i, f16ToBits(v as number), true);
        break;
      case 'bf16':
      case 'f32':
        view.setFloat32(4 * i, v as number, true);
        break;
      case 'f64':
        view.setFloat64(8 * i, v as number, true);
        break;
      case 'i1':
      case 'i8':
        view.setInt8(i, v as number);
        break;
      case 'i16':
        view.setInt16(2 * i, v as number, true);
        break;
      case 'i32':
        view.setInt32(4 * i, v as number, true);
        break;
      case 'i64':
        view.setBigInt64(8 * i, v as bigint, true);
        break;
      case 'index':
        view.setBigInt64(8 * i, BigInt(v as number), true);
        break;
    }
  }
  return { descr, shape, bytes };
}
