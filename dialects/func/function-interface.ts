/**
 * Shared printing, parsing and verification of function-like ops (MLIR's
 * function_interface_impl), used by func.func and gpu.func.
 */
import { ArrayAttr, type Attribute, DictionaryAttr, StringAttr, TypeAttr } from '../../core/ir/attributes.js';
import { attrConstraint } from '../../core/ir/constraints.js';
import type { Operation } from '../../core/ir/operation.js';
import { FunctionType, type Type } from '../../core/ir/types.js';
import { Tok, type Parser } from '../../core/syntax/parser.js';
import type { ParseState, RegionArgument } from '../../core/syntax/parser-state.js';
import type { OpAsmPrinter } from '../../core/syntax/printer.js';

export const FunctionTypeAttr = attrConstraint('type attribute of function type', (a: Attribute): a is TypeAttr => a instanceof TypeAttr && a.value instanceof FunctionType, {
  typeAttr: true,
});
export const DictArrayAttr = attrConstraint(
  'Array of dictionary attributes',
  (a: Attribute): a is ArrayAttr => a instanceof ArrayAttr && a.elements.every((e) => e instanceof DictionaryAttr),
);

export function functionTypeOf(op: Operation): FunctionType {
  const t = op.getAttr('function_type');
  if (t instanceof TypeAttr && t.value instanceof FunctionType) return t.value;
  return FunctionType.get([], []);
}

function dictAt(attrs: Attribute | undefined, i: number): DictionaryAttr | undefined {
  if (!(attrs instanceof ArrayAttr)) return undefined;
  const d = attrs.elements[i];
  return d instanceof DictionaryAttr ? d : undefined;
}

/** `(%arg0: i32 {a}, ...) -> (i32 {r})`, or `(i32, ...)` for declarations. */
export function printFunctionSignature(p: OpAsmPrinter, op: Operation, argTypes: readonly Type[], resultTypes: readonly Type[]): void {
  const body = op.regions[0];
  const isExternal = !body || body.empty;
  const argAttrs = op.getAttr('arg_attrs');
  p.write('(');
  argTypes.forEach((t, i) => {
    if (i > 0) p.write(', ');
    const attrs = dictAt(argAttrs, i);
    if (!isExternal) {
      p.printRegionArgument(body!.entry!.arguments[i]!, attrs);
    } else {
      p.printType(t);
      if (attrs) p.printAttrEntries(attrs.entries);
    }
  });
  p.write(')');
  if (resultTypes.length) {
    p.write(' -> ');
    const resAttrs = op.getAttr('res_attrs');
    const needsParens = resultTypes.length > 1 || resultTypes[0] instanceof FunctionType || (dictAt(resAttrs, 0)?.size ?? 0) > 0;
    if (needsParens) p.write('(');
    resultTypes.forEach((t, i) => {
      if (i) p.write(', ');
      p.printType(t);
      const attrs = dictAt(resAttrs, i);
      if (attrs) p.printAttrEntries(attrs.entries);
    });
    if (needsParens) p.write(')');
  }
}

export interface ParsedSignature {
  args: RegionArgument[];
  /** Whether the arguments carried SSA names (a definition) or were bare types. */
  named: boolean;
  resultTypes: Type[];
  resultAttrs: (DictionaryAttr | undefined)[];
}

/** MLIR's parseFunctionSignature (no variadic support). */
export function parseFunctionSignature(parser: Parser): ParsedSignature {
  const args: RegionArgument[] = [];
  let named: boolean | undefined;
  parser.expect(Tok.LParen, "'('");
  if (!parser.consumeIf(Tok.RParen)) {
    parser.parseCommaSeparated(undefined, Tok.RParen, () => {
      if (parser.peek(Tok.PercentId)) {
        const offset = parser.offset;
        const arg = parser.parseArgument(true, true);
        if (named === false) throw parser.opError(`expected type instead of SSA identifier`, offset);
        named = true;
        args.push(arg);
      } else {
        const offset = parser.offset;
        if (named === true) throw parser.opError(`expected SSA identifier`, offset);
        named = false;
        const type = parser.parseType();
        const attrs = parser.peek(Tok.LBrace) ? DictionaryAttr.get(parser.parseAttributeDict()) : undefined;
        const loc = parser.parseOptionalTrailingLocation();
        args.push({ operand: { name: '', number: 0, loc: parser.locAt(offset), offset }, type, loc, attrs });
      }
    });
  }
  const resultTypes: Type[] = [];
  const resultAttrs: (DictionaryAttr | undefined)[] = [];
  if (parser.consumeIf(Tok.Arrow)) {
    if (!parser.consumeIf(Tok.LParen)) {
      resultTypes.push(parser.parseType());
      resultAttrs.push(undefined);
    } else if (!parser.consumeIf(Tok.RParen)) {
      parser.parseCommaSeparated(undefined, Tok.RParen, () => {
        resultTypes.push(parser.parseType());
        resultAttrs.push(parser.peek(Tok.LBrace) ? DictionaryAttr.get(parser.parseAttributeDict()) : undefined);
      });
    }
  }
  return { args, named: named ?? false, resultTypes, resultAttrs };
}

