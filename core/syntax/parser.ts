import { type Attribute, DictionaryAttr, type NamedAttribute } from '../ir/attributes.js';
import { Block } from '../ir/block.js';
import type { Context } from '../ir/dialect.js';
import { DiagnosticError } from '../ir/diagnostics.js';
import type { Location } from '../ir/location.js';
import type { OpDefinition } from '../ir/op-definition.js';
import { Operation, type OperationState } from '../ir/operation.js';
import { Region } from '../ir/region.js';
import { FunctionType, type Type } from '../ir/types.js';
import { Value, type OpResult } from '../ir/value.js';
import { customParserFor, type CustomParse } from './custom-syntax.js';
import { decodeStringToken, Tok, type Token } from './lexer.js';
import { ParseState, type RegionArgument, type UnresolvedOperand } from './parser-state.js';
import type { SourceFile } from './source.js';
import { sourceNameHint } from './ssa-names.js';
import { DeferredLoc, LocationAttr, TypeAttrParser } from './type-attr-parser.js';

/** An UnresolvedOperand whose location is only computed when asked for (errors, block arguments). */
class LazyOperand implements UnresolvedOperand {
  private cachedLoc: Location | undefined;
  constructor(
    readonly name: string,
    readonly number: number,
    readonly offset: number,
    private readonly source: SourceFile,
  ) {}
  get loc(): Location {
    return (this.cachedLoc ??= this.source.loc(this.offset));
  }
}

/** Placeholder for an SSA name used before its definition. */
class ForwardRef extends Value {
  constructor(
    type: Type,
    readonly loc: Location,
    readonly offset: number,
  ) {
    super(type);
  }
  get parentBlock(): undefined {
    return undefined;
  }
  get definingOp(): undefined {
    return undefined;
  }
}

interface ValueEntry {
  /** Never modified: may be the defining op's own result list. */
  values: readonly Value[];
  /** Source offset of the definition (or first forward use); its location is computed on demand. */
  offset: number;
}

const INT_TYPE_SPELLING = /^[su]?i[0-9]+$/;

/** SSA names of one name scope: the whole file, or a region parsed with enableNameShadowing. */
class IsolatedScope {
  readonly values = new Map<string, ValueEntry>();
  /** Names defined at each nested region level, removed again when the level ends. */
  readonly levels: string[][] = [[]];
  readonly forwardRefs = new Map<ForwardRef, string>();
}

interface BlockEntry {
  block: Block;
  loc: Location;
  offset: number;
  defined: boolean;
}

export interface ParseOptions {
  context: Context;
}

/** MLIR's operation parser: generic and custom op forms, regions, blocks, SSA names, aliases. */
export class Parser extends TypeAttrParser {
  private readonly scopes: IsolatedScope[] = [new IsolatedScope()];
  private readonly blockScopes: Map<string, BlockEntry>[] = [];
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

  /** Parse a whole file into its top-level operations (aliases are consumed). */
  parseTopLevel(): Operation[] {
    const ops: Operation[] = [];
    const block = new Block();
    while (!this.is(Tok.EOF)) {
      if (this.is(Tok.HashId) || this.is(Tok.BangId)) {
        if (this.tryAliasDefinition()) continue;
      }
      if (this.is(Tok.FileMetadataBegin)) {
        this.parseFileMetadata();
        continue;
      }
      const op = this.parseOperation();
      block.append(op);
      ops.push(op);
    }
    this.checkForwardRefs(this.scopes[0]!);
    for (const op of ops) op.remove();
    if (this.deferredLocs.length) for (const op of ops) this.resolveDeferredLocs(op);
    return ops;
  }

  private resolveDeferredLocs(root: Operation): void {
    const resolve = (loc: Location): Location => {
      if (!(loc instanceof DeferredLoc)) return loc;
      const a = this.attrAliases.get(loc.alias);
      if (!(a instanceof LocationAttr)) throw this.error(`undefined symbol alias id '${loc.alias}'`, loc.offset);
      return a.loc;
    };
    root.walk((op) => {
      op.loc = resolve(op.loc);
      for (const r of op.regions) for (const b of r.blocks) for (const arg of b.arguments) arg.loc = resolve(arg.loc);
    });
  }

