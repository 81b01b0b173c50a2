/**
 * Compiles WGSL with a real compiler: wgpu/naga through Deno's WebGPU, all shaders in one Deno
 * run (Deno starts slowly). Reports `available: false` with the reason when Deno or a WebGPU
 * adapter is missing.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export interface ShaderInput {
  readonly name: string;
  readonly code: string;
  /** Needs the 'shader-f16' device feature. */
  readonly f16?: boolean;
}

export interface ShaderReport {
  readonly name: string;
  /** Compiler errors (empty when the shader compiled); warnings are not listed. */
  readonly errors: readonly string[];
  /** Set when the shader could not be tried (e.g. f16 without the device feature). */
  readonly skipped?: string;
}

export type ValidationResult = { readonly available: false; readonly reason: string } | { readonly available: true; readonly reports: readonly ShaderReport[] };

const SCRIPT = `
const input = JSON.parse(await Deno.readTextFile(Deno.args[0]));
const adapter = await navigator.gpu?.requestAdapter();
if (!adapter) {
  console.log(JSON.stringify({ available: false, reason: 'Deno found no WebGPU adapter' }));
  Deno.exit(0);
}
const f16 = adapter.features.has('shader-f16');
const device = await adapter.requestDevice({ requiredFeatures: f16 ? ['shader-f16'] : [] });
const reports = [];
for (const s of input) {
  if (s.f16 && !f16) { reports.push({ name: s.name, errors: [], skipped: "the adapter lacks 'shader-f16'" }); continue; }
  device.pushErrorScope('validation');
  const module = device.createShaderModule({ code: s.code });
  const info = await module.getCompilationInfo();
  const scope = await device.popErrorScope();
  const errors = info.messages.filter((m) => m.type === 'error').map((m) => m.message.trim());
  if (scope && errors.length === 0) errors.push(scope.message.trim());
  reports.push({ name: s.name, errors });
}
console.log(JSON.stringify({ available: true, reports }));
`;

export function findDeno(): string | undefined {
  for (let dir = path.dirname(fileURLToPath(import.meta.url)); ; dir = path.dirname(dir)) {
    const candidate = path.join(dir, 'node_modules', '.bin', 'deno');
    if (existsSync(candidate)) return candidate;
    if (path.dirname(dir) === dir) return undefined;
  }
}

export function validateWgsl(shaders: readonly ShaderInput[]): ValidationResult {
  const deno = findDeno();
  if (!deno) return { available: false, reason: 'node_modules/.bin/deno not found (npm install)' };
  const dir = mkdtempSync(path.join(tmpdir(), 'tile-naga-'));
  try {
    writeFileSync(path.join(dir, 'check.ts'), SCRIPT);
    writeFileSync(path.join(dir, 'shaders.json'), JSON.stringify(shaders));
    const run = spawnSync(deno, ['run', '-A', '--quiet', path.join(dir, 'check.ts'), path.join(dir, 'shaders.json')], {
      encoding: 'utf8',
      timeout: 120_000,
      env: { ...process.env, XDG_RUNTIME_DIR: process.env.XDG_RUNTIME_DIR ?? tmpdir(), NO_COLOR: '1' },
    });
    const line = run.stdout?.trim().split('\n').pop();
    if (run.status !== 0 || !line) return { available: false, reason: `deno failed (${run.error?.message ?? `status ${run.status}`}): ${run.stderr?.trim().slice(0, 500)}` };
    return JSON.parse(line) as ValidationResult;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
