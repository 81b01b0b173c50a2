import type { Graph } from '@dagrejs/graphlib';
import { lazyRequire } from '../support/lazy-require.js';
import { currentDir, fileExists, hostPath as path, readTextFile } from '../support/files.js';
import { DiagnosticError } from '../ir/diagnostics.js';
import type { Location } from '../ir/location.js';
import { SourceFile } from '../syntax/source.js';
import { convertOptionValue, defaultOf, noSuchOption, optionTypesFit, parseOptionText, printOptionValue, type OptionSpec, type OptionSpecs, type OptionValue } from './options.js';
import { exposedOptions, resolveParameters, type StepOptions } from './pipeline-parameters.js';
import { ANY_OP, canSchedule, OpPassManager } from './pipeline.js';
import type { CallStep, OptionAssignment, PipelineStep } from './pipeline-steps.js';
import { OPTIONS_SOURCE_NAME, parseOptionAssignments, parsePipelineText, PIPELINE_SOURCE_NAME } from './pipeline-text.js';
import type { PassRegistry, PipelineDefinition } from './registry.js';
import { parsePipelineYaml } from './yaml-pipeline.js';

/** The op kind of the top-level pass manager (tile-opt's inputs are always a builtin.module). */
export const ROOT_ANCHOR = 'builtin.module';

/** What `${name}` references resolve against while building a named pipeline's steps. */
interface Scope {
  readonly pipeline?: PipelineDefinition;
  /** The pipeline's parameters (PipelineBuilder.parameters) and their values. */
  readonly specs?: OptionSpecs;
  readonly params: ReadonlyMap<string, OptionValue>;
  /** Where the caller set each parameter it gave (a bad value forwarded to a pass is reported there). */
  readonly paramLocs?: ReadonlyMap<string, Location>;
  /** Folder that relative `@path` references start from. */
  readonly dir: string;
}

const fail = (loc: Location, message: string): never => {
  throw DiagnosticError.at(loc, message);
};

/**
 * Turns pipeline text, pass flags and named pipelines into pass managers. Named pipelines are
 * loaded on first use (registry first, then `<dir>/<name>.yaml` for the registry's pipeline
 * folders, or a file path), with their uses recorded in a dependency graph: a cycle is an
 * error naming it, and each pipeline is checked after the pipelines it uses.
 */
const graphlib = lazyRequire<typeof import('@dagrejs/graphlib')>('@dagrejs/graphlib');

export class PipelineBuilder {
  /** Every source text seen (pipeline text, option text, YAML files), for rendering diagnostics. */
  readonly sources = new Map<string, SourceFile>();
  private readonly byPath = new Map<string, PipelineDefinition>();
  private readonly byName = new Map<string, PipelineDefinition>();
  private readonly resolved = new Map<string, PipelineDefinition>();
  /** The parameters of each pipeline, resolved; undefined while being resolved. */
  private readonly parameterSpecs = new Map<PipelineDefinition, OptionSpecs | undefined>();
  /** Pipeline uses, created with the first named pipeline. */
  private graphOfUses: Graph | undefined;
  private readonly checked = new Set<string>();
  private readonly visited = new Set<string>();
  /** `user\0used` -> where `user` uses `used`. */
  private readonly useSites = new Map<string, Location>();
  private readonly cwd: string;
  /** The nearest of `candidates` to a misspelt `name`, for a `did you mean` note (the tool's). */
  private readonly suggest: ((name: string, candidates: readonly string[]) => string | undefined) | undefined;

  constructor(
    readonly registry: PassRegistry,
    options: { cwd?: string; suggest?: (name: string, candidates: readonly string[]) => string | undefined } = {},
  ) {
    this.cwd = options.cwd ?? currentDir();
    this.suggest = options.suggest;
  }

  private get graph(): Graph {
    return (this.graphOfUses ??= new (graphlib().Graph)({ directed: true }));
  }