  /**
   * `{-# dialect_resources: { builtin: { name: "0x..." } }, external_resources: {...} #-}`: the
   * builtin dialect's blobs go to the context's resources; external resources are skipped.
   */
  private parseFileMetadata(): void {
    const start = this.tok.start;
    this.advance();
    const entry = (each: (key: string, offset: number) => void) => {
      const offset = this.tok.start;
      const key = this.is(Tok.String) ? this.parseString() : this.parseKeyword(undefined, ' for file metadata key');
      this.expect(Tok.Colon, "':'");
      each(key, offset);
    };
    const dictionary = (each: (key: string, offset: number) => void) => this.parseCommaSeparated(Tok.LBrace, Tok.RBrace, () => entry(each));
    if (!this.is(Tok.FileMetadataEnd)) {
      this.parseCommaSeparated(undefined, undefined, () =>
        entry((section, offset) => {
          if (section === 'external_resources') return this.skipBalancedBraces(start);
          if (section !== 'dialect_resources') throw this.error(`unknown key '${section}' in file metadata dictionary`, offset);
          dictionary((dialect, at) => {
            if (dialect !== 'builtin' && !this.context.dialect(dialect)) throw this.error(`dialect '${dialect}' is unknown`, at);
            dictionary((name, entryAt) => {
              // Only the builtin dialect has resources (MLIR reports the first entry of another).
              if (dialect !== 'builtin') throw this.error(`unexpected 'resource' section for dialect '${dialect}'`, entryAt);
              const at = this.tok.start;
              const bad = this.context.resources.handle(name).setHex(this.is(Tok.String) ? this.parseString() : '');
              if (bad) throw this.error(`${bad} for key '${name}' to encode alignment in first 4 bytes`, at);
            });
          });
        }),
      );
    }
    if (!this.is(Tok.FileMetadataEnd)) throw this.error("expected '#-}' to close file metadata", start);
    this.advance();
  }

  /** Skips a `{ ... }` group, nested braces included. */
  private skipBalancedBraces(start: number): void {
    this.expect(Tok.LBrace);
    for (let depth = 1; depth > 0; this.advance()) {
      if (this.is(Tok.EOF) || this.is(Tok.FileMetadataEnd)) throw this.error("expected '#-}' to close file metadata", start);
      if (this.is(Tok.LBrace)) depth++;
      else if (this.is(Tok.RBrace)) depth--;
    }
  }

  /** `#name = attr` or `!name = type` at the top level. */
  private tryAliasDefinition(): boolean {
    const save = this.mark();
    const isType = this.is(Tok.BangId);
    const nameTok = this.take();
    const name = this.text(nameTok).slice(1);
    if (!this.is(Tok.Equal)) {
      this.restore(save);
      return false;
    }
    if (name.includes('.')) throw this.error('expected attribute alias identifier without a dialect prefix', nameTok.start);
    this.advance();
    if (isType) {
      if (this.typeAliases.has(name)) throw this.error(`redefinition of type alias id '${name}'`, nameTok.start);
      this.typeAliases.set(name, this.parseType());
    } else {
      if (this.attrAliases.has(name)) throw this.error(`redefinition of attribute alias id '${name}'`, nameTok.start);
      const value = this.isKeyword('loc') ? LocationAttr.get(this.parseLocation()) : this.parseAttribute();
      this.attrAliases.set(name, value);
    }
    return true;
  }

  // ================================================================ operations
  parseOperation(): Operation {
    // As `nested(() => this.parseOperationInner())`, without a closure per op.
    this.enterNesting();
    try {
      return this.parseOperationInner();
    } catch (e) {
      throw this.nestingError(e);
    } finally {
      this.depth--;
    }
  }

  private parseOperationInner(): Operation {
    const opStart = this.tok.start;
    if (!this.is(Tok.PercentId)) return this.parseOperationBody(0);
    // `%name = ...`, the common case, without building a list of result names.
    const firstEnd = this.tok.end;
    this.advance();
    if (this.is(Tok.Equal)) {
      this.advance();
      const op = this.parseOperationBody(1);
      this.checkResultCount(op, 1, opStart);
      this.defineValue(this.textAt(opStart, firstEnd), op.results, opStart);
      return op;
    }
    const resultNames: { name: string; count: number; offset: number }[] = [];
    let t: Token = { kind: Tok.PercentId, start: opStart, end: firstEnd };
    for (;;) {
      let count = 1;
      if (this.consumeIf(Tok.Colon)) {
        const n = this.parseInteger('integer number of results');
        if (n < 1n) throw this.error('expected named operation to have at least 1 result', t.start);
        count = Number(n);
      }
      resultNames.push({ name: this.text(t), count, offset: t.start });
      if (!this.consumeIf(Tok.Comma)) break;
      t = this.expectToken(Tok.PercentId, 'valid ssa identifier');
    }
    this.expect(Tok.Equal, "'=' after SSA name");
    let numResults = 0;
    for (const r of resultNames) numResults += r.count;
    const op = this.parseOperationBody(numResults);
    this.checkResultCount(op, numResults, opStart);
    let index = 0;
    for (const r of resultNames) {
      this.defineValue(r.name, resultNames.length === 1 ? op.results : op.results.slice(index, index + r.count), r.offset);
      index += r.count;
    }
    return op;
  }

