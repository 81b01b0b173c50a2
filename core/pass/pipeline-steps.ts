import type { Location } from '../ir/location.js';

/**
 * A pipeline as written, before names are resolved: what the textual pipeline parser and the
 * YAML loader both produce. Option values stay text (parsed against the pass's option types
 * when the pipeline is built), so `${param}` references can be substituted first.
 */
export interface OptionAssignment {
  readonly key: string;
  readonly keyLoc: Location;
  /** The value as written (braces and quotes kept); '' for a bare `key`. */
  readonly value: string;
  readonly valueLoc: Location;
}

/**
 * Options of a step's pass (or parameters of the pipeline it calls) that become parameters of the
 * pipeline the step is in, under the same names, declared by the pass (YAML `expose:`): `all` of
 * them but those the step's `options` set, or the names listed.
 */
export type Exposure = { readonly all: true; readonly loc: Location } | { readonly all: false; readonly names: readonly { readonly name: string; readonly loc: Location }[] };

/** A step that runs a pass or calls a named pipeline. */
export interface CallStep {
  readonly kind: 'pass' | 'pipeline';
  readonly name: string;
  readonly loc: Location;
  readonly options: readonly OptionAssignment[];
  readonly expose?: Exposure;
}

export type PipelineStep =
  /** A pass, or (when no pass has the name) a registered pipeline used by its bare name. */
  | (CallStep & { readonly kind: 'pass' })
  /** `@name` or `@path/to/file.yaml`: a named pipeline, with parameter overrides. */
  | (CallStep & { readonly kind: 'pipeline' })
  /** `anchor(steps)`: a nested pass manager on the immediate children of kind `anchor` ('any' for all). */
  | { readonly kind: 'nest'; readonly anchor: string; readonly loc: Location; readonly steps: readonly PipelineStep[] };
