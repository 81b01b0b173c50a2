// Command-line parsing with LLVM cl::opt conventions: "-opt" or "--opt",
// "-opt=value" or "-opt value", "-DVAR=VALUE" (value attached), "--" ending
// options, and LLVM's error messages.

import type { DumpInputFilter, DumpInputMode, FileCheckOptions } from './options.js';

export interface ParsedCommandLine {
  checkFile?: string;
  /** "-" (the default) means stdin. */
  inputFile: string;
  options: FileCheckOptions;
  help: boolean;
  version: boolean;
  /** Error lines; non-empty means exit code 1. */
  errors: string[];
}

type OptionKind = 'bool' | 'string' | 'list' | 'uint';

interface OptionSpec {
  kind: OptionKind;
  /** Splits values at commas (cl::CommaSeparated). */
  commas?: boolean;
  /** Allowed values (cl::values). */
  values?: readonly string[];
  valueName?: string;
  help: string;
  apply(cl: Draft, value: string): void;
}

interface Draft {
  checkFile?: string;
  inputFile: string;
  checkPrefixes: string[];
  commentPrefixes: string[];
  implicitCheckNot: string[];
  defines: string[];
  flags: Record<string, boolean>;
  dumpInput: DumpInputMode[];
  dumpInputFilter: DumpInputFilter[];
  dumpInputContext: number[];
  help: boolean;
  version: boolean;
}

function flag(name: string, help: string): OptionSpec {
  return {
    kind: 'bool',
    help,
    apply: (cl, value) => {
      cl.flags[name] = value === 'true';
    },
  };
}

const DUMP_INPUT_VALUES = ['help', 'always', 'fail', 'never'] as const;
const DUMP_FILTER_VALUES = ['all', 'annotation-full', 'annotation', 'error'] as const;

const OPTIONS: Record<string, OptionSpec> = {
  D: {
    kind: 'list',
    valueName: 'VAR=VALUE',
    help: 'Define a variable to be used in capture patterns.',
    apply: (cl, v) => cl.defines.push(v),
  },
  'allow-deprecated-dag-overlap': flag('allowDeprecatedDagOverlap', 'Enable overlapping among matches in a group of consecutive CHECK-DAG directives.'),
  'allow-empty': flag('allowEmpty', 'Allow the input file to be empty.'),
  'allow-unused-prefixes': flag('allowUnusedPrefixes', 'Allow prefixes to be specified but not appear in the test.'),
  'check-prefix': {
    kind: 'list',
    valueName: 'string',
    help: "Prefix to use from check file (defaults to 'CHECK')",
    apply: (cl, v) => cl.checkPrefixes.push(v),
  },
  'check-prefixes': {
    kind: 'list',
    commas: true,
    help: 'Alias for -check-prefix permitting multiple comma separated values',
    apply: (cl, v) => cl.checkPrefixes.push(v),
  },
  color: flag('color', 'Accepted for compatibility; output is never colored.'),
  'comment-prefixes': {
    kind: 'list',
    commas: true,
    help: "Comma-separated list of comment prefixes to use from check file (defaults to 'COM,RUN').",
    apply: (cl, v) => cl.commentPrefixes.push(v),
  },
  'dump-input': {
    kind: 'list',
    values: DUMP_INPUT_VALUES,
    valueName: 'value',
    help: "Dump input to stderr, adding annotations representing currently enabled diagnostics. The default is 'fail'.",
    apply: (cl, v) => cl.dumpInput.push(v as DumpInputMode),
  },
  'dump-input-context': {
    kind: 'uint',
    valueName: 'N',
    help: 'In the dump requested by -dump-input, print <N> input lines before and after filtered lines (default 5).',
    apply: (cl, v) => cl.dumpInputContext.push(Number(v)),
  },
  'dump-input-filter': {
    kind: 'list',
    values: DUMP_FILTER_VALUES,
    valueName: 'value',
    help: "In the dump requested by -dump-input, print only input lines of kind <value> (default 'error' for fail, 'all' for always).",
    apply: (cl, v) => cl.dumpInputFilter.push(v as DumpInputFilter),
  },
  'enable-var-scope': flag('enableVarScope', "Reset variables whose names do not start with '$' at each CHECK-LABEL block."),
  help: {
    kind: 'bool',
    help: 'Display available options',
    apply: (cl, v) => {
      cl.help = v === 'true';
    },
  },
  'ignore-case': flag('ignoreCase', 'Use case-insensitive matching'),
  'implicit-check-not': {
    kind: 'list',
    valueName: 'pattern',
    help: 'Add an implicit negative check with this pattern to every positive check.',
    apply: (cl, v) => cl.implicitCheckNot.push(v),
  },
  'input-file': {
    kind: 'string',
    valueName: 'filename',
    help: 'File to check (defaults to stdin)',
    apply: (cl, v) => {
      cl.inputFile = v;
    },
  },
  'match-full-lines': flag('matchFullLines', 'Require all positive matches to cover an entire input line.'),
  'strict-whitespace': flag('strictWhitespace', 'Do not treat all horizontal whitespace as equivalent'),
  v: flag('verbose', 'Print directive pattern matches, or add them to the input dump if enabled.'),
  version: {
    kind: 'bool',
    help: 'Display the version of this program',
    apply: (cl, v) => {
      cl.version = v === 'true';
    },
  },
  vv: flag('veryVerbose', 'Print information helpful in diagnosing internal FileCheck issues. Implies -v.'),
};