  private parseOperationBody(numResults: number): Operation {
    if (this.is(Tok.String)) return this.parseGenericOperation(numResults);
    if (this.is(Tok.BareId)) return this.parseCustomOperation(numResults);
    throw this.expectedError('expected operation name in quotes');
  }

  private checkResultCount(op: Operation, numResults: number, opStart: number): void {
    if (op.results.length !== numResults) {
      if (op.results.length === 0) throw this.error('cannot name an operation with no results', opStart);
      throw this.error(`operation defines ${op.results.length} results but was provided ${numResults} to bind`, opStart);
    }
  }

  private lookupDefinition(name: string): OpDefinition | undefined {
    const def = this.context.lookupOp(name);
    if (def) return def;
    const dot = name.indexOf('.');
    const dialectName = dot < 0 ? '' : name.slice(0, dot);
    // An unknown op of a loaded dialect is the verifier's to report (as in MLIR).
    if (this.context.allowUnregisteredDialects || this.context.dialect(dialectName)) return undefined;
    // MLIR reports this one at the token after the name.
    throw this.error(`operation being parsed with an unregistered dialect. If this is intended, please use -allow-unregistered-dialect with the MLIR tool used`);
  }

  private parseGenericOperation(numResults: number): Operation {
    const nameTok = this.take();
    const name = decodeStringToken(this.text(nameTok));
    if (name === '') throw this.error('empty operation name is invalid', nameTok.start);
    const loc = this.locAt(nameTok.start);
    const def = this.lookupDefinition(name);
    const operands: UnresolvedOperand[] = [];
    this.expect(Tok.LParen, "'(' to start operand list");
    // MLIR's parseOptionalSSAUseList: a list only if an SSA name follows.
    if (this.is(Tok.PercentId)) this.parseCommaSeparated(undefined, undefined, () => operands.push(this.parseOperand()));
    this.expect(Tok.RParen, "')' to end operand list");
    const state = new ParseState(name, def, loc, numResults);
    if (this.is(Tok.LSquare)) {
      this.advance();
      this.parseCommaSeparatedUntil(Tok.RSquare, () => state.successors.push(this.parseSuccessor()));
    }
    let properties: NamedAttribute[] | undefined;
    if (this.is(Tok.Less)) {
      this.advance();
      const propStart = this.tok.start;
      const props = this.parseAttribute();
      if (!(props instanceof DictionaryAttr)) throw this.error('expected a dictionary of properties', propStart);
      properties = [...props.entries];
      this.expect(Tok.Greater, "'>' to close properties");
    }
    if (this.is(Tok.LParen)) {
      this.advance();
      this.parseCommaSeparated(undefined, undefined, () => {
        const r = new Region();
        this.parseRegion(r, undefined);
        state.regions.push(r);
      });
      this.expect(Tok.RParen, "')' to end region list");
    }
    const discardable = this.is(Tok.LBrace) ? this.parseAttributeDict() : [];
    this.expect(Tok.Colon, "':' followed by operation type");
    const typeStart = this.tok.start;
    const fnType = this.parseType();
    if (!(fnType instanceof FunctionType)) throw this.error('expected function type', typeStart);
    if (fnType.inputs.length !== operands.length) {
      throw this.error(`expected ${operands.length} operand type${operands.length === 1 ? '' : 's'} but had ${fnType.inputs.length}`, typeStart);
    }
    operands.forEach((u, i) => state.operands.push(this.resolveOperand(u, fnType.inputs[i]!)));
    state.types.push(...fnType.results);
    // Inherent attributes given in the discardable dictionary become properties (MLIR does the same).
    for (const { name: n, value } of properties ?? []) state.properties.set(n, value);
    for (const { name: n, value } of discardable) {
      if (def?.isInherentAttr(n) && !properties) state.properties.set(n, value);
      else state.attributes.set(n, value);
    }
    if (properties && !def) {
      // Unregistered ops keep properties as an opaque dictionary.
      state.properties.clear();
      state.properties.set('', DictionaryAttr.get(properties));
    }
    return this.finishOperation(state);
  }

