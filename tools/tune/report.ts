/**
 * What tile-tune shows: progress while it measures (a cli-progress bar on a terminal, one plain
 * line per configuration otherwise), then the table of configurations sorted by time (with their
 * kernels' WGSL size and pipeline creation time), the best one as -p text with the same figures,
 * and optionally an SVG bar chart of time per configuration.
 */
import type { ChalkInstance } from 'chalk';
import type { LaunchTiming, Measured, Outcome } from './cache.js';

export interface Progress {
  /** One configuration done. */
  update(done: number, best: Measured | undefined, last: Measured): void;
  stop(): void;
}

const fmtMs = (ms: number): string => (ms >= 100 ? ms.toFixed(1) : ms >= 1 ? ms.toFixed(3) : ms.toPrecision(3));
/** WGSL size in KB (1,000 bytes), one decimal. */
export const fmtKB = (bytes: number): string => (bytes / 1000).toFixed(1);
/** Pipeline creation time: tenths of a millisecond, two digits below 1 ms. */
export const fmtCreateMs = (ms: number): string => (ms >= 1 ? ms.toFixed(1) : ms.toPrecision(2));
const elapsed = (start: number): string => `${((Date.now() - start) / 1000).toFixed(1)}s`;
const bestSoFar = (best: Measured | undefined): string => (best && best.outcome.status === 'ok' ? `${fmtMs(best.outcome.ms)} ms (${best.options})` : '-');

/** Plain lines: `[3/12 4.2s] tile-sizes=32,32,8 num-warps=1: 0.412 ms | best 0.398 ms (...)`. */
export function lineProgress(total: number, write: (line: string) => void): Progress {
  const start = Date.now();
  return {
    update(done, best, last) {
      write(`[${done}/${total} ${elapsed(start)}] ${last.options || '(defaults)'}: ${outcomeText(last)} | best ${bestSoFar(best)}\n`);
    },
    stop() {},
  };
}

/** A progress bar on a terminal (stream: the TTY it draws on). */
export async function barProgress(total: number, stream: NodeJS.WriteStream, color: boolean): Promise<Progress> {
  const { default: cliProgress } = await import('cli-progress');
  const bar = new cliProgress.SingleBar(
    {
      // {duration_formatted} is redrawn by cli-progress's timer: elapsed time moves during a long measurement.
      format: `tuning ${color ? '{bar}' : '[{bar}]'} {value}/{total} configurations | {duration_formatted} | best {best}`,
      stream,
      hideCursor: true,
      clearOnComplete: false,
      barsize: 24,
    },
    color ? cliProgress.Presets.shades_classic : cliProgress.Presets.legacy,
  );
  bar.start(total, 0, { best: '-' });
  return {
    update(done, best) {
      bar.update(done, { best: bestSoFar(best) });
    },
    stop() {
      bar.stop();
    },
  };
}

export function outcomeText(m: Measured): string {
  return m.outcome.status === 'ok' ? timeText(m.outcome) : `failed (${m.outcome.failure}): ${m.outcome.reason}`;
}

/** A measured time, with each launch's share when there are several (pack-lhs: packing, then matmul). */
export function timeText(o: Outcome & { readonly status: 'ok' }): string {
  return `${fmtMs(o.ms)} ms${o.launches && o.launches.length > 1 ? ` (${launchSummary(o.launches)})` : ''}`;
}

/**
 * Each launch of a measured run: `@kernels::@pack 0.0123 ms (wall 0.700, x29; WGSL 1.9 KB,
 * pipeline 41.2 ms) + ...`, its GPU time, wall time and dispatches per timed submit, to tell a slow
 * kernel from a slow timing, then its kernel's WGSL size and pipeline creation time (where the
 * cache has them).
 */
export function launchSummary(launches: readonly LaunchTiming[]): string {
  return launches.map((l) => `${l.kernel} ${fmtMs(l.ms)} ms (wall ${fmtMs(l.wallMs)}, x${l.repeat}${startText(l) ? `; ${startText(l)}` : ''})`).join(' + ');
}

