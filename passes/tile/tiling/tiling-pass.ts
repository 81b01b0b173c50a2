import { failure, type Failure, isFailure } from '../../../core/ir/diagnostics.js';
import type { Location } from '../../../core/ir/location.js';
import type { Operation } from '../../../core/ir/operation.js';
import { symbolName } from '../../../core/ir/symbol-table.js';
import { definePass } from '../../../core/pass/pass.js';
import { ModuleOp } from '../../../dialects/builtin/index.js';
import { FuncOp } from '../../../dialects/func/index.js';
import { FusionOp, fusedOps, fusionIntermediates, hasBroadcastInputs, MapOp, MatmulOp, matmulBatchRank, ReductionOp } from '../../../dialects/tile/index.js';
import { WEBGPU_DEFAULT_MAX_BLOCKS_PER_AXIS } from './grid.js';
import { fusedProgram, type KernelProgram, kernelProgram } from './fused-program.js';
import { programBuffers, rowDefaultTileSizes, tileRows, tileRowVariants } from './tiling-rows.js';
import { KERNELS_MODULE, KernelOutliner, kernelsSymbolClash } from './kernels.js';
import { isPowerOfTwo } from '../layouts.js';
import { untileableBody } from './map-body.js';
import { tileSizeError } from './tile-size-rules.js';
import { mapDefaultTileSizes, mapRank, tileMap } from './tiling-map.js';
import { MATMUL_DEFAULT_TILE_SIZES, MATMUL_TILE_SIZES_TEXT, PACK_TILE, packable, packOperands, type PackedOperands, splittable, tileMatmul, vectorMatrixApplies } from './tiling-matmul.js';
import {
  ATTENTION_REGISTER_STAGES,
  type AttentionConfig,
  attentionVariants,
  AUTO_MIN_WORKGROUPS,
  SPLIT_K_WORKGROUPS_FACTOR,
  buildRuleCondition,
  chooseStatic,
  ruleHolds,
  type MapConfig,
  mapConfig,
  type MatmulConfig,
  type MatmulVariant,
  matmulVariants,
  operandPathOf,
  ROW_REGISTER_STAGES,
  type RowConfig,
  rowVariants,
} from './auto-config.js';
import { WEBGPU_DEFAULT_WORKGROUP_MEMORY } from '../workgroup-memory.js';
import type { SplitK, TilingContext } from './tiling-context.js';
import { IndexBuilder } from './index-builder.js';
import { buildIfThenElse } from '../../../dialects/scf/builder.js';
import type { Value } from '../../../core/ir/value.js';
import type { MemRefType } from '../../../core/ir/types.js';
import { elementByteSize } from '../../../dialects/memref/types.js';
import { ATTENTION_DEFAULT_TILE_SIZES, ATTENTION_TILE_SIZES_TEXT, attentionChunkError, tileAttention } from './tiling-attention.js';

const PASS = 'tile-tiling';
/** Warps per workgroup when num-warps is 0 and no automatic configuration applies. */
const DEFAULT_WARPS = 4;

/** A whole-problem op to tile, with its tile sizes (or, for a matmul configured automatically, its variants). */
interface Target {
  readonly op: Operation;
  readonly sizes: readonly number[];
  readonly func: Operation;
  readonly module: Operation;
  readonly program: KernelProgram | undefined;
  readonly variants?: readonly MatmulVariant[];
  /** Warps and loop stages of a map configured automatically. */
  readonly mapConfig?: MapConfig;
  /** The kernels of an attention chain configured automatically, one per head dimension they cover. */
  readonly attention?: readonly AttentionConfig[];
  /** The kernels of a row program configured automatically, by the row length they read at once. */
  readonly rows?: readonly RowConfig[];
}

/** The tile sizes an op needs: how many, and the defaults. */
function tileSizeNeeds(op: Operation, program: KernelProgram | undefined): { count: number; optional?: number; text: string; defaults: readonly number[] } {
  if (program?.kind === 'attention') return { count: 3, optional: 1, text: ATTENTION_TILE_SIZES_TEXT, defaults: ATTENTION_DEFAULT_TILE_SIZES };
  if (MatmulOp.isa(op) || program?.kind === 'epilogue') return { count: 3, text: MATMUL_TILE_SIZES_TEXT, defaults: MATMUL_DEFAULT_TILE_SIZES };
  if (program)
    return { count: program.rank, text: `${program.rank} (one per dimension of its rows: 1, ..., 1, rows per workgroup, columns per block)`, defaults: rowDefaultTileSizes(program.rank) };
  const rank = mapRank(op);
  return { count: rank, text: `${rank} (one per dimension of its iteration space)`, defaults: mapDefaultTileSizes(rank) };
}

