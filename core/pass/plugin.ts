import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { Dialect } from '../ir/dialect.js';
import { DiagnosticError } from '../ir/diagnostics.js';
import { SourceFile } from '../syntax/source.js';
import type { OptionSpecs } from './options.js';
import type { PassDefinition } from './pass.js';
import { parsePipelineText } from './pipeline-text.js';
import { UnknownLoc } from '../ir/location.js';
import { parsePipelineYaml } from './yaml-pipeline.js';
import type { PassRegistry, PipelineDefinition } from './registry.js';

/** The version of the plugin API below; bumped on incompatible changes. */
export const PLUGIN_API_VERSION = 1;

/**
 * What a plugin's default export (or `register` export) receives. `lib` is tile-opt's public
 * API (the `tile-opt` package's exports): a plugin must build its passes and dialects with
 * these very functions and classes, so that they are the host's (one copy of the IR classes).
 */
export interface PluginAPI<Lib = unknown> {
  readonly apiVersion: number;
  readonly lib: Lib;
  /** Add a pass (name, summary, options, run) made with `lib.definePass`. */
  registerPass(pass: PassDefinition): void;
  /** Add a dialect made with `lib.defineDialect`; it is loaded into the context of the run. */
  registerDialect(dialect: Dialect): void;
  /** Add a pipeline in MLIR's textual syntax, usable as `name` or `@name`. */
  registerPipeline(pipeline: { name: string; summary: string; pipeline: string; anchor?: string; parameters?: OptionSpecs }): void;
  /** Add a YAML pipeline file (a path relative to the plugin's folder), usable as `@name`. */
  registerPipelineFile(file: string): void;
}

export type PluginRegister<Lib = unknown> = (api: PluginAPI<Lib>) => void | Promise<void>;

/** A plugin that could not be found, loaded or registered; the message names it. */
export class PluginError extends Error {}

export interface LoadPluginOptions<Lib> {
  readonly lib: Lib;
  /** Where relative paths and package names are resolved from. */
  readonly cwd?: string;
  /** Names of the dialects already loaded (a plugin may not register one again). */
  readonly loadedDialects?: readonly string[];
}

/**
 * Load the plugin `specifier` (a .js/.mjs path, or a package name) and add what it registers to
 * `registry`, all or nothing: a plugin that fails leaves the registry as it was.
 */
/**
 * Where the syntax error of a plugin file is, as `node --check` shows it (`FILE:LINE`, the source
 * line, a caret under the column): the error import() throws does not say. Undefined when the
 * file itself parses (the error is in a module it imports) or the check cannot run.
 */
function syntaxErrorSite(file: string): { where: string; message: string; excerpt: string } | undefined {
  const check = spawnSync(process.execPath, ['--check', file], { encoding: 'utf8', timeout: 10_000 });
  if (check.status === 0 || typeof check.stderr !== 'string') return undefined;
  const [first, source, caret] = check.stderr.split('\n');
  const m = /^(.*):(\d+)$/.exec(first ?? '');
  if (!m || source === undefined || caret === undefined || !caret.includes('^')) return undefined;
  const message = /^SyntaxError: (.*)$/m.exec(check.stderr)?.[1] ?? 'invalid JavaScript';
  return { where: `${m[1]}:${m[2]}:${caret.indexOf('^') + 1}`, message, excerpt: `${source}\n${caret}` };
}

/**
 * The global under which a host may give the function that imports plugin modules. A bundled bin
 * run from V8's code cache cannot call import() itself (Node 20 loses the callback of code read
 * from the cache): its launcher, a module of its own, does it.
 */
export const IMPORT_MODULE_HOOK = Symbol.for('tile-opt.importModule');

function importModule(url: string): Promise<unknown> {
  const hook = (globalThis as Record<symbol, unknown>)[IMPORT_MODULE_HOOK] as ((url: string) => Promise<unknown>) | undefined;
  return hook ? hook(url) : import(url);
}

