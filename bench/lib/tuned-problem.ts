/**
 * A program's entry with generated arguments as tile-tune measures it (tools/tune/measure.ts):
 * the full problem, its twin shrunk for the correctness check, and the interpreter's outputs on
 * that twin.
 */
import { collectInputs, entryFunction, loadProgram, parameters } from '../../tools/run-main.js';
import { referenceOutputs, type Problem } from '../../tools/tune/measure.js';
import { shrinkArgSpec } from '../../tools/tune/tune-main.js';

/** `file`'s @entry on `args` (tile-run's `NAME=rand:SHAPE` forms), checked shrunk to `checkSize` per dimension. */
export async function generatedProblem(file: string, entry: string, args: string[], checkSize: number): Promise<Problem> {
  const program = loadProgram(file);
  const params = parameters(entryFunction(program, entry), program.source);
  const inputs = collectInputs(params, args, 0);
  const small = args.map((a) => shrinkArgSpec(a, checkSize));
  const smallInputs = small.every((s, i) => s === args[i]) ? inputs : collectInputs(params, small, 0);
  const reference = await referenceOutputs(program, entry, params, smallInputs);
  return { file, entry, params, inputs, smallInputs, reference };
}

/**
 * tile-opt's matmul example, entry and generated arguments at M x N x K: examples/matmul.mlir
 * (C = A·B), or examples/matmul-transposed-a.mlir with `transposedA` (A stored K x M).
 */
export function matmulProblemArgs(v: { readonly dtype: 'f32' | 'f16'; readonly transposedA: boolean }, [m, n, k]: readonly [number, number, number]): { file: string; entry: string; args: string[] } {
  return v.transposedA
    ? { file: 'matmul-transposed-a.mlir', entry: `matmul_${v.dtype}_transposed_a`, args: [`A=rand:${k}x${m}x${v.dtype}`, `B=rand:${k}x${n}x${v.dtype}`, `C=zeros:${m}x${n}xf32`] }
    : { file: 'matmul.mlir', entry: `matmul_${v.dtype}`, args: [`A=rand:${m}x${k}x${v.dtype}`, `B=rand:${k}x${n}x${v.dtype}`, `C=zeros:${m}x${n}xf32`] };
}
