import type { Operation } from '../../../core/ir/operation.js';
import { DiagnosticError } from '../../../core/ir/diagnostics.js';
import { definePass } from '../../../core/pass/pass.js';
import { KERNEL_ATTR } from '../../../dialects/gpu/index.js';
import { KernelLowering } from './tile-lowering.js';

export const convertTileToGpuPass = definePass({
  name: 'convert-tile-to-gpu',
  displayName: 'ConvertTileToGPU',
  summary: 'Lower tile-level kernels to per-thread SIMT code (unrolled register tiles)',
  description:
    'Each gpu.func kernel whose tiles carry #tile.blocked layouts (tile-assign-layouts) becomes SIMT code: a register ' +
    'tile becomes the scalars the current thread holds, fully unrolled (at most 256 per tile and thread); tile.load and ' +
    'tile.store become masked memref.load/store per element (padding where out of bounds); elementwise arith/math ops ' +
    'apply per element; tile.dot becomes FMAs over the unrolled K dimension reading its operands from workgroup memory ' +
    '(the buffer they were loaded from, or a staged copy between barriers); tile.cast and tile.transpose move elements ' +
    'between threads through workgroup memory; tile.alloc becomes a workgroup attribution; loops and ifs carry the ' +
    'scalars. Async ops must be lowered before (not yet supported).',
  dependentDialects: ['arith', 'math', 'memref', 'scf', 'gpu'],
  run(root, pass) {
    const kernels: Operation[] = [];
    root.walk((op) => void (op.name === 'gpu.func' && op.getAttr(KERNEL_ATTR) !== undefined && kernels.push(op)));
    for (const kernel of kernels) {
      try {
        new KernelLowering(pass.context, kernel).run();
      } catch (e) {
        if (e instanceof DiagnosticError) {
          pass.fail(e.diagnostic.loc, e.diagnostic.message);
          return;
        }
        throw e;
      }
    }
  },
});
