/** Shared by the WGSL target tests: parse + verify + emit, and naga compilation of everything emitted. */
import { expect, it } from 'vitest';
import { DiagnosticError } from '../../../../core/ir/diagnostics.js';
import type { Operation } from '../../../../core/ir/operation.js';
import { verify } from '../../../../core/ir/verifier.js';
import { parseSource } from '../../../../core/syntax/parse-source.js';
import { SourceFile } from '../../../../core/syntax/source.js';
import { createContext } from '../../../../dialects/registry.js';
import { emitWgsl, type WgslOutput } from '../../../../targets/wgsl/index.js';
import { validateWgsl, type ShaderInput } from './naga-validate.js';

const emitted: ShaderInput[] = [];

export function parse(text: string, name = 'input.mlir'): Operation {
  const module = parseSource(new SourceFile(name, text), createContext(), 'builtin.module', () => {
    throw new Error('test input must be one builtin.module');
  });
  const err = verify(module);
  if (err) throw new Error(`test input does not verify: ${err.message}`);
  return module;
}

/** Emits `text` and records its shaders for `itCompilesWithNaga`. */
export function emit(text: string, name = 'input.mlir'): WgslOutput {
  const out = emitWgsl(parse(text, name));
  for (const k of out.kernels) emitted.push({ name: `${name} ${k.manifest.symbol}`, code: k.wgsl, f16: k.manifest.enables.includes('f16') });
  return out;
}

/** The WGSL of the only kernel of `text`. */
export function emitOne(text: string): string {
  const out = emit(text);
  expect(out.kernels).toHaveLength(1);
  return out.kernels[0]!.wgsl;
}

/** A kernel around `body` with the given arguments (`%a: memref<?xf32>, ...`). */
export function kernel(args: string, body: string, extra = ''): string {
  return `module attributes {gpu.container_module} {
  gpu.module @m {
    gpu.func @k(${args})${extra} kernel attributes {known_block_size = array<i32: 64, 1, 1>} {
${body}
      gpu.return
    }
  }
}
`;
}

/** The located error `emitWgsl` throws for `text`, as `line:col: message`. */
export function emitError(text: string): string {
  try {
    emitWgsl(parse(text));
  } catch (e) {
    if (!(e instanceof DiagnosticError)) throw e;
    const flc = e.diagnostic.loc.fileLineCol();
    return `${flc ? `${flc.line}:${flc.col}` : '?'}: ${e.message}`;
  }
  throw new Error('expected emitWgsl to fail');
}

/** A final test: every shader emitted by this file's tests compiles with naga (skipped without Deno/adapter unless TILE_REQUIRE_GPU=1). */
export function itCompilesWithNaga(): void {
  it('every shader emitted above compiles with naga (wgpu through Deno)', (ctx) => {
    expect(emitted.length).toBeGreaterThan(0);
    const result = validateWgsl(emitted);
    if (!result.available) {
      if (process.env.TILE_REQUIRE_GPU === '1') throw new Error(`WGSL validation required (TILE_REQUIRE_GPU=1) but unavailable: ${result.reason}`);
      console.warn(`NOTICE: skipping naga validation of ${emitted.length} shaders: ${result.reason}`);
      ctx.skip();
      return;
    }
    const failures = result.reports.filter((r) => r.errors.length > 0).map((r) => `${r.name}:\n${r.errors.join('\n')}\n${emitted.find((s) => s.name === r.name)?.code}`);
    expect(failures).toEqual([]);
    const skipped = result.reports.filter((r) => r.skipped);
    if (skipped.length && process.env.TILE_REQUIRE_GPU === '1') throw new Error(`${skipped.length} shaders not validated: ${skipped[0]!.skipped}`);
  });
}
