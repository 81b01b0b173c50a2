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
