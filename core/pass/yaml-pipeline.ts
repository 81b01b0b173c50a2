import type { Node, Pair, YAMLMap } from 'yaml';
import { lazyRequire } from '../support/lazy-require.js';

const yaml = lazyRequire<typeof import('yaml')>('yaml');
const isMap = (n: unknown): n is YAMLMap => yaml().isMap(n);
const isScalar = (n: unknown) => yaml().isScalar(n);
const isSeq = (n: unknown) => yaml().isSeq(n);
import { DiagnosticError } from '../ir/diagnostics.js';
import type { Location } from '../ir/location.js';
import type { SourceFile } from '../syntax/source.js';
import { parseOptionText, printOptionValue, type OptionSpec, type OptionType } from './options.js';
import type { ForwardedOption, ParameterDeclaration } from './pipeline-parameters.js';
import type { Exposure, OptionAssignment, PipelineStep } from './pipeline-steps.js';
import type { PipelineDefinition } from './registry.js';

/**
 * Reads a declarative pipeline (`pass-pipelines/*.yaml`):
 *
 *   name: cleanup
 *   description: one line
 *   anchor: builtin.module            # optional: the op kind it runs on
 *   parameters:
 *     iterations: { type: int, default: 10, help: ..., tune: [5, 10, 20] }   # tune: values for tile-tune
 *     top-down: { from: canonicalize.top-down }   # that pass option's type, default and help
 *     max-iterations: { from: canonicalize.max-iterations, default: 3 }   # ... with a default of this pipeline's
 *   steps:
 *     - nest: func.func
 *       steps:
 *         - pass: canonicalize
 *           options: { max-iterations: "${iterations}", top-down: "${top-down}" }
 *     - pipeline: other               # another named pipeline (or a path to its file)
 *       expose: all                   # its parameters are this pipeline's too (or a list of them)
 *       options: { p: 1 }
 *
 * Mistakes are DiagnosticErrors located at the offending key or value of the file.
 */
