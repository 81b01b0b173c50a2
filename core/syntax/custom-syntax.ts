import type { OpDefinition } from '../ir/op-definition.js';
import type { Operation } from '../ir/operation.js';
import { AssemblyFormat } from './assembly-format.js';
import type { Parser } from './parser.js';
import type { ParseState } from './parser-state.js';
import type { OpAsmPrinter } from './printer.js';

export type CustomPrint = (p: OpAsmPrinter, op: Operation) => void;
export type CustomParse = (parser: Parser, state: ParseState) => void;

function compiled(def: OpDefinition): AssemblyFormat | undefined {
  if (!def.spec.assemblyFormat) return undefined;
  if (!(def.compiledFormat instanceof AssemblyFormat)) def.compiledFormat = new AssemblyFormat(def);
  return def.compiledFormat as AssemblyFormat;
}

// Looked up once per printed/parsed op: cached per definition (null: none).
const printers = new WeakMap<OpDefinition, CustomPrint | null>();
const parsers = new WeakMap<OpDefinition, CustomParse | null>();

/** The op's custom printer: hand-written, from its format, or none (generic form). */
export function customPrinterFor(def: OpDefinition): CustomPrint | undefined {
  let printer = printers.get(def);
  if (printer === undefined) {
    const f = def.spec.print ? undefined : compiled(def);
    printer = def.spec.print ? def.spec.print : f ? (p, op) => f.print(p, op) : null;
    printers.set(def, printer);
  }
  return printer ?? undefined;
}

export function customParserFor(def: OpDefinition): CustomParse | undefined {
  let parser = parsers.get(def);
  if (parser === undefined) {
    const f = def.spec.parse ? undefined : compiled(def);
    parser = def.spec.parse ? def.spec.parse : f ? (ps, state) => f.parse(ps, state) : null;
    parsers.set(def, parser);
  }
  return parser ?? undefined;
}
