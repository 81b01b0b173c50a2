/** WGSL output as one text (stdout, FileCheck) or as files (one shader per kernel + manifest.json). */
import { hostPath as path, makeFolder, writeTextFile } from '../../core/support/files.js';
import type { EmittedKernel } from './kernel.js';
import type { WgslManifest } from './manifest.js';

/** What emitWgsl (index.ts) makes of a module: a shader per kernel and the launch manifest. */
export interface WgslOutput {
  kernels: EmittedKernel[];
  manifest: WgslManifest;
}

/** JSON indented by two spaces, with arrays of numbers, strings and nulls kept on one line. */
function toJson(value: unknown, indent = ''): string {
  if (Array.isArray(value)) {
    if (value.every((v) => v === null || typeof v !== 'object')) return `[${value.map((v) => JSON.stringify(v)).join(', ')}]`;
    if (value.length === 0) return '[]';
    const inner = indent + '  ';
    return `[\n${value.map((v) => inner + toJson(v, inner)).join(',\n')}\n${indent}]`;
  }
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value).filter(([, v]) => v !== undefined);
    if (entries.length === 0) return '{}';
    const inner = indent + '  ';
    return `{\n${entries.map(([k, v]) => `${inner}${JSON.stringify(k)}: ${toJson(v, inner)}`).join(',\n')}\n${indent}}`;
  }
  return JSON.stringify(value);
}

export function manifestJson(out: WgslOutput): string {
  return toJson(out.manifest) + '\n';
}

/** One comment line a kernel: its symbol, workgroup size, workgroup memory and WGSL size. */
export function kernelSummary(out: WgslOutput): string {
  const lines = out.kernels.map((k) => `//   ${k.manifest.symbol}: workgroup ${k.manifest.workgroupSize.join('x')}, ${k.workgroupBytes} B workgroup memory, ${k.wgsl.length} B WGSL`);
  return [`// ${out.kernels.length} kernel${out.kernels.length === 1 ? '' : 's'}:`, ...lines].join('\n') + '\n';
}

/**
 * The summary of the kernels, each kernel's WGSL after a line `// ----- kernel @mod::@fn`, then
 * the manifest after `// ----- manifest`.
 */
export function formatWgslOutput(out: WgslOutput): string {
  const parts = [kernelSummary(out), ...out.kernels.map((k) => `// ----- kernel ${k.manifest.symbol}\n${k.wgsl}`)];
  parts.push(`// ----- manifest\n${manifestJson(out)}`);
  return parts.join('\n');
}

/** The files of WGSL output: <entry>.wgsl per kernel, then manifest.json. */
export function wgslOutputFiles(out: WgslOutput): { name: string; data: string }[] {
  return [...out.kernels.map((k) => ({ name: k.manifest.shader, data: k.wgsl })), { name: 'manifest.json', data: manifestJson(out) }];
}

/** Writes wgslOutputFiles into `dir` (created if missing). */
export function writeWgslOutput(out: WgslOutput, dir: string): void {
  makeFolder(dir);
  for (const f of wgslOutputFiles(out)) writeTextFile(path.join(dir, f.name), f.data);
}
