/**
 * What the benches that set our compiled kernels beside library peers share (fused-kernels.ts,
 * attention.ts): a log with a deadline and the notes of what is missing, Dawn's adapter, the
 * fastest of a short list of @tile-wgsl configurations (each compiled, checked against the
 * interpreter on a small twin and timed by tools/tune's measureFresh), the WebGPU library peers
 * run one problem per child process, and the table cells.
 */
import type { PassRegistry } from '../../core/pass/registry.js';
import { openRuntime } from '../../runtime/webgpu/index.js';
import type { Outcome } from '../../tools/tune/cache.js';
import { measureFresh, type MeasureOptions, type Problem } from '../../tools/tune/measure.js';
import type { PeerCase } from '../peers/peer-gpu.js';
import { machine, runLibraryPeer, type LibFigure } from '../seed-tables.js';
import type { TimingSettings } from './cli.js';
import { fmt, runTorchPeers, type PeerFigure, type TorchRequest } from './gpu.js';

/** A bench's progress lines (`[  12s] ...`), its deadline, and the notes printed under its tables. */
export class BenchRun {
  private readonly t0 = Date.now();
  readonly notes: string[] = [];
  constructor(readonly deadlineS: number) {}
  elapsedS(): number {
    return (Date.now() - this.t0) / 1000;
  }
  log(s: string): void {
    process.stdout.write(`[${this.elapsedS().toFixed(0).padStart(4)}s] ${s}\n`);
  }
  /** True (and `what` noted as not run) once the deadline has passed: no step starts after it. */
  late(what: string): boolean {
    if (this.elapsedS() < this.deadlineS) return false;
    this.notes.push(`${what}: not run (past --deadline-s ${this.deadlineS})`);
    return true;
  }
}

/** The peer benches' timing (attention.ts, fused-kernels.ts) on the GPU machine: no step starts after 9 minutes (the device runs a command for at most 10). */
export const PEER_BENCH_TIMING: Required<TimingSettings> = { rounds: 5, warmMs: 500, timeoutS: 60, deadlineS: 540 };

/** Their timing under --quick, on software adapters: SwiftShader on two shared cores (ORT-web's first session alone takes tens of seconds). */
export const PEER_BENCH_QUICK_TIMING: Required<TimingSettings> = { rounds: 2, warmMs: 20, timeoutS: 120, deadlineS: 1500 };

/** The report's title (with the date and the run's length so far) and its machine, adapter and command lines. */
export function reportHead(run: BenchRun, title: string, adapter: string | undefined, command: string): string[] {
  const out = [`## ${title} (${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC, ${run.elapsedS().toFixed(0)} s)`, '', `- machine: ${machine()}`];
  if (adapter !== undefined) out.push(`- adapter dawn: ${adapter}`);
  out.push(`- command: \`${command}\``);
  return out;
}

/** Prints the report `out` with the run's notes under it, and logs the end. */
export function printReport(run: BenchRun, out: string[]): void {
  if (run.notes.length) out.push('Missing figures and failures:', '', ...[...new Set(run.notes)].map((n) => `- ${n}`), '');
  process.stdout.write(`\n${out.join('\n')}\n`);
  run.log('done');
}

/** tools/tune's measurement settings from a bench's timing flags (10 dispatches a submit, one warm-up, --warm-ms of warm submits). */
export const measureTiming = (o: TimingSettings): MeasureOptions => ({ timeoutMs: o.timeoutS * 1000, repeat: 10, rounds: o.rounds, warmup: 1, warm: { warmMs: o.warmMs, minSubmitMs: 20 } });

/**
 * torch's figures of `problems` (bench/peers/torch_peers.py, every figure in one process), timed
 * with the bench's rounds and warm-up, logged (`describe`); why not, noted, when it did not run.
 */
export async function torchFigures(
  run: BenchRun,
  o: TimingSettings & { peers: ReadonlySet<string> },
  problems: Partial<TorchRequest>,
  describe: (figures: PeerFigure[]) => string,
): Promise<PeerFigure[] | string> {
  if (!o.peers.has('torch')) return 'not run (--peers)';
  const torch = await runTorchPeers({ sizes: [], addShapes: [], ...problems, repeat: 10, rounds: o.rounds, warmMs: o.warmMs, minRoundMs: 20, timeoutS: o.timeoutS * 4 });
  run.log(`torch: ${typeof torch === 'string' ? torch : describe(torch)}`);
  if (typeof torch === 'string') run.notes.push(`torch: ${torch}`);
  return torch;
}

/** Dawn's adapter in words, or why it did not open. */
export async function dawnAdapter(): Promise<string | { why: string }> {
  try {
    const rt = await openRuntime({ provider: 'dawn' });
    const d = rt.description;
    await rt.close();
    return d;
  } catch (e) {
    return { why: e instanceof Error ? e.message.split('\n')[0]! : String(e) };
  }
}

/** The best of a list of measured configurations. */
export interface Best {
  options?: string;
  ms: number;
  wallMs: number;
  method: string;
  failures: string[];
}

const failure = (r: Outcome): string => (r.status === 'failed' ? `${r.failure}: ${r.reason}` : '');

export interface FastestOptions {
  run: BenchRun;
  registry: PassRegistry;
  timing: MeasureOptions;
  /** dawnAdapter()'s answer: nothing is measured without an adapter. */
  adapter: string | { why: string };
}

