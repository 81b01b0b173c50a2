/**
 * tile-run --backend webgpu: the command line (providers, comparison across backends, errors)
 * and WebGpuLauncher against a stand-in runtime (argument conversion, write-back, located
 * errors). The end-to-end case needs an adapter and skips with a notice without one.
 */
import path from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DiagnosticError } from '../../../core/ir/diagnostics.js';
import { f16, i1, index, MemRefType, type Type } from '../../../core/ir/types.js';
import { Interpreter } from '../../../core/interpret/engine.js';
import { f16ToBits, roundF16 } from '../../../core/interpret/float16.js';
import { Buffer, MemRef } from '../../../core/interpret/values.js';
import { createSemantics } from '../../../dialects/semantics.js';
import { RuntimeError, type RunRequest, type RunResult, type WebGpuRuntime } from '../../../runtime/webgpu/index.js';
import type { BufferData } from '../../../runtime/webgpu/arguments.js';
import { WebGpuLauncher } from '../../../runtime/webgpu/launcher.js';
import { ADD, addArgs, repoRoot, tileRun } from './run-helpers.js';
import { openTestRuntime, TEST_PROVIDERS } from '../../gpu/gpu-env.js';
import { parseProgram } from '../../gpu/programs.js';

describe('tile-run --backend webgpu: command line', () => {
  afterEach(() => void vi.unstubAllEnvs());

  it('rejects --provider for a backend without providers, and unknown providers', async () => {
    const r1 = await tileRun(ADD, ...addArgs, '--provider', 'dawn');
    expect(r1).toMatchObject({ code: 1, stdout: '', stderr: "tile-run: error: --provider: backend 'interpret' has no providers\n" });
    const r2 = await tileRun(ADD, ...addArgs, '--backend', 'webgpu', '--provider', 'vulkan');
    expect(r2).toMatchObject({ code: 1, stderr: "tile-run: error: --provider: 'vulkan' is not one of auto, dawn, wgpu (backend 'webgpu')\n" });
    const r3 = await tileRun(ADD, ...addArgs, '--compare-backend', 'cuda');
    expect(r3.stderr).toBe("tile-run: error: unknown backend 'cuda' (available: interpret, webgpu)\n");
  });

  it('fails with one line and exit 1 when no provider finds an adapter', async () => {
    vi.stubEnv('TILE_DENO', path.join(repoRoot, 'no-such-deno'));
    const r = await tileRun(ADD, ...addArgs, '--backend', 'webgpu', '--provider', 'wgpu');
    expect(r.code).toBe(1);
    expect(r.stdout).toBe('');
    expect(r.stderr).toMatch(/^tile-run: error: --backend webgpu: no WebGPU adapter \(wgpu tried\): wgpu runner \(.*no-such-deno\) could not start[^\n]*\n$/);
  });

  it('compares two interpreter runs of one file with --compare-backend (the --tolerance partner)', async () => {
    const r = await tileRun(ADD, ...addArgs, '--compare-backend', 'interpret', '--tolerance', '0');
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/^%c: memref<\?xf32> shape=300 .*\ncompare %c: max_abs=0 max_rel=0\n$/);
  });

  it.for(TEST_PROVIDERS)('runs kernels on WebGPU with --provider %s, names the adapter and matches the interpreter exactly on add', async (provider, ctx) => {
    const rt = await openTestRuntime(provider);
    if (!rt) return ctx.skip();
    const description = rt.description;
    await rt.close();
    const r = await tileRun(ADD, ...addArgs, '--backend', 'webgpu', '--provider', provider, '--compare-backend', 'interpret', '--tolerance', '0');
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/^backend webgpu: (dawn|wgpu) on .+\[.+\]\n%c: memref<\?xf32> shape=300 .*\ncompare %c: max_abs=0 max_rel=0\n$/);
    expect(r.stdout.split('\n')[0]).toBe(`backend webgpu: ${description}`);
  });
});

// ------------------------------------------------------------------------ launcher, stand-in runtime

/** A runtime that records requests and answers with `reply` (or throws it). */
function standIn(reply: (req: RunRequest) => Map<number, BufferData> | RuntimeError): { runtime: WebGpuRuntime; requests: RunRequest[] } {
  const requests: RunRequest[] = [];
  const runtime = {
    description: 'stand-in on test adapter',
    async run(req: RunRequest): Promise<RunResult> {
      requests.push(req);
      const r = reply(req);
      if (r instanceof RuntimeError) throw r;
      return { outputs: r, provider: 'wgpu', adapter: 'test adapter', pipelineMs: 1 };
    },
  } as unknown as WebGpuRuntime;
  return { runtime, requests };
}

