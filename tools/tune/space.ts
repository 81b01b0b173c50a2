/**
 * tile-tune's search space: parameters of a pass pipeline, each with the values to try.
 * `--space 'tile-sizes=16,16,8|32,32,8 num-warps=1|2'` (space-separated dimensions, `|` between
 * values, each value in pipeline option syntax) or the `tune:` lists of a YAML pipeline.
 */
import { parseOptionText, printOptionValue, type OptionSpecs } from '../../core/pass/options.js';

/** A user error in the space or pipeline text: printed as `tile-tune: error: MESSAGE`. */
export class TuneError extends Error {}

export interface Dimension {
  readonly name: string;
  /** Values as pipeline option text, in the order given. */
  readonly values: readonly string[];
}

/**
 * A condition on the points of a space beyond its product of values: points it does not admit
 * are left out of enumeration and search. `text` says the condition for the cache key and the
 * output; `admits` reads a point's option values by parameter name.
 */
export interface SpaceRule {
  readonly text: string;
  readonly admits: (values: ReadonlyMap<string, string>) => boolean;
}

export interface Space {
  readonly dimensions: readonly Dimension[];
  readonly rule?: SpaceRule;
}

/** A named space: its dimensions as --space text, and the rule its points keep. */
export interface NamedSpace {
  readonly text: string;
  readonly rule?: SpaceRule;
}

/** One point of a space: a value index per dimension. */
export type Point = readonly number[];

/**
 * A row kernel's block of R x C elements over num-warps warps of 32 threads holds at most 16
 * elements a thread. Every row kernel measured fastest on the H200 holds 16 (softmax, LayerNorm,
 * RMSNorm at 4096 x 4096 and 16384 x 1024), 32 ran 3-6% slower, and blocks of 32-128 elements a
 * thread unroll into 200-600 KB of WGSL that SwiftShader takes 3-12 s to compile (some past 60 s;
 * at most 16: within 2.3 s), bench/RESULTS.md.
 */
const ROW_ELEMENTS_PER_THREAD: SpaceRule = {
  text: 'R*C <= 16 * 32 * num-warps (at most 16 elements of a row block a thread)',
  admits: (values) => {
    const [rows, cols] = (values.get('tile-sizes') ?? '').split(',').map(Number);
    return rows! * cols! <= 16 * 32 * Number(values.get('num-warps'));
  },
};

/**
 * Spaces of @tile-wgsl for the kinds of kernels it makes, named `--space @NAME`:
 * - `matmul`: tile.matmul, alone or with a fused epilogue (examples/matmul.mlir,
 *   matmul-epilogue.mlir): tile sizes BM,BN,BK, warps, stages, packing of A;
 * - `rows`: row kernels (softmax, LayerNorm, RMSNorm, reductions and broadcasts along rows):
 *   tile sizes R,C (rows per workgroup, columns per block; a row of up to C columns is read once),
 *   warps, whether loads go through asynchronous copies, and the vector width of workgroup
 *   memory accesses (vectorize: 4 or 1); the points whose threads would hold more than 16
 *   elements of a block are left out (ROW_ELEMENTS_PER_THREAD).
 * Listed ascending, as the local search assumes (docs/tile-tune.md).
 */
export const NAMED_SPACES: Readonly<Record<string, NamedSpace>> = {
  matmul: { text: 'tile-sizes=64,64,8|64,64,16|64,64,32|128,64,8|128,128,8|128,128,16|256,128,16 num-warps=4|8 num-stages=1|2|3|4|5 pack-lhs=false|true' },
  // BM,BN,BD: queries per workgroup, keys per step, head-dimension columns (BD >= D, else the unfused path runs).
  attention: {
    text: 'tile-sizes=16,16,64|32,16,64|32,32,64|64,32,64|64,64,64|16,16,128|32,16,128|32,32,128|64,32,128|64,64,128,64|64,64,128,32|128,64,64,64|128,64,128,64 num-warps=2|4|8 num-stages=1|2|3 async-copy-loads=none|all register-stages=0|2',
  },
  rows: {
    text: 'tile-sizes=1,256|1,512|1,1024|1,2048|1,4096|2,512|2,1024|4,256|4,512|4,1024|8,256 num-warps=1|2|4|8 async-copy-loads=none|all vectorize=false|true',
    rule: ROW_ELEMENTS_PER_THREAD,
  },
};