/** The tile sizes of `op` from the option (or its defaults), or why the option does not fit it. */
function tileSizesFor(op: Operation, program: KernelProgram | undefined, option: readonly number[]): readonly number[] | Failure {
  const needs = tileSizeNeeds(op, program);
  if (option.length === 0) return needs.defaults;
  const prefix = `'${PASS}' option 'tile-sizes'`;
  if (option.length < needs.count || option.length > needs.count + (needs.optional ?? 0)) return failure(`${prefix} has ${option.length} entries but '${op.name}' needs ${needs.text}`);
  if (option.some((s) => s < 1)) return failure(`${prefix} entries must be positive, got [${option.join(', ')}] for '${op.name}'`);
  const chunkError = program?.kind === 'attention' ? attentionChunkError(option) : undefined;
  if (chunkError) return failure(`${prefix} is [${option.join(', ')}] but ${chunkError}`);
  if (program?.kind === 'rows' && option.slice(0, -2).some((s) => s !== 1))
    return failure(`${prefix} is [${option.join(', ')}] but a row kernel ('${op.name}') takes 1 for every dimension before the last two, got [${option.join(', ')}]`);
  return option;
}

/** Why the num-warps / max-grid-dims options are invalid, or undefined. */
function optionsError(numWarps: number, maxGridDims: number): Failure | undefined {
  if (numWarps !== 0 && !isPowerOfTwo(numWarps)) return failure(`'${PASS}' option 'num-warps' must be 0 or a power of two, got ${numWarps}`);
  if (maxGridDims < 1 || maxGridDims > 3) return failure(`'${PASS}' option 'max-grid-dims' must be 1, 2 or 3, got ${maxGridDims}`);
  return undefined;
}

/** The function of a module `op` is in (host code), if any. */
function hostFunctionOf(op: Operation): Operation | undefined {
  const fn = op.parentOfType((p) => p.hasTrait('IsolatedFromAbove'));
  return FuncOp.isa(fn) && ModuleOp.isa(fn!.parentOp) ? fn : undefined;
}

/** The whole-problem ops inside functions of `root` (in nested modules too), in walk order. */
function wholeProblemOps(root: Operation): Operation[] {
  const ops: Operation[] = [];
  root.walk((op) => {
    const inFusion = FusionOp.isa(op.parentOp);
    if ((MatmulOp.isa(op) || MapOp.isa(op) || ReductionOp.isa(op) || FusionOp.isa(op)) && !inFusion && hostFunctionOf(op)) ops.push(op);
  }, 'pre');
  return ops;
}

/**
 * The program of a kernel that computes several whole-problem ops, or a reduction or a map with
 * broadcast inputs (a row kernel); undefined for ops tiled on their own (matmuls, plain maps);
 * a Failure says why it cannot be tiled.
 */
function programOf(op: Operation): KernelProgram | Failure | undefined {
  if (FusionOp.isa(op)) {
    const program = kernelProgram(fusedOps(op), fusionIntermediates(op));
    return isFailure(program) ? program.wrap(`cannot tile 'tile.fusion': `) : program;
  }
  if (!ReductionOp.isa(op) && !(MapOp.isa(op) && hasBroadcastInputs(op))) return undefined;
  const program = fusedProgram([op], new Set());
  if (isFailure(program)) return program.wrap(`cannot tile '${op.name}': `, ' (other reductions and broadcasts are not tiled yet)');
  return program;
}

/** The maps a kernel computes: `op`, or those of its program. */
const mapsOf = (op: Operation, program: KernelProgram | undefined): Operation[] =>
  (program?.kind === 'attention' ? [...program.ops] : program ? program.ops.map((p) => p.op) : [op]).filter((o) => MapOp.isa(o));