const program = (kernelArgs: string, body: string, hostArgs: string, launchArgs: string, block = '4, 1, 1') => `module attributes {gpu.container_module} {
  gpu.module @m {
    gpu.func @k(${kernelArgs}) kernel attributes {known_block_size = array<i32: 4, 1, 1>} {
${body}
      gpu.return
    }
  }
  func.func @main(${hostArgs}) {
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %c4 = arith.constant 4 : index
    gpu.launch_func @m::@k blocks in (%c2, %c1, %c1) threads in (${block
      .split(', ')
      .map((b) => `%c${b}`)
      .join(', ')}) args(${launchArgs})
    return
  }
}`;

function memref(shape: number[], element: Type, values: number[]): MemRef {
  const type = MemRefType.get(
    shape.map(() => -1),
    element,
  );
  const buffer = Buffer.allocate(element, values.length, undefined, 'test');
  values.forEach((v, i) => buffer.codec.set(buffer.data, i, element === i1 ? v !== 0 : v));
  return MemRef.contiguous(type, buffer, shape);
}

async function launchWith(text: string, args: MemRef[] | (MemRef | number)[], runtime: WebGpuRuntime): Promise<WebGpuLauncher> {
  const launcher = new WebGpuLauncher(runtime);
  const interp = new Interpreter(parseProgram(text, 'prog.mlir'), { semantics: createSemantics(), kernelLauncher: launcher.launch });
  await interp.runAsync('main', args);
  return launcher;
}

async function failure(p: Promise<unknown>): Promise<DiagnosticError> {
  const e = await p.then(
    () => undefined,
    (x: unknown) => x,
  );
  if (e instanceof DiagnosticError) return e;
  throw new Error(`expected a DiagnosticError, got ${String(e)}`);
}