  /**
   * Parse `--pass-pipeline` text. A pipeline that is not one `builtin.module(...)` element is
   * taken as nested in builtin.module: `cse,func.func(canonicalize)` means
   * `builtin.module(cse,func.func(canonicalize))`. A `builtin.module(...)` element must then be
   * the whole pipeline (mlir-opt takes one top-level anchor): beside others it would be nested in
   * the module and run on nested modules only. With `anchoredRoot` (--no-implicit-module), a
   * single `anchor(...)` element is the root manager, whatever its anchor.
   */
  parse(text: string, options: { anchoredRoot?: boolean } = {}): OpPassManager {
    const source = this.addSource(new SourceFile(PIPELINE_SOURCE_NAME, text));
    const steps = parsePipelineText(source);
    // mlir-opt's rule where the root op may be any op (--no-implicit-module): `anchor(...)` is the root manager.
    const single = steps.length === 1 ? steps[0]! : undefined;
    if (options.anchoredRoot && single?.kind === 'nest') {
      const root = new OpPassManager(single.anchor);
      this.build(single.steps, root, { params: new Map(), dir: this.cwd });
      return root;
    }
    const sibling = steps.length > 1 ? steps.find((s) => s.kind === 'nest' && s.anchor === ROOT_ANCHOR) : undefined;
    if (sibling) fail(sibling.loc, `'${ROOT_ANCHOR}(...)' must be the whole pipeline, not one of ${steps.length} top-level elements (write 'builtin.module(a,b)' for a and b in order)`);
    const root = new OpPassManager(ROOT_ANCHOR);
    const only = steps.length === 1 ? steps[0]! : undefined;
    const body = only?.kind === 'nest' && only.anchor === ROOT_ANCHOR ? only.steps : steps;
    this.build(body, root, { params: new Map(), dir: this.cwd });
    return root;
  }

  /** Add the pass or registered pipeline of a flag (`--name` or `--name=options`) to `pm`. */
  addFlag(pm: OpPassManager, name: string, optionsText: string): void {
    const source = this.addSource(new SourceFile(OPTIONS_SOURCE_NAME, optionsText));
    const options = parseOptionAssignments(source);
    const pass = this.registry.pass(name);
    const scope: Scope = { params: new Map(), dir: this.cwd };
    if (pass) {
      pm.addPassImplicitlyNested(pass, this.resolveOptions(pass.spec.options ?? {}, options, `pass '${name}'`, scope));
      return;
    }
    this.build([{ kind: 'pipeline', name, loc: source.loc(0), options }], pm, scope);
  }

  /** Load a named pipeline or pipeline file and check it (and those it uses). */
  load(ref: string, loc: Location, dir = this.cwd): PipelineDefinition {
    const def = this.resolve(ref, loc, dir);
    this.addToGraph(def);
    const { alg } = graphlib();
    const cycle = alg.findCycles(this.graph)[0];
    if (cycle) this.reportCycle(cycle);
    // Dependencies before their users: a mistake is reported in the file that makes it.
    for (const name of [...alg.topsort(this.graph)].reverse()) {
      if (this.checked.has(name)) continue;
      const used = this.byName.get(name)!;
      this.checked.add(name);
      const specs = this.parameters(used);
      const scope = { pipeline: used, specs, params: defaultValues(specs), dir: dirOf(used, this.cwd) };
      this.build(used.steps, new OpPassManager(used.anchor ?? ANY_OP), scope);
    }
    return def;
  }

  /**
   * Every parameter of `def` (registered, or one `load` returned) with its OptionSpec: those it
   * declares, in full or as a pass option (`from:`), and those its steps expose.
   */
  parameters(def: PipelineDefinition): OptionSpecs {
    if (this.parameterSpecs.has(def)) {
      const specs = this.parameterSpecs.get(def);
      if (!specs) fail(def.loc, `the parameters of pipeline '${def.name}' depend on themselves (a step exposes parameters of a pipeline that uses it)`);
      return specs!;
    }
    this.parameterSpecs.set(def, undefined);
    const dir = dirOf(def, this.cwd);
    const specs = resolveParameters(def.name, def.parameters, def.steps, {
      passOptions: (name) => this.registry.pass(name)?.spec.options ?? (this.registry.pass(name) ? {} : undefined),
      stepOptions: (step) => this.stepOptions(step, dir),
    });
    this.parameterSpecs.set(def, specs);
    return specs;
  }

