/**
 * Typed pass and pipeline options: declaration, parsing from pipeline text (`{a=1 b=x,y}`) and
 * printing back in the same syntax.
 */

export type OptionType = 'int' | 'uint' | 'float' | 'bool' | 'string' | 'enum' | 'int-list' | 'string-list';

export interface OptionSpec {
  readonly type: OptionType;
  readonly help: string;
  /** Default value; lists default to [], strings to '', numbers to 0, bools to false. */
  readonly default?: OptionValue;
  /** The allowed values of an 'enum' option. */
  readonly values?: readonly string[];
  /** Values for tile-tune to try (a YAML pipeline's `tune:` list), each parsed as the option's type. */
  readonly tune?: readonly OptionValue[];
  /** A rule the parsed value must also satisfy: the reason it does not (e.g. 'must be a power of two'), or undefined. */
  readonly check?: (value: OptionValue) => string | undefined;
}

export type OptionValue = number | boolean | string | readonly number[] | readonly string[];
export type OptionSpecs = Readonly<Record<string, OptionSpec>>;

/** The JS type of the parsed options of a spec record. */
export type OptionValues<S extends OptionSpecs> = {
  readonly [K in keyof S]: S[K]['type'] extends 'int' | 'uint' | 'float'
    ? number
    : S[K]['type'] extends 'bool'
      ? boolean
      : S[K]['type'] extends 'int-list'
        ? readonly number[]
        : S[K]['type'] extends 'string-list'
          ? readonly string[]
          : string;
};

export function defaultOf(spec: OptionSpec): OptionValue {
  if (spec.default !== undefined) return spec.default;
  switch (spec.type) {
    case 'int':
    case 'uint':
    case 'float':
      return 0;
    case 'bool':
      return false;
    case 'int-list':
    case 'string-list':
      return [];
    case 'enum':
      return spec.values?.[0] ?? '';
    case 'string':
      return '';
  }
}

/** Parse one option value from its text; returns an error message on failure. */
export function parseOptionValue(name: string, spec: OptionSpec, text: string): OptionValue | { error: string } {
  return checked(name, spec, text, parseTyped(name, spec, text));
}

function checked(name: string, spec: OptionSpec, text: string, value: OptionValue | { error: string }): OptionValue | { error: string } {
  if (typeof value === 'object' && 'error' in value) return value;
  const why = spec.check?.(value);
  return why === undefined ? value : { error: `invalid value '${text}' for option '${name}': ${why}` };
}

function parseTyped(name: string, spec: OptionSpec, text: string): OptionValue | { error: string } {
  const intOf = (s: string): number | undefined => (/^[-+]?\d+$/.test(s.trim()) ? Number(s.trim()) : undefined);
  switch (spec.type) {
    case 'int':
    case 'uint': {
      const v = intOf(text);
      if (v === undefined || (spec.type === 'uint' && v < 0))
        return { error: `invalid value '${text}' for option '${name}': expected ${spec.type === 'uint' ? 'a non-negative' : 'an'} integer` };
      return v;
    }
    case 'float': {
      const v = Number(text);
      if (text.trim() === '' || Number.isNaN(v)) return { error: `invalid value '${text}' for option '${name}': expected a number` };
      return v;
    }
    case 'bool':
      if (text === '' || text === 'true' || text === '1') return true;
      if (text === 'false' || text === '0') return false;
      return { error: `invalid value '${text}' for option '${name}': expected true or false` };
    case 'enum':
      if (!spec.values?.includes(text)) return { error: `invalid value '${text}' for option '${name}': expected one of ${(spec.values ?? []).join(', ')}` };
      return text;
    case 'string':
      return text;
    case 'int-list': {
      if (text.trim() === '') return [];
      const parts = text.split(',').map(intOf);
      if (parts.some((p) => p === undefined)) return { error: `invalid value '${text}' for option '${name}': expected a comma-separated list of integers` };
      return parts as number[];
    }
    case 'string-list':
      return text.trim() === '' ? [] : text.split(',');
  }
}

/**
 * Split `a,{b c},"d,e"` at the commas that are outside braces and quotes, dropping one layer of
 * braces or quotes around each element (as MLIR's list option parser does).
 */
export function splitListText(text: string): string[] {
  if (text.trim() === '') return [];
  const out: string[] = [];
  let depth = 0;
  let quote = false;
  let start = 0;
  for (let i = 0; i <= text.length; i++) {
    const c = text[i];
    if (i === text.length || (c === ',' && depth === 0 && !quote)) {
      out.push(unwrapValueText(text.slice(start, i).trim()));
      start = i + 1;
    } else if (c === '"') quote = !quote;
    else if (!quote && c === '{') depth++;
    else if (!quote && c === '}') depth--;
  }
  return out;
}

