/**
 * The option space of the named tile pipelines (pass-pipelines/tile-tiled.yaml,
 * tile-pipelined.yaml, tile-wgsl.yaml), drawn at random for the random-configuration suites and
 * the differential fuzzer: every parameter over its whole range. Tile sizes are mostly sizes the
 * lowering can lay out (powers of two, equal BM = BN = BK, tiny ones such as 2,2,2 with one
 * warp), some odd ones it may refuse; the compiler's legitimate refusals (`tile-sizes=...:`, the
 * workgroup memory limit) are recognised by `isRefusal`.
 */
import { type Rnd, chance, pick } from './random.js';

export type TilePipeline = 'tile-tiled' | 'tile-pipelined' | 'tile-wgsl';
export type TileOptionValue = number | boolean | string | readonly number[];

/** tile-pipelined's parameters but its last: tile-wgsl runs tile-pipelined with `expose: all`. */
const PIPELINED_PARAMETERS = [
  'tile-sizes',
  'num-warps',
  'max-grid-dims',
  'fuse',
  'async-copy-loads',
  'pack-lhs',
  'transpose-lhs',
  'num-stages',
  'num-buffers',
  'peel-epilogue',
  'peel-prologue',
  'register-stages',
  'auto-config',
  'auto-min-workgroups',
  'split-k',
  'max-workgroups-per-dimension',
];

/** The parameters of each pipeline, as its YAML file declares them (tests check the two agree). */
export const TILE_PIPELINE_PARAMETERS: Readonly<Record<TilePipeline, readonly string[]>> = {
  'tile-tiled': [
    'tile-sizes',
    'num-warps',
    'max-grid-dims',
    'fuse',
    'pack-lhs',
    'auto-config',
    'auto-min-workgroups',
    'split-k',
    'max-workgroups-per-dimension',
    'num-stages',
    'max-workgroup-memory',
    'async-copy-loads',
    'synchronous-copies',
  ],
  'tile-pipelined': [...PIPELINED_PARAMETERS, 'max-workgroup-memory', 'synchronous-copies'],
  'tile-wgsl': [...PIPELINED_PARAMETERS, 'synchronous-copies', 'vectorize', 'subgroups', 'subgroup-size', 'max-workgroup-memory'],
};

/**
 * What the tile sizes are for: `matmul` (BM, BN, BK; also a matmul with a fused epilogue), a map of
 * a rank, a row kernel (`rows`: a row program such as softmax or a norm, [R, C]), or nothing
 * (per-op defaults).
 */
export type TileSizesFor =
  | { readonly kind: 'matmul' }
  | { readonly kind: 'map'; readonly rank: number }
  | { readonly kind: 'rows'; readonly rank?: number }
  | { readonly kind: 'attention' }
  | { readonly kind: 'defaults' };

export interface TileConfig {
  readonly pipeline: TilePipeline;
  readonly options: Readonly<Record<string, TileOptionValue>>;
}

/** Matmul tile sizes [BM, BN, BK]: equal sizes, tiny ones, powers of two, now and then odd ones. */
export function randomMatmulTileSizes(rnd: Rnd): number[] {
  const r = rnd();
  if (r < 0.15) {
    const s = pick(rnd, [2, 4, 8, 16, 32]);
    return [s, s, s];
  }
  if (r < 0.22) return [2, 2, 2];
  if (r < 0.3) return [pick(rnd, [1, 3, 5, 6, 12, 24, 48]), pick(rnd, [4, 8, 16, 3, 12]), pick(rnd, [1, 2, 3, 4, 8, 5])];
  const bm = pick(rnd, [2, 4, 8, 16, 32, 64]);
  const bn = pick(rnd, [2, 4, 8, 16, 32, 64]);
  // Bounded so the register tiles stay small enough (and the interpreter quick).
  const bk = pick(rnd, bm * bn >= 2048 ? [4, 8, 16] : [1, 2, 4, 8, 16, 32]);
  return [bm, bn, bk];
}

/** Map tile sizes, one per dimension: mostly powers of two, leading ones often 1, sometimes odd. */
export function randomMapTileSizes(rnd: Rnd, rank: number): number[] {
  const sizes = Array.from({ length: rank }, (_, d) => {
    const inner = d === rank - 1;
    if (chance(rnd, 0.08)) return pick(rnd, [3, 5, 6, 12, 24]);
    return inner ? pick(rnd, [1, 2, 4, 8, 16, 32, 64, 128, 256]) : pick(rnd, [1, 1, 2, 4, 8, 16]);
  });
  // At most 4096 elements a tile: the interpreter evaluates whole tiles (8x16x1x256 tiles took
  // minutes on a 16x1x16x20 problem), and larger ones are not what the sizes are tested for.
  while (sizes.reduce((a, b) => a * b, 1) > 4096) {
    const d = sizes.indexOf(Math.max(...sizes));
    sizes[d] = Math.max(1, Math.floor(sizes[d]! / 2));
  }
  return sizes;
}

