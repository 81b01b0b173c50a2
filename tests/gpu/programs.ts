/**
 * The gpu-dialect programs of tests/gpu/programs/ (host function + kernel), run by the interpreter
 * alone or with kernels on WebGPU through WebGpuLauncher, the path of `tile-run --backend webgpu`.
 */
import { parseModule } from '../../dialects/builtin/parse-module.js';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Operation } from '../../core/ir/operation.js';
import { f32, MemRefType, type Type } from '../../core/ir/types.js';
import { Interpreter } from '../../core/interpret/engine.js';
import { Buffer, MemRef, type RtValue } from '../../core/interpret/values.js';
import { createContext } from '../../dialects/registry.js';
import { createSemantics } from '../../dialects/semantics.js';
import type { WebGpuLauncher } from '../../runtime/webgpu/launcher.js';
import { mulberry32 } from '../../testing/random.js';

export const programsDir = path.join(path.dirname(fileURLToPath(import.meta.url)), 'programs');

export function parseProgram(text: string, name: string): Operation {
  return parseModule(text, createContext(), name);
}

/** tests/gpu/programs/NAME.mlir, parsed and verified. */
export function loadProgram(name: string): Operation {
  const file = path.join(programsDir, `${name}.mlir`);
  return parseProgram(readFileSync(file, 'utf8'), file);
}

/** A row-major memref of dynamic shape over a copy of `data` (f32 unless `elem` says otherwise). */
export function f32MemRef(data: Float32Array, shape: readonly number[], elem: Type = f32): MemRef {
  const type = MemRefType.get(
    shape.map(() => -1),
    elem,
  );
  return MemRef.contiguous(type, new Buffer(elem, data.slice(), undefined, 'test input'), shape);
}

/** Runs `entry` on `args`, interpreting kernels or (with `launcher`) running them on WebGPU; returns the last argument's contents as f32. */
export async function runLast(module: Operation, entry: string, args: readonly MemRef[], launcher?: WebGpuLauncher): Promise<Float32Array> {
  await new Interpreter(module, { semantics: createSemantics(), kernelLauncher: launcher?.launch }).runAsync(entry, args);
  return Float32Array.from(args.at(-1)!.buffer.data as ArrayLike<number>);
}

/**
 * Runs @main on fresh copies of the memref arguments, interpreting kernels or (with `launcher`)
 * running them on WebGPU; returns the memref arguments' contents afterwards.
 */
export async function runMain(module: Operation, args: readonly RtValue[], launcher?: WebGpuLauncher): Promise<Float32Array[]> {
  const fresh = args.map((a) => (a instanceof MemRef ? MemRef.contiguous(a.type, new Buffer(a.buffer.elementType, a.buffer.data.slice(), undefined, a.buffer.origin), a.shape) : a));
  const interp = new Interpreter(module, { semantics: createSemantics(), kernelLauncher: launcher?.launch });
  await interp.runAsync('main', fresh);
  return fresh.filter((a): a is MemRef => a instanceof MemRef).map((m) => m.buffer.data as Float32Array);
}

/** `n` floats uniform in [-1, 1), reproducible from `seed`. */
export function randomF32(n: number, seed: number): Float32Array {
  const next = mulberry32(seed);
  return Float32Array.from({ length: n }, () => next() * 2 - 1);
}
