/**
 * The problem tile-tune measures: a program's entry on its arguments, and the twin of the problem
 * that the correctness check runs, with generated arguments shrunk (tools/tune/measure.ts).
 */
import { collectInputs, entryFunction, loadProgram, parameters, type Input, type Parameter, type Program } from '../run-program.js';
import { referenceOutputs, type Problem } from './measure.js';

/** `A=rand:512x256xf32` -> `A=rand:64x64xf32`: generated arguments shrunk to at most `max` per dimension. */
export function shrinkArgSpec(spec: string, max: number): string {
  const m = /^([^=]+=(?:rand|zeros|ones):)((?:[0-9]+x)*)([a-z0-9]+)$/.exec(spec);
  if (!m) return spec;
  const dims = m[2]!
    .split('x')
    .filter(Boolean)
    .map((d) => Math.min(Number(d), max));
  return `${m[1]}${dims.map((d) => `${d}x`).join('')}${m[3]}`;
}

export interface ProblemInputs {
  readonly params: readonly Parameter[];
  readonly inputs: readonly Input[];
  /** The arguments of the check, and its inputs (the same object as `inputs` when nothing shrank). */
  readonly smallArgs: readonly string[];
  readonly smallInputs: readonly Input[];
}

/** The inputs of `program`'s @entry on `args` (tile-run's --arg forms), and of its twin shrunk to `checkSize` per dimension. */
export function problemInputs(program: Program, entry: string, args: readonly string[], checkSize: number, seed: number): ProblemInputs {
  const params = parameters(entryFunction(program, entry), program.source);
  const inputs = collectInputs(params, args, seed);
  const smallArgs = args.map((a) => shrinkArgSpec(a, checkSize));
  const smallInputs = smallArgs.every((s, i) => s === args[i]) ? inputs : collectInputs(params, smallArgs, seed);
  return { params, inputs, smallArgs, smallInputs };
}

/** `file`'s @entry on generated `args`, checked shrunk to `checkSize` per dimension, with the interpreter's outputs on the twin (seed 0). */
export async function generatedProblem(file: string, entry: string, args: readonly string[], checkSize: number): Promise<Problem> {
  const program = loadProgram(file);
  const { params, inputs, smallInputs } = problemInputs(program, entry, args, checkSize, 0);
  const reference = await referenceOutputs(program, entry, params, smallInputs);
  return { file, entry, params, inputs, smallInputs, reference };
}