export function parseSpace(text: string): Space {
  const named = /^\s*@(\S+)\s*$/.exec(text);
  if (named) {
    const known = NAMED_SPACES[named[1]!];
    if (!known)
      throw new TuneError(
        `--space: no space named '@${named[1]}' (named spaces: ${Object.keys(NAMED_SPACES)
          .map((n) => `@${n}`)
          .join(', ')})`,
      );
    return { ...parseSpace(known.text), ...(known.rule && { rule: known.rule }) };
  }
  const words = text.trim().split(/\s+/).filter(Boolean);
  if (words.length === 0) throw new TuneError("--space is empty (expected e.g. 'tile-sizes=16,16,8|32,32,8 num-warps=1|2')");
  const dimensions: Dimension[] = [];
  for (const word of words) {
    const eq = word.indexOf('=');
    if (eq <= 0) throw new TuneError(`--space: '${word}' is not NAME=VALUE|VALUE...`);
    const name = word.slice(0, eq);
    if (!/^[A-Za-z0-9_.-]+$/.test(name)) throw new TuneError(`--space: '${name}' is not a parameter name`);
    if (dimensions.some((d) => d.name === name)) throw new TuneError(`--space: parameter '${name}' is given twice`);
    const values = word.slice(eq + 1).split('|');
    if (values.some((v) => v === '')) throw new TuneError(`--space: parameter '${name}' has an empty value in '${word}'`);
    if (new Set(values).size !== values.length) throw new TuneError(`--space: parameter '${name}' lists a value twice in '${word}'`);
    dimensions.push({ name, values });
  }
  return { dimensions };
}

/** The `tune:` lists of a pipeline's parameters, as a space (undefined when it has none). */
export function spaceOfParameters(parameters: OptionSpecs): Space | undefined {
  const dimensions = Object.entries(parameters)
    .filter(([, spec]) => spec.tune && spec.tune.length > 0)
    .map(([name, spec]) => ({ name, values: spec.tune!.map((v) => printOptionValue(v)) }));
  return dimensions.length ? { dimensions } : undefined;
}

/** Checks every dimension names a parameter of the pipeline and every value parses as its type. */
export function checkSpace(space: Space, pipeline: string, parameters: OptionSpecs): void {
  for (const d of space.dimensions) {
    const spec = parameters[d.name];
    if (!spec) throw new TuneError(`--space: pipeline ${pipeline} has no parameter '${d.name}' (parameters: ${Object.keys(parameters).join(', ') || 'none'})`);
    for (const v of d.values) {
      const parsed = parseOptionText(d.name, spec, v);
      if (typeof parsed === 'object' && parsed !== null && 'error' in parsed) throw new TuneError(`--space: ${parsed.error}`);
    }
  }
}

/** How many points the space holds (those its rule admits). */
export function spaceSize(space: Space): number {
  return space.rule ? allPoints(space).length : space.dimensions.reduce((n, d) => n * d.values.length, 1);
}

/** Every point the rule admits, the last dimension varying fastest. */
export function allPoints(space: Space): Point[] {
  let points: number[][] = [[]];
  for (const d of space.dimensions) points = points.flatMap((p) => d.values.map((_, i) => [...p, i]));
  return space.rule ? points.filter((p) => admits(space, p)) : points;
}

/** Whether the space's rule (if any) admits `p`, a point of its product. */
export function admits(space: Space, p: Point): boolean {
  return !space.rule || space.rule.admits(new Map(space.dimensions.map((d, i) => [d.name, d.values[p[i]!]!])));
}

/** The space as text: its dimensions, then `where RULE` when it has one (the cache key's `space`). */
export function spaceText(space: Space): string {
  const dims = space.dimensions.map((d) => `${d.name}=${d.values.join('|')}`).join(' ');
  return space.rule ? `${dims} where ${space.rule.text}` : dims;
}

export const pointKey = (p: Point): string => p.join(',');

/** `tile-sizes=16,16,8 num-warps=1`: the options a point sets. */
export function pointOptions(space: Space, p: Point): string {
  return space.dimensions.map((d, i) => `${d.name}=${d.values[p[i]!]!}`).join(' ');
}

/** A pipeline reference `@name` or `@name{options}` split into its name and options text. */
export function splitPipelineRef(pipeline: string): { name: string; options: string } {
  const m = /^\s*(@[^{}\s]+)\s*(?:\{(.*)\})?\s*$/s.exec(pipeline);
  if (!m) throw new TuneError(`-p '${pipeline}': tile-tune tunes a named pipeline, '@NAME' or '@NAME{OPTIONS}'`);
  return { name: m[1]!, options: (m[2] ?? '').trim() };
}

/** The exact -p text of a point: the pipeline's own options, then the point's. */
export function pipelineText(pipeline: string, space: Space, p: Point): string {
  const { name, options } = splitPipelineRef(pipeline);
  const all = [options, pointOptions(space, p)].filter(Boolean).join(' ');
  return all ? `${name}{${all}}` : name;
}