/** `WGSL 1.9 KB, pipeline 41.2 ms`, or '' where a launch recorded neither (older cache files). */
function startText(l: Pick<LaunchTiming, 'wgslBytes' | 'pipelineMs'>): string {
  const parts = [l.wgslBytes === undefined ? '' : `WGSL ${fmtKB(l.wgslBytes)} KB`, l.pipelineMs === undefined ? '' : `pipeline ${fmtCreateMs(l.pipelineMs)} ms`];
  return parts.filter(Boolean).join(', ');
}

/** What starting a configuration's kernels costs: their WGSL bytes and pipeline creation times. */
export interface KernelCost {
  readonly wgslBytes: number;
  readonly pipelineMs: number;
  /** Each distinct kernel, in launch order. */
  readonly kernels: readonly { readonly kernel: string; readonly wgslBytes: number; readonly pipelineMs: number }[];
}

/**
 * The sums over a measured configuration's distinct kernels (a kernel launched twice is compiled
 * and its pipeline created once); undefined for a failure, or where the launches do not say (a
 * result cached before tile-tune recorded them).
 */
export function kernelCost(o: Outcome): KernelCost | undefined {
  if (o.status !== 'ok' || !o.launches?.length) return undefined;
  const first = new Map<string, LaunchTiming>();
  for (const l of o.launches) if (!first.has(l.kernel)) first.set(l.kernel, l);
  const kernels = [...first.values()].map((l) => ({ kernel: l.kernel, wgslBytes: l.wgslBytes, pipelineMs: l.pipelineMs }));
  if (kernels.some((k) => k.wgslBytes === undefined || k.pipelineMs === undefined)) return undefined;
  const known = kernels as KernelCost['kernels'];
  return { wgslBytes: known.reduce((a, k) => a + k.wgslBytes, 0), pipelineMs: known.reduce((a, k) => a + k.pipelineMs, 0), kernels: known };
}

/**
 * The best configuration: its -p text (the line to copy), then its time and its kernels' WGSL
 * size and pipeline creation time, each kernel's where there are several:
 * `  0.379 ms; WGSL 5.6 KB, pipeline 80.4 ms (@k::@pack WGSL 1.9 KB, pipeline 30.2 ms + ...)`.
 */
export function bestText(best: Measured, label = 'best'): string {
  const lines = [`${label}: -p '${best.pipeline}'`];
  if (best.outcome.status === 'ok') {
    const cost = kernelCost(best.outcome);
    const each = cost && cost.kernels.length > 1 ? ` (${cost.kernels.map((k) => `${k.kernel} ${startText(k)}`).join(' + ')})` : '';
    lines.push(`  ${fmtMs(best.outcome.ms)} ms${cost ? `; ${startText(cost)}${each}` : ''}`);
  }
  return lines.join('\n') + '\n';
}

/** The finalists' second timings, one line (tile-tune --finalists). */
export function playoffLine(timed: readonly Measured[]): string {
  return `timed again: ${timed.map((m) => `${m.options || '(defaults)'} ${m.outcome.status === 'ok' ? `${fmtMs(m.outcome.ms)} ms` : `failed (${m.outcome.failure})`}`).join('; ')}\n`;
}

/** Successes by time, then failures in the order measured. */
export function sortResults(results: readonly Measured[]): Measured[] {
  const ok = results.filter((r) => r.outcome.status === 'ok').sort((a, b) => (a.outcome as { ms: number }).ms - (b.outcome as { ms: number }).ms);
  return [...ok, ...results.filter((r) => r.outcome.status !== 'ok')];
}

/**
 * The table: rank, time, relative to the best, the kernels' WGSL size (KB) and pipeline creation
 * time (ms; both summed over the configuration's kernels, `-` where the cache has neither), and
 * the configuration (failures with their reasons).
 */
