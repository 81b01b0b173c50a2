import { failure, type Failure, isFailure } from '../../../core/ir/diagnostics.js';
import type { Location } from '../../../core/ir/location.js';
import type { Operation } from '../../../core/ir/operation.js';
import { symbolName } from '../../../core/ir/symbol-table.js';
import { definePass } from '../../../core/pass/pass.js';
import { ModuleOp } from '../../../dialects/builtin/index.js';
import { FuncOp } from '../../../dialects/func/index.js';
import { FusionOp, fusedOps, fusionIntermediates, hasBroadcastInputs, MapOp, MatmulOp, ReductionOp } from '../../../dialects/tile/index.js';
import { fusedProgram, type KernelProgram, kernelProgram } from './fused-program.js';
import { rowDefaultTileSizes, tileRows } from './tiling-rows.js';
import { KERNELS_MODULE, KernelOutliner, kernelsSymbolClash } from './kernels.js';
import { isPowerOfTwo } from '../layouts.js';
import { untileableBody } from './map-body.js';
import { tileSizeError } from './tile-size-rules.js';
import { mapDefaultTileSizes, mapRank, tileMap } from './tiling-map.js';
import { MATMUL_DEFAULT_TILE_SIZES, MATMUL_TILE_SIZES_TEXT, tileMatmul } from './tiling-matmul.js';
import { ATTENTION_DEFAULT_TILE_SIZES, ATTENTION_TILE_SIZES_TEXT, tileAttention } from './tiling-attention.js';

const PASS = 'tile-tiling';

/** A whole-problem op to tile, with its tile sizes. */
interface Target {
  readonly op: Operation;
  readonly sizes: readonly number[];
  readonly func: Operation;
  readonly module: Operation;
  readonly program: KernelProgram | undefined;
}

/** The tile sizes an op needs: how many, and the defaults. */
function tileSizeNeeds(op: Operation, program: KernelProgram | undefined): { count: number; text: string; defaults: readonly number[] } {
  if (program?.kind === 'attention') return { count: 3, text: ATTENTION_TILE_SIZES_TEXT, defaults: ATTENTION_DEFAULT_TILE_SIZES };
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
  if (option.length !== needs.count) return failure(`${prefix} has ${option.length} entries but '${op.name}' needs ${needs.text}`);
  if (option.some((s) => s < 1)) return failure(`${prefix} entries must be positive, got [${option.join(', ')}] for '${op.name}'`);
  if (program?.kind === 'rows' && option.slice(0, -2).some((s) => s !== 1))
    return failure(`${prefix} is [${option.join(', ')}] but a row kernel ('${op.name}') takes 1 for every dimension before the last two, got [${option.join(', ')}]`);
  return option;
}

/** Why the num-warps / max-grid-dims options are invalid, or undefined. */
function optionsError(numWarps: number, maxGridDims: number): Failure | undefined {
  if (!isPowerOfTwo(numWarps)) return failure(`'${PASS}' option 'num-warps' must be a power of two, got ${numWarps}`);
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
    '[BM, BN, BK] = [32, 32, 16]; map of rank 1: [256]; map of rank r >= 2: [1, ..., 1, 4, 64]. Grid dimensions beyond ' +
    'max-grid-dims are combined into the highest grid axis. With pack-lhs, a matmul without transpose_a first launches a ' +
    'kernel that writes Aᵀ into a memref.alloc (64x64 tiles transposed through workgroup memory, freed after the call) ' +
    'and its kernel reads that as transpose_a. A tile.reduction, or a tile.map with broadcast inputs (non-identity ' +
    'indexing_maps), is refused: not tiled yet.',
  opName: ModuleOp.name,
  options: {
    'tile-sizes': { type: 'int-list', help: 'Tile sizes: [BM, BN, BK] for tile.matmul, one per dimension for tile.map; empty: matmul 32,32,16, map 256 (rank 1) or 1,...,1,4,64' },
    'num-warps': { type: 'uint', default: 4, help: 'Warps (of 32 threads) per workgroup; a power of two' },
    'max-grid-dims': { type: 'uint', default: 3, help: 'Grid axes the launch may use (1 to 3); further tiled dimensions are combined' },
    'check-lowering': {
      type: 'bool',
      default: true,
      help: 'Refuse tile sizes whose register tiles the lowering to SIMT code cannot lay out over the threads (docs/lowering.md); off: tile-level IR for any sizes',
    },
    'pack-lhs': {
      type: 'bool',
      default: false,
      help: "Give a tile.matmul whose A is row-major a K-major copy of A (memref.alloc'd around the call, written by a transposing kernel launched first) and read it as transpose_a does",
    },
  },
  statistics: { 'num-kernels': 'Number of kernels created' },
  dependentDialects: ['arith', 'gpu', 'memref', 'scf', 'tile'],
  run(root, pass) {
    const numWarps = pass.options['num-warps'];
    const maxGridDims = pass.options['max-grid-dims'];
    const ops = wholeProblemOps(root);
    const fail = (loc: Location, message: string) => void pass.fail(loc, message);
    const badOptions = optionsError(numWarps, maxGridDims);
    if (badOptions) return fail((ops[0] ?? root).loc, badOptions.message);

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
      const sizes = tileSizesFor(op, program, pass.options['tile-sizes']);
      if (isFailure(sizes)) return fail(op.loc, sizes.message);
      const kernel = program?.kind === 'rows' || program?.kind === 'attention' ? program.kind : undefined;
      const unfit = pass.options['check-lowering'] ? tileSizeError(program?.kind === 'epilogue' ? program.ops[0]!.op : op, sizes, numWarps, pass.options['pack-lhs'], kernel) : undefined;
      if (unfit) return fail(op.loc, unfit.message);
      const func = hostFunctionOf(op)!;
      const module = func.parentOp!;
      const clash = kernelsSymbolClash(module);
      if (clash) return fail(clash.loc, `cannot add kernels to this module: its symbol '${KERNELS_MODULE}' is a '${clash.name}', not a gpu.module`);
      targets.push({ op, sizes, func, module, program });
    }

    const outliners = new Map<Operation, KernelOutliner>();
    const tile = ({ op, sizes, func, module, program }: Target): void => {
      let outliner = outliners.get(module);
      if (!outliner) outliners.set(module, (outliner = new KernelOutliner(pass.context, module)));
      const tiling = { context: pass.context, outliner, kernelName: symbolName(func) ?? 'kernel', numWarps, maxGridDims, packLhs: pass.options['pack-lhs'] };
      pass.addStatistic('num-kernels');
      if (program?.kind === 'attention') {
        // Head dimensions past BD run the chain unfused: its ops, each tiled alone with its default sizes.
        for (const fallback of tileAttention(op, program, sizes, tiling)) {
          const alone = programOf(fallback);
          // Each op of a chain that fused as attention is tiled alone: refusing one is a bug.
          if (isFailure(alone)) throw new Error(`internal: ${alone.message}`);
          tile({ op: fallback, sizes: tileSizeNeeds(fallback, alone).defaults, func, module, program: alone });
        }
      } else if (program?.kind === 'epilogue') tileMatmul(program.ops[0]!.op, sizes, tiling, { program, anchor: op });
      else if (program) tileRows(op, program, sizes, tiling);
      else if (MatmulOp.isa(op)) tileMatmul(op, sizes, tiling);
      else tileMap(op, sizes, tiling);
    };
    for (const target of targets) tile(target);
  },
});