  private parseCustomOperation(numResults: number): Operation {
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

  /** Filled in for each op created (Operation keeps none of it): no object per op. */
  private readonly opState: OperationState = {
    name: '',
    definition: undefined,
    operands: undefined,
    resultTypes: undefined,
    properties: undefined,
    attributes: undefined,
    successors: undefined,
    regions: undefined,
    loc: undefined,
    // The parse state is dropped once its op exists: the op takes its maps over.
    adoptMaps: true,
  };

  /**
   * Every op this parser created, in creation order, held until the parse ends. Not read: it is a
   * locality hint to V8. The young-generation GC moves surviving objects in the order it finds
   * them, and this list makes it find the ops one after another, so that they land next to each
   * other in the old generation. Without it they scatter (the GC reaches them through use lists,
   * parents and siblings in no particular order), and every later walk over the IR (verifier,
   * passes, printer) pays a cache miss per op: a walk over 100k parsed ops took 17 ms without it,
   * 5-7 ms with it.
   */
  private readonly createdOps: Operation[] = [];

  private finishOperation(state: ParseState): Operation {
    const loc = this.parseOptionalTrailingLocation() ?? state.loc;
    const s = this.opState;
    s.name = state.name;
    s.definition = state.definition;
    s.operands = state.operandsIfAny;
    s.resultTypes = state.typesIfAny;
    s.properties = state.propertiesIfAny;
    s.attributes = state.attributesIfAny;
    s.successors = state.successorsIfAny;
    s.regions = state.regionsIfAny;
    s.loc = loc;
    try {
      const op = Operation.create(s);
      this.createdOps.push(op);
      return op;
    } finally {
      s.operands = s.resultTypes = s.properties = s.attributes = s.successors = s.regions = undefined;
    }
  }

  // ================================================================ SSA values
  /**
   * `%name` or `%name#N`. MLIR's parseOperand; with `allowResultNumber` false, its parseArgument's
   * check (the name of a value being defined: function and region arguments, assignment lists).
   */
  parseOperand(allowResultNumber = true): UnresolvedOperand {
    const u = this.parseOptionalOperand(allowResultNumber);
    if (!u) throw this.expectedError('expected SSA operand');
    return u;
  }

  parseOptionalOperand(allowResultNumber = true): UnresolvedOperand | undefined {
    if (!this.is(Tok.PercentId)) return undefined;
    const start = this.tok.start;
    const name = this.takeText();
    let number = 0;
    if (this.is(Tok.HashId)) {
      if (!allowResultNumber) throw this.error('result number not allowed in argument list');
      const text = this.tokenText.slice(1);
      if (!/^[0-9]+$/.test(text)) throw this.error('invalid SSA value result number');
      number = Number(text);
      this.advance();
    }
    return new LazyOperand(name, number, start, this.source);
  }

  /** Collects `parseOperandList`'s operands (the list returned is an exactly sized copy). */
  private readonly operandScratch: UnresolvedOperand[] = [];

  parseOperandList(): UnresolvedOperand[] {
    if (!this.is(Tok.PercentId)) return [];
    const scratch = this.operandScratch;
    let n = 0;
    do scratch[n++] = this.parseOperand();
    while (this.consumeIf(Tok.Comma));
    const list = scratch.slice(0, n);
    for (let i = 0; i < n; i++) scratch[i] = undefined!;
    return list;
  }

  private get scope(): IsolatedScope {
    return this.scopes[this.scopes.length - 1]!;
  }

  /** The value for `u`, checking its type; unknown names become forward references. */
  resolveOperand(u: UnresolvedOperand, type: Type): Value {
    const entry = this.scope.values.get(u.name);
    if (entry) {
      if (u.number >= entry.values.length) {
        if (entry.values.length === 1 && entry.values[0] instanceof ForwardRef) {
          throw this.error(`reference to invalid result number`, u.offset);
        }
        throw this.error(`reference to invalid result number`, u.offset);
      }
      const v = entry.values[u.number]!;
      if (v.type !== type) {
        const d = DiagnosticError.at(u.loc, `use of value '${u.name}' expects different type than prior uses: '${type}' vs '${v.type}'`);
        d.diagnostic.attachNote('prior use here', this.locAt(entry.offset));
        throw d;
      }
      return v;
    }
    if (u.number > 0) {
      // A numbered forward reference; create placeholders for the group.
      const values: Value[] = [];
      for (let i = 0; i <= u.number; i++) values.push(new ForwardRef(type, u.loc, u.offset));
      values.forEach((v) => this.scope.forwardRefs.set(v as ForwardRef, u.name));
      this.scope.values.set(u.name, { values, offset: u.offset });
      return values[u.number]!;
    }
    const ref = new ForwardRef(type, u.loc, u.offset);
    this.scope.forwardRefs.set(ref, u.name);
    this.scope.values.set(u.name, { values: [ref], offset: u.offset });
    return ref;
  }

  resolveOperands(list: readonly UnresolvedOperand[], types: readonly Type[], offset: number, into: Value[]): void {
    if (list.length !== types.length) {
      throw this.opError(`${list.length} operands present, but expected ${types.length}`, offset);
    }
    for (let i = 0; i < list.length; i++) into.push(this.resolveOperand(list[i]!, types[i]!));
  }
  /** `resolveOperands` writing to `into[at...]` (a list sized in advance). */
  resolveOperandsAt(list: readonly UnresolvedOperand[], types: readonly Type[], offset: number, into: Value[], at: number): void {
    if (list.length !== types.length) {
      throw this.opError(`${list.length} operands present, but expected ${types.length}`, offset);
    }
    for (let i = 0; i < list.length; i++) into[at + i] = this.resolveOperand(list[i]!, types[i]!);
  }

  /** Bind `name` to `values` (results or block arguments; kept, not copied), resolving forward references. */
  defineValue(name: string, values: readonly Value[], offset: number): void {
    const scope = this.scope;
    const existing = scope.values.get(name);
    if (existing) {
      const refs = existing.values.filter((v): v is ForwardRef => v instanceof ForwardRef);
      if (refs.length !== existing.values.length) {
        const d = DiagnosticError.at(this.locAt(offset), `redefinition of SSA value '${name}'`);
        d.diagnostic.attachNote('previously defined here', this.locAt(existing.offset));
        throw d;
      }
      for (let i = 0; i < refs.length; i++) {
        const ref = refs[i]!;
        const v = values[i];
        if (!v) throw this.error(`reference to invalid result number`, ref.offset);
        if (v.type !== ref.type) {
          const d = DiagnosticError.at(this.locAt(offset), `definition of SSA value '${name}#${i}' has type '${v.type}'`);
          d.diagnostic.attachNote(`previously used here with type '${ref.type}'`, ref.loc);
          throw d;
        }
        ref.replaceAllUsesWith(v);
        scope.forwardRefs.delete(ref);
      }
    }
    scope.values.set(name, { values, offset });
    scope.levels[scope.levels.length - 1]!.push(name);
  }

  private checkForwardRefs(scope: IsolatedScope): void {
    let first: ForwardRef | undefined;
    for (const ref of scope.forwardRefs.keys()) if (!first || ref.offset < first.offset) first = ref;
    if (first) throw this.error(`use of undeclared SSA value name`, first.offset);
  }

  // ================================================================ regions and blocks
  /**
   * Parse `{ ... }` into `region`. `entryArgs` are the entry block's arguments declared by the
   * op's custom syntax (e.g. a function signature). As in MLIR, SSA names are not isolated by
   * IsolatedFromAbove ops: a region sees (and may not redefine) the names of the regions around
   * it, and a forward reference may be resolved anywhere later in the file (the verifier then
   * reports a use across an isolation boundary). Only `enableNameShadowing` (MLIR's argument of
   * the same name) starts a fresh name scope.
   */
  parseRegion(region: Region, entryArgs: readonly RegionArgument[] | undefined, enableNameShadowing = false): void {
    const open = this.expectToken(Tok.LBrace, "'{' to begin a region");
    if (enableNameShadowing) this.scopes.push(new IsolatedScope());
    else this.scope.levels.push([]);
    this.blockScopes.push(new Map());
    try {
      this.nested(() => this.parseRegionBody(region, entryArgs, open.start));
      this.finishBlockScope();
    } finally {
      this.blockScopes.pop();
      if (enableNameShadowing) {
        const scope = this.scopes.pop()!;
        this.checkForwardRefs(scope);
      } else {
        for (const name of this.scope.levels.pop()!) this.scope.values.delete(name);
      }
    }
  }

  /** `parseRegion` for an optional region: returns false (consuming nothing) when no `{` follows. */
  parseOptionalRegion(region: Region, entryArgs: readonly RegionArgument[] | undefined, enableNameShadowing = false): boolean {
    if (!this.is(Tok.LBrace)) return false;
    this.parseRegion(region, entryArgs, enableNameShadowing);
    return true;
  }

  private parseRegionBody(region: Region, entryArgs: readonly RegionArgument[] | undefined, openOffset: number): void {
    if (this.consumeIf(Tok.RBrace)) {
      if (entryArgs && entryArgs.length) {
        // An empty body with declared arguments still gets its entry block (MLIR does the same).
        this.addEntryBlock(region, entryArgs);
      }
      return;
    }
    if (entryArgs?.length && this.is(Tok.CaretId)) throw this.error('invalid block name in region with named arguments');
    if (!this.is(Tok.CaretId)) this.parseBlockBody(this.addEntryBlock(region, entryArgs ?? []));
    while (!this.consumeIf(Tok.RBrace)) {
      if (this.is(Tok.EOF)) throw this.error("expected '}' to close region", openOffset);
      this.parseBlock(region);
    }
  }

  private addEntryBlock(region: Region, entryArgs: readonly RegionArgument[]): Block {
    for (const a of entryArgs) {
      const seen = this.scope.values.get(a.operand.name);
      if (seen) {
        const d = DiagnosticError.at(this.locAt(a.operand.offset), `region entry argument '${a.operand.name}' is already in use`);
        d.diagnostic.attachNote('previously referenced here', this.locAt(seen.offset));
        throw d;
      }
    }
    const block = region.appendBlock(new Block());
    for (const a of entryArgs) {
      const arg = block.addArgument(a.type, a.loc ?? a.operand.loc);
      arg.nameHint = sourceNameHint(a.operand.name);
      this.defineValue(a.operand.name, [arg], a.operand.offset);
    }
    return block;
  }

  private blockEntry(name: string, offset: number): BlockEntry {
    const scope = this.blockScopes[this.blockScopes.length - 1]!;
    let entry = scope.get(name);
    if (!entry) {
      entry = { block: new Block(), loc: this.locAt(offset), offset, defined: false };
      scope.set(name, entry);
    }
    return entry;
  }

  private parseBlock(region: Region): void {
    const nameTok = this.expectToken(Tok.CaretId, 'block name');
    const name = this.text(nameTok);
    const entry = this.blockEntry(name, nameTok.start);
    if (entry.defined) throw this.error(`redefinition of block '${name}'`, nameTok.start);
    entry.defined = true;
    entry.loc = this.locAt(nameTok.start);
    const block = entry.block;
    region.appendBlock(block);
    if (this.consumeIf(Tok.LParen)) {
      if (!this.consumeIf(Tok.RParen)) {
        this.parseCommaSeparated(undefined, Tok.RParen, () => {
          const u = this.parseOperand();
          this.expect(Tok.Colon, "':' and type for SSA operand");
          const type = this.parseType();
          const loc = this.parseOptionalTrailingLocation();
          const arg = block.addArgument(type, loc ?? u.loc);
          arg.nameHint = sourceNameHint(u.name);
          this.defineValue(u.name, [arg], u.offset);
        });
      }
    }
    this.expect(Tok.Colon, "':' after block name");
    this.parseBlockBody(block);
  }

  private parseBlockBody(block: Block): void {
    while (!this.is(Tok.CaretId) && !this.is(Tok.RBrace)) {
      // At the end of the file, reported after the last token, as MLIR does.
      if (this.is(Tok.EOF)) throw this.expectedError("expected '}' to close region");
      block.append(this.parseOperation());
    }
  }

  private finishBlockScope(): void {
    const scope = this.blockScopes[this.blockScopes.length - 1]!;
    for (const e of scope.values()) {
      if (!e.defined) throw this.error(`reference to an undefined block`, e.offset);
    }
  }

  /** `^bb1` as a successor. */
  parseSuccessor(): Block {
    const t = this.expectToken(Tok.CaretId, 'block name');
    if (this.blockScopes.length === 0) throw this.error('successors are only valid inside a region', t.start);
    return this.blockEntry(this.text(t), t.start).block;
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
