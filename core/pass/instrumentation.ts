import { StringAttr } from '../ir/attributes.js';
import type { Operation } from '../ir/operation.js';
import type { PassInstrumentation, PassStatistics } from './pass-manager.js';
import { displayName, type NestEntry, type OpPassManager, type PassEntry, type PipelineEntry } from './pipeline.js';

export interface IRPrintingConfig {
  /** Print before these passes (by name); `true` for all. */
  readonly before: ReadonlySet<string> | true | undefined;
  readonly after: ReadonlySet<string> | true | undefined;
  /** Print after a pass only when it changed the IR (--mlir-print-ir-after-change). */
  readonly afterOnlyOnChange?: boolean;
  /** Print after a pass only when it failed (--mlir-print-ir-after-failure). */
  readonly afterOnlyOnFailure?: boolean;
  /** Print the whole IR (the top-level op) and name the op the pass runs on (--mlir-print-ir-module-scope). */
  readonly moduleScope?: boolean;
  /** How an op is printed (the run's printing flags). */
  readonly print: (op: Operation) => string;
  readonly out: (text: string) => void;
}

const selected = (set: ReadonlySet<string> | true | undefined, entry: PassEntry): boolean => set === true || (set !== undefined && set.has(entry.pass.name));

/** --mlir-print-ir-*: dumps of the op a pass runs on, with mlir-opt's headers, to `out`. */
export function irPrinting(config: IRPrintingConfig): PassInstrumentation {
  const before = new Map<Operation, string[]>();
  const header = (when: string, entry: PassEntry, op: Operation) =>
    `// -----// IR Dump ${when} ${displayName(entry.pass)}${when === 'After' && failedTag.has(entry) ? ' Failed' : ''} (${entry.pass.name})${config.moduleScope ? ` ${scopeTag(op)}` : ''} //----- //\n`;
  const failedTag = new Set<PassEntry>();
  // The printer ends the op with a newline; mlir-opt's dump is the op, then an empty line.
  const print = (op: Operation) => config.print(config.moduleScope ? topLevel(op) : op);
  // (A module-scope dump keeps the top level's own last newline: one more empty line, as in mlir-opt.)
  const dump = (when: string, entry: PassEntry, op: Operation, text = print(op)) => config.out(`${header(when, entry, op)}${config.moduleScope ? text : text.replace(/\n$/, '')}\n\n`);
  return {
    runBeforePass(entry, op) {
      if (selected(config.before, entry)) dump('Before', entry, op);
      if (config.afterOnlyOnChange && selected(config.after, entry)) {
        const stack = before.get(op) ?? [];
        stack.push(print(op));
        before.set(op, stack);
      }
    },
    runAfterPass(entry, op) {
      const original = config.afterOnlyOnChange && selected(config.after, entry) ? before.get(op)?.pop() : undefined;
      if (config.afterOnlyOnFailure || !selected(config.after, entry)) return;
      const text = print(op);
      if (original !== undefined && original === text) return;
      dump('After', entry, op, text);
    },
    runAfterPassFailed(entry, op) {
      if (config.afterOnlyOnChange && selected(config.after, entry)) before.get(op)?.pop();
      if (!config.afterOnlyOnFailure && !selected(config.after, entry)) return;
      failedTag.add(entry);
      dump('After', entry, op);
      failedTag.delete(entry);
    },
  };
}

/** `('func.func' operation: @f)`: the op a module-scope dump is about. */
function scopeTag(op: Operation): string {
  const sym = op.getAttr('sym_name');
  return `('${op.name}' operation${sym instanceof StringAttr ? `: @${sym.value}` : ''})`;
}

function topLevel(op: Operation): Operation {
  let top = op;
  while (top.parentOp) top = top.parentOp;
  return top;
}

const RULE = '===' + '-'.repeat(73) + '===';
const titled = (title: string) => `${RULE}\n${' '.repeat(Math.floor((80 - title.length) / 2))}${title}\n${RULE}\n`;

/**
 * --mlir-timing: wall time of every pass and nested pipeline, summed over the ops they ran on,
 * reported as mlir-opt's `Execution time report` (tree display, single-threaded columns).
 */
export class PassTiming implements PassInstrumentation {
  private readonly totals = new Map<PipelineEntry, number>();
  private readonly started: number[] = [];
  /** Phases outside the pipeline (`Parser`, `Output`), in order. */
  readonly phases: { name: string; ms: number; afterPipeline: boolean }[] = [];

  runBeforePipeline(): void {
    this.started.push(performance.now());
  }
  runAfterPipeline(nest: NestEntry): void {
    this.add(nest, performance.now() - this.started.pop()!);
  }
  runBeforePass(): void {
    this.started.push(performance.now());
  }
  runAfterPass(entry: PassEntry): void {
    this.add(entry, performance.now() - this.started.pop()!);
  }
  runAfterPassFailed(entry: PassEntry): void {
    this.runAfterPass(entry);
  }
  private add(entry: PipelineEntry, ms: number): void {
    this.totals.set(entry, (this.totals.get(entry) ?? 0) + ms);
  }