/** The `function_type` attribute of a parsed signature. */
export function addFunctionTypeAttr(state: ParseState, sig: ParsedSignature): void {
  state.addAttribute(
    'function_type',
    TypeAttr.get(
      FunctionType.get(
        sig.args.map((a) => a.type),
        sig.resultTypes,
      ),
    ),
  );
}

/** `arg_attrs`/`res_attrs` arrays, set only when some entry is non-empty (call_interface_impl). */
export function addArgAndResultAttrs(state: ParseState, args: readonly RegionArgument[], resultAttrs: readonly (DictionaryAttr | undefined)[]): void {
  const build = (list: readonly (Attribute | undefined)[]): ArrayAttr | undefined => {
    const dicts = list.map((a) => (a instanceof DictionaryAttr ? a : DictionaryAttr.empty()));
    return dicts.some((d) => d.size > 0) ? ArrayAttr.get(dicts) : undefined;
  };
  const a = build(args.map((x) => x.attrs));
  if (a) state.addAttribute('arg_attrs', a);
  const r = build(resultAttrs);
  if (r) state.addAttribute('res_attrs', r);
}

/** `public`/`private`/`nested` before the symbol name. */
export function parseOptionalVisibility(parser: Parser, state: ParseState): void {
  for (const v of ['public', 'private', 'nested']) {
    if (parser.parseOptionalKeyword(v) !== undefined) {
      state.addAttribute('sym_visibility', StringAttr.get(v));
      return;
    }
  }
}

/** Attributes of the `attributes {...}` dictionary that the signature already gives. */
export function checkInferredAttrs(parser: Parser, state: ParseState, offset: number, names: readonly string[], parsed: readonly string[]): void {
  for (const n of names) {
    if (parsed.includes(n)) throw parser.emitError(`'${n}' is an inferred attribute and should not be specified in the explicit attribute dictionary`, offset);
  }
  void state;
}

/** FunctionOpInterface's verifyTrait: argument/result attribute arrays and dialect-prefixed names. */
export function verifyFunctionAttrs(op: Operation): string | undefined {
  const type = functionTypeOf(op);
  const check = (name: string, count: number, what: 'argument' | 'result'): string | undefined => {
    const attrs = op.getAttr(name);
    if (!(attrs instanceof ArrayAttr)) return undefined;
    if (attrs.elements.length !== count) {
      return `expects ${what} attribute array to have the same number of elements as the number of function ${what}s, got ${attrs.elements.length}, but expected ${count}`;
    }
    for (const d of attrs.elements) {
      if (!(d instanceof DictionaryAttr)) return `expects ${what} attribute dictionary to be a DictionaryAttr, but got \`${d}\``;
      for (const e of d.entries) if (!e.name.includes('.')) return `${what}s may only have dialect attributes`;
    }
    return undefined;
  };
  return check('arg_attrs', type.inputs.length, 'argument') ?? check('res_attrs', type.results.length, 'result');
}

/** MLIR's parseRegion check on entry arguments: each name may be declared once. */
export function checkDuplicateEntryArgs(parser: Parser, args: readonly RegionArgument[]): void {
  const seen = new Set<string>();
  for (const a of args) {
    if (seen.has(a.operand.name)) throw parser.emitError(`region entry argument '${a.operand.name}' is already in use`, a.operand.offset);
    seen.add(a.operand.name);
  }
}