  private addSource(source: SourceFile): SourceFile {
    this.sources.set(source.name, source);
    return source;
  }

  private build(steps: readonly PipelineStep[], pm: OpPassManager, scope: Scope): void {
    for (const step of steps) {
      if (step.kind === 'nest') {
        this.build(step.steps, pm.nest(step.anchor), scope);
        continue;
      }
      const pass = step.kind === 'pass' ? this.registry.pass(step.name) : undefined;
      if (pass) {
        if (!canSchedule(pass, pm.anchor)) {
          fail(step.loc, `can't add pass '${pass.name}' restricted to '${pass.spec.opName}' on a pass manager intended to run on '${pm.anchor}', did you intend to nest?`);
        }
        const specs = pass.spec.options ?? {};
        const options = this.resolveOptions(specs, step.options, `pass '${pass.name}'`, scope);
        for (const { name } of exposedOptions(step, { specs, what: `pass '${pass.name}'` })) options[name] = scope.params.get(name)!;
        pm.addPass(pass, options);
        continue;
      }
      if (step.kind === 'pass' && !this.registry.pipeline(step.name)) this.unknownPass(step.name, step.loc);
      const def = this.load(step.name, step.loc, scope.dir);
      if (def.anchor !== undefined && def.anchor !== pm.anchor) {
        // A YAML pipeline without `anchor:` runs on any op: say what would let it use this one.
        const hint =
          pm.anchor === ANY_OP && scope.pipeline && scope.pipeline.anchor === undefined ? `; give '${scope.pipeline.name}' 'anchor: ${def.anchor}' (without one it runs on any op)` : '';
        fail(step.loc, `pipeline '${def.name}' runs on '${def.anchor}' ops and cannot be used in a pass manager on '${pm.anchor}'${hint}`);
      }
      const specs = this.parameters(def);
      // The caller's values of the parameters the step exposes flow in as they are (typed), with where the user set them.
      const params = defaultValues(specs);
      const paramLocs = new Map<string, Location>();
      for (const { name } of exposedOptions(step, { specs, what: `pipeline '${def.name}'` })) {
        params.set(name, scope.params.get(name)!);
        const given = scope.paramLocs?.get(name);
        if (given) paramLocs.set(name, given);
      }
      for (const [k, v] of Object.entries(this.resolveOptions(specs, step.options, `pipeline '${def.name}'`, scope))) params.set(k, v);
      for (const a of step.options) paramLocs.set(a.key, this.forwardedFrom(a, scope) ?? a.valueLoc);
      this.build(def.steps, pm, { pipeline: def, specs, params, paramLocs, dir: dirOf(def, this.cwd) });
    }
  }

  private unknownPass(name: string, loc: Location): never {
    const error = DiagnosticError.at(loc, `'${name}' does not refer to a registered pass or pass pipeline`);
    const near = this.suggest?.(
      name,
      [...this.registry.passes, ...this.registry.pipelines].map((p) => p.name),
    );
    if (near) error.diagnostic.attachNote(`did you mean '${near}'?`);
    throw error;
  }

  /** The options of the pass `step` runs, or the parameters of the pipeline it calls (from `dir`). */
  private stepOptions(step: CallStep, dir: string): StepOptions {
    const pass = step.kind === 'pass' ? this.registry.pass(step.name) : undefined;
    if (pass) return { specs: pass.spec.options ?? {}, what: `pass '${pass.name}'` };
    if (step.kind === 'pass' && !this.registry.pipeline(step.name)) this.unknownPass(step.name, step.loc);
    const def = this.resolve(step.name, step.loc, dir);
    return { specs: this.parameters(def), what: `pipeline '${def.name}'` };
  }

