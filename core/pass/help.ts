import { defaultOf, printOptionValue, type OptionSpec, type OptionSpecs } from './options.js';
import type { PassDefinition } from './pass.js';

/** A named pipeline as the listings show it: its parameters resolved (PipelineBuilder.parameters). */
export interface ListedPipeline {
  readonly name: string;
  readonly summary: string;
  /** Where it was defined: a file path, or `plugin 'x.mjs'`. */
  readonly origin: string;
  readonly parameters: OptionSpecs;
}

const placeholder = (spec: OptionSpec): string => {
  switch (spec.type) {
    case 'bool':
      return '';
    case 'enum':
      return '=<value>';
    case 'int-list':
      return '=<int,...>';
    case 'string-list':
      return '=<string,...>';
    default:
      return `=<${spec.type}>`;
  }
};

/** Two columns as mlir-opt's --help aligns them: `  --flag<pad>- help`. */
function row(indent: number, flag: string, help: string, column: number, helpIndent = ''): string {
  const left = ' '.repeat(indent) + flag;
  return `${left.padEnd(Math.max(column, left.length + 1))}- ${helpIndent}${help}\n`;
}

function optionRows(specs: Readonly<Record<string, OptionSpec>>, column: number): string {
  let out = '';
  for (const [name, spec] of Object.entries(specs).sort(([a], [b]) => (a < b ? -1 : 1))) {
    out += row(8, `--${name}${placeholder(spec)}`, spec.help, column);
    if (spec.type === 'enum') for (const v of spec.values ?? []) out += row(10, `=${v}`, '', column, '  ');
  }
  return out;
}

/** The `Compiler passes to run` section of `tile-opt --help`, in mlir-opt's layout. */
export function passesHelp(passes: readonly PassDefinition[], pipelines: readonly ListedPipeline[], column = 61): string {
  let out = '  Compiler passes to run\n    Passes:\n';
  for (const pass of passes) {
    out += row(6, `--${pass.name}`, pass.spec.summary, column, '  ');
    out += optionRows(pass.spec.options ?? {}, column);
  }
  if (pipelines.length > 0) {
    out += '    Pass Pipelines:\n';
    for (const p of pipelines) {
      out += row(6, `--${p.name}`, p.summary, column, '  ');
      out += optionRows(p.parameters, column);
    }
  }
  return out;
}

function optionLines(specs: Readonly<Record<string, OptionSpec>>): string {
  let out = '';
  for (const [name, spec] of Object.entries(specs).sort(([a], [b]) => (a < b ? -1 : 1))) {
    const values = spec.type === 'enum' ? ` (one of: ${(spec.values ?? []).join(', ')})` : '';
    // An empty string or list is no default worth a word (printOptionValue would give `{}`).
    const value = defaultOf(spec);
    const empty = value === '' || (Array.isArray(value) && value.length === 0);
    out += `    --${name}${placeholder(spec)}${empty ? '' : ` (default: ${printOptionValue(value)})`}${values}: ${spec.help}\n`;
  }
  return out;
}

/** `tile-opt --list-passes`: each pass with the op kind it runs on, its summary and options. */
export function listPasses(passes: readonly PassDefinition[], pipelines: readonly ListedPipeline[]): string {
  let out = 'Passes:\n';
  for (const pass of passes) {
    out += `  ${pass.name} (${pass.spec.opName ? `on '${pass.spec.opName}'` : 'on any op'}): ${pass.spec.summary}\n`;
    out += optionLines(pass.spec.options ?? {});
  }
  if (pipelines.length > 0) {
    out += 'Pass pipelines:\n';
    for (const p of pipelines) {
      out += `  @${p.name} (${p.origin}): ${p.summary}\n`;
      out += optionLines(p.parameters);
    }
  }
  return out;
}