export const tileTilingPass = definePass({
  name: PASS,
  displayName: 'TileTiling',
  summary: 'Tile whole-problem tile.matmul / tile.map ops into gpu kernels over a grid of workgroups',
  description:
    'Replaces every tile.matmul and tile.map in a function by host code launching a new kernel (gpu.launch_func of a ' +
    `gpu.func in the module's gpu.module @${KERNELS_MODULE}, named after the function) in which each workgroup handles one ` +
    'tile: a matmul walks K in steps of BK with masked tile.load and tile.dot into a #tile.blocked accumulator; a map of ' +
    'rank r >= 2 walks its last dimension in an scf.for and the grid covers the others. Default tile sizes: matmul ' +
    'chosen per shape (below); map of rank 1: [256]; map of rank r >= 2: [1, ..., 1, 4, 64]. Grid dimensions beyond ' +
    'max-grid-dims are combined into the highest grid axis. With pack-lhs, a matmul without transpose_a first launches a ' +
    'kernel that writes Aᵀ into a memref.alloc (64x64 tiles transposed through workgroup memory, freed after the call) ' +
    'and its kernel reads that as transpose_a. A tile.reduction, a tile.map with broadcast inputs and a tile.fusion ' +
    'become row kernels, matmul epilogues or FlashAttention kernels (docs/passes.md). A matmul (alone or with a fused epilogue, no batch dimensions) without ' +
    'tile-sizes is configured automatically (tile sizes, warps, stages, packing of A unless an epilogue is fused): one row ' +
    'takes vector-matrix products where it can (f32, A not transposed; B streamed through registers, no tile.dot); at most 8 ' +
    'rows take 8x64 tiles and at most 16 rows 16x64 tiles with K split over workgroups (split-k), or 16x64 tiles unsplit; ' +
    'otherwise the largest of 256x128, 128x128 and 64x64 tiles that fits max-workgroup-memory and gives at least ' +
    'auto-min-workgroups workgroups, else the smallest that fits. Static shapes choose when compiling; dynamic ones get a ' +
    'kernel per candidate and an scf.if chain in the host code that launches the one the rule picks at run time. An ' +
    'attention chain without tile-sizes gets a FlashAttention kernel per head dimension of up to 32, 64 and 128 (the ' +
    'largest of 64x64 blocks on 8 warps, 64x32, 32x32 and 16x16 on 4 that fits max-workgroup-memory; K and V loaded into ' +
    'registers, not pipelined), launched by the head dimension at run time, the unfused ops past 128. A row program ' +
    'without tile-sizes gets a kernel per row length: [1, ..., 1, 4, 256] on 2 warps up to 256 columns, [1, ..., 1, 2, 1024] on 4 up to 1024, ' +
    '[1, ..., 1, 1, 2048] on 4 up to 2048, else [1, ..., 1, 1, 4096] on 8, launched by the row length at run time.',
  opName: ModuleOp.name,
  options: {
    'tile-sizes': {
      type: 'int-list',
      help: 'Tile sizes: [BM, BN, BK] for tile.matmul, one per dimension for tile.map, [1, ..., 1, R, C] for a row program, [BM, BN, BD(, BK)] for attention; empty: matmuls, maps of rank >= 2, row programs and attention configured automatically (auto-config), a map of rank 1 256',
    },
    'num-warps': {
      type: 'uint',
      default: 0,
      help: `Warps (of 32 threads) per workgroup, a power of two; 0: the automatic configuration's for a matmul without tile-sizes, else ${DEFAULT_WARPS}`,
    },
    'num-stages': {
      type: 'uint',
      default: 0,
      help: "Stages the automatic configuration plans a matmul's K loop for (its workgroup memory); 0: it chooses (2) and writes tile.num_stages on the loop",
    },
    'max-workgroup-memory': {
      type: 'uint',
      default: 0,
      help: `Bytes of workgroup memory the automatic configuration may plan for; 0: WebGPU's default, ${WEBGPU_DEFAULT_WORKGROUP_MEMORY}`,
    },
    'async-copy-loads': {
      type: 'enum',
      values: ['all', 'dot-operands', 'none'],
      default: 'all',
      help: "The loads tile-async-copy will copy (its 'loads'): with none the automatic configuration plans buffers for a matmul's operands loaded into registers and stored for the dot",
    },
    'synchronous-copies': {
      type: 'bool',
      default: false,
      help: "Whether convert-async-to-gpu will store copies where they are issued (its 'synchronous'): the automatic configuration then plans a second buffer of each matmul operand for the dot",
    },
    'auto-config': {
      type: 'bool',
      default: true,
      help: 'Configure matmuls, maps of rank >= 2, row programs and attention without tile-sizes per shape (docs/passes.md); false: fixed defaults (matmul 32,32,16, map 1,...,1,4,64, rows 1,...,1,1,256, attention 16,16,32, 4 warps)',
    },
    'auto-min-workgroups': {
      type: 'uint',
      default: AUTO_MIN_WORKGROUPS,
      help: 'The automatic configuration takes the largest matmul tile that still gives this many workgroups (docs/tile-pipeline.md)',
    },
    'max-grid-dims': { type: 'uint', default: 3, help: 'Grid axes the launch may use (1 to 3); further tiled dimensions are combined' },
    'max-workgroups-per-dimension': {
      type: 'uint',
      default: 0,
      help: `Workgroups a launch may have along one grid axis (the adapter's maxComputeWorkgroupsPerDimension); where the blocks of the highest axis used may be more, they continue on the next axis. 0: WebGPU's default, ${WEBGPU_DEFAULT_MAX_BLOCKS_PER_AXIS}`,
    },
    'check-lowering': {
      type: 'bool',
      default: true,
      help: 'Refuse tile sizes whose register tiles the lowering to SIMT code cannot lay out over the threads (docs/lowering.md); off: tile-level IR for any sizes',
    },
    'split-k': {
      type: 'uint',
      default: 0,
      help:
        "Split a matmul's K over workgroups, each slice writing a partial C that a second kernel sums (f32 C, no batch, no fused epilogue): " +
        '0: for the automatic skinny configuration only, into as many slices as bring the grid to twice auto-min-workgroups; 1: never; N: N slices',
    },
    'pack-lhs': {
      type: 'bool',
      default: false,
      help: "Give a tile.matmul whose A is row-major a K-major copy of A (memref.alloc'd around the call, written by a transposing kernel launched first) and read it as transpose_a does",
    },
  },
  statistics: { 'num-kernels': 'Number of kernels created', 'num-variants': 'Number of matmul kernels chosen among at run time' },
  dependentDialects: ['arith', 'gpu', 'memref', 'scf', 'tile'],
  run(root, pass) {
    const numWarps = pass.options['num-warps'];
    const maxGridDims = pass.options['max-grid-dims'];
    const maxBlocksPerAxis = pass.options['max-workgroups-per-dimension'] || WEBGPU_DEFAULT_MAX_BLOCKS_PER_AXIS;
    const ops = wholeProblemOps(root);
    const fail = (loc: Location, message: string) => void pass.fail(loc, message);
    const badOptions = optionsError(numWarps, maxGridDims);
    if (badOptions) return fail((ops[0] ?? root).loc, badOptions.message);
    const warps = numWarps || DEFAULT_WARPS;
    const automatic = pass.options['auto-config'] && pass.options['tile-sizes'].length === 0;
    const planning = { numWarps, numStages: pass.options['num-stages'], maxWorkgroupMemory: pass.options['max-workgroup-memory'] };
    // split-k: N > 1 slices for every plain matmul; 0 the automatic skinny configuration's run-time count; 1 none.
    const fixedSplit: SplitK | undefined = pass.options['split-k'] > 1 ? { slices: pass.options['split-k'] } : undefined;
    const autoSplit: SplitK | undefined = pass.options['split-k'] === 1 ? undefined : (fixedSplit ?? { workgroups: SPLIT_K_WORKGROUPS_FACTOR * pass.options['auto-min-workgroups'] });
    /** The variants of a matmul (alone or with its epilogue) configured automatically. */
    const autoMatmul = (op: Operation, program: KernelProgram | undefined): readonly MatmulVariant[] | undefined => {
      const matmul = matmulOf(op, program);
      if (!automatic || !MatmulOp.isa(matmul) || matmulBatchRank(matmul) > 0) return undefined;
      const elementBytes = elementBytesOf(MatmulOp.view(matmul).a);
      return matmulVariants({
        ...planning,
        minWorkgroups: pass.options['auto-min-workgroups'],
        operandPath: operandPathOf(pass.options['async-copy-loads'], pass.options['synchronous-copies']),
        transposedLhs: matmul.properties.has('transpose_a'),
        elementBytes,
        extraBytes: ([, bn]) => broadcastRows(program) * bn! * 4,
        // A fused epilogue stays one kernel (no packing kernel before it).
        packable: packable(matmul) && program?.kind !== 'epilogue',
        packBytes: PACK_TILE * PACK_TILE * elementBytes,
        splitK: splittable(matmul) && program?.kind !== 'epilogue' ? autoSplit : undefined,
        vectorMatrix: vectorMatrixApplies(matmul) && program?.kind !== 'epilogue',
        unfit: (sizes, w, packLhs) => pass.options['check-lowering'] && tileSizeError(matmul, sizes, w, packLhs) !== undefined,
      });
    };
    /** The configuration of a plain map of rank >= 2 configured automatically (undefined: the fixed defaults). */
    const autoMap = (op: Operation, program: KernelProgram | undefined): MapConfig | undefined => {
      if (!automatic || program || !MapOp.isa(op) || mapRank(op) < 2) return undefined;
      const inputBytes = MapOp.view(op).inputs.reduce((n, v) => n + elementBytesOf(v), 0);
      return mapConfig(mapRank(op), inputBytes, { ...planning, unfit: (sizes, w) => pass.options['check-lowering'] && tileSizeError(op, sizes, w, false) !== undefined });
    };

    /** The kernels of an attention chain configured automatically (undefined: the fixed defaults, where none fits). */
    const autoAttention = (op: Operation, program: KernelProgram | undefined): readonly AttentionConfig[] | undefined => {
      if (!automatic || program?.kind !== 'attention') return undefined;
      const configs = attentionVariants({ ...planning, unfit: (sizes, w) => pass.options['check-lowering'] && tileSizeError(op, sizes, w, false, 'attention') !== undefined });
      return configs.length > 0 ? configs : undefined;
    };

    /** The kernels of a row program configured automatically (undefined: tile sizes given, or none fits). */
    const autoRows = (op: Operation, program: KernelProgram | undefined): readonly RowConfig[] | undefined => {
      if (!automatic || program?.kind !== 'rows') return undefined;
      const configs = rowVariants(program.rank, { numWarps, unfit: (sizes, w) => pass.options['check-lowering'] && tileSizeError(op, sizes, w, false, 'rows') !== undefined });
      return configs.length > 0 ? configs : undefined;
    };

    // Everything is checked before anything changes.
    const targets: Target[] = [];
    for (const op of ops) {
      const program = programOf(op);
      if (isFailure(program)) return fail(op.loc, program.message);
      for (const map of mapsOf(op, program)) {
        if (mapRank(map) === 0) return fail(map.loc, `cannot tile 'tile.map': its iteration space has rank 0`);
        const body = untileableBody(map);
        if (body) return fail(body.op?.loc ?? map.loc, body.message);
      }
      const variants = autoMatmul(op, program);
      const mapAuto = autoMap(op, program);
      const attention = autoAttention(op, program);
      const rows = autoRows(op, program);
      const sizes = mapAuto?.sizes ?? tileSizesFor(op, program, pass.options['tile-sizes']);
      if (isFailure(sizes)) return fail(op.loc, sizes.message);
      const kernel = program?.kind === 'rows' || program?.kind === 'attention' ? program.kind : undefined;
      const unfit =
        pass.options['check-lowering'] && !variants && !attention && !rows
          ? tileSizeError(matmulOf(op, program), sizes, mapAuto?.numWarps ?? warps, pass.options['pack-lhs'], kernel)
          : undefined;
      if (unfit) return fail(op.loc, unfit.message);
      const func = hostFunctionOf(op)!;
      const module = func.parentOp!;
      const clash = kernelsSymbolClash(module);
      if (clash) return fail(clash.loc, `cannot add kernels to this module: its symbol '${KERNELS_MODULE}' is a '${clash.name}', not a gpu.module`);
      targets.push({ op, sizes, func, module, program, variants, mapConfig: mapAuto, attention, rows });
    }

    const outliners = new Map<Operation, KernelOutliner>();
    /** The tiling of a kernel of `func`; a variant's kernel is named after its tile sizes. */
    const tilingFor = (func: Operation, module: Operation, config?: MatmulConfig, variant = false): TilingContext => {
      let outliner = outliners.get(module);
      if (!outliner) outliners.set(module, (outliner = new KernelOutliner(pass.context, module)));
      const name = symbolName(func) ?? 'kernel';
      const base = { context: pass.context, outliner, kernelName: variant && config ? `${name}_${config.sizes.join('x')}` : name, maxGridDims, maxBlocksPerAxis };
      return config
        ? { ...base, numWarps: config.numWarps, packLhs: config.packLhs, numStages: config.numStages, splitK: config.splitK, vectorMatrix: config.vectorMatrix }
        : { ...base, numWarps: warps, packLhs: pass.options['pack-lhs'], splitK: fixedSplit };
    };
    const tile = ({ op, sizes, func, module, program, variants, mapConfig, attention, rows }: Target): void => {
      if (mapConfig) {
        pass.addStatistic('num-kernels');
        return tileMap(op, sizes, { ...tilingFor(func, module), numWarps: mapConfig.numWarps, numStages: mapConfig.numStages });
      }
      if (variants)
        return tileVariants(
          op,
          program,
          variants,
          (config, variant) => tilingFor(func, module, config, variant),
          () => pass.addStatistic('num-kernels'),
          () => pass.addStatistic('num-variants'),
        );
      const tiling = tilingFor(func, module);
      if (program?.kind === 'attention') {
        const kernels = attention
          ? attention.map((c) => ({
              sizes: c.sizes,
              tiling: { ...tiling, kernelName: `${tiling.kernelName}_${c.sizes.join('x')}`, numWarps: c.numWarps, registerStages: ATTENTION_REGISTER_STAGES },
            }))
          : [{ sizes, tiling }];
        const { fallback, kernels: built } = tileAttention(op, program, kernels);
        pass.addStatistic('num-kernels', built);
        if (built > 1) pass.addStatistic('num-variants', built);
        // Head dimensions past every BD run the chain unfused: its ops, each tiled alone with its default sizes.
        for (const one of fallback) {
          const alone = programOf(one);
          // Each op of a chain that fused as attention is tiled alone: refusing one is a bug.
          if (isFailure(alone)) throw new Error(`internal: ${alone.message}`);
          tile({ op: one, sizes: tileSizeNeeds(one, alone).defaults, func, module, program: alone });
        }
        return;
      }
      if (program?.kind === 'rows' && rows) {
        const built = tileRowVariants(
          op,
          program,
          rows.map((c) => ({ sizes: c.sizes, tiling: { ...tiling, numWarps: c.numWarps, registerStages: ROW_REGISTER_STAGES } })),
        );
        pass.addStatistic('num-kernels', built);
        if (built > 1) pass.addStatistic('num-variants', built);
        return;
      }
      pass.addStatistic('num-kernels');
      if (program?.kind === 'epilogue') tileMatmul(matmulOf(op, program), sizes, tiling, { program, anchor: op });
      else if (program) tileRows(op, program, sizes, tiling);
      else if (MatmulOp.isa(op)) tileMatmul(op, sizes, tiling);
      else tileMap(op, sizes, tiling);
    };
    for (const target of targets) tile(target);
  },
});