  private resolveOptions(specs: OptionSpecs, assignments: readonly OptionAssignment[], what: string, scope: Scope): Record<string, OptionValue> {
    const out: Record<string, OptionValue> = {};
    for (const a of assignments) {
      const spec = specs[a.key];
      if (!spec) fail(a.keyLoc, noSuchOption(a.key, specs, what));
      const value = this.optionValue(a, spec!, what, scope);
      if (typeof value === 'object' && 'error' in value) {
        // A value the user gave a named pipeline is reported where the user wrote it.
        const given = this.forwardedFrom(a, scope);
        if (!given) fail(a.valueLoc, value.error);
        const error = DiagnosticError.at(given!, value.error);
        error.diagnostic.attachNote(`passed on to ${what} here`, a.valueLoc);
        throw error;
      }
      out[a.key] = value as OptionValue;
    }
    return out;
  }

  /**
   * The value `a` gives option `a.key` (declared by `spec`): a parameter's value as it is where `a`
   * is exactly `${param}` (of a type that fits the option's), else the text with references
   * replaced, parsed.
   */
  private optionValue(a: OptionAssignment, spec: OptionSpec, what: string, scope: Scope): OptionValue | { error: string } {
    const ref = referencedParameter(a);
    if (ref === undefined) return parseOptionText(a.key, spec, this.substitute(a.value, a.valueLoc, scope));
    const value = this.parameterValue(ref, a.valueLoc, scope);
    const type = scope.specs?.[ref]?.type;
    if (type && !optionTypesFit(type, spec.type)) fail(a.valueLoc, `parameter '${ref}' of type ${type} cannot set option '${a.key}' of type ${spec.type} of ${what}`);
    return convertOptionValue(a.key, spec, value);
  }

  /** Where the caller set the parameter that `a`'s value is exactly a reference to, if it set it. */
  private forwardedFrom(a: OptionAssignment, scope: Scope): Location | undefined {
    const ref = referencedParameter(a);
    return ref === undefined ? undefined : scope.paramLocs?.get(ref);
  }