/** `{x y}` -> `x y`, `"x,y"` -> `x,y`; anything else unchanged. */
export function unwrapValueText(text: string): string {
  if (text.length >= 2 && ((text[0] === '{' && text.endsWith('}')) || (text[0] === '"' && text.endsWith('"')))) return text.slice(1, -1);
  return text;
}

/**
 * Parse an option value from pipeline text, where list elements may be braced or quoted
 * (`{sizes=128,128,32}`, `{names={a b},c}`). Returns an error message on failure.
 */
export function parseOptionText(name: string, spec: OptionSpec, text: string): OptionValue | { error: string } {
  if (spec.type !== 'int-list' && spec.type !== 'string-list') return parseOptionValue(name, spec, unwrapValueText(text));
  const parts = splitListText(text);
  if (spec.type === 'string-list') return checked(name, spec, text, parts);
  const values: number[] = [];
  for (const part of parts) {
    const v = parseOptionValue(name, { type: 'int', help: '' }, part);
    if (typeof v !== 'number') return { error: `invalid value '${text}' for option '${name}': expected a comma-separated list of integers` };
    values.push(v);
  }
  return checked(name, spec, text, values);
}

/** The option types whose values are numbers, strings, or lists of one kind. */
const KIND_OF_TYPE: Readonly<Record<OptionType, string>> = {
  int: 'number',
  uint: 'number',
  float: 'number',
  bool: 'bool',
  string: 'string',
  enum: 'string',
  'int-list': 'int-list',
  'string-list': 'string-list',
};

/**
 * Whether a value of type `from` (a pipeline parameter's) can set an option of type `to`: both
 * numbers, both strings (an enum is one), the same kind of list, or bools; or a string, which is
 * read as the option's text.
 */
export function optionTypesFit(from: OptionType, to: OptionType): boolean {
  return from === 'string' || KIND_OF_TYPE[from] === KIND_OF_TYPE[to];
}

/**
 * A typed value (a pipeline parameter's) as the value of option `name`: the value itself where it
 * is one of the option's type, range, values and rule; a string is read as the option's text.
 * Returns an error message, as parseOptionText's, when it does not fit.
 */
export function convertOptionValue(name: string, spec: OptionSpec, value: OptionValue): OptionValue | { error: string } {
  if (typeof value === 'string' && spec.type !== 'string' && spec.type !== 'enum') return parseOptionText(name, spec, value);
  const text = printOptionValue(value);
  const fits = fitsType(spec, value);
  if (fits !== true) return { error: `invalid value '${text}' for option '${name}': expected ${fits}` };
  return checked(name, spec, text, value);
}

/** True when `value` is a value of `spec`'s type, else what the type expects. */
function fitsType(spec: OptionSpec, value: OptionValue): true | string {
  const isInt = typeof value === 'number' && Number.isInteger(value);
  switch (spec.type) {
    case 'int':
      return isInt || 'an integer';
    case 'uint':
      return (isInt && (value as number) >= 0) || 'a non-negative integer';
    case 'float':
      return typeof value === 'number' || 'a number';
    case 'bool':
      return typeof value === 'boolean' || 'true or false';
    case 'enum':
      return (typeof value === 'string' && (spec.values ?? []).includes(value)) || `one of ${(spec.values ?? []).join(', ')}`;
    case 'string':
      return typeof value === 'string' || 'a string';
    case 'int-list':
      return (Array.isArray(value) && value.every((v) => typeof v === 'number' && Number.isInteger(v))) || 'a comma-separated list of integers';
    case 'string-list':
      return (Array.isArray(value) && value.every((v) => typeof v === 'string')) || 'a comma-separated list of strings';
  }
}

/** The error for option `name` that `specs` (the options of `what`) do not have, listing those it has. */
export function noSuchOption(name: string, specs: OptionSpecs, what: string): string {
  const known = Object.keys(specs);
  return `no such option '${name}' for ${what}` + (known.length ? ` (options: ${known.join(', ')})` : ' (it has no options)');
}

/** An option value as pipeline text writes it. */
export function printOptionValue(value: OptionValue): string {
  if (Array.isArray(value)) return value.map((v) => (typeof v === 'string' && /[\s{},"]/.test(v) ? `{${v}}` : String(v))).join(',');
  const text = String(value);
  // Values with spaces or braces are written in braces, which the pipeline parser reads back verbatim.
  return /[\s{}]/.test(text) || text === '' ? `{${text}}` : text;
}

/** `{a=1 b=x}` for the options of a pass, all of them with their values (as mlir-opt's dump). */
export function printOptions(specs: OptionSpecs, values: Readonly<Record<string, OptionValue>>): string {
  const names = Object.keys(specs).sort();
  if (names.length === 0) return '';
  return '{' + names.map((n) => `${n}=${printOptionValue(values[n] ?? defaultOf(specs[n]!))}`).join(' ') + '}';
}
