import { DiagnosticError } from '../ir/diagnostics.js';
import type { Location } from '../ir/location.js';
import { noSuchOption, type OptionSpec, type OptionSpecs, parseOptionText } from './options.js';
import type { CallStep, PipelineStep } from './pipeline-steps.js';

/**
 * The parameters of a named pipeline, as MLIR's PassPipelineOptions reuse pass options: each is
 * declared once, in full (type, default, help), as an option of a pass (`from: pass.option`), or
 * exposed by a step (`expose:`), which makes options of the step's pass, or parameters of the
 * pipeline it calls, parameters of this one. A forwarded or exposed parameter is the pass
 * option's own OptionSpec (type, default, help, values and rule).
 */

/** A parameter declared as the option `option` of pass `pass` (YAML `from: pass.option`). */
export interface ForwardedOption {
  readonly from: { readonly pass: string; readonly option: string; readonly loc: Location };
  /** The pipeline's own default (option text), replacing the pass option's. */
  readonly default?: { readonly text: string; readonly loc: Location };
}

export type ParameterDeclaration = OptionSpec | ForwardedOption;
export type ParameterDeclarations = Readonly<Record<string, ParameterDeclaration>>;

export function isForwardedOption(declaration: ParameterDeclaration): declaration is ForwardedOption {
  return 'from' in declaration;
}

/** The options a step can expose: those of its pass, or the parameters of the pipeline it calls. */
export interface StepOptions {
  readonly specs: OptionSpecs;
  /** How messages name them: `pass 'cse'`, `pipeline 'cleanup'`. */
  readonly what: string;
}

/** What resolving parameters looks up: the options of a pass by name, and those of a step. */
export interface OptionLookup {
  passOptions(pass: string): OptionSpecs | undefined;
  stepOptions(step: CallStep): StepOptions;
}

const fail = (loc: Location, message: string): never => {
  throw DiagnosticError.at(loc, message);
};

/**
 * Every parameter of pipeline `name` with its OptionSpec, in the order its steps use them (each
 * where a step first exposes it or sets an option from it), then those no step uses. A name
 * declared or exposed twice is an error at the second.
 */
export function resolveParameters(name: string, declarations: ParameterDeclarations, steps: readonly PipelineStep[], lookup: OptionLookup): OptionSpecs {
  const specs = new Map<string, OptionSpec>();
  for (const [parameter, declaration] of Object.entries(declarations)) specs.set(parameter, isForwardedOption(declaration) ? forwardedSpec(declaration, lookup) : declaration);
  const uses: string[] = [];
  for (const step of callSteps(steps)) {
    const options = step.expose ? lookup.stepOptions(step) : undefined;
    for (const exposed of options ? exposedOptions(step, options) : []) {
      if (specs.has(exposed.name)) fail(exposed.loc, `${options!.what} exposes parameter '${exposed.name}', which pipeline '${name}' already has`);
      specs.set(exposed.name, options!.specs[exposed.name]!);
      uses.push(exposed.name);
    }
    for (const a of step.options) uses.push(...parameterReferences(a.value));
  }
  const order = new Set([...uses.filter((n) => specs.has(n)), ...specs.keys()]);
  return Object.fromEntries([...order].map((n) => [n, specs.get(n)!]));
}

/** The names of the parameters `${name}` references in an option value, in order. */
export function parameterReferences(text: string): string[] {
  return [...text.matchAll(/\$\{([^}]*)\}/g)].map((m) => m[1]!);
}

/**
 * The options `step` exposes, each with where it is named: every option of `options` that the
 * step does not set (`expose: all`), or the listed ones, each an option the step does not set.
 */
export function exposedOptions(step: CallStep, options: StepOptions): readonly { readonly name: string; readonly loc: Location }[] {
  const expose = step.expose;
  if (!expose) return [];
  const isSet = (name: string): boolean => step.options.some((a) => a.key === name);
  if (expose.all) {
    return Object.keys(options.specs)
      .filter((name) => !isSet(name))
      .map((name) => ({ name, loc: expose.loc }));
  }
  for (const { name, loc } of expose.names) {
    if (!Object.hasOwn(options.specs, name)) fail(loc, noSuchOption(name, options.specs, options.what));
    if (isSet(name)) fail(loc, `option '${name}' of ${options.what} is both exposed and set in the step's options`);
  }
  return expose.names;
}

function forwardedSpec({ from, default: own }: ForwardedOption, lookup: OptionLookup): OptionSpec {
  const specs = lookup.passOptions(from.pass);
  if (!specs) return fail(from.loc, `'${from.pass}' does not refer to a registered pass`);
  if (!Object.hasOwn(specs, from.option)) fail(from.loc, noSuchOption(from.option, specs, `pass '${from.pass}'`));
  const spec = specs[from.option]!;
  if (!own) return spec;
  const parsed = parseOptionText(from.option, spec, own.text);
  if (typeof parsed === 'object' && parsed !== null && 'error' in parsed) fail(own.loc, parsed.error);
  return { ...spec, default: parsed as NonNullable<OptionSpec['default']> };
}

function callSteps(steps: readonly PipelineStep[]): CallStep[] {
  return steps.flatMap((s) => (s.kind === 'nest' ? callSteps(s.steps) : [s]));
}