/**
 * Row-kernel tile sizes [R, C]: R rows per workgroup (1, 2, 4, 8), C columns per block (a power of
 * two 32..1024, the smaller ones more often: rows longer than C go through passes over column
 * blocks). R x C stays at most 8192, so that one warp holds at most 256 elements a thread (the
 * register limit tile-tiling checks) whatever num-warps is drawn.
 */
export function randomRowTileSizes(rnd: Rnd): number[] {
  const rows = pick(rnd, [1, 1, 2, 2, 4, 8]);
  const cols = pick(
    rnd,
    [32, 32, 64, 64, 128, 256, 512, 1024].filter((c) => rows * c <= 8192),
  );
  return [rows, cols];
}

/**
 * FlashAttention tile sizes [BM, BN, BD] or [BM, BN, BD, BK]: queries and keys a step, the head
 * dimension covered (below the head dimensions drawn now and then: the unfused fallback runs),
 * and sometimes that dimension in chunks of BK.
 */
export function randomAttentionTileSizes(rnd: Rnd): number[] {
  const sizes = [pick(rnd, [4, 8, 16, 16, 32, 64]), pick(rnd, [4, 8, 16, 16, 32]), pick(rnd, [8, 16, 32, 32, 64, 128])];
  if (chance(rnd, 0.2))
    sizes.push(
      pick(
        rnd,
        [4, 8, 16].filter((bk) => sizes[2]! % bk === 0),
      ),
    );
  return sizes;
}

function randomTileSizes(rnd: Rnd, what: TileSizesFor): number[] {
  if (what.kind === 'matmul') return randomMatmulTileSizes(rnd);
  if (what.kind === 'attention') return randomAttentionTileSizes(rnd);
  if (what.kind === 'rows') return [...new Array<number>(Math.max(0, (what.rank ?? 2) - 2)).fill(1), ...randomRowTileSizes(rnd)];
  if (what.kind === 'map') return randomMapTileSizes(rnd, what.rank);
  return [];
}

/**
 * A random configuration of `pipeline`. Every parameter is drawn (an option may be left at its
 * default by drawing it): tile-sizes as `what` says, num-warps 1..8, max-grid-dims 1..3, fuse,
 * async-copy-loads all / dot-operands / none, pack-lhs, transpose-lhs, num-stages 1..5,
 * num-buffers 0 (what the schedule needs) or 1..3 more than it needs, peel-epilogue (and, when
 * it is off, peel-prologue),
 * register-stages 0..3, synchronous-copies, vectorize, subgroups with subgroup-size a power of two
 * 1..128, max-workgroup-memory (mostly roomy, sometimes tight enough to refuse), and
 * auto-config (mostly on), auto-min-workgroups (the automatic matmul configuration's threshold)
 * and split-k (mostly automatic; slices that leave some empty at the small K tests run), and
 * max-workgroups-per-dimension (mostly WebGPU's; 1 to 3, so that blocks spill onto a second axis).
 */
export function randomTileConfig(rnd: Rnd, pipeline: TilePipeline, what: TileSizesFor): TileConfig {
  const options: Record<string, TileOptionValue> = {};
  const sizes = randomTileSizes(rnd, what);
  // Tiny tiles: one warp, else 32 threads or more per tile of 8 elements hold copies.
  const small = sizes.length > 0 && sizes.reduce((a, b) => a * b, 1) <= 64;
  options['tile-sizes'] = sizes;
  options['num-warps'] = small && chance(rnd, 0.7) ? 1 : pick(rnd, [1, 1, 2, 2, 4, 8]);
  options['max-grid-dims'] = pick(rnd, [1, 2, 3, 3]);
  options['pack-lhs'] = chance(rnd, 0.25);
  // fuse and what follows it are drawn last, so the other draws of a seed stay what they were
  // before those options existed.
  if (pipeline === 'tile-tiled') {
    withFuse(rnd, { pipeline, options });
    // Only the automatic matmul configuration (no tile-sizes) reads these in @tile-tiled.
    options['num-stages'] = 1 + Math.floor(rnd() * 5);
    options['max-workgroup-memory'] = pick(rnd, [0, 0, 16384, 65536, 8192]);
    return withPlannedCopies(rnd, withAutoMinWorkgroups(rnd, { pipeline, options }));
  }
  const stages = 1 + Math.floor(rnd() * 5);
  options['async-copy-loads'] = pick(rnd, ['all', 'all', 'dot-operands', 'none']);
  options['transpose-lhs'] = chance(rnd, 0.4);
  options['num-stages'] = stages;
  // 0: what the schedule needs (stages - 1, at least 1); else more than it needs.
  options['num-buffers'] = chance(rnd, 0.6) ? 0 : Math.max(1, stages - 1) + Math.floor(rnd() * 3);
  options['peel-epilogue'] = chance(rnd, 0.5);
  options['register-stages'] = pick(rnd, [0, 0, 1, 2, 3]);
  if (pipeline === 'tile-pipelined') {
    options['max-workgroup-memory'] = pick(rnd, [0, 0, 0, 65536, 16384, 4096]);
    return withPeelPrologue(rnd, withPlannedCopies(rnd, withAutoMinWorkgroups(rnd, withFuse(rnd, { pipeline, options }))));
  }
  options['synchronous-copies'] = chance(rnd, 0.25);
  options['vectorize'] = chance(rnd, 0.75);
  options['subgroups'] = chance(rnd, 0.4);
  options['subgroup-size'] = pick(rnd, [1, 2, 4, 4, 8, 16, 32, 64, 128]);
  options['max-workgroup-memory'] = pick(rnd, [16384, 16384, 32768, 65536, 131072, 8192]);
  return withPeelPrologue(rnd, withAutoMinWorkgroups(rnd, withFuse(rnd, { pipeline, options })));
}

