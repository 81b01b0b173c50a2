/**
 * wgpu through Deno: the Deno runner (deno-runner.ts) runs as a subprocess, kept alive across
 * runs; requests go over its stdin, buffers through files in a private temporary folder. A run
 * past its deadline kills the subprocess (the next run starts a fresh one).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { withDeadline, type Backend } from './backend.js';
import { RuntimeError, type CompileMessage } from './errors.js';
import type { AdapterDescription, ExecRequest, ExecResult } from './exec-types.js';
import { WIRE_PREFIX, type WireReply, type WireRequestBody } from './wire.js';

/** Seconds a fresh runner may take to open its adapter. */
const START_TIMEOUT_MS = 60_000;

/** The deno binary: env TILE_DENO, the npm `deno` package, or `deno` on PATH. */
export function findDeno(): string {
  const fromEnv = process.env['TILE_DENO'];
  if (fromEnv) return fromEnv;
  try {
    const pkg = createRequire(import.meta.url).resolve('deno/package.json');
    const bin = join(dirname(pkg), process.platform === 'win32' ? 'deno.exe' : 'deno');
    if (existsSync(bin)) return bin;
  } catch {
    // not installed: fall through
  }
  return 'deno';
}

/** The runner next to this module: the .ts source under vitest, the compiled .js under build/. */
function runnerPath(): string {
  const self = fileURLToPath(import.meta.url);
  return join(dirname(self), self.endsWith('.ts') ? 'deno-runner.ts' : 'deno-runner.js');
}

class RunnerProcess {
  private readonly pending = new Map<number, { resolve: (r: WireReply) => void; reject: (e: Error) => void }>();
  private stderrTail = '';
  private exited: RuntimeError | null = null;
  private nextId = 1;
  readonly greeting: Promise<WireReply>;

  constructor(
    readonly child: ChildProcess,
    private readonly deno: string,
  ) {
    this.greeting = new Promise((resolve, reject) => this.pending.set(0, { resolve, reject }));
    createInterface({ input: child.stdout! }).on('line', (line) => {
      if (!line.startsWith(WIRE_PREFIX)) return;
      const r = JSON.parse(line.slice(WIRE_PREFIX.length)) as WireReply;
      const p = this.pending.get(r.id);
      this.pending.delete(r.id);
      p?.resolve(r);
    });
    child.stderr!.on('data', (chunk: Buffer) => {
      this.stderrTail = (this.stderrTail + chunk.toString()).slice(-2000);
    });
    const onGone = (why: string): void => {
      const tail = this.stderrTail.trim();
      this.exited = new RuntimeError('provider', `wgpu runner (${this.deno}) ${why}${tail ? `\n${tail}` : ''}`);
      for (const p of this.pending.values()) p.reject(this.exited);
      this.pending.clear();
    };
    child.on('error', (e) => onGone(`could not start: ${e.message}`));
    child.on('exit', (code, signal) => onGone(signal ? `was killed by ${signal}` : `exited with code ${code}`));
  }

  request(req: WireRequestBody): Promise<WireReply> {
    if (this.exited) return Promise.reject(this.exited);
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      this.child.stdin!.write(JSON.stringify({ ...req, id }) + '\n');
    });
  }

  get alive(): boolean {
    return this.exited === null;
  }

  kill(): void {
    this.child.kill('SIGKILL');
  }
}

export class WgpuBackend implements Backend {
  readonly provider = 'wgpu' as const;
  private runner: RunnerProcess | null;

  private constructor(
    runner: RunnerProcess,
    readonly adapter: AdapterDescription,
    readonly source: string,
    private readonly dir: string,
  ) {
    this.runner = runner;
  }

  /** Starts the runner; rejects with kind 'no-adapter' when wgpu finds none. */
  static async open(): Promise<WgpuBackend> {
    const deno = findDeno();
    const dir = await mkdtemp(join(tmpdir(), 'tile-webgpu-'));
    try {
      const { runner, adapter } = await WgpuBackend.start(deno, dir);
      return new WgpuBackend(runner, adapter, deno, dir);
    } catch (e) {
      await rm(dir, { recursive: true, force: true });
      throw e;
    }
  }