const BOOL_VALUES: Record<string, string> = { true: 'true', TRUE: 'true', True: 'true', '1': 'true', false: 'false', FALSE: 'false', False: 'false', '0': 'false' };

export function parseCommandLine(args: readonly string[], programName: string): ParsedCommandLine {
  const cl: Draft = {
    inputFile: '-',
    checkPrefixes: [],
    commentPrefixes: [],
    implicitCheckNot: [],
    defines: [],
    flags: {},
    dumpInput: [],
    dumpInputFilter: [],
    dumpInputContext: [],
    help: false,
    version: false,
  };
  const errors: string[] = [];
  const optionError = (name: string, message: string): void => {
    errors.push(`${programName}: for the ${name.length === 1 ? '-' : '--'}${name} option: ${message}`);
  };
  let tooManyPositionals = false;
  let onlyPositionals = false;

  for (let i = 0; i < args.length; i++) {
    const arg = args[i]!;
    if (onlyPositionals || !arg.startsWith('-') || arg === '-') {
      if (cl.checkFile === undefined) cl.checkFile = arg;
      else tooManyPositionals = true;
      continue;
    }
    if (arg === '--') {
      onlyPositionals = true;
      continue;
    }
    const body = arg.replace(/^--?/, '');
    const eq = body.indexOf('=');
    let name = eq === -1 ? body : body.slice(0, eq);
    let value: string | undefined = eq === -1 ? undefined : body.slice(eq + 1);
    // -D takes its value attached, whatever it looks like ("-D=X" gives "=X").
    if (body.startsWith('D')) [name, value] = ['D', body.length > 1 ? body.slice(1) : undefined];
    const spec = OPTIONS[name];
    if (!spec || !Object.hasOwn(OPTIONS, name)) {
      errors.push(`${programName}: Unknown command line argument '${arg}'.  Try: '${programName} --help'`);
      continue;
    }

    if (spec.kind === 'bool') {
      const parsed = value === undefined ? 'true' : BOOL_VALUES[value];
      if (parsed === undefined) optionError(name, `'${value}' is invalid value for boolean argument! Try 0 or 1`);
      else spec.apply(cl, parsed);
      continue;
    }
    if (value === undefined && name !== 'D' && i + 1 < args.length) value = args[++i]!;
    if (value === undefined) {
      optionError(name, 'requires a value!');
      continue;
    }
    for (const v of spec.commas ? value.split(',') : [value]) {
      if (spec.values && !spec.values.includes(v)) optionError(name, `Cannot find option named '${v}'!`);
      else if (spec.kind === 'uint' && !/^[0-9]+$/.test(v)) optionError(name, `'${v}' value invalid for uint argument!`);
      else spec.apply(cl, v);
    }
  }
  if (tooManyPositionals) {
    errors.push(`${programName}: Too many positional arguments specified!`);
    errors.push(`Can specify at most 1 positional arguments: See: ${programName} --help`);
  }

  return {
    checkFile: cl.checkFile,
    inputFile: cl.inputFile,
    help: cl.help,
    version: cl.version,
    errors,
    options: {
      checkPrefixes: cl.checkPrefixes,
      commentPrefixes: cl.commentPrefixes,
      implicitCheckNot: cl.implicitCheckNot,
      defines: cl.defines,
      ...cl.flags,
      // Repeated options: the most informative value wins, as in LLVM.
      dumpInput: highest(cl.dumpInput, DUMP_INPUT_VALUES),
      dumpInputFilter: highest(cl.dumpInputFilter, DUMP_FILTER_VALUES),
      dumpInputContext: cl.dumpInputContext.length ? Math.max(...cl.dumpInputContext) : undefined,
    },
  };
}

/** The value listed first in `precedence` among `given`. */
function highest<T extends string>(given: readonly T[], precedence: readonly T[]): T | undefined {
  return precedence.find((v) => given.includes(v));
}

export function usage(programName: string): string {
  const lines = [`USAGE: ${programName} [options] <check-file>`, '', 'OPTIONS:', ''];
  for (const [name, spec] of Object.entries(OPTIONS)) {
    const dash = name.length === 1 ? '-' : '--';
    const value = spec.valueName ? (name === 'D' ? ` <${spec.valueName}>` : `=<${spec.valueName}>`) : '';
    lines.push(`  ${`${dash}${name}${value}`.padEnd(32)} - ${spec.help}`);
    for (const v of spec.values ?? []) lines.push(`    =${v.padEnd(28)} -   ${v}`);
  }
  lines.push('', 'Options are parsed from the environment variable FILECHECK_OPTS and', 'from the command line.', '');
  return lines.join('\n');
}