const elementBytesOf = (v: Value): number => elementByteSize((v.type as MemRefType).elementType);

/** The matmul of a kernel: `op` itself, or the one a fused epilogue's program starts with. */
const matmulOf = (op: Operation, program: KernelProgram | undefined): Operation => (program?.kind === 'epilogue' ? program.ops[0]!.op : op);

/** How many rank-1 inputs a fused epilogue broadcasts along rows (each a BN row in workgroup memory). */
function broadcastRows(program: KernelProgram | undefined): number {
  return program?.kind === 'epilogue' ? programBuffers(program).filter((v) => (v.type as MemRefType).rank === 1).length : 0;
}

/**
 * Tiles a matmul (or the fusion holding one, `op`) configured automatically: with static M and N
 * the variant the rule picks; otherwise one kernel per variant, chosen among at run time by an
 * scf.if chain in the host code. A's packed copy, when the variants pack, is made once, before
 * the variants that read it.
 */
function tileVariants(
  op: Operation,
  program: KernelProgram | undefined,
  variantsIn: readonly MatmulVariant[],
  tilingFor: (c: MatmulConfig, variant: boolean) => TilingContext,
  counted: () => void,
  variantCounted: () => void,
): void {
  let variants = variantsIn;
  // The clones in the branches read the same A and B as `op` (values from outside the fusion).
  const matmul = matmulOf(op, program);
  const tileOne = (anchor: Operation, config: MatmulConfig, packed: PackedOperands | undefined, variant: boolean): void => {
    counted();
    // A clone's program is its own (its ops are new).
    const own = anchor === op ? program : programOf(anchor);
    if (isFailure(own)) throw new Error(`internal: ${own.message}`);
    const tiling = tilingFor(config, variant);
    tileMatmul(matmulOf(anchor, own), config.sizes, tiling, own?.kind === 'epilogue' ? { program: own, anchor } : undefined, packed);
  };
  // M and N: C's, or the fused program's reference output's.
  const shaped = program?.kind === 'epilogue' ? program.reference : MatmulOp.view(op).c;
  const [m, n] = (shaped.type as MemRefType).shape;
  if (m! >= 0 && n! >= 0) {
    const chosen = chooseStatic(variants, m!, n!).config;
    return tileOne(op, chosen, undefined, false);
  }
  // A static M decides the skinny rule now: the canonicalizer would fold its test and leave a
  // kernel that nothing launches.
  if (m! >= 0) variants = staticRows(variants, m!);
  if (variants.length === 1) return tileOne(op, variants[0]!.config, undefined, false);
  // An scf.if per variant but the last: a clone of `op` tiled with the variant in its then
  // branch, `op` itself moved into its else branch for the rest.
  // One packed A (and padded B) for every variant that packs, padded for the largest of their tiles.
  const packing = variants.filter((v) => v.config.packLhs).map((v) => v.config.sizes);
  const padTo = [Math.max(0, ...packing.map((t) => t[0])), Math.max(0, ...packing.map((t) => t[1]))];
  let packed: PackedOperands | undefined;
  for (const [i, v] of variants.entries()) {
    if (!packed && v.config.packLhs) packed = packOperands(op, matmul, tilingFor(v.config, false), padTo);
    const reads = v.config.packLhs ? packed : undefined;
    if (i === variants.length - 1 || v.rule.kind === 'always') return tileOne(op, v.config, reads, true);
    variantCounted();
    const b = new IndexBuilder(tilingFor(v.config, false).context);
    b.loc = op.loc;
    b.setInsertionPointBefore(op);
    const cond = buildRuleCondition(b, v.rule, v.config.sizes, b.dim(shaped, 0), b.dim(shaped, 1))!;
    const branch = buildIfThenElse(
      b,
      cond,
      [],
      () => [],
      () => [],
    );
    const chosen = op.clone();
    chosen.moveBefore(branch.region(0).entry!.last!);
    op.moveBefore(branch.region(1).entry!.last!);
    tileOne(chosen, v.config, reads, true);
  }
}

