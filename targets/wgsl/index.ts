/**
 * The WGSL target: every kernel (`gpu.func ... kernel`) of every gpu.module becomes one WGSL
 * module, described by a launch manifest (manifest.ts). See docs/wgsl-target.md.
 */
import { type StringAttr, UnitAttr } from '../../core/ir/attributes.js';
import type { Operation } from '../../core/ir/operation.js';
import { emitKernel } from './kernel.js';
import type { KernelManifest, WgslManifest } from './manifest.js';
import { wgslIdentifier } from './names.js';
import type { WgslOutput } from './output.js';
import { moduleLimits, WEBGPU_DEFAULT_LIMITS, type WgslLimits } from './limits.js';

export { WEBGPU_DEFAULT_LIMITS, type WgslLimits } from './limits.js';

export type { EmittedKernel } from './kernel.js';
export { SUPPORTED_OPS } from './kernel.js';
export { formatWgslOutput, wgslOutputFiles, writeWgslOutput, type WgslOutput } from './output.js';
export type { KernelManifest, StorageBinding, UniformBlock, UniformField, WgslManifest, WgslScalar } from './manifest.js';

const symName = (op: Operation) => (op.getAttr('sym_name') as StringAttr).value;

/** Kernels in IR order, with their gpu.module. */
function kernelsOf(root: Operation): { module: Operation; fn: Operation }[] {
  const kernels: { module: Operation; fn: Operation }[] = [];
  root.walk((op) => {
    if (op.name !== 'gpu.module') return;
    for (const fn of op.region(0).entry?.ops ?? []) {
      if (fn.name === 'gpu.func' && fn.getAttr('gpu.kernel') instanceof UnitAttr) kernels.push({ module: op, fn });
    }
    return 'skip';
  }, 'pre');
  return kernels;
}

export interface EmitOptions {
  /** Limits of the device the kernels are for (e.g. a runtime's adapter), over WebGPU's defaults and the module's `wgsl.limits`. */
  readonly limits?: Partial<WgslLimits>;
}

/**
 * Throws DiagnosticError (core/ir/diagnostics.ts) with the location of the offending op on
 * unsupported input, and at the kernel when it needs more than the limits allow (limits.ts).
 */
export function emitWgsl(module: Operation, options: EmitOptions = {}): WgslOutput {
  const found = kernelsOf(module);
  // Entry points name the shader files, so they must differ across gpu.modules too.
  const count = new Map<string, number>();
  for (const k of found) count.set(wgslIdentifier(symName(k.fn)), (count.get(wgslIdentifier(symName(k.fn))) ?? 0) + 1);
  const used = new Set<string>();
  const kernels = found.map(({ module: m, fn }) => {
    let entry = wgslIdentifier(symName(fn));
    if (count.get(entry)! > 1) entry = wgslIdentifier(`${symName(m)}_${symName(fn)}`);
    const base = entry;
    for (let i = 1; used.has(entry); i++) entry = `${base}_${i}`;
    used.add(entry);
    return emitKernel(m, fn, entry, { ...moduleLimits(m, WEBGPU_DEFAULT_LIMITS), ...options.limits });
  });
  const manifest: WgslManifest = { version: 1, kernels: kernels.map((k): KernelManifest => k.manifest) };
  return { kernels, manifest };
}
