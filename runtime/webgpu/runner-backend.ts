/**
 * A provider served by a runner subprocess (runner-server.ts): Deno for wgpu, Node for Dawn. The
 * runner is kept alive across runs; requests go over its stdin, buffers through files in a
 * private temporary folder (removed on close, or when the process ends or is interrupted). A
 * request past its deadline kills the runner (the kernel stops with it) and fails with kind
 * 'timeout'; the next request starts a fresh runner.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createInterface } from 'node:readline';
import { withDeadline, type Backend, type ProviderName } from './backend.js';
import { RuntimeError, type CompileMessage } from './errors.js';
import type { AdapterDescription, ExecRequest, ExecResult } from './exec-types.js';
import { removeAtExit } from './temp-folders.js';
import { WIRE_PREFIX, type WireReply, type WireRequestBody } from './wire.js';

/** How long a fresh runner may take to open its adapter. */
const START_TIMEOUT_MS = 60_000;

/**
 * A runner script beside the module `moduleUrl` (a backend's import.meta.url): its .ts source under
 * vitest (with `fromSource`), its compiled .js under build/runtime/webgpu; from a bundled bin
 * (build/bundle/tile-run.cjs), where the backend's code was inlined, the compiled one under
 * build/runtime/webgpu.
 */
export function runnerScript(moduleUrl: string, name: string): { script: string; fromSource: boolean } {
  const self = fileURLToPath(moduleUrl);
  const fromSource = self.endsWith('.ts');
  const beside = join(dirname(self), `${name}${fromSource ? '.ts' : '.js'}`);
  if (fromSource || existsSync(beside)) return { script: beside, fromSource };
  return { script: join(dirname(self), '..', 'runtime', 'webgpu', `${name}.js`), fromSource };
}

/** How to start a provider's runner. */
export interface RunnerSpec {
  readonly provider: ProviderName;
  /** Names the runner in messages: `Deno runner (/path/to/deno)`. */
  readonly name: string;
  readonly command: string;
  /** Arguments; the folder for buffer files is given so that a sandbox can allow writes there. */
  args(dir: string): string[];
  /** Environment additions (on top of this process's). */
  readonly env?: Readonly<Record<string, string>>;
}

class RunnerProcess {
  private readonly pending = new Map<number, { resolve: (r: WireReply) => void; reject: (e: Error) => void }>();
  private stderrTail = '';
  private exited: RuntimeError | null = null;
  private nextId = 1;
  readonly greeting: Promise<WireReply>;

  constructor(
    readonly child: ChildProcess,
    private readonly name: string,
  ) {
    this.greeting = new Promise((resolve, reject) => this.pending.set(0, { resolve, reject }));
    createInterface({ input: child.stdout! }).on('line', (line) => {
      if (!line.startsWith(WIRE_PREFIX)) return;
      const r = JSON.parse(line.slice(WIRE_PREFIX.length)) as WireReply;
      const p = this.pending.get(r.id);
      this.pending.delete(r.id);
      p?.resolve(r);
    });
    // Driver warnings go here; they are kept for the message of a runner that dies.
    child.stderr!.on('data', (chunk: Buffer) => {
      this.stderrTail = (this.stderrTail + chunk.toString()).slice(-2000);
    });
    const onGone = (why: string): void => {
      const tail = this.stderrTail.trim();
      this.exited = new RuntimeError('provider', `${this.name} ${why}${tail ? `\n${tail}` : ''}`);
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

export class RunnerBackend implements Backend {
  private runner: RunnerProcess | null;

  private constructor(
    private readonly spec: RunnerSpec,
    runner: RunnerProcess,
    readonly adapter: AdapterDescription,
    readonly source: string,
    private readonly dir: string,
    private readonly forgetDir: () => void,
  ) {
    this.runner = runner;
  }

  get provider(): ProviderName {
    return this.spec.provider;
  }

  /** Starts the runner; rejects with kind 'no-adapter' when the provider finds none. */
  static async open(spec: RunnerSpec): Promise<RunnerBackend> {
    const dir = await mkdtemp(join(tmpdir(), 'tile-webgpu-'));
    const forgetDir = removeAtExit(dir);
    try {
      const { runner, adapter, source } = await RunnerBackend.start(spec, dir);
      return new RunnerBackend(spec, runner, adapter, source, dir, forgetDir);
    } catch (e) {
      await rm(dir, { recursive: true, force: true });
      forgetDir();
      throw e;
    }
  }

  private static async start(spec: RunnerSpec, dir: string): Promise<{ runner: RunnerProcess; adapter: AdapterDescription; source: string }> {
    const child = spawn(spec.command, spec.args(dir), {
      stdio: ['pipe', 'pipe', 'pipe'],
      env: { ...process.env, XDG_RUNTIME_DIR: process.env['XDG_RUNTIME_DIR'] || tmpdir(), NO_COLOR: '1', ...spec.env },
    });
    const runner = new RunnerProcess(child, spec.name);
    const hello = await withDeadline(runner.greeting, START_TIMEOUT_MS, () => {
      runner.kill();
      return new RuntimeError('timeout', `${spec.name} did not report an adapter within ${START_TIMEOUT_MS} ms`);
    });
    if (!hello.ok) {
      runner.kill();
      throw RuntimeError.fromJSON(hello.error);
    }
    const greeting = hello as Extract<WireReply, { adapter: unknown }>;
    return { runner, adapter: greeting.adapter, source: greeting.source ?? spec.command };
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
      return { outputs, timings: r.timings, pipelineMs: r.pipelineMs };
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
    this.forgetDir();
  }

  private async call(req: WireRequestBody, timeoutMs: number, what: string): Promise<WireReply> {
    if (!this.runner) this.runner = (await RunnerBackend.start(this.spec, this.dir)).runner;
    const runner = this.runner;
    const started = Date.now();
    const reply = await withDeadline(runner.request(req), timeoutMs, () => {
      runner.kill();
      this.runner = null;
      return new RuntimeError(
        'timeout',
        `${what} did not finish within ${timeoutMs} ms under ${this.provider}: stopped after ${Date.now() - started} ms by killing its ${this.spec.name}; the next run starts a new one`,
      );
    }).catch((e: unknown) => {
      if (this.runner === runner && !runner.alive) this.runner = null;
      throw e;
    });
    if (!reply.ok) {
      // A lost device stays lost: the next request gets a fresh runner (and device).
      if (reply.error.kind === 'device-lost' && this.runner === runner) {
        runner.kill();
        this.runner = null;
      }
      throw RuntimeError.fromJSON(reply.error);
    }
    return reply;
  }
}