export async function loadPlugin<Lib>(specifier: string, registry: PassRegistry, options: LoadPluginOptions<Lib>): Promise<void> {
  const cwd = options.cwd ?? process.cwd();
  const fail = (message: string): never => {
    throw new PluginError(`plugin '${specifier}': ${message}`);
  };
  const isPath = path.isAbsolute(specifier) || specifier.startsWith('.') || /\.(m?js|cjs)$/.test(specifier);
  let url = specifier;
  let dir = cwd;
  if (isPath) {
    const file = path.resolve(cwd, specifier);
    if (!existsSync(file)) fail('no such file');
    url = pathToFileURL(file).href;
    dir = path.dirname(file);
  } else {
    try {
      const file = createRequire(path.join(cwd, 'package.json')).resolve(specifier);
      url = pathToFileURL(file).href;
      dir = path.dirname(file);
    } catch {
      // An ESM-only package cannot be resolved by require; let import() resolve it.
    }
  }
  let mod: Record<string, unknown>;
  try {
    mod = (await importModule(url)) as Record<string, unknown>;
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    // (Checked on any failure: a loader in between, as vitest's, may throw other than a SyntaxError.)
    if (url.startsWith('file:') && code !== 'ERR_MODULE_NOT_FOUND') {
      const at = syntaxErrorSite(fileURLToPath(url));
      if (at) return fail(`syntax error at ${at.where}: ${at.message}\n${at.excerpt}`);
    }
    return fail(code === 'ERR_MODULE_NOT_FOUND' && !isPath ? 'cannot find package' : `failed to load: ${(e as Error).message}`);
  }
  const register = [mod.default, mod.register].find((f) => typeof f === 'function') as PluginRegister<Lib> | undefined;
  if (!register) return fail("expected a default export or a 'register' export that is a function");

  const passes: PassDefinition[] = [];
  const dialects: Dialect[] = [];
  const pipelines: PipelineDefinition[] = [];
  const origin = `plugin '${specifier}'`;
  const api: PluginAPI<Lib> = {
    apiVersion: PLUGIN_API_VERSION,
    lib: options.lib,
    registerPass: (pass) => {
      if (!pass || typeof pass.name !== 'string' || typeof pass.spec?.run !== 'function') fail('registerPass expects a pass made with definePass');
      passes.push(pass);
    },
    registerDialect: (dialect) => {
      if (!dialect || typeof dialect.name !== 'string' || !(dialect.ops instanceof Map)) fail('registerDialect expects a dialect made with defineDialect');
      dialects.push(dialect);
    },
    registerPipeline: ({ name, summary, pipeline, anchor, parameters }) => {
      const source = new SourceFile(`${origin} pipeline '${name}'`, pipeline);
      pipelines.push({ name, summary, anchor, parameters: parameters ?? {}, steps: parsePipelineText(source), origin, loc: UnknownLoc.get(), source });
    },
    registerPipelineFile: (file) => {
      const abs = path.resolve(dir, file);
      let text: string;
      try {
        text = readFileSync(abs, 'utf8');
      } catch (e) {
        return fail(`cannot open pipeline file '${file}': ${(e as Error).message}`);
      }
      pipelines.push({ ...parsePipelineYaml(new SourceFile(abs, text)), origin: abs, filePath: abs });
    },
  };
  try {
    await register(api);
  } catch (e) {
    if (e instanceof PluginError) throw e;
    const flc = e instanceof DiagnosticError ? e.diagnostic.loc.fileLineCol() : undefined;
    fail((flc ? `${flc.file}:${flc.line}:${flc.col}: ` : '') + ((e as Error)?.message ?? String(e)));
  }

  // All or nothing: check every name before registering any.
  const names = new Set<string>();
  for (const n of [...passes.map((p) => p.name), ...pipelines.map((p) => p.name)]) {
    const problem = registry.nameProblem(n) ?? (names.has(n) ? `'${n}' is already registered as a pass or pass pipeline` : undefined);
    if (problem) fail(problem);
    names.add(n);
  }
  const loaded = [...(options.loadedDialects ?? [])];
  for (const d of dialects) {
    const problem = registry.dialectProblem(d.name, loaded);
    if (problem) fail(problem);
    loaded.push(d.name);
  }
  for (const p of passes) registry.registerPass(p);
  for (const p of pipelines) registry.registerPipeline(p);
  for (const d of dialects) registry.registerDialect(d);
}
