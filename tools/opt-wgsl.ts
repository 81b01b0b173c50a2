import { Diagnostic, DiagnosticError } from '../core/ir/diagnostics.js';
import type { Operation } from '../core/ir/operation.js';
import { emitWgsl, formatWgslOutput, wgslOutputFiles, type WgslOutput } from '../targets/wgsl/index.js';
import { writeOutputFolder } from './output-file.js';

/** `--emit=wgsl` output of one input: the target's result and its text form for stdout. */
export interface WgslResult {
  readonly wgsl: WgslOutput;
  readonly text: string;
}

/** Emit WGSL for `module`; a DiagnosticError of the target becomes a located error. */
export function emitWgslChunk(module: Operation, report: (d: Diagnostic) => void): WgslResult | undefined {
  try {
    const wgsl = emitWgsl(module);
    return { wgsl, text: formatWgslOutput(wgsl) };
  } catch (e) {
    if (e instanceof DiagnosticError) report(e.diagnostic);
    else report(new Diagnostic('error', module.loc, `cannot emit WGSL: ${(e as Error)?.message ?? String(e)}`));
    return undefined;
  }
}

/** Write `result` into the folder `dir`, all files or none; returns an error message on failure. */
export function writeWgsl(result: WgslResult, dir: string): string | undefined {
  return writeOutputFolder(dir, wgslOutputFiles(result.wgsl));
}