describe('WebGpuLauncher', () => {
  const storeAll = '      %i = gpu.global_id x\n      %v = memref.load %x[%i] : memref<?xf16>\n      memref.store %v, %y[%i] : memref<?xf16>';

  it('passes f16 memrefs as bits, the grid and scalars, and writes read_write bindings back', async () => {
    const { runtime, requests } = standIn(() => {
      const out = new Uint16Array(8);
      out.set([f16ToBits(1.5), f16ToBits(-2), f16ToBits(65504), 0x7c00, f16ToBits(roundF16(0.1)), 0, 0, f16ToBits(3)]);
      return new Map([[1, out]]);
    });
    const x = memref([8], f16, [0.5, 1, 2, 4, 8, 16, 32, roundF16(0.1)]);
    const y = memref([8], f16, new Array(8).fill(7));
    const launcher = await launchWith(
      program('%x: memref<?xf16>, %y: memref<?xf16>, %s: index', storeAll, '%x: memref<?xf16>, %y: memref<?xf16>', '%x : memref<?xf16>, %y : memref<?xf16>, %c4 : index'),
      [x, y],
      runtime,
    );
    expect(requests).toHaveLength(1);
    const req = requests[0]!;
    expect(req.grid).toEqual([2, 1, 1]);
    expect(req.manifest.symbol).toBe('@m::@k');
    const xArg = req.args[0] as { data: Uint16Array; shape: number[] };
    expect(xArg.data).toBeInstanceOf(Uint16Array);
    expect([...xArg.data]).toEqual([0x3800, 0x3c00, 0x4000, 0x4400, 0x4800, 0x4c00, 0x5000, f16ToBits(roundF16(0.1))]);
    expect(xArg.shape).toEqual([8]);
    expect(req.args[2]).toBe(4);
    expect([...y.buffer.data]).toEqual([1.5, -2, 65504, Infinity, roundF16(0.1), 0, 0, 3]);
    expect([...x.buffer.data].slice(0, 2)).toEqual([0.5, 1]); // read-only binding: not written back
    expect(launcher.launches.map((l) => l.grid)).toEqual([[2, 1, 1]]);
  });

  it('carries i1 memrefs as u32 and index memrefs as i32, and refuses index values beyond i32', async () => {
    const body =
      '      %i = gpu.global_id x\n      %b = memref.load %f[%i] : memref<?xi1>\n      %v = memref.load %x[%i] : memref<?xindex>\n      %w = arith.select %b, %v, %i : index\n      memref.store %w, %x[%i] : memref<?xindex>';
    const text = program('%f: memref<?xi1>, %x: memref<?xindex>', body, '%f: memref<?xi1>, %x: memref<?xindex>', '%f : memref<?xi1>, %x : memref<?xindex>');
    const { runtime, requests } = standIn(() => new Map([[1, Int32Array.of(-5, 1, 2, 2147483647)]]));
    const f = memref([4], i1, [1, 0, 0, 1]);
    const x = memref([4], index, [-5, 0, 0, 2 ** 31 - 1]);
    await launchWith(text, [f, x], runtime);
    const fArg = requests[0]!.args[0] as { data: Uint32Array };
    expect(fArg.data).toBeInstanceOf(Uint32Array);
    expect([...fArg.data]).toEqual([1, 0, 0, 1]);
    expect([...(requests[0]!.args[1] as { data: Int32Array }).data]).toEqual([-5, 0, 0, 2147483647]);
    expect([...x.buffer.data]).toEqual([-5, 1, 2, 2147483647]);
    const big = memref([4], index, [0, 0, 2 ** 31, 0]);
    const e = await failure(launchWith(text, [f, big], standIn(() => new Map()).runtime));
    expect(e.message).toBe("'gpu.launch_func' op argument #1: element 2 (2147483648) does not fit the 32-bit integers WGSL uses for index");
  });

  it('locates compile errors at the gpu.func with the WGSL position, other failures at the launch', async () => {
    const text = program('%x: memref<?xf16>, %y: memref<?xf16>', storeAll, '%x: memref<?xf16>, %y: memref<?xf16>', '%x : memref<?xf16>, %y : memref<?xf16>');
    const args = () => [memref([8], f16, new Array(8).fill(0)), memref([8], f16, new Array(8).fill(0))];
    const compile = standIn(() => new RuntimeError('compile', 'x', [{ type: 'error', line: 3, column: 5, message: "Shader 'k' unknown identifier 'q'\n  more detail" }]));
    const e1 = await failure(launchWith(text, args(), compile.runtime));
    expect(e1.message).toBe("'gpu.func' op WGSL of @m::@k does not compile on stand-in on test adapter: unknown identifier 'q' (k.wgsl:3:5)");
    expect(e1.diagnostic.loc.fileLineCol()?.line).toBe(3);
    expect(e1.diagnostic.notes[0]!.message).toMatch(/^WGSL line 3: /);
    const timeout = standIn(() => new RuntimeError('timeout', 'prog.mlir:3:5: error: kernel @m::@k did not finish within 100 ms'));
    const e2 = await failure(launchWith(text, args(), timeout.runtime));
    expect(e2.message).toBe("'gpu.launch_func' op failed on WebGPU (stand-in on test adapter): kernel @m::@k did not finish within 100 ms");
    expect(e2.diagnostic.loc.fileLineCol()?.line).toBe(14);
  });

  it('refuses a block size other than the known_block_size (WGSL target), and aliased written arguments', async () => {
    const text = program('%x: memref<?xf16>, %y: memref<?xf16>', storeAll, '%x: memref<?xf16>, %y: memref<?xf16>', '%x : memref<?xf16>, %y : memref<?xf16>', '2, 1, 1');
    const { runtime, requests } = standIn(() => new Map());
    const e1 = await failure(launchWith(text, [memref([8], f16, new Array(8).fill(0)), memref([8], f16, new Array(8).fill(0))], runtime));
    expect(e1.message).toBe("'gpu.launch_func' op launches the kernel with block size (2, 1, 1), but the kernel's known_block_size is (4, 1, 1); a WGSL shader has one workgroup size");
    const shared = memref([8], f16, new Array(8).fill(0));
    const ok = program('%x: memref<?xf16>, %y: memref<?xf16>', storeAll, '%x: memref<?xf16>', '%x : memref<?xf16>, %x : memref<?xf16>');
    const e2 = await failure(launchWith(ok, [shared], runtime));
    expect(e2.message).toBe("'gpu.launch_func' op arguments #0 and #1 share one buffer and the kernel writes one of them; the webgpu backend cannot run aliased arguments");
    expect(requests).toHaveLength(0);
  });

  it('reports a kernel the WGSL target rejects at the offending op, once per gpu.module', async () => {
    const body = '      %i = gpu.global_id x\n      %v = memref.load %x[%i] : memref<?xf16>\n      %e = math.erf %v : f16\n      memref.store %e, %y[%i] : memref<?xf16>';
    const text = program('%x: memref<?xf16>, %y: memref<?xf16>', body, '%x: memref<?xf16>, %y: memref<?xf16>', '%x : memref<?xf16>, %y : memref<?xf16>');
    const { runtime, requests } = standIn(() => new Map());
    const e = await failure(launchWith(text, [memref([8], f16, new Array(8).fill(0)), memref([8], f16, new Array(8).fill(0))], runtime));
    expect(e.message).toBe("'math.erf' op is not supported by the WGSL target");
    expect(e.diagnostic.loc.fileLineCol()?.line).toBe(6);
    expect(requests).toHaveLength(0);
  });
});
