import type { Dialect } from '../ir/dialect.js';
import type { Location } from '../ir/location.js';
import type { SourceFile } from '../syntax/source.js';
import type { OptionSpecs } from './options.js';
import type { PassDefinition } from './pass.js';
import type { PipelineStep } from './pipeline-steps.js';

/** A named pipeline (from a YAML file, or registered by a plugin). */
export interface PipelineDefinition {
  readonly name: string;
  readonly summary: string;
  /** The op kind it runs on; undefined: whatever the manager it is used in runs on. */
  readonly anchor?: string;
  readonly parameters: OptionSpecs;
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

  constructor(passes: Iterable<PassDefinition> = []) {
    for (const p of passes) this.registerPass(p);
  }

  registerPass(pass: PassDefinition): void {
    this.checkFree(pass.name);
    this.passMap.set(pass.name, pass);
  }
  registerPipeline(pipeline: PipelineDefinition): void {
    this.checkFree(pipeline.name);
    this.pipelineMap.set(pipeline.name, pipeline);
  }
  /** A dialect to load into the context of the run (from a plugin). */
  registerDialect(dialect: Dialect, loaded: Iterable<string> = []): void {
    const taken = new Set([...loaded, ...this.dialectList.map((d) => d.name)]);
    if (taken.has(dialect.name)) throw new RegistrationError(`dialect '${dialect.name}' is already registered`);
    this.dialectList.push(dialect);
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

  private checkFree(name: string): void {
    if (this.passMap.has(name)) throw new RegistrationError(`pass '${name}' is already registered`);
    if (this.pipelineMap.has(name)) throw new RegistrationError(`'${name}' is already registered as a pass pipeline`);
  }
}
