/**
 * Shader compiler messages mapped back to the kernel they came from: the manifest's IR location
 * (`file:line:col` of the gpu.func) first, then the WGSL position and the offending WGSL line.
 */
import { locationOfLine } from '../../targets/wgsl/line-locations.js';
import type { KernelManifest } from '../../targets/wgsl/manifest.js';
import type { CompileMessage } from './errors.js';

/**
 * `loc: error: message (wgsl line:col)` for one message, without the source excerpt: loc is the
 * IR op the message's WGSL line came from (the manifest's lineLocations), else the kernel's.
 */
export function formatCompileMessage(m: CompileMessage, manifest: Pick<KernelManifest, 'symbol' | 'location' | 'shader' | 'lineLocations'> | undefined): string {
  const where = (m.line > 0 ? locationOfLine(manifest?.lineLocations, m.line) : undefined) ?? manifest?.location ?? manifest?.symbol ?? 'wgsl';
  const shader = manifest?.shader || 'wgsl';
  const pos = m.line > 0 ? `${shader}:${m.line}:${m.column}` : shader;
  const kernel = manifest ? ` in kernel ${manifest.symbol}` : '';
  return `${where}: ${m.type}: ${cleanMessage(m.message)}${kernel} (${pos})`;
}

/**
 * The whole report: the first error's line first, then every message with the WGSL line it
 * points at and a caret.
 */
export function formatCompileReport(messages: readonly CompileMessage[], wgsl: string, manifest?: Pick<KernelManifest, 'symbol' | 'location' | 'shader' | 'lineLocations'>): string {
  const ordered = [...messages.filter((m) => m.type === 'error'), ...messages.filter((m) => m.type !== 'error')];
  const lines = wgsl.split('\n');
  const out: string[] = [];
  for (const m of ordered) {
    out.push(formatCompileMessage(m, manifest));
    const src = m.line > 0 ? lines[m.line - 1] : undefined;
    if (src !== undefined) {
      out.push(`  ${src}`);
      out.push(`  ${' '.repeat(Math.max(0, m.column - 1))}^`);
    }
  }
  return out.join('\n');
}

/** Compiler messages may carry their own rendering (naga) after a first line; keep the first line. */
function cleanMessage(message: string): string {
  const first =
    message
      .split('\n')
      .map((l) => l.trim())
      .find((l) => l.length > 0) ?? message;
  return first.replace(/^Shader '[^']*' /, '');
}
