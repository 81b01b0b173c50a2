/**
 * Operations while parsing: the names of their results (`%a, %b:2 = ...`), the generic form
 * (`"dialect.op"(%a) [^bb1] <{props}> ({...}) {attrs} : (i32) -> i32`) and the creation of the
 * op. The custom forms are the Parser's (core/syntax/parser.ts): their parsers see the whole of it.
 */
import { DictionaryAttr, type NamedAttribute } from '../ir/attributes.js';
import type { OpDefinition } from '../ir/op-definition.js';
import { Operation, type OperationState } from '../ir/operation.js';
import { Region } from '../ir/region.js';
import { FunctionType } from '../ir/types.js';
import { decodeStringToken, Tok, type Token } from './lexer.js';
import { ParseState, type UnresolvedOperand } from './parser-state.js';
import { RegionParser } from './region-parser.js';

/** The operation layer of the parser. */
export abstract class OperationParser extends RegionParser {
  /** An op in its custom form, from its name on (`numResults` results are to be bound). */
  protected abstract parseCustomOperation(numResults: number): Operation;

  /** An operation in the generic or custom form, with the names of its results bound. */
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

  /** The op `state` describes, with its trailing location if one follows. */
  protected finishOperation(state: ParseState): Operation {
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
}
