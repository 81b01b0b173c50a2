import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import * as lib from '../core/index.js';
import type { Operation } from '../core/ir/operation.js';
import { irPrinting, PassTiming } from '../core/pass/instrumentation.js';
import { PassStatistics, type PassInstrumentation } from '../core/pass/pass-manager.js';
import type { PipelineBuilder } from '../core/pass/pipeline-builder.js';
import { ANY_OP, OpPassManager } from '../core/pass/pipeline.js';
import { loadPlugin } from '../core/pass/plugin.js';
import { PassRegistry } from '../core/pass/registry.js';
import { builtinDialects } from '../dialects/registry.js';
import { builtinPasses } from '../passes/registry.js';

/** The repository (or installed package) root: the folder holding `pass-pipelines/`. */
export function packageRoot(): string {
  let dir = path.dirname(fileURLToPath(import.meta.url));
  while (!existsSync(path.join(dir, 'package.json')) || !existsSync(path.join(dir, 'pass-pipelines'))) {
    const up = path.dirname(dir);
    if (up === dir) return process.cwd();
    dir = up;
  }
  return dir;
}

/** Built-in passes, plus the pipelines of `pass-pipelines/` (found by `@name`). */
export function createPassRegistry(): PassRegistry {
  const registry = new PassRegistry(builtinPasses);
  registry.pipelineDirs.push(path.join(packageRoot(), 'pass-pipelines'));
  return registry;
}

/** Load the `--load-plugin` modules of `argv` into `registry` (throws PluginError). */
export async function loadPlugins(argv: readonly string[], registry: PassRegistry): Promise<void> {
  for (const specifier of pluginArgs(argv)) {
    await loadPlugin(specifier, registry, { lib, loadedDialects: builtinDialects.map((d) => d.name) });
  }
}

export function pluginArgs(argv: readonly string[]): string[] {
  const out: string[] = [];
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i]!;
    if (a === '--') break;
    if (a === '--load-plugin' && i + 1 < argv.length) out.push(argv[++i]!);
    else if (a.startsWith('--load-plugin=')) out.push(a.slice('--load-plugin='.length));
  }
  return out;
}

export interface PassFlag {
  readonly name: string;
  /** The text after `=`, e.g. `max-iterations=4 top-down=false`; '' for a bare flag. */
  readonly options: string;
}

/**
 * Take the pass flags (`--cse`, `--canonicalize=max-iterations=4`) out of `argv`, in order;
 * a flag is a pass flag when it names a pass or registered pipeline and no tool option.
 */
export function extractPassFlags(argv: readonly string[], registry: PassRegistry, toolOptions: ReadonlySet<string>): { rest: string[]; flags: PassFlag[] } {
  const rest: string[] = [];
  const flags: PassFlag[] = [];
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i]!;
    if (a === '--') {
      rest.push(...argv.slice(i));
      break;
    }
    const m = /^--([^=]+)(?:=(.*))?$/s.exec(a);
    if (m && !toolOptions.has(`--${m[1]}`) && (registry.pass(m[1]!) || registry.pipeline(m[1]!))) flags.push({ name: m[1]!, options: m[2] ?? '' });
    else rest.push(a);
  }
  return { rest, flags };
}

/**
 * The pass manager of a run: from `--pass-pipeline` text, or from pass flags in order.
 * `anyRoot` (--no-implicit-module): the root may be any op, so a single anchored element of the
 * text is the root manager and pass flags go on a manager for any op.
 */
export function buildPassManager(builder: PipelineBuilder, pipelineText: string | undefined, flags: readonly PassFlag[], anyRoot = false): OpPassManager {
  if (pipelineText !== undefined) return builder.parse(pipelineText, { anchoredRoot: anyRoot });
  const root = new OpPassManager(anyRoot ? ANY_OP : 'builtin.module');
  for (const f of flags) builder.addFlag(root, f.name, f.options);
  return root;
}

export interface InstrumentationFlags {
  mlirPrintIrBefore?: string;
  mlirPrintIrAfter?: string;
  mlirPrintIrBeforeAll?: boolean;
  mlirPrintIrAfterAll?: boolean;
  mlirPrintIrAfterChange?: boolean;
  mlirPrintIrAfterFailure?: boolean;
  mlirPrintIrModuleScope?: boolean;
  mlirTiming?: boolean;
  mlirPassStatistics?: boolean;
}

export interface Instrumentation {
  readonly instrumentations: PassInstrumentation[];
  readonly timing?: PassTiming;
  readonly statistics?: PassStatistics;
}

/** Instrumentation for the flags; a pass name that is not registered is an error message. */
export function instrumentationFor(flags: InstrumentationFlags, registry: PassRegistry, print: (op: Operation) => string, out: (text: string) => void): Instrumentation | { error: string } {
  const names = (flag: string, list: string | undefined): Set<string> | { error: string } | undefined => {
    if (list === undefined) return undefined;
    const set = new Set(
      list
        .split(',')
        .map((s) => s.trim())
        .filter((s) => s !== ''),
    );
    for (const n of set) if (!registry.pass(n)) return { error: `for the ${flag} option: '${n}' is not a registered pass` };
    return set;
  };
  const before = flags.mlirPrintIrBeforeAll ? true : names('--mlir-print-ir-before', flags.mlirPrintIrBefore);
  const after = flags.mlirPrintIrAfterAll ? true : names('--mlir-print-ir-after', flags.mlirPrintIrAfter);
  if (before instanceof Set || before === true || before === undefined) {
    if (!(after instanceof Set || after === true || after === undefined)) return after;
  } else return before;
  const instrumentations: PassInstrumentation[] = [];
  if (before || after || flags.mlirPrintIrAfterFailure) {
    instrumentations.push(
      irPrinting({
        before,
        after,
        afterOnlyOnChange: flags.mlirPrintIrAfterChange,
        afterOnlyOnFailure: flags.mlirPrintIrAfterFailure,
        moduleScope: flags.mlirPrintIrModuleScope,
        print,
        out,
      }),
    );
  }
  const timing = flags.mlirTiming ? new PassTiming() : undefined;
  if (timing) instrumentations.push(timing);
  return { instrumentations, timing, statistics: flags.mlirPassStatistics ? new PassStatistics() : undefined };
}
