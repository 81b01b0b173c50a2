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

/** The op's custom printer: hand-written, from its format, or none (generic form). */
export function customPrinterFor(def: OpDefinition): CustomPrint | undefined {
  if (def.spec.print) return def.spec.print as unknown as CustomPrint;
  const f = compiled(def);
  return f ? (p, op) => f.print(p, op) : undefined;
}

export function customParserFor(def: OpDefinition): CustomParse | undefined {
  if (def.spec.parse) return def.spec.parse as unknown as CustomParse;
  const f = compiled(def);
  return f ? (parser, state) => f.parse(parser, state) : undefined;
}
