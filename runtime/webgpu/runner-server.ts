/**
 * The child side of a provider's runner process (deno-runner.ts under Deno, dawn-runner.ts under
 * Node): opens a GpuExecutor once, greets with its adapter, then serves the line protocol of
 * wire.ts on stdin/stdout, one request at a time. Uses only node: built-ins (which Deno provides).
 */
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import process from 'node:process';
import { createInterface } from 'node:readline';
import { RuntimeError } from './errors.js';
import type { GpuExecutor } from './executor.js';
import { WIRE_PREFIX, type WireReply, type WireRequest } from './wire.js';

function reply(r: WireReply): void {
  process.stdout.write(WIRE_PREFIX + JSON.stringify(r) + '\n');
}

function errorOf(e: unknown, provider: string): RuntimeError {
  if (e instanceof RuntimeError) return e;
  const message = e instanceof Error ? e.message : String(e);
  return new RuntimeError('validation', `${provider}: ${message.split('\n')[0]}`);
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
  return { id: req.id, ok: true, outputs, timings: result.timings, pipelineMs: result.pipelineMs };
}

export interface OpenedProvider {
  /** Null when the provider found no adapter; `noAdapter` then says so. */
  readonly executor: GpuExecutor | null;
  readonly noAdapter?: string;
  /** Where the provider came from (`npm webgpu`, an addon path). */
  readonly source?: string;
}

/** Runs the runner: `open` gets the executor; errors it throws become a 'provider' greeting. */
export async function serveRunner(provider: string, open: () => Promise<OpenedProvider>): Promise<void> {
  let opened: OpenedProvider;
  try {
    opened = await open();
  } catch (e) {
    reply({ id: 0, ok: false, error: e instanceof RuntimeError ? e.toJSON() : { kind: 'provider', message: `${provider} runner failed: ${e instanceof Error ? e.message : String(e)}` } });
    process.exit(1);
  }
  const executor = opened.executor;
  if (!executor) {
    reply({ id: 0, ok: false, error: { kind: 'no-adapter', message: opened.noAdapter ?? `${provider} found no WebGPU adapter` } });
    process.exit(0);
  }
  reply({ id: 0, ok: true, adapter: executor.adapter, source: opened.source });
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
        reply({ id: req.id, ok: false, error: errorOf(e, provider).toJSON() });
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
