/**
 * The differential fuzzer: a random whole-problem program (programs.ts) under a random
 * configuration of @tile-tiled, @tile-pipelined or @tile-wgsl (tile-options.ts), run in the
 * interpreter before and after on seeded inputs at edge sizes, every memref compared. A case
 * either compiles and computes the same, or is refused in option terms (`tile-sizes=...:`, the
 * workgroup memory limit); anything else (another diagnostic on a valid program, invalid IR after
 * a pass, an exception, a wrong answer, an interpreter error such as a race) is a failure, whose
 * message carries the seed, the pipeline and the program text.
 */
import { roundF16 } from '../../core/interpret/float16.js';
import { mulberry32 } from '../random.js';
import { pipelineText, randomTileConfig, fusedSizesOnly, type TileConfig, type TilePipeline } from '../tile-options.js';
import { runFunction, runPipeline, parseProgram } from './harness.js';
import { randomAttentionProgram } from './attention-programs.js';
import { randomFusedProgram } from './fused-programs.js';
import { programArguments, randomProgram, randomSizes, tileSizesFor, type Program } from './programs.js';

export interface FuzzCase {
  readonly seed: number;
  readonly program: Program;
  readonly pipeline: string;
  /** The configuration `pipeline` is the text of. */
  readonly config: TileConfig;
}

export interface FuzzResult {
  readonly case: FuzzCase;
  readonly outcome: 'same' | 'refused' | 'failed';
  /** Runs compared (sizes x functions). */
  readonly runs: number;
  readonly message?: string;
}

/**
 * What programs a fuzz case draws: `ops`, random matmuls and maps (programs.ts); `fused`, row
 * programs and matmul epilogues, the candidates of tile-fuse (fused-programs.ts); `attention`,
 * attention chains and their near misses (attention-programs.ts).
 */
export type FuzzFamily = 'ops' | 'fused' | 'attention';

const PROGRAMS: Record<FuzzFamily, (seed: number) => Program> = { ops: randomProgram, fused: randomFusedProgram, attention: randomAttentionProgram };

/** The program and pipeline of `seed`. */
export function fuzzCase(seed: number, family: FuzzFamily = 'ops'): FuzzCase {
  const program = PROGRAMS[family](seed);
  const rnd = mulberry32(seed ^ 0x5bd1e995);
  const r = rnd();
  const which: TilePipeline = r < 0.2 ? 'tile-tiled' : r < 0.5 ? 'tile-pipelined' : 'tile-wgsl';
  const drawn = randomTileConfig(rnd, which, tileSizesFor(program));
  const config = family === 'ops' ? drawn : { ...drawn, options: fusedSizesOnly(drawn.options) };
  return { seed, program, pipeline: pipelineText(config), config };
}

/** How a failure is reported: enough to reproduce it. */
export function describeCase(c: FuzzCase): string {
  return `fuzz seed ${c.seed}: tile-opt input.mlir -p '${c.pipeline}'\n--- input.mlir ---\n${c.program.text}`;
}

/** First mismatching elements of one memref, or undefined when all are within tolerance (f16 outputs: looser). */
export function mismatch(got: Float32Array | Int32Array, want: Float32Array | Int32Array, half: boolean): string | undefined {
  if (got.length !== want.length) return `${got.length} elements, want ${want.length}`;
  const [atol, rtol] = half ? [2e-2, 4e-3] : [1e-3, 1e-4];
  const bad: string[] = [];
  for (let i = 0; i < want.length && bad.length < 4; i++) {
    const [g, w] = [got[i]!, want[i]!];
    if (Object.is(g, w) || (Number.isNaN(g) && Number.isNaN(w))) continue;
    if (!(Math.abs(g - w) <= atol + rtol * Math.abs(w))) bad.push(`[${i}] got ${g} want ${w}`);
  }
  return bad.length > 0 ? bad.join(', ') : undefined;
}

/** The subgroup size a configuration compiles shuffles for (`subgroups=true subgroup-size=N`), if it does. */
function compiledSubgroupSize({ options }: TileConfig): number | undefined {
  return options['subgroups'] === true ? Number(options['subgroup-size']) : undefined;
}

/** Runs case `seed`: compile, then `sizeDraws` runs of every function before and after. */
export function runFuzzCase(seed: number, sizeDraws = 1, family: FuzzFamily = 'ops'): FuzzResult {
  const c = fuzzCase(seed, family);
  const fail = (message: string, runs = 0): FuzzResult => ({ case: c, outcome: 'failed', runs, message: `${message}\n${describeCase(c)}` });
  const outcome = runPipeline(c.program.text, c.pipeline);
  if (outcome.kind === 'refused') return { case: c, outcome: 'refused', runs: 0, message: outcome.message };
  if (outcome.kind !== 'ok') return fail(`${outcome.kind}: ${outcome.message}`);
  const reference = parseProgram(c.program.text);
  const rnd = mulberry32(seed * 7 + 3);
  let runs = 0;
  for (let draw = 0; draw < sizeDraws; draw++) {
    const sizes = randomSizes(c.program, rnd);
    for (const fn of c.program.functions) {
      const args = programArguments(fn.params, sizes, seed * 13 + draw, roundF16);
      const at = `@${fn.name} at sizes [${sizes.join(', ')}]`;
      let want, got;
      try {
        want = runFunction(reference, fn.name, args);
      } catch (e) {
        return fail(`the whole-problem program fails in the interpreter ${at}: ${e instanceof Error ? e.message : String(e)}`, runs);
      }
      try {
        got = runFunction(outcome.module, fn.name, args, compiledSubgroupSize(c.config));
      } catch (e) {
        return fail(`the compiled program fails in the interpreter ${at}: ${e instanceof Error ? e.message : String(e)}`, runs);
      }
      runs++;
      for (let i = 0; i < want.length; i++) {
        if (!want[i]) continue;
        const bad = mismatch(got[i]!, want[i]!, c.program.half);
        if (bad) return fail(`wrong answer ${at}, argument #${i} (${fn.params[i]!.name}): ${bad}`, runs);
      }
    }
  }
  return { case: c, outcome: 'same', runs };
}