export function resultTable(results: readonly Measured[], chalk: ChalkInstance): string {
  const sorted = sortResults(results);
  const bestMs = sorted[0]?.outcome.status === 'ok' ? sorted[0].outcome.ms : undefined;
  const rows = sorted.map((r, i) => {
    const o = r.outcome;
    if (o.status !== 'ok') return ['-', 'failed', o.failure, '-', '-', `${r.options || '(defaults)'}: ${o.reason}`];
    const cost = kernelCost(o);
    return [String(i + 1), fmtMs(o.ms), `${(o.ms / bestMs!).toFixed(2)}x`, cost ? fmtKB(cost.wgslBytes) : '-', cost ? fmtCreateMs(cost.pipelineMs) : '-', r.options || '(defaults)'];
  });
  const head = ['#', 'time (ms)', 'vs best', 'WGSL KB', 'pipeline ms', 'configuration'];
  const last = head.length - 1;
  const widths = head.map((h, c) => Math.max(h.length, ...rows.map((r) => (c < last ? r[c]!.length : 0))));
  const line = (r: string[]): string => r.map((x, c) => (c === last ? x : x.padStart(widths[c]!))).join('  ');
  const out = [chalk.bold(line(head))];
  rows.forEach((r, i) => {
    const text = line(r);
    out.push(sorted[i]!.outcome.status !== 'ok' ? chalk.red(text) : i === 0 ? chalk.green(text) : text);
  });
  return out.join('\n') + '\n';
}

const escapeXml = (s: string): string => s.replace(/[<>&"']/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', '"': '&quot;', "'": '&apos;' })[c]!);

/** A horizontal bar chart, one bar per measured configuration (fastest first), failures listed below. */
export function svgChart(results: readonly Measured[], title: string): string {
  const sorted = sortResults(results);
  const ok = sorted.filter((r) => r.outcome.status === 'ok');
  const failed = sorted.filter((r) => r.outcome.status !== 'ok');
  // Monospace advance: about 0.6 em (7.2 px at 12 px, 8.4 px for the 14 px title).
  const labelW = 24 + 7.2 * Math.max(12, ...sorted.map((r) => (r.options || '(defaults)').length));
  const barW = 420;
  const rowH = 22;
  const top = 44;
  const maxMs = Math.max(...ok.map((r) => (r.outcome as { ms: number }).ms), 1e-9);
  const width = Math.ceil(Math.max(labelW + barW + 110, 20 + 8.4 * title.length));
  const height = top + rowH * (ok.length + failed.length) + 30;
  const parts = [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" font-family="monospace" font-size="12">`,
    `<rect width="100%" height="100%" fill="white"/>`,
    `<text x="10" y="20" font-size="14" font-weight="bold">${escapeXml(title)}</text>`,
    `<text x="${labelW}" y="36" fill="#555">time per run (ms, GPU; shorter is better)</text>`,
  ];
  ok.forEach((r, i) => {
    const ms = (r.outcome as { ms: number }).ms;
    const y = top + i * rowH;
    const w = Math.max(1, (ms / maxMs) * barW);
    parts.push(
      `<text x="${labelW - 8}" y="${y + 15}" text-anchor="end">${escapeXml(r.options || '(defaults)')}</text>`,
      `<rect x="${labelW}" y="${y + 3}" width="${w.toFixed(1)}" height="${rowH - 6}" fill="${i === 0 ? '#2a9d3f' : '#4a78c2'}"><title>${escapeXml(`${r.pipeline}: ${fmtMs(ms)} ms`)}</title></rect>`,
      `<text x="${(labelW + w + 6).toFixed(1)}" y="${y + 15}">${fmtMs(ms)}</text>`,
    );
  });
  failed.forEach((r, i) => {
    const y = top + (ok.length + i) * rowH;
    const o = r.outcome as { failure: string; reason: string };
    parts.push(
      `<text x="${labelW - 8}" y="${y + 15}" text-anchor="end" fill="#b00">${escapeXml(r.options || '(defaults)')}</text>`,
      `<text x="${labelW}" y="${y + 15}" fill="#b00">failed (${escapeXml(o.failure)})<title>${escapeXml(o.reason)}</title></text>`,
    );
  });
  parts.push('</svg>');
  return parts.join('\n') + '\n';
}