/**
 * The variants left once M is known to be `m`: the first skinny one that applies alone, or all but
 * the skinny ones and those an earlier one covers. A workgroups rule covers a later one where it
 * gives at least as many workgroups for every N (as many row blocks or more, columns no wider):
 * the later variant is never chosen, and the canonicalizer, folding its test (the same test where
 * the row blocks and columns are equal), would leave its kernel with no launch.
 */
function staticRows(variants: readonly MatmulVariant[], m: number): readonly MatmulVariant[] {
  const skinny = variants.find((v) => v.rule.kind === 'skinny' && ruleHolds(v.rule, v.config.sizes, m, 1));
  if (skinny) return [skinny];
  const rowBlocks = (v: MatmulVariant) => Math.ceil(m / v.config.sizes[0]!);
  const covers = (a: MatmulVariant, b: MatmulVariant) =>
    a.rule.kind === 'workgroups' && b.rule.kind === 'workgroups' && a.rule.min <= b.rule.min && rowBlocks(a) >= rowBlocks(b) && a.config.sizes[1]! <= b.config.sizes[1]!;
  const kept: MatmulVariant[] = [];
  for (const v of variants) if (v.rule.kind !== 'skinny' && !kept.some((k) => covers(k, v))) kept.push(v);
  return kept;
}
