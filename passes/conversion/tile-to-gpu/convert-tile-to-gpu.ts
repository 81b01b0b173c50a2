import { DictionaryAttr, IntegerAttr } from '../../../core/ir/attributes.js';
import type { Diagnostic } from '../../../core/ir/diagnostics.js';
import type { Operation } from '../../../core/ir/operation.js';
import { IntegerType } from '../../../core/ir/types.js';
import type { OptionValue } from '../../../core/pass/options.js';
import { definePass, type PassContext } from '../../../core/pass/pass.js';
import { applyPartialConversion, type ConversionPattern } from '../../../core/rewrite/conversion.js';
import { type ConversionPatternEnv, populateDialectConversionPatterns } from '../../../core/rewrite/conversion-patterns-interface.js';
import { kernelsIn, workgroupAttributionBytes } from '../../../dialects/gpu/kernels.js';
import { ArithBuilder } from '../../../dialects/arith/builder.js';
import { isPowerOfTwo } from '../../tile/layouts.js';
import { WEBGPU_DEFAULT_WORKGROUP_MEMORY, workgroupMemoryExceeded } from '../../tile/workgroup-memory.js';
import { combineWorkgroupLoads } from './combine-loads.js';
import { applySwizzles, markSwizzledBuffers } from './swizzle.js';
import { TileLowering, type TileLoweringOptions } from './tile-lowering.js';
import { populateTileToGpuPatterns, tileToGpuTarget } from './tile-patterns.js';
import { tileTypeConverter } from './tile-type-converter.js';
import { insertWorkgroupBarriers } from './workgroup-barriers.js';

export const convertTileToGpuPass = definePass({
  name: 'convert-tile-to-gpu',
  displayName: 'ConvertTileToGPU',
  summary: 'Lower tile-level kernels to per-thread SIMT code (unrolled register tiles)',
  description:
    'Each gpu.func kernel whose tiles carry #tile.blocked layouts (tile-assign-layouts) becomes SIMT code: a register ' +
    'tile becomes the scalars the current thread holds, fully unrolled (at most 256 per tile and thread); tile.load and ' +
    'tile.store become per-thread accesses: one uniform in-bounds test per tile, then vector<4xT> or scalar accesses, masked per element (padding where out of bounds) at the edges; elementwise arith/math ops ' +
    'apply per element; tile.dot becomes FMAs over the unrolled K dimension reading its operands from workgroup memory ' +
    '(the buffer they were loaded from, or a staged copy between barriers); tile.cast and tile.transpose move elements ' +
    'between threads through workgroup memory; a tile.alloc with a #tile.shared swizzle gets it in the address arithmetic of every access; tile.reduce combines in registers, then across subgroup lanes with ' +
    'gpu.shuffle (subgroups=true), then through a workgroup buffer of partials; tile.broadcast reads a staged copy; tile.alloc becomes a workgroup attribution; loops and ifs carry the ' +
    'scalars. Async ops must be lowered before (not yet supported).',
  options: {
    vectorize: {
      type: 'bool',
      default: true,
      help: 'Read and write workgroup memory in vector<4xT> accesses where a thread touches 4 consecutive aligned elements (off: scalar accesses, to measure what vectorizing gains)',
    },
    subgroups: { type: 'bool', default: false, help: 'Reduce across the lanes of a subgroup with gpu.shuffle (WGSL: the subgroups feature); else through workgroup memory only' },
    'subgroup-size': {
      type: 'uint',
      default: 4,
      help: "The smallest subgroup size of the devices the shader is for (shuffles stay within that many lanes; 4, WebGPU's minimum, is always safe)",
      // Subgroups of every WebGPU device hold a power of two lanes, 4 to 128; a shuffle tree over another width mixes lanes of two segments.
      check: (v: OptionValue) => (isPowerOfTwo(v as number) && (v as number) <= 128 ? undefined : 'a subgroup size is a power of two from 1 to 128'),
    },
    'max-workgroup-memory': {
      type: 'uint',
      default: WEBGPU_DEFAULT_WORKGROUP_MEMORY,
      help: "Bytes of workgroup memory a kernel may use (WebGPU's default limit; raise it for adapters that allow more; 0: WebGPU's default, as tile-tiling reads it)",
    },
  },
  dependentDialects: ['arith', 'math', 'memref', 'scf', 'vector', 'gpu'],
  run(root, pass) {
    const options: TileLoweringOptions = { vectorize: pass.options.vectorize, subgroupSize: pass.options.subgroups ? pass.options['subgroup-size'] : 0 };
    for (const kernel of kernelsIn(root)) {
      const error = lowerKernel(pass, kernel, options);
      if (error) {
        pass.fail(error.loc, error.message);
        return;
      }
      const bytes = workgroupAttributionBytes(kernel);
      // 0 is WebGPU's default here too: the pipelines pass one value to tile-tiling, which plans for the default at 0.
      const limit = pass.options['max-workgroup-memory'] || WEBGPU_DEFAULT_WORKGROUP_MEMORY;
      if (bytes > limit) {
        pass.fail(kernel.loc, `convert-tile-to-gpu: ${workgroupMemoryExceeded(bytes, limit)}`);
        return;
      }
      // A limit other than WebGPU's default goes with the module, for the WGSL target to check against (as MLIR attaches a target environment).
      if (limit !== WEBGPU_DEFAULT_WORKGROUP_MEMORY) setWorkgroupMemoryLimit(kernel.parentOp!, limit);
    }
  },
});

/** What the patterns loaded dialects add to convert-tile-to-gpu receive (`lowering`: the kernel's TileLowering). */
export type TileToGpuPatternEnv = ConversionPatternEnv<TileLowering>;

/**
 * Lowers one kernel: swizzled buffers are marked, the patterns convert every op on tiles (the
 * driver of core/rewrite), the swizzles are applied, scalar loads combined and barriers placed.
 * Returns the first error.
 */
function lowerKernel(pass: PassContext<unknown>, kernel: Operation, options: TileLoweringOptions): Diagnostic | undefined {
  const b = new ArithBuilder(pass.context);
  const unswizzlable = markSwizzledBuffers(kernel, b);
  if (unswizzlable) return unswizzlable;
  const lowering = new TileLowering(pass.context, kernel, options);
  const typeConverter = tileTypeConverter();
  const target = tileToGpuTarget();
  const patterns: ConversionPattern[] = [];
  populateTileToGpuPatterns(patterns, lowering);
  populateDialectConversionPatterns(pass.context, patterns, { conversion: 'convert-tile-to-gpu', typeConverter, target, lowering } satisfies TileToGpuPatternEnv);
  const result = applyPartialConversion(pass.context, kernel, target, patterns, { typeConverter });
  if (!result.succeeded) return result.diagnostics[0];
  const misused = applySwizzles(kernel, b);
  if (misused) return misused;
  if (options.vectorize) combineWorkgroupLoads(kernel, b);
  insertWorkgroupBarriers(kernel, b);
  return undefined;
}

/** `wgsl.limits = {maxComputeWorkgroupStorageSize = limit}` on the gpu.module, keeping its other limits. */
function setWorkgroupMemoryLimit(module: Operation, limit: number): void {
  const old = module.getAttr('wgsl.limits');
  const entries = new Map(old instanceof DictionaryAttr ? old.entries.map((e) => [e.name, e.value] as const) : []);
  entries.set('maxComputeWorkgroupStorageSize', IntegerAttr.get(IntegerType.get(64), limit));
  module.setAttr('wgsl.limits', DictionaryAttr.get(entries));
}
