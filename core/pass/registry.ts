import type { Dialect } from '../ir/dialect.js';
import type { Location } from '../ir/location.js';
import type { SourceFile } from '../syntax/source.js';
import type { PassDefinition } from './pass.js';
import type { ParameterDeclarations } from './pipeline-parameters.js';
import type { PipelineStep } from './pipeline-steps.js';

/** A named pipeline (from a YAML file, or registered by a plugin). */
export interface PipelineDefinition {
  readonly name: string;
  readonly summary: string;
  /** The op kind it runs on; undefined: whatever the manager it is used in runs on. */
  readonly anchor?: string;
  /** Its parameters as declared; PipelineBuilder.parameters resolves them (with those its steps expose). */
  readonly parameters: ParameterDeclarations;
  readonly steps: readonly PipelineStep[];
  /** Where it was defined: a file path, or `plugin 'x.mjs'`. */
  readonly origin: string;
  readonly loc: Location;
  /** The file it came from (for located diagnostics), if any. */
  readonly source?: SourceFile;
  /** Absolute path of that file: relative `@path` references in it start from its folder. */
  readonly filePath?: string;
}

/** Raised for a name registered twice (a pass, pipeline or dialect). */
export class RegistrationError extends Error {}

/** Every pass, named pipeline and extra dialect known to a run: built-ins plus plugins. */
export class PassRegistry {
  private readonly passMap = new Map<string, PassDefinition>();
  private readonly pipelineMap = new Map<string, PipelineDefinition>();
  private readonly dialectList: Dialect[] = [];
  /** Folders searched for `@name` (as `<folder>/<name>.yaml`). */
  readonly pipelineDirs: string[] = [];
  /** Names a pass or pipeline may not take: the tool's own flags (`help`, `verify-each`), set by the tool. */
  readonly reservedNames = new Set<string>();

  constructor(passes: Iterable<PassDefinition> = []) {
    for (const p of passes) this.registerPass(p);
  }

  registerPass(pass: PassDefinition): void {
    this.check(this.nameProblem(pass.name));
    this.passMap.set(pass.name, pass);
  }
  registerPipeline(pipeline: PipelineDefinition): void {
    this.check(this.nameProblem(pipeline.name));
    this.pipelineMap.set(pipeline.name, pipeline);
  }
  /** A dialect to load into the context of the run (from a plugin). */
  registerDialect(dialect: Dialect, loaded: Iterable<string> = []): void {
    this.check(this.dialectProblem(dialect.name, loaded));
    this.dialectList.push(dialect);
  }

  /**
   * Why `name` cannot be registered as a pass or pipeline (it is used as `--name` and in pipeline
   * text): empty or not a plain name, a tool flag, or taken. Undefined when it is free.
   */
  nameProblem(name: string): string | undefined {
    if (typeof name !== 'string' || name === '') return 'a pass or pass pipeline needs a name';
    if (!/^[A-Za-z0-9][A-Za-z0-9_.-]*$/.test(name)) return `'${name}' is not a valid pass name (letters, digits, '-', '_' and '.'; not starting with a punctuation mark)`;
    if (this.reservedNames.has(name)) return `'${name}' is the name of a command-line option (--${name}), not available to a pass or pass pipeline`;
    if (this.passMap.has(name) || this.pipelineMap.has(name)) return `'${name}' is already registered as a pass or pass pipeline`;
    return undefined;
  }
  /** Why a dialect named `name` cannot be registered (taken here or among `loaded`), or undefined. */
  dialectProblem(name: string, loaded: Iterable<string> = []): string | undefined {
    const taken = new Set([...loaded, ...this.dialectList.map((d) => d.name)]);
    return taken.has(name) ? `dialect '${name}' is already registered` : undefined;
  }

  pass(name: string): PassDefinition | undefined {
    return this.passMap.get(name);
  }
  pipeline(name: string): PipelineDefinition | undefined {
    return this.pipelineMap.get(name);
  }
  get passes(): PassDefinition[] {
    return [...this.passMap.values()].sort((a, b) => (a.name < b.name ? -1 : 1));
  }
  get pipelines(): PipelineDefinition[] {
    return [...this.pipelineMap.values()].sort((a, b) => (a.name < b.name ? -1 : 1));
  }
  get dialects(): readonly Dialect[] {
    return this.dialectList;
  }

  private check(problem: string | undefined): void {
    if (problem) throw new RegistrationError(problem);
  }
}
