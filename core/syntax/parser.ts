import { type Attribute, DictionaryAttr, type NamedAttribute } from '../ir/attributes.js';
import type { Context } from '../ir/dialect.js';
import type { DiagnosticError } from '../ir/diagnostics.js';
import type { OpDefinition } from '../ir/op-definition.js';
import type { Operation } from '../ir/operation.js';
import type { Type } from '../ir/types.js';
import type { OpResult } from '../ir/value.js';
import { customParserFor, type CustomParse } from './custom-syntax.js';
import { Tok } from './lexer.js';
import { ParseState, type RegionArgument } from './parser-state.js';
import type { SourceFile } from './source.js';
import { TopLevelParser } from './top-level-parser.js';

const INT_TYPE_SPELLING = /^[su]?i[0-9]+$/;

export interface ParseOptions {
  context: Context;
}

/**
 * MLIR's operation parser, and the OpAsmParser that custom op parsers are given: custom op forms
 * and the helpers their parsers call. It is the last of a chain of layers, one module each:
 * ParserBase (tokens) < TypeParser < ElementsLiteralParser < AttributeParser < TypeAttrParser
 * (aliases, locations) < SsaValueParser (SSA names) < RegionParser (regions, blocks) <
 * OperationParser (result names, generic form) < TopLevelParser (a file's top level) < Parser.
 */
export class Parser extends TopLevelParser {
  /** Default dialects of enclosing ops, innermost last (MLIR's getDefaultDialect). */
  private readonly defaultDialects: string[] = ['builtin'];
  /** Names of the custom ops being parsed and where they start, innermost last (for `opError`). */
  private readonly customOpNames: string[] = [];
  private readonly customOpOffsets: number[] = [];
  /** Custom ops by their full name as written (with what is read of their spec for each op). */
  private readonly customOps = new Map<string, { name: string; def: OpDefinition; custom: CustomParse; defaultDialect: string | undefined }>();

  constructor(source: SourceFile, context: Context) {
    super(source, context);
  }

  // ================================================================ custom op forms
  protected override parseCustomOperation(numResults: number): Operation {
    const nameStart = this.tok.start;
    const written = this.tokenText;
    let name = written;
    const dflt = this.defaultDialects[this.defaultDialects.length - 1]!;
    // Full names (the common case) are looked up once per parser; short ones depend on `dflt`.
    let known = this.customOps.get(name);
    // MLIR lexes `i32`, `si8`, `ui1` as integer type tokens, which do not name ops.
    if (!known && INT_TYPE_SPELLING.test(written)) throw this.expectedError('expected operation name in quotes');
    this.advance();
    if (!known) {
      let def = this.context.lookupOp(name);
      // A name without a dialect prefix (nothing after its first '.') is looked up in the enclosing
      // op's default dialect (at the top level builtin; '' inside ops that name none), as MLIR's
      // parseCustomOperationName.
      const dot = name.indexOf('.');
      if (!def && (dot < 0 || dot === name.length - 1)) {
        name = `${dflt}.${written}`;
        def = this.context.lookupOp(name);
      }
      const custom = def ? customParserFor(def) : undefined;
      if (!def || !custom) throw this.unknownCustomOp(written, name, nameStart);
      known = { name, def, custom, defaultDialect: def.spec.defaultDialect };
      if (name === written) this.customOps.set(name, known);
    }
    const def = known.def;
    const state = new ParseState(known.name, def, this.locAt(nameStart), numResults);
    this.defaultDialects.push(known.defaultDialect ?? '');
    this.customOpNames.push(known.name);
    this.customOpOffsets.push(nameStart);
    try {
      known.custom(this, state);
    } finally {
      this.defaultDialects.pop();
      this.customOpNames.pop();
      this.customOpOffsets.pop();
    }
    return this.finishOperation(state);
  }

  /** MLIR's errors for a custom op name that names no op (`name` is `written` with the default dialect tried). */
  private unknownCustomOp(written: string, name: string, offset: number): DiagnosticError {
    const tried = name !== written ? ` (tried '${name}' as well)` : '';
    const dialect = name.slice(0, Math.max(0, name.indexOf('.')));
    if (this.context.dialect(dialect)) return this.error(`custom op '${written}' is unknown${tried}`, offset);
    // (MLIR's message ends in a space, hence the two before "(tried".)
    const d = this.error(`Dialect \`${dialect}' not found for custom op '${written}' ${tried}`, offset);
    d.diagnostic.attachNote(`Registered dialects: ${this.context.loadedDialects.map((x) => x.name).join(', ')}`, this.locAt(offset));
    return d;
  }

  // ================================================================ helpers for custom parsers
  /** `{...}` of discardable/inherent attributes, if present; returns them. */
  parseOptionalAttrDict(state: ParseState): readonly NamedAttribute[] | undefined {
    if (!this.is(Tok.LBrace)) return undefined;
    const entries = this.parseAttributeDict();
    for (const { name, value } of entries) state.addAttribute(name, value);
    return entries;
  }
  parseOptionalAttrDictWithKeyword(state: ParseState): readonly NamedAttribute[] | undefined {
    if (this.parseOptionalKeyword('attributes') === undefined) return undefined;
    const entries = this.parseAttributeDict();
    for (const { name, value } of entries) state.addAttribute(name, value);
    return entries;
  }
  parseColonType(): Type {
    this.expect(Tok.Colon);
    return this.parseType();
  }
  parseColonTypeList(): Type[] {
    this.expect(Tok.Colon);
    return this.parseTypeList();
  }
  /** `-> type` or `-> (types)`; empty list when there is no arrow. */
  parseOptionalArrowTypeList(): Type[] {
    if (!this.consumeIf(Tok.Arrow)) return [];
    return this.parseFunctionResultTypes();
  }
  parseSymbolName(): string {
    if (!this.is(Tok.AtId)) throw this.opError("expected valid '@'-identifier for symbol name");
    return this.symbolText();
  }
  parseOptionalSymbolName(): string | undefined {
    return this.is(Tok.AtId) ? this.symbolText() : undefined;
  }
  /** `%name : type attrs? loc?`, as used in function signatures. */
  parseArgument(allowType = true, allowAttrs = false): RegionArgument {
    const operand = this.parseOperand(false);
    let type: Type | undefined;
    if (allowType) {
      this.expect(Tok.Colon, "':'");
      type = this.parseType();
    }
    let attrs: Attribute | undefined;
    if (allowAttrs && this.is(Tok.LBrace)) attrs = DictionaryAttr.get(this.parseAttributeDict());
    const loc = this.parseOptionalTrailingLocation();
    return { operand, type: type!, loc, attrs };
  }
  emitError(message: string, offset = this.tok.start): DiagnosticError {
    return this.error(message, offset);
  }
  /** Where the name of the custom op being parsed starts (MLIR's OpAsmParser::getNameLoc). */
  get nameOffset(): number {
    return this.customOpOffsets[this.customOpOffsets.length - 1] ?? this.tok.start;
  }
  override opError(message: string, offset = this.tok.start): DiagnosticError {
    const op = this.customOpNames[this.customOpNames.length - 1];
    return this.error(op === undefined ? message : `custom op '${op}' ${message}`, offset);
  }
  get offset(): number {
    return this.tok.start;
  }
  /** Whether the next token is the punctuation `kind`; for custom parsers. */
  peek(kind: Tok): boolean {
    return this.is(kind);
  }
}

export type OpAsmParser = Parser;
export { Tok };
export type { OpResult };