export function parsePipelineYaml(source: SourceFile): PipelineDefinition {
  const doc = yaml().parseDocument(source.text, { prettyErrors: false, uniqueKeys: true });
  const loc = (node: { range?: readonly number[] | null } | null | undefined): Location => source.loc(node?.range?.[0] ?? 0);
  const fail = (at: Location, message: string): never => {
    throw DiagnosticError.at(at, message);
  };
  const yamlError = doc.errors[0];
  if (yamlError) fail(source.loc(yamlError.pos[0]), `invalid YAML: ${yamlError.message.split('\n')[0]}`);
  const root = doc.contents;
  if (!isMap(root)) fail(loc(root as Node | null), 'expected a pipeline: a mapping with name, description and steps');

  const keysOf = (map: YAMLMap, what: string, allowed: readonly string[], required: readonly string[]): Map<string, Pair<unknown, unknown>> => {
    const out = new Map<string, Pair<unknown, unknown>>();
    for (const pair of map.items) {
      const key = pair.key;
      const name = isScalar(key) ? String(key.value) : '';
      if (!allowed.includes(name)) fail(loc(key as Node), `unknown key '${name}' in ${what} (expected ${allowed.join(', ')})`);
      out.set(name, pair);
    }
    for (const name of required) if (!out.has(name)) fail(loc(map), `missing key '${name}' in ${what}`);
    return out;
  };
  const stringOf = (node: unknown, what: string): string => {
    if (!isScalar(node) || typeof node.value !== 'string' || node.value === '') fail(loc(node as Node), `expected a non-empty string for ${what}`);
    return (node as { value: string }).value;
  };
  const nameOf = (node: unknown, what: string): string => {
    const name = stringOf(node, what);
    if (!/^[A-Za-z0-9_.\-/]+$/.test(name)) fail(loc(node as Node), `invalid ${what} '${name}'`);
    return name;
  };

  const top = keysOf(root as YAMLMap, 'pipeline', ['name', 'description', 'anchor', 'parameters', 'steps'], ['name', 'description', 'steps']);
  const name = nameOf(top.get('name')!.value, "the pipeline's name");
  const summary = stringOf(top.get('description')!.value, "the pipeline's description");
  const anchorPair = top.get('anchor');
  const anchor = anchorPair ? nameOf(anchorPair.value, "the pipeline's anchor") : undefined;

  /** `{type, default, help, values, tune}`: a parameter declared in full. */
  const declaredParameter = (map: YAMLMap, pname: string, keyNode: Node): OptionSpec => {
    const keys = keysOf(map, `parameter '${pname}'`, ['type', 'default', 'help', 'values', 'tune'], ['type']);
    const typeNode = keys.get('type')!.value;
    const type = stringOf(typeNode, `the type of parameter '${pname}'`);
    if (!OPTION_TYPES.includes(type as OptionType)) fail(loc(typeNode as Node), `unknown type '${type}' of parameter '${pname}' (expected ${OPTION_TYPES.join(', ')})`);
    const valuesNode = keys.get('values')?.value;
    let values: string[] | undefined;
    if (valuesNode !== undefined) {
      if (!isSeq(valuesNode)) fail(loc(valuesNode as Node), `expected a list of values for parameter '${pname}'`);
      values = (valuesNode as { items: unknown[] }).items.map((v) => stringOf(v, `a value of parameter '${pname}'`));
    } else if (type === 'enum') fail(loc(keyNode), `enum parameter '${pname}' needs 'values'`);
    const helpNode = keys.get('help')?.value;
    const spec: OptionSpec = { type: type as OptionType, help: helpNode === undefined ? '' : stringOf(helpNode, `the help of parameter '${pname}'`), values };
    const defaultNode = keys.get('default')?.value;
    let withDefault = spec;
    if (defaultNode !== undefined) {
      const parsed = parseOptionText(pname, spec, yamlValueText(defaultNode));
      if (typeof parsed === 'object' && 'error' in parsed) fail(loc(defaultNode as Node), parsed.error);
      withDefault = { ...spec, default: parsed as OptionSpec['default'] };
    }
    // `tune: [v1, v2]`: the values tile-tune tries (each a value of the parameter's type).
    const tuneNode = keys.get('tune')?.value;
    if (tuneNode !== undefined) {
      if (!isSeq(tuneNode) || (tuneNode as { items: unknown[] }).items.length === 0) fail(loc(tuneNode as Node), `expected a non-empty list of values to tune for parameter '${pname}'`);
      const tune = (tuneNode as { items: unknown[] }).items.map((item) => {
        const parsed = parseOptionText(pname, spec, yamlValueText(item));
        if (typeof parsed === 'object' && 'error' in parsed) fail(loc(item as Node), parsed.error);
        return parsed as NonNullable<OptionSpec['default']>;
      });
      withDefault = { ...withDefault, tune };
    }
    return withDefault;
  };
  /**
   * `{from: pass.option}`: a parameter that is that option of the pass, with its type, default and
   * help; `default:` beside it gives the pipeline a default of its own (checked against the type).
   */
  const forwardedOption = (map: YAMLMap, pname: string): ForwardedOption => {
    const fromNode = map.get('from', true) as Node;
    for (const pair of map.items) {
      const key = isScalar(pair.key) ? String(pair.key.value) : '';
      if (key !== 'from' && key !== 'default')
        fail(loc(pair.key as Node), `parameter '${pname}' takes its type and help from the pass option it names in 'from' (a 'default' may replace its default): remove '${key}'`);
    }
    const text = stringOf(fromNode, `the 'from' of parameter '${pname}'`);
    const dot = text.lastIndexOf('.');
    if (dot <= 0 || dot === text.length - 1) fail(loc(fromNode), `expected 'PASS.OPTION' for the 'from' of parameter '${pname}', got '${text}'`);
    const from = { pass: text.slice(0, dot), option: text.slice(dot + 1), loc: loc(fromNode) };
    const defaultNode = map.get('default', true) as Node | undefined;
    return defaultNode === undefined ? { from } : { from, default: { text: yamlValueText(defaultNode), loc: loc(defaultNode) } };
  };
  const parameters: Record<string, ParameterDeclaration> = {};
  const paramsNode = top.get('parameters')?.value;
  if (paramsNode !== undefined && paramsNode !== null) {
    if (!isMap(paramsNode)) fail(loc(paramsNode as Node), 'expected a mapping from parameter names to {type, default, help} or {from}');
    for (const pair of (paramsNode as YAMLMap).items) {
      const pname = nameOf(pair.key, 'parameter name');
      if (!isMap(pair.value)) fail(loc((pair.value ?? pair.key) as Node), `expected {type, default, help} or {from} for parameter '${pname}'`);
      const map = pair.value as YAMLMap;
      parameters[pname] = map.has('from') ? forwardedOption(map, pname) : declaredParameter(map, pname, pair.key as Node);
    }
  }

  /** `expose: all` or `expose: [option, ...]`. */
  const exposureOf = (node: unknown, what: string): Exposure => {
    if (isScalar(node) && node.value === 'all') return { all: true, loc: loc(node as Node) };
    if (!isSeq(node)) fail(loc(node as Node), `expected 'all' or a list of option names to expose for ${what}`);
    return { all: false, names: (node as { items: unknown[] }).items.map((n) => ({ name: nameOf(n, 'option name'), loc: loc(n as Node) })) };
  };

  const optionsOf = (node: unknown, what: string): OptionAssignment[] => {
    if (node === null || node === undefined) return [];
    if (!isMap(node)) fail(loc(node as Node), `expected a mapping of options for ${what}`);
    return (node as YAMLMap).items.map((pair) => ({
      key: nameOf(pair.key, 'option name'),
      keyLoc: loc(pair.key as Node),
      value: yamlValueText(pair.value),
      valueLoc: loc((pair.value ?? pair.key) as Node),
    }));
  };
  const stepsOf = (node: unknown, what: string): PipelineStep[] => {
    if (!isSeq(node)) fail(loc(node as Node), `expected a list of steps in ${what}`);
    return (node as { items: unknown[] }).items.map((item): PipelineStep => {
      if (!isMap(item)) fail(loc(item as Node), "expected a step: a mapping with 'pass', 'nest' or 'pipeline'");
      const map = item as YAMLMap;
      const kinds = ['pass', 'nest', 'pipeline'].filter((k) => map.has(k));
      if (kinds.length !== 1)
        fail(
          loc(map),
          kinds.length === 0
            ? "expected a step: a mapping with 'pass', 'nest' or 'pipeline'"
            : `a step has one of 'pass', 'nest' and 'pipeline', not ${kinds.map((k) => `'${k}'`).join(' and ')}`,
        );
      const kind = kinds[0]!;
      if (kind === 'nest') {
        const keys = keysOf(map, 'step', ['nest', 'steps'], ['steps']);
        const anchorNode = keys.get('nest')!.value;
        return { kind: 'nest', anchor: nameOf(anchorNode, 'nest anchor'), loc: loc(anchorNode as Node), steps: stepsOf(keys.get('steps')!.value, `'nest' step`) };
      }
      const keys = keysOf(map, 'step', [kind, 'options', 'expose'], []);
      const nameNode = keys.get(kind)!.value;
      const stepName = nameOf(nameNode, `${kind} name`);
      const what = `${kind} '${stepName}'`;
      const step = { kind: kind as 'pass' | 'pipeline', name: stepName, loc: loc(nameNode as Node), options: optionsOf(keys.get('options')?.value, what) };
      const exposeNode = keys.get('expose')?.value;
      return exposeNode === undefined ? step : { ...step, expose: exposureOf(exposeNode, what) };
    });
  };
  const steps = stepsOf(top.get('steps')!.value, `pipeline '${name}'`);
  return { name, summary, anchor, parameters, steps, origin: source.name, loc: loc(top.get('name')!.value as Node), source };
}

const OPTION_TYPES: readonly OptionType[] = ['int', 'uint', 'float', 'bool', 'string', 'enum', 'int-list', 'string-list'];

/** A YAML option value as pipeline option text (sequences become comma-separated lists). */
function yamlValueText(node: unknown): string {
  if (node === null || node === undefined) return '';
  if (isSeq(node)) return printOptionValue((node as { items: unknown[] }).items.map((n) => yamlValueText(n)));
  if (isScalar(node)) return node.value === null ? '' : String(node.value);
  return String((node as { toString(): string }).toString());
}