/**
 * Every configuration (`@tile-wgsl{base cfg}`) measured on `problem` in a Dawn runner of its own;
 * the fastest by GPU time, or why none passed. With `entry`, the other functions of the file are
 * dropped first (symbol-privatize, symbol-dce): a configuration that another entry cannot take
 * (e.g. its workgroup memory) does not fail this one.
 */
export async function fastestConfig(f: FastestOptions, what: string, problem: () => Promise<Problem>, base: string, configs: readonly string[], entry?: string): Promise<Best | string> {
  if (typeof f.adapter !== 'string') return f.adapter.why;
  let p: Problem;
  try {
    p = await problem();
  } catch (e) {
    return `no problem: ${e instanceof Error ? e.message.split('\n')[0] : String(e)}`;
  }
  const b: Best = { ms: Infinity, wallMs: NaN, method: '', failures: [] };
  for (const cfg of configs) {
    if (f.run.late(`${what} \`${cfg}\``)) continue;
    const options = [base, cfg].filter(Boolean).join(' ');
    const wgsl = options ? `@tile-wgsl{${options}}` : '@tile-wgsl';
    const r = await measureFresh('dawn', p.file, p, entry ? `symbol-privatize{exclude=${entry}},symbol-dce,${wgsl}` : wgsl, f.registry, f.timing);
    f.run.log(
      `${what} \`${cfg || '(defaults)'}\`: ${r.status === 'ok' ? `${fmt(r.ms, 4)} ms GPU, ${fmt(r.wallMs ?? NaN, 4)} ms wall (${r.method}, ${r.launches?.length ?? '?'} launch${r.launches?.length === 1 ? '' : 'es'})` : failure(r).slice(0, 200)}`,
    );
    if (r.status !== 'ok') b.failures.push(`\`${cfg || '(defaults)'}\`: ${failure(r).slice(0, 160)}`);
    else if (r.ms < b.ms) Object.assign(b, { options: cfg || '(defaults)', ms: r.ms, wallMs: r.wallMs ?? NaN, method: r.method });
  }
  return b.options !== undefined ? b : `no configuration passed${b.failures.length ? `: ${b.failures.join('; ')}` : ''}`;
}

/** Notes a configuration search that found nothing, or the configurations that failed. */
export function noteBest(run: BenchRun, what: string, b: Best | string | undefined): void {
  if (typeof b === 'string') run.notes.push(`tile-opt ${what}: ${b}`);
  else if (b?.failures.length) run.notes.push(`tile-opt ${what}, failed configurations: ${b.failures.join('; ')}`);
}

// ------------------------------------------------------------------------------------ library peers

export const LIB_PEERS = ['tfjs', 'jaxjs', 'ortweb'] as const;
export const libName: Record<string, string> = { tfjs: 'TF.js 4.22', jaxjs: 'jax-js 0.1.25', ortweb: 'ORT-web 1.30' };

/** A library peer as a column: its peer script, and ORT-web's build. */
export interface LibraryPeer {
  key: string;
  peer: string;
  label: string;
  build?: 'webgpu' | 'jsep';
}

/** The library peers asked for, ORT-web once per build. */
export function libraryPeers(peers: ReadonlySet<string>, ortBuilds: readonly ('webgpu' | 'jsep')[]): LibraryPeer[] {
  const libs: LibraryPeer[] = [];
  for (const p of LIB_PEERS) {
    if (!peers.has(p)) continue;
    if (p === 'ortweb') for (const b of ortBuilds) libs.push({ key: `ortweb-${b}`, peer: p, label: `${libName[p]} (${b === 'webgpu' ? 'WebGPU EP' : 'JSEP'})`, build: b });
    else libs.push({ key: p, peer: p, label: libName[p]! });
  }
  return libs;
}

/** One problem of a library peer in its child process, logged; a failure or a wrong result noted. */
export async function runLibraryCase(run: BenchRun, l: LibraryPeer, what: string, c: PeerCase, timeoutS: number, unit: string, scale = 1): Promise<LibFigure> {
  const f = await runLibraryPeer(l.peer, 'dawn', l.build ? { ...c, ortBuild: l.build } : c, timeoutS);
  run.log(`${l.label} ${what}: ${'why' in f ? f.why : `${fmt(f.rate * scale)} ${unit}, ${f.check}`}`);
  if ('why' in f) run.notes.push(`${l.label} ${what}: ${f.why}`);
  else if (!f.check.startsWith('ok')) run.notes.push(`${l.label} ${what}: ${f.check}`);
  return f;
}

/** A library figure's rate when it ran and its result checked out. */
export const checkedRate = (f: LibFigure | undefined): number | undefined => (f && !('why' in f) && f.check.startsWith('ok') ? f.rate : undefined);

/** True when some library result was wrong (the bench then exits 1). */
export const anyWrong = (figures: Iterable<LibFigure>): boolean => [...figures].some((f) => !('why' in f) && !f.check.startsWith('ok'));

// ------------------------------------------------------------------------------------ cells

export const num = (x: number | undefined): string => (x === undefined || !Number.isFinite(x) ? '-' : x >= 100 ? String(Math.round(x)) : fmt(x));