  /** Time `fn` as a top-level phase (`Parser`, `Output`). */
  phase<T>(name: string, afterPipeline: boolean, fn: () => T): T {
    const t0 = performance.now();
    try {
      return fn();
    } finally {
      const ms = performance.now() - t0;
      const existing = this.phases.find((p) => p.name === name);
      if (existing) existing.ms += ms;
      else this.phases.push({ name, ms, afterPipeline });
    }
  }

  /**
   * The report for the pipelines that ran (`managers`), given the total wall time in ms: the
   * tree of pipelines and passes (`tree`), or every name once with its times summed, slowest
   * first (`list`, --mlir-timing-display=list), Rest and Total last in both.
   */
  report(managers: readonly OpPassManager[], totalMs: number, display: 'tree' | 'list' = 'tree'): string {
    const rows: [number, string][] = [];
    const rowsOf = (pm: OpPassManager, indent: string): void => {
      for (const e of pm.entries) {
        if (e.kind === 'pass') rows.push([this.totals.get(e) ?? 0, indent + displayName(e.pass)]);
        else {
          rows.push([this.totals.get(e) ?? 0, `${indent}'${e.manager.anchor}' Pipeline`]);
          rowsOf(e.manager, indent + '  ');
        }
      }
    };
    for (const p of this.phases.filter((p) => !p.afterPipeline)) rows.push([p.ms, p.name]);
    for (const pm of managers) rowsOf(pm, '');
    for (const p of this.phases.filter((p) => p.afterPipeline)) rows.push([p.ms, p.name]);
    const topLevel = rows.filter(([, name]) => !name.startsWith(' ')).reduce((s, [ms]) => s + ms, 0);
    const total = Math.max(totalMs, topLevel);
    if (display === 'list') {
      const merged = new Map<string, number>();
      for (const [ms, name] of rows) merged.set(name.trim(), (merged.get(name.trim()) ?? 0) + ms);
      rows.splice(0, rows.length, ...[...merged].map(([name, ms]): [number, string] => [ms, name]).sort((a, b) => b[0] - a[0]));
    }
    rows.push([Math.max(0, total - topLevel), 'Rest'], [total, 'Total']);
    const sec = (ms: number) => (ms / 1000).toFixed(4);
    const pct = (ms: number) => (total > 0 ? (100 * ms) / total : 0).toFixed(1).padStart(5);
    let out = titled('... Execution time report ...');
    out += `  Total Execution Time: ${sec(total)} seconds\n\n`;
    out += '  ----Wall Time----  ----Name----\n';
    for (const [ms, name] of rows) out += `    ${sec(ms)} (${pct(ms)}%)  ${name}\n`;
    return out;
  }
}

/**
 * --mlir-pass-statistics: mlir-opt's `Pass statistics report`, in its pipeline display (the
 * pass manager's structure) or list display (merged by pass, sorted by name).
 */
export function statisticsReport(managers: readonly OpPassManager[], stats: PassStatistics, display: 'pipeline' | 'list' = 'pipeline'): string {
  let out = titled('... Pass statistics report ...');
  const entryText = (indent: number, name: string, values: { name: string; desc: string; value: number }[]): string => {
    let text = ' '.repeat(indent) + name + '\n';
    const sorted = [...values].sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
    const nameWidth = Math.max(0, ...sorted.map((s) => s.name.length));
    const valueWidth = Math.max(0, ...sorted.map((s) => String(s.value).length));
    for (const s of sorted) text += `${' '.repeat(indent + 2)}(S) ${String(s.value).padStart(valueWidth)} ${s.name.padEnd(nameWidth)} - ${s.desc}\n`;
    return text;
  };
  const valuesOf = (e: PassEntry) => Object.entries(e.pass.spec.statistics ?? {}).map(([name, desc]) => ({ name, desc, value: stats.get(e, name) }));
  if (display === 'pipeline') {
    const walk = (pm: OpPassManager, indent: number): void => {
      for (const e of pm.entries) {
        if (e.kind === 'pass') out += entryText(indent, displayName(e.pass), valuesOf(e));
        else {
          out += entryText(indent, `'${e.manager.anchor}' Pipeline`, []);
          walk(e.manager, indent + 2);
        }
      }
    };
    for (const pm of managers) walk(pm, 0);
  } else {
    const merged = new Map<string, { name: string; desc: string; value: number }[]>();
    const walk = (pm: OpPassManager): void => {
      for (const e of pm.entries) {
        if (e.kind === 'nest') {
          walk(e.manager);
          continue;
        }
        const values = valuesOf(e);
        if (values.length === 0) continue;
        const name = displayName(e.pass);
        const existing = merged.get(name);
        if (!existing) merged.set(name, values);
        else values.forEach((v, i) => (existing[i]!.value += v.value));
      }
    };
    for (const pm of managers) walk(pm);
    for (const name of [...merged.keys()].sort()) out += entryText(2, name, merged.get(name)!);
  }
  return out + '\n';
}