type DrawnConfig = { pipeline: TilePipeline; options: Record<string, TileOptionValue> };

/** `config` with peel-prologue drawn where the epilogue is predicated (a peeled one needs a peeled prologue). */
function withPeelPrologue(rnd: Rnd, config: DrawnConfig): DrawnConfig {
  const predicatedEpilogue = config.options['peel-epilogue'] === false;
  config.options['peel-prologue'] = !(chance(rnd, 0.5) && predicatedEpilogue);
  return config;
}

/** `config` with `fuse` drawn (mostly on, the default). */
function withFuse(rnd: Rnd, config: DrawnConfig): DrawnConfig {
  config.options['fuse'] = chance(rnd, 0.75);
  return config;
}

/**
 * `config` with `auto-min-workgroups` drawn: mostly the default, often small enough that the
 * automatic matmul configuration takes its largest tiles at the small sizes tests run; then
 * `split-k`.
 */
function withAutoMinWorkgroups(rnd: Rnd, config: DrawnConfig): TileConfig {
  config.options['auto-min-workgroups'] = pick(rnd, [256, 256, 1, 4, 16]);
  config.options['auto-config'] = chance(rnd, 0.8);
  config.options['split-k'] = pick(rnd, [0, 0, 0, 1, 2, 3, 7]);
  // Limits small enough that the small problems tests run spill their blocks onto a second axis.
  config.options['max-workgroups-per-dimension'] = pick(rnd, [0, 0, 0, 1, 2, 3]);
  return config;
}

/**
 * `config` with what the automatic matmul configuration plans its copies for, where the pipeline
 * only passes it on to tiling (drawn last: the other draws of a seed stay what they were).
 */
function withPlannedCopies(rnd: Rnd, config: TileConfig): TileConfig {
  const options = config.options as Record<string, TileOptionValue>;
  if (config.pipeline === 'tile-tiled') options['async-copy-loads'] = pick(rnd, ['all', 'all', 'dot-operands', 'none']);
  options['synchronous-copies'] = chance(rnd, 0.25);
  return config;
}

/** `name=value ...` as pipeline text takes it (an empty tile-sizes is left out: per-op defaults). */
export function optionsText(options: Readonly<Record<string, TileOptionValue>>): string {
  return Object.entries(options)
    .filter(([, v]) => !(Array.isArray(v) && v.length === 0))
    .map(([k, v]) => `${k}=${Array.isArray(v) ? v.join(',') : String(v)}`)
    .join(' ');
}

/** `@pipeline{options}` */
export function pipelineText(config: TileConfig): string {
  const text = optionsText(config.options);
  return text ? `@${config.pipeline}{${text}}` : `@${config.pipeline}`;
}

/**
 * `options` of a fusion candidate's configuration with its tile sizes dropped where it is not
 * fused: unfused, its ops are tiled one by one, and sizes drawn for the fused kernel (a row
 * kernel's [.., R, C], a matmul's [BM, BN, BK]) fit only some of them.
 */
export function fusedSizesOnly(options: Readonly<Record<string, TileOptionValue>>): Record<string, TileOptionValue> {
  return options['fuse'] === false ? { ...options, 'tile-sizes': [] } : { ...options };
}

/** Whether a diagnostic is one of the compiler's legitimate refusals of a configuration. */
export function isRefusal(message: string): boolean {
  return (
    /tile-sizes=[0-9,]+:/.test(message) || /option 'tile-sizes' has \d+ entries but '[\w.]+' needs/.test(message) || /bytes of workgroup memory, more than the \d+ allowed/.test(message)
  );
}

/** The distinct values each option took over `configs` (for coverage checks). */
export function optionCoverage(configs: readonly TileConfig[]): Map<string, Set<string>> {
  const seen = new Map<string, Set<string>>();
  for (const c of configs) {
    for (const [k, v] of Object.entries(c.options)) {
      let s = seen.get(k);
      if (!s) seen.set(k, (s = new Set()));
      s.add(Array.isArray(v) ? v.join(',') : String(v));
    }
  }
  return seen;
}
