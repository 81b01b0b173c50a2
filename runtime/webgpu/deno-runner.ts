/**
 * The wgpu side of runtime/webgpu: started by wgpu-backend.ts as `deno run deno-runner.{ts,js}`,
 * it opens Deno's WebGPU (wgpu) once and serves the line protocol of wire.ts on stdin/stdout.
 * Uses only node: built-ins (which Deno provides) so that tsc checks it like the rest.
 */
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import process from 'node:process';
import { createInterface } from 'node:readline';
import { RuntimeError } from './errors.js';
import { GpuExecutor, type WebGpuConstants } from './executor.js';
import { WIRE_PREFIX, type WireReply, type WireRequest } from './wire.js';

function reply(r: WireReply): void {
  process.stdout.write(WIRE_PREFIX + JSON.stringify(r) + '\n');
}

function errorOf(e: unknown): RuntimeError {
  if (e instanceof RuntimeError) return e;
  const message = e instanceof Error ? e.message : String(e);
  return new RuntimeError('validation', `wgpu: ${message.split('\n')[0]}`);
}

async function serve(executor: GpuExecutor, req: WireRequest): Promise<WireReply> {
  if (req.op === 'compile') return { id: req.id, ok: true, messages: await executor.compile(req.wgsl) };
  const bindings = await Promise.all(
    req.bindings.map(async (b) => ({ binding: b.binding, kind: b.kind, readBack: b.readBack, data: new Uint8Array(await readFile(join(req.dir, b.file))) })),
  );
  const result = await executor.run({ label: req.label, wgsl: req.wgsl, entryPoint: req.entryPoint, grid: req.grid, bindings, timing: req.timing });
  const outputs = [];
  for (const [binding, data] of result.outputs) {
    const file = `out-${binding}.bin`;
    await writeFile(join(req.dir, file), data);
    outputs.push({ binding, file });
  }
  return { id: req.id, ok: true, outputs, timings: result.timings };
}

async function main(): Promise<void> {
  const g = globalThis as unknown as WebGpuConstants & { navigator?: { gpu?: GPU } };
  const gpu = g.navigator?.gpu;
  const executor = gpu ? await GpuExecutor.open(gpu, g) : null;
  if (!executor) {
    reply({ id: 0, ok: false, error: { kind: 'no-adapter', message: gpu ? 'wgpu (Deno) found no WebGPU adapter' : 'this Deno has no navigator.gpu' } });
    process.exit(0);
  }
  reply({ id: 0, ok: true, adapter: executor.adapter });
  // Requests are served one at a time, in order.
  let queue = Promise.resolve();
  const lines = createInterface({ input: process.stdin });
  lines.on('line', (line) => {
    if (!line.trim()) return;
    queue = queue.then(async () => {
      const req = JSON.parse(line) as WireRequest;
      try {
        reply(await serve(executor, req));
      } catch (e) {
        reply({ id: req.id, ok: false, error: errorOf(e).toJSON() });
      }
    });
  });
  lines.on('close', () => {
    void queue.then(() => {
      executor.destroy();
      process.exit(0);
    });
  });
}

main().catch((e) => {
  reply({ id: 0, ok: false, error: { kind: 'provider', message: `deno runner failed: ${e instanceof Error ? e.message : String(e)}` } });
  process.exit(1);
});