  private static async start(deno: string, dir: string): Promise<{ runner: RunnerProcess; adapter: AdapterDescription }> {
    const script = runnerPath();
    const args = ['run', '--quiet', '--no-config', '--allow-read', `--allow-write=${dir}`, '--allow-env'];
    if (script.endsWith('.ts')) args.push('--sloppy-imports'); // the sources import './x.js'
    const child = spawn(deno, [...args, script], {
      stdio: ['pipe', 'pipe', 'pipe'],
      env: { ...process.env, XDG_RUNTIME_DIR: process.env['XDG_RUNTIME_DIR'] || tmpdir(), NO_COLOR: '1' },
    });
    const runner = new RunnerProcess(child, deno);
    const hello = await withDeadline(runner.greeting, START_TIMEOUT_MS, () => {
      runner.kill();
      return new RuntimeError('timeout', `wgpu runner (${deno}) did not report an adapter within ${START_TIMEOUT_MS} ms`);
    });
    if (!hello.ok) {
      runner.kill();
      throw RuntimeError.fromJSON(hello.error);
    }
    return { runner, adapter: (hello as { adapter: AdapterDescription }).adapter };
  }

  async compile(wgsl: string, timeoutMs: number): Promise<CompileMessage[]> {
    const r = await this.call({ op: 'compile', wgsl }, timeoutMs, 'compiling WGSL');
    return [...(r as Extract<WireReply, { messages: unknown }>).messages];
  }

  async execute(req: ExecRequest, timeoutMs: number): Promise<ExecResult> {
    const written = req.bindings.map((b) => ({ ...b, file: `in-${b.binding}.bin` }));
    try {
      await Promise.all(written.map((b) => writeFile(join(this.dir, b.file), b.data)));
      const r = (await this.call(
        {
          op: 'run',
          dir: this.dir,
          label: req.label,
          wgsl: req.wgsl,
          entryPoint: req.entryPoint,
          grid: req.grid,
          timing: req.timing,
          bindings: written.map(({ binding, kind, readBack, file }) => ({ binding, kind, readBack, file })),
        },
        timeoutMs,
        `running ${req.label}`,
      )) as Extract<WireReply, { outputs: unknown }>;
      const outputs = new Map<number, Uint8Array>();
      for (const o of r.outputs) outputs.set(o.binding, new Uint8Array(await readFile(join(this.dir, o.file))));
      return { outputs, timings: r.timings };
    } finally {
      const names = [...written.map((b) => b.file), ...written.map((b) => `out-${b.binding}.bin`)];
      await Promise.all(names.map((f) => rm(join(this.dir, f), { force: true })));
    }
  }

  async close(): Promise<void> {
    const runner = this.runner;
    this.runner = null;
    if (runner?.alive) {
      const gone = new Promise((resolve) => runner.child.once('exit', resolve));
      runner.child.stdin!.end();
      await withDeadline(gone, 5_000, () => new Error('slow exit')).catch(() => runner.kill());
    }
    await rm(this.dir, { recursive: true, force: true });
  }

  private async call(req: WireRequestBody, timeoutMs: number, what: string): Promise<WireReply> {
    if (!this.runner) this.runner = (await WgpuBackend.start(this.source, this.dir)).runner;
    const runner = this.runner;
    const reply = await withDeadline(runner.request(req), timeoutMs, () => {
      runner.kill();
      this.runner = null;
      return new RuntimeError('timeout', `${what} did not finish within ${timeoutMs} ms under wgpu; the Deno runner was killed`);
    }).catch((e: unknown) => {
      if (this.runner === runner && !runner.alive) this.runner = null;
      throw e;
    });
    if (!reply.ok) throw RuntimeError.fromJSON(reply.error);
    return reply;
  }
}