  /** Replace `${param}` references by the parameter's value, as text. */
  private substitute(text: string, loc: Location, scope: Scope): string {
    if (!text.includes('${')) return text;
    return text.replace(/\$\{([^}]*)\}/g, (_, name: string) => printOptionValue(this.parameterValue(name, loc, scope)));
  }

  /** The value of parameter `name` of the scope's pipeline; an error at `loc` outside one or for a name it does not have. */
  private parameterValue(name: string, loc: Location, scope: Scope): OptionValue {
    if (!scope.pipeline) fail(loc, `parameter reference '\${${name}}' outside a named pipeline`);
    const value = scope.params.get(name);
    if (value === undefined) fail(loc, `unknown parameter '${name}' in pipeline '${scope.pipeline!.name}'`);
    return value!;
  }

  /** Find a named pipeline: registered, `<dir>/<name>.yaml`, or a file path (from `dir`). */
  private resolve(ref: string, loc: Location, dir: string): PipelineDefinition {
    const key = `${dir}\0${ref}`;
    const cached = this.resolved.get(key);
    if (cached) return cached;
    let def: PipelineDefinition | undefined;
    if (ref.includes('/') || /\.ya?ml$/.test(ref)) {
      def = this.loadFile(path.resolve(dir, ref), loc);
    } else {
      def = this.registry.pipeline(ref);
      if (!def) {
        const dirs = [...new Set([dir, ...this.registry.pipelineDirs])];
        const file = dirs.map((d) => path.join(d, `${ref}.yaml`)).find((f) => fileExists(f));
        if (!file) fail(loc, `'${ref}' does not refer to a registered pass pipeline or a pipeline file (looked for ${ref}.yaml in ${dirs.map((d) => this.display(d) || '.').join(', ')})`);
        def = this.loadFile(file!, loc);
        if (def.name !== ref) fail(def.loc, `pipeline file '${this.display(file!)}' defines pipeline '${def.name}', expected '${ref}'`);
      }
    }
    const other = this.byName.get(def!.name);
    if (other && other !== def) fail(def!.loc, `pipeline '${def!.name}' is defined twice: in ${other.origin} and ${def!.origin}`);
    this.byName.set(def!.name, def!);
    this.resolved.set(key, def!);
    return def!;
  }

  private loadFile(file: string, loc: Location): PipelineDefinition {
    const cached = this.byPath.get(file);
    if (cached) return cached;
    let text: string;
    try {
      text = readTextFile(file);
    } catch (e) {
      const code = (e as NodeJS.ErrnoException).code;
      return fail(loc, `cannot open pipeline file '${this.display(file)}': ${code === 'ENOENT' ? 'No such file or directory' : (e as Error).message}`);
    }
    const def = parsePipelineYaml(this.addSource(new SourceFile(this.display(file), text)));
    const withPath: PipelineDefinition = { ...def, origin: this.display(file), filePath: file };
    this.byPath.set(file, withPath);
    return withPath;
  }

  private addToGraph(def: PipelineDefinition): void {
    // (setEdge adds missing nodes, so the graph's nodes do not tell which pipelines were visited.)
    if (this.visited.has(def.name)) return;
    this.visited.add(def.name);
    this.graph.setNode(def.name);
    for (const ref of this.referencesOf(def.steps)) {
      const used = this.resolve(ref.name, ref.loc, dirOf(def, this.cwd));
      this.graph.setEdge(def.name, used.name);
      this.useSites.set(`${def.name}\0${used.name}`, ref.loc);
      this.addToGraph(used);
    }
  }

  private referencesOf(steps: readonly PipelineStep[]): { name: string; loc: Location }[] {
    return steps.flatMap((s) => {
      if (s.kind === 'nest') return this.referencesOf(s.steps);
      if (s.kind === 'pipeline' || (!this.registry.pass(s.name) && this.registry.pipeline(s.name))) return [{ name: s.name, loc: s.loc }];
      return [];
    });
  }

  /** Report a cycle as `a -> b -> a`, at the use that closes it. */
  private reportCycle(members: string[]): never {
    const inCycle = new Set(members);
    const start = [...members].sort()[0]!;
    const pathTo = (from: string, seen: string[]): string[] | undefined => {
      for (const next of this.graph.successors(from) ?? []) {
        if (next === start) return [...seen, from, start];
        if (inCycle.has(next) && !seen.includes(next) && next !== from) {
          const p = pathTo(next, [...seen, from]);
          if (p) return p;
        }
      }
      return undefined;
    };
    const cycle = pathTo(start, []) ?? [start, start];
    const loc = this.useSites.get(`${cycle[cycle.length - 2]!}\0${start}`)!;
    return fail(loc, `pass pipelines use each other in a cycle: ${cycle.join(' -> ')}`);
  }

  /** A path as diagnostics show it: relative to the working folder when inside it. */
  private display(file: string): string {
    const rel = path.relative(this.cwd, file);
    return rel.startsWith('..') || path.isAbsolute(rel) ? file : rel;
  }
}

/** The parameter an option value names when it is exactly `${name}`. */
function referencedParameter(a: OptionAssignment): string | undefined {
  return /^\$\{([^}]*)\}$/.exec(a.value.trim())?.[1];
}

function defaultValues(specs: OptionSpecs): Map<string, OptionValue> {
  return new Map(Object.entries(specs).map(([k, spec]) => [k, defaultOf(spec)]));
}

function dirOf(def: PipelineDefinition, cwd: string): string {
  return def.filePath ? path.dirname(def.filePath) : cwd;
}
