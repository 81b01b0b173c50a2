import { collectInputs, entryFunction, loadProgram, parameters } from '../../tools/run-program.js';
import { referenceOutputs, type Problem } from '../../tools/tune/measure.js';

/**
 * tile-opt's matmul example, entry and generated arguments at M x N x K: examples/matmul.mlir
 * (C = A·B), or examples/matmul-transposed-a.mlir with `transposedA` (A stored K x M), as the
 * benches tune and time it (tools/tune/problem.ts's generatedProblem builds the problem).
 */
export function matmulProblemArgs(
  v: { readonly dtype: 'f32' | 'f16'; readonly transposedA: boolean },
  [m, n, k]: readonly [number, number, number],
): { file: string; entry: string; args: string[] } {
  return v.transposedA
    ? { file: 'matmul-transposed-a.mlir', entry: `matmul_${v.dtype}_transposed_a`, args: [`A=rand:${k}x${m}x${v.dtype}`, `B=rand:${k}x${n}x${v.dtype}`, `C=zeros:${m}x${n}xf32`] }
    : { file: 'matmul.mlir', entry: `matmul_${v.dtype}`, args: [`A=rand:${m}x${k}x${v.dtype}`, `B=rand:${k}x${n}x${v.dtype}`, `C=zeros:${m}x${n}xf32`] };
}

/**
 * `file`'s @entry on generated `args` (tile-run's --arg forms, seed 0), checked on the twin
 * `smallArgs` (the same problem when they are equal), with the interpreter's outputs on the twin.
 */
export async function twinProblem(file: string, entry: string, args: readonly string[], smallArgs: readonly string[]): Promise<Problem> {
  const program = loadProgram(file);
  const params = parameters(entryFunction(program, entry), program.source);
  const inputs = collectInputs(params, args, 0);
  const smallInputs = smallArgs.every((s, i) => s === args[i]) && smallArgs.length === args.length ? inputs : collectInputs(params, smallArgs, 0);
  const reference = await referenceOutputs(program, entry, params, smallInputs);
  return { file, entry, params, inputs, smallInputs, reference };
}
