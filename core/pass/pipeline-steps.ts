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

export type PipelineStep =
  /** A pass, or (when no pass has the name) a registered pipeline used by its bare name. */
  | { readonly kind: 'pass'; readonly name: string; readonly loc: Location; readonly options: readonly OptionAssignment[] }
  /** `@name` or `@path/to/file.yaml`: a named pipeline, with parameter overrides. */
  | { readonly kind: 'pipeline'; readonly name: string; readonly loc: Location; readonly options: readonly OptionAssignment[] }
  /** `anchor(steps)`: a nested pass manager on the immediate children of kind `anchor` ('any' for all). */
  | { readonly kind: 'nest'; readonly anchor: string; readonly loc: Location; readonly steps: readonly PipelineStep[] };
