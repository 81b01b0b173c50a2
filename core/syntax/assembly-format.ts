import { type Attribute, IntegerAttr, StringAttr, TypeAttr, UnitAttr } from '../ir/attributes.js';
import type { Block } from '../ir/block.js';
import { valueSpecConstraint, type AttrSpec, type TypeConstraint } from '../ir/constraints.js';
import { groupSizes, segmentSizesAttr, type OpSpec, type ValueGroup } from '../ir/op-definition.js';
import { Region } from '../ir/region.js';
import { FunctionType, type Type } from '../ir/types.js';
import type { Value } from '../ir/value.js';
import { ensureImplicitTerminator } from './implicit-terminator.js';
import { Tok } from './lexer.js';
import type { FormatElement } from './format-ast.js';
import type { Parser } from './parser.js';
import type { ParseState, UnresolvedOperand } from './parser-state.js';
import { FormatPrinter } from './format-print.js';

export type { CustomDirective } from './format-base.js';

const PUNCT: Record<string, Tok> = {
  ',': Tok.Comma,
  ':': Tok.Colon,
  '(': Tok.LParen,
  ')': Tok.RParen,
  '[': Tok.LSquare,
  ']': Tok.RSquare,
  '{': Tok.LBrace,
  '}': Tok.RBrace,
  '<': Tok.Less,
  '>': Tok.Greater,
  '=': Tok.Equal,
  '->': Tok.Arrow,
  '?': Tok.Question,
  '+': Tok.Plus,
  '*': Tok.Star,
  '|': Tok.Vertical,
  '...': Tok.Ellipsis,
  '-': Tok.Minus,
};

/**
 * A compiled declarative format: printing and parsing of one op's custom form. The printing half
 * is FormatPrinter (format-print.ts); this file holds the parsing half.
 */
export class AssemblyFormat extends FormatPrinter {
  // ================================================================ parsing
  /** The parse steps of `elements`, compiled on first use (names resolved once per format). */
  private parseSteps: ParseStep[] | undefined;
  private finishPlan: FinishPlan | undefined;

  /**
   * Contexts reused from op to op: one per level of nesting (an op's regions may hold ops of the
   * same kind, parsed while the outer op's context is in use), `activeContexts` in use.
   */
  private readonly contexts: ParseContext[] = [];
  private activeContexts = 0;

  parse(parser: Parser, state: ParseState): void {
    const steps = (this.parseSteps ??= this.compileParseSteps(this.elements));
    const plan = (this.finishPlan ??= this.planFinish());
    const level = this.activeContexts++;
    const ctx = (this.contexts[level] ??= new ParseContext(plan.operandGroups.length, plan.resultGroups.length));
    try {
      for (let i = 0; i < steps.length; i++) steps[i]!(parser, state, ctx);
      this.finish(parser, state, ctx, plan);
    } finally {
      ctx.reset();
      this.activeContexts = level;
    }
  }

  private compileParseSteps(elements: readonly FormatElement[]): ParseStep[] {
    const steps: ParseStep[] = [];
    for (const e of elements) {
      const step = this.compileParseStep(e);
      if (step) steps.push(step);
    }
    return steps;
  }

  private compileParseStep(e: FormatElement): ParseStep | undefined {
    switch (e.kind) {
      case 'literal': {
        const tok = PUNCT[e.text];
        const text = e.text;
        if (tok === undefined) return (parser) => void parser.parseKeyword(text);
        const what = `'${text}'`;
        return (parser) => void parser.expect(tok, what);
      }
      case 'space':
        return undefined;
      case 'optional': {
        // Spacing directives (` `` `) print nothing and cannot start a group; look past them.
        const first = e.then.find((x) => x.kind !== 'space') ?? e.then[0]!;
        const present = this.compileStartsHere(first);
        const anchor = e.anchor;
        const anchorIsElidedUnit = anchor.kind === 'var' && anchor !== first && this.resolve(anchor.name).attr?.constraint.unit === true;
        const unitName = anchor.kind === 'var' ? anchor.name : '';
        const thenSteps = this.compileParseSteps(e.then.filter((x) => !(anchorIsElidedUnit && x === anchor)));
        const elseSteps = this.compileParseSteps(e.else);
        return (parser, state, ctx) => {
          let steps = elseSteps;
          if (present(parser)) {
            if (anchorIsElidedUnit) state.properties.set(unitName, UnitAttr.get());
            steps = thenSteps;
          }
          for (let i = 0; i < steps.length; i++) steps[i]!(parser, state, ctx);
        };
      }
      case 'attr-dict': {
        const withKeyword = e.withKeyword;
        const specs = Object.entries(this.def.spec.attributes ?? {});
        // MLIR's verifyInherentAttrs: the op's own attributes written in the dictionary must satisfy
        // their constraints as soon as it is parsed (reported where it starts, before there is an op).
        return (parser, state) => {
          const offset = parser.offset;
          const entries = withKeyword ? parser.parseOptionalAttrDictWithKeyword(state) : parser.parseOptionalAttrDict(state);
          if (!entries) return;
          for (const [name, spec] of specs) {
            const entry = entries.find((a) => a.name === name);
            if (entry && !spec.constraint.test(entry.value)) {
              throw parser.opError(`'${state.name}' op attribute '${name}' failed to satisfy constraint: ${spec.constraint.description}`, offset);
            }
          }
        };
      }
      case 'var': {
        const r = this.resolve(e.name);
        const index = r.index;
        switch (r.kind) {
          case 'operand': {
            const kind = r.group!.kind;
            if (kind === 'single') {
              return (parser, _state, ctx) => {
                const offset = parser.offset;
                ctx.setOperand(index, parser.parseOperand(), offset);
              };
            }
            if (kind === 'optional') {
              return (parser, _state, ctx) => {
                const offset = parser.offset;
                const u = parser.parseOptionalOperand();
                if (u) ctx.setOperand(index, u, offset);
                else ctx.setOperands(index, NO_OPERANDS, offset);
              };
            }
            return (parser, _state, ctx) => {
              const offset = parser.offset;
              ctx.setOperands(index, parser.parseOperandList(), offset);
            };
          }
          case 'attr': {
            const name = e.name;
            const parseAttr = this.compileAttrParse(r.attr!);
            return (parser, state) => void state.properties.set(name, parseAttr(parser));
          }
          case 'region':
            return (parser, _state, ctx) => {
              const region = new Region();
              parser.parseRegion(region, undefined);
              ctx.setRegion(index, region);
            };
          case 'successor':
            return (parser, _state, ctx) => ctx.setSuccessor(index, parser.parseSuccessor());
          case 'result':
            return (parser) => {
              throw parser.emitError(`results cannot be parsed from a format`);
            };
        }
        return undefined;
      }
      case 'type':
      case 'qualified':
        return this.compileTypesParse(e.arg);
      case 'functional-type': {
        const assignInputs = this.compileTypesAssign(e.inputs);
        const assignResults = this.compileTypesAssign(e.results);
        return (parser, _state, ctx) => {
          const offset = parser.offset;
          const t = parser.parseType();
          if (!(t instanceof FunctionType)) throw parser.opError('invalid kind of type specified', offset);
          assignInputs(ctx, [...t.inputs]);
          assignResults(ctx, [...t.results]);
        };
      }
      case 'operands':
        return (parser, _state, ctx) => {
          ctx.allOperandsOffset = parser.offset;
          ctx.allOperands = parser.parseOperandList();
        };
      case 'regions':
        return (parser, _state, ctx) => {
          do {
            const region = new Region();
            if (!parser.parseOptionalRegion(region, undefined)) break;
            ctx.setRegion(ctx.regions?.size ?? 0, region);
          } while (parser.consumeIf(Tok.Comma));
        };
      case 'custom': {
        const directive = this.customDirective(e.name);
        const assigners = e.args.map((a) => this.compileCustomArgAssign(a));
        return (parser, state, ctx) => {
          const parsed = directive.parse(parser, state);
          for (let i = 0; i < assigners.length; i++) {
            const value = parsed[i];
            if (value !== undefined) assigners[i]!(ctx, state, value);
          }
        };
      }
      default: {
        const kind = e.kind;
        return (parser) => {
          throw parser.emitError(`format element '${kind}' cannot be parsed`);
        };
      }
    }
  }

  /** Where a custom directive's parsed argument `a` goes. */
  private compileCustomArgAssign(a: FormatElement): (ctx: ParseContext, state: ParseState, value: unknown) => void {
    if (a.kind === 'type') {
      const assign = this.compileTypesAssign(a.arg);
      return (ctx, _state, value) => assign(ctx, Array.isArray(value) ? value : [value as Type]);
    }
    if (a.kind !== 'var') return () => undefined;
    const r = this.resolve(a.name);
    const name = a.name;
    if (r.kind === 'operand') {
      return (ctx, _state, value) => {
        const list = (Array.isArray(value) ? value : [value]) as UnresolvedOperand[];
        ctx.setOperands(r.index, list, list[0]?.offset ?? 0);
      };
    }
    if (r.kind === 'attr') return (_ctx, state, value) => void state.properties.set(name, value as Attribute);
    if (r.kind === 'region') return (ctx, _state, value) => ctx.setRegion(r.index, value as Region);
    return () => undefined;
  }

  /** A test for whether an optional group starting with `e` is present in the input. */
  private compileStartsHere(e: FormatElement): (parser: Parser) => boolean {
    switch (e.kind) {
      case 'literal': {
        const tok = PUNCT[e.text];
        const text = e.text;
        if (tok !== undefined) return (parser) => parser.peek(tok);
        return (parser) => parser.isKeyword(text);
      }
      case 'var': {
        const r = this.resolve(e.name);
        if (r.kind === 'operand') return (parser) => parser.peek(Tok.PercentId);
        if (r.kind === 'region') return (parser) => parser.peek(Tok.LBrace);
        if (r.kind === 'successor') return (parser) => parser.peek(Tok.CaretId);
        if (r.kind === 'attr') {
          const c = r.attr!.constraint;
          if (c.formatStartsHere) {
            const startsHere = c.formatStartsHere;
            return (parser) => startsHere(parser);
          }
          if (c.symbolName) return (parser) => parser.peek(Tok.AtId);
          const cases = c.enumCases;
          if (cases) return (parser) => parser.peek(Tok.BareId) && cases.includes(parser.tokenText);
          return (parser) => (!parser.peek(Tok.Colon) && !parser.peek(Tok.LBrace) && !parser.peek(Tok.EOF)) || parser.peek(Tok.LSquare);
        }
        return () => false;
      }
      case 'type':
      case 'qualified':
        return (parser) => parser.peek(Tok.BareId) || parser.peek(Tok.BangId) || parser.peek(Tok.LParen);
      case 'attr-dict':
      case 'regions':
        return (parser) => parser.peek(Tok.LBrace);
      case 'operands':
        return (parser) => parser.peek(Tok.PercentId);
      case 'optional':
        return this.compileStartsHere(e.then.find((x) => x.kind !== 'space') ?? e.then[0]!);
      default:
        return () => false;
    }
  }

  /** The parser of an attribute of constraint `spec` (its constraint's fields read once, not per op). */
  private compileAttrParse(spec: AttrSpec): (parser: Parser) => Attribute {
    const c = spec.constraint;
    const test = c.storageTest ?? c.test;
    let body: (parser: Parser, offset: number) => Attribute;
    if (c.formatParse) {
      const formatParse = c.formatParse;
      body = (parser) => formatParse(parser);
    } else if (c.symbolName) body = (parser) => StringAttr.get(parser.parseSymbolName());
    else if (c.typeAttr) body = (parser) => TypeAttr.get(parser.parseType());
    else if (c.enumCases) {
      const cases = c.enumCases;
      const description = c.description;
      const literalType = c.literalType!;
      body = (parser, offset) => {
        const i = cases.indexOf(parser.parseKeyword(undefined));
        if (i < 0) throw parser.emitError(`expected ${description}`, offset);
        return IntegerAttr.get(literalType, i);
      };
    } else {
      const literalType = c.literalType;
      body = (parser) => parser.parseAttribute(literalType);
    }
    return (parser) => {
      const offset = parser.offset;
      const a = body(parser, offset);
      if (!test(a)) throw parser.opError(`invalid kind of attribute specified`, offset);
      return a;
    };
  }

  /**
   * `type($x)` and the like: a single type, or an optional list for optional/variadic targets. The
   * list of operands already written has a type each, so MLIR's "expected ... type" error comes
   * where the first one is missing. (MLIR's parseTypeList would reject an empty list even for
   * operands that are absent or not yet read; we accept it, so that such formats round-trip.)
   */
  private compileTypesParse(target: FormatElement): ParseStep {
    if (target.kind === 'var' && this.resolve(target.name).kind === 'attr') {
      const name = target.name;
      return (parser, _state, ctx) => ctx.setTypeAttr(name, parser.parseType());
    }
    const group = target.kind === 'var' ? this.resolve(target.name).group : undefined;
    const variadic = target.kind === 'operands' || target.kind === 'results' || group?.kind === 'variadic';
    const assign = this.compileTypesAssign(target);
    if (variadic || group?.kind === 'optional') {
      const written = this.compileOperandsWritten(target);
      return (parser, _state, ctx) => {
        const types: Type[] = [];
        const first = written(ctx) > 0 ? parser.parseType() : parser.parseOptionalType();
        if (first) {
          types.push(first);
          if (variadic) while (parser.consumeIf(Tok.Comma)) types.push(parser.parseType());
        }
        assign(ctx, types);
      };
    }
    const assignOne = this.compileTypeAssignOne(target);
    const typeClass = group && valueSpecConstraint(group.spec).typeClass;
    if (assignOne && typeClass) {
      // MLIR's parseCustomTypeWithFallback<cppType>.
      return (parser, _state, ctx) => {
        const offset = parser.offset;
        const t = parser.parseType();
        if (!typeClass(t)) throw parser.opError('invalid kind of type specified', offset);
        assignOne(ctx, t);
      };
    }
    if (assignOne) return (parser, _state, ctx) => assignOne(ctx, parser.parseType());
    return (parser, _state, ctx) => assign(ctx, [parser.parseType()]);
  }

  /** `compileTypesAssign` for a single type of a named operand/result, kept without a list per op. */
  private compileTypeAssignOne(target: FormatElement): ((ctx: ParseContext, type: Type) => void) | undefined {
    if (target.kind !== 'var') return undefined;
    const r = this.resolve(target.name);
    const index = r.index;
    if (r.kind === 'operand') return (ctx, t) => void (ctx.operandTypes[index] = ctx.oneOperandType(index, t));
    if (r.kind === 'result') return (ctx, t) => void (ctx.resultTypes[index] = ctx.oneResultType(index, t));
    return undefined;
  }

  /** Where the types given for `target` are recorded. */
  /** How many operands of `target` were read before its types (0 for results). */
  private compileOperandsWritten(target: FormatElement): (ctx: ParseContext) => number {
    if (target.kind === 'operands') return (ctx) => ctx.allOperands?.length ?? 0;
    if (target.kind === 'var') {
      const r = this.resolve(target.name);
      const index = r.index;
      if (r.kind === 'operand') return (ctx) => ctx.operands[index]?.length ?? 0;
    }
    return () => 0;
  }

  private compileTypesAssign(target: FormatElement): (ctx: ParseContext, types: Type[]) => void {
    if (target.kind === 'operands') return (ctx, types) => void (ctx.allOperandTypes = types);
    if (target.kind === 'results') return (ctx, types) => void (ctx.allResultTypes = types);
    if (target.kind === 'var') {
      const r = this.resolve(target.name);
      const index = r.index;
      if (r.kind === 'operand') return (ctx, types) => void (ctx.operandTypes[index] = types);
      if (r.kind === 'result') return (ctx, types) => void (ctx.resultTypes[index] = types);
    }
    return () => undefined;
  }

  /** Resolve operands against their types (given or inferred) and fill in result types. */
  private finish(parser: Parser, state: ParseState, ctx: ParseContext, plan: FinishPlan): void {
    const def = this.def;
    if (ctx.typeAttrs) for (const [name, t] of ctx.typeAttrs) state.properties.set(name, TypeAttr.get(t));
    const operandGroups = plan.operandGroups;
    // Operands (ctx.operands becomes the list per group).
    const lists = ctx.operands;
    for (let i = 0; i < lists.length; i++) lists[i] ??= NO_OPERANDS;
    if (ctx.allOperands) {
      const sizes = groupSizes(operandGroups, ctx.allOperands.length, undefined);
      if (typeof sizes !== 'string') {
        let start = 0;
        for (let i = 0; i < sizes.length; i++) {
          lists[i] = ctx.allOperands.slice(start, start + sizes[i]!);
          start += sizes[i]!;
        }
      }
    }
    const operandLists = lists as UnresolvedOperand[][];
    // Types: those given, then split from `type(operands)`/`type(results)`, then inferred.
    const resultTypes = ctx.resultTypes;
    if (ctx.allResultTypes) this.splitAll(ctx.allResultTypes, plan.resultGroups, resultTypes);
    // Inferred types fill only groups without any, sized to their operand lists, and may go into
    // ctx.operandTypes; types split from `type(operands)` are kept apart for the broadcast below.
    const operandTypes = ctx.allOperandTypes ? ctx.operandTypes.slice() : ctx.operandTypes;
    if (ctx.allOperandTypes) this.splitAll(ctx.allOperandTypes, operandGroups, operandTypes, operandLists);
    if (plan.relations.length) this.inferTypes(parser, plan.relations, operandTypes, resultTypes, operandLists, ctx);
    // Resolve, into an exactly sized list.
    let numOperands = 0;
    for (let i = 0; i < operandLists.length; i++) numOperands += operandLists[i]!.length;
    const operands = new Array<Value>(numOperands);
    let at = 0;
    for (let i = 0; i < operandGroups.length; i++) {
      const g = operandGroups[i]!;
      const list = operandLists[i]!;
      let types: readonly Type[] | undefined = operandTypes[i];
      if (!types) {
        const b = plan.operandBuildable[i];
        if (b) types = list.length === 1 ? ctx.oneOperandType(i, b) : list.map(() => b);
        else if (list.length === 0) types = NO_TYPES;
        else throw parser.emitError(`could not infer the type of operand group '${g.name}' of '${def.name}'`);
      }
      if (types.length === 1 && list.length > 1 && g.kind === 'variadic' && ctx.operandTypes[i] === undefined) types = list.map(() => types![0]!);
      const offset = ctx.operandOffsets[i] ?? (ctx.allOperands ? ctx.allOperandsOffset : parser.offset);
      parser.resolveOperandsAt(list, types, offset, operands, at);
      at += list.length;
    }
    if (numOperands) state.addOperands(operands);
    if (plan.hasOperandSegments) state.properties.set('operandSegmentSizes', segmentSizesAttr(operandLists.map((l) => l.length)));
    // Results.
    if (plan.inferResultTypes && resultTypes.some((t) => t === undefined)) {
      const inferred = plan.inferResultTypes(state.operands, state.propertiesIfAny ?? NO_PROPERTIES, ctx.regions ? [...ctx.regions.values()] : []);
      if (typeof inferred === 'string') throw parser.emitError(inferred);
      if (inferred.length) state.addTypes(inferred.slice());
    } else {
      const resultGroups = plan.resultGroups;
      let numResults = 0;
      for (let i = 0; i < resultGroups.length; i++) {
        const types = resultTypes[i];
        if (types) numResults += types.length;
        else if (plan.resultBuildable[i]) numResults++;
        else if (resultGroups[i]!.kind === 'single') {
          throw parser.emitError(`could not infer the type of result '${resultGroups[i]!.name}' of '${def.name}'`);
        }
      }
      const all = new Array<Type>(numResults);
      let n = 0;
      for (let i = 0; i < resultGroups.length; i++) {
        const types = resultTypes[i];
        if (types) for (let k = 0; k < types.length; k++) all[n++] = types[k]!;
        else if (plan.resultBuildable[i]) all[n++] = plan.resultBuildable[i]!;
      }
      if (numResults) state.addTypes(all);
      if (plan.hasResultSegments) state.properties.set('resultSegmentSizes', segmentSizesAttr(resultGroups.map((_, i) => resultTypes[i]?.length ?? 0)));
    }
    // Regions and successors.
    const regionCount = Math.max(plan.numRegions, ctx.regions?.size ?? 0);
    for (let i = 0; i < regionCount; i++) {
      const region = ctx.regions?.get(i) ?? new Region();
      ensureImplicitTerminator(region, def, parser.context, state.loc);
      state.regions.push(region);
    }
    if (ctx.successors) [...ctx.successors.entries()].sort((a, b) => a[0] - b[0]).forEach(([, b]) => state.successors.push(b));
  }

  private splitAll(all: Type[], gs: readonly ValueGroup[], into: (Type[] | undefined)[], lists?: UnresolvedOperand[][]): void {
    const sizes = lists ? lists.map((l) => l.length) : groupSizes(gs, all.length, undefined);
    if (typeof sizes === 'string') return;
    let start = 0;
    sizes.forEach((n, i) => {
      into[i] = all.slice(start, start + n);
      start += n;
    });
  }

  /** What `finish` needs of the definition, computed once per format. */
  private planFinish(): FinishPlan {
    const def = this.def;
    const ref = (name: string): GroupRef => ({
      operand: def.operandGroups.findIndex((g) => g.name === name),
      result: def.resultGroups.findIndex((g) => g.name === name),
    });
    // The relations the op's traits state (AllTypesMatch, TypesMatchWith), then its own.
    const relations = [...def.traits.flatMap((t) => (t.typeRelation ? [t.typeRelation] : [])), ...(def.spec.typeRelations ?? [])];
    const allNames = [...def.operandGroups.map((g) => g.name), ...def.resultGroups.map((g) => g.name)];
    if (def.traitNames.has('SameOperandsAndResultType')) relations.push({ allMatch: allNames });
    if (def.traitNames.has('SameTypeOperands')) relations.push({ allMatch: def.operandGroups.map((g) => g.name) });
    return {
      operandGroups: def.operandGroups,
      resultGroups: def.resultGroups,
      relations: relations.map((rel) => {
        // A trait may name a typed attribute, which has no type to infer.
        if ('allMatch' in rel) return { allMatch: rel.allMatch.map(ref).filter((r) => r.operand >= 0 || r.result >= 0) };
        const g = def.operandGroups.find((x) => x.name === rel.from) ?? def.resultGroups.find((x) => x.name === rel.from);
        const source = g && { name: g.name, constraint: valueSpecConstraint(g.spec) };
        return { from: ref(rel.from), to: ref(rel.to), transform: rel.transform, source };
      }),
      operandBuildable: def.operandGroups.map((g) => valueSpecConstraint(g.spec).buildable),
      resultBuildable: def.resultGroups.map((g) => valueSpecConstraint(g.spec).buildable),
      inferResultTypes: def.spec.inferResultTypes,
      hasOperandSegments: def.hasOperandSegments,
      hasResultSegments: def.hasResultSegments,
      numRegions: this.regionNames.length,
    };
  }

  /** Propagate known types along the op's type relations until nothing changes. */
  private inferTypes(
    parser: Parser,
    relations: readonly PlannedRelation[],
    operandTypes: (Type[] | undefined)[],
    resultTypes: (Type[] | undefined)[],
    lists: UnresolvedOperand[][],
    ctx: ParseContext,
  ): void {
    for (let changed = true; changed; ) {
      changed = false;
      for (const rel of relations) {
        if (rel.allMatch) {
          let known: Type | undefined;
          for (const r of rel.allMatch) if ((known = groupType(r, operandTypes, resultTypes)) !== undefined) break;
          if (!known) continue;
          for (const r of rel.allMatch) {
            if (!groupType(r, operandTypes, resultTypes)) {
              setGroupType(r, known, operandTypes, resultTypes, lists, ctx);
              if (groupType(r, operandTypes, resultTypes)) changed = true;
            }
          }
        } else {
          const from = groupType(rel.from!, operandTypes, resultTypes);
          if (from && !groupType(rel.to!, operandTypes, resultTypes)) {
            // As MLIR's generated parsers: a transform's source type must satisfy its constraint
            // (reported at the op name, before operands are resolved).
            const s = rel.source;
            if (s && !s.constraint.test(from)) throw parser.opError(`'${s.name}' must be ${s.constraint.description}, but got '${from}'`, parser.nameOffset);
            setGroupType(rel.to!, rel.transform!(from), operandTypes, resultTypes, lists, ctx);
            // An absent optional/variadic target stays empty; only progress counts as a change.
            if (groupType(rel.to!, operandTypes, resultTypes)) changed = true;
          }
        }
      }
    }
  }
}

type ParseStep = (parser: Parser, state: ParseState, ctx: ParseContext) => void;

const NO_OPERANDS: readonly UnresolvedOperand[] = Object.freeze([]);
const NO_TYPES: readonly Type[] = Object.freeze([]);
const NO_PROPERTIES: ReadonlyMap<string, Attribute> = new Map();

/** A named operand/result group as indices (-1: not an operand / not a result). */
interface GroupRef {
  readonly operand: number;
  readonly result: number;
}
interface PlannedRelation {
  readonly allMatch?: readonly GroupRef[];
  readonly from?: GroupRef;
  readonly to?: GroupRef;
  readonly transform?: (t: Type) => Type;
  /** A transform's source, whose types are checked against its constraint before the transform runs. */
  readonly source?: { readonly name: string; readonly constraint: TypeConstraint };
}
/**
 * What `finish` needs of the definition, read once per format: reading `def.spec.*` per op is slow
 * (every op's spec is an object of its own shape).
 */
interface FinishPlan {
  readonly operandGroups: readonly ValueGroup[];
  readonly resultGroups: readonly ValueGroup[];
  /** The op's type relations with names resolved to group indices. */
  readonly relations: readonly PlannedRelation[];
  /** Per operand/result group, the type its constraint builds (e.g. `index`), if any. */
  readonly operandBuildable: readonly (Type | undefined)[];
  readonly resultBuildable: readonly (Type | undefined)[];
  readonly inferResultTypes: OpSpec['inferResultTypes'];
  readonly hasOperandSegments: boolean;
  readonly hasResultSegments: boolean;
  readonly numRegions: number;
}

/** The first known type of group `r`. */
function groupType(r: GroupRef, operandTypes: (Type[] | undefined)[], resultTypes: (Type[] | undefined)[]): Type | undefined {
  if (r.operand >= 0) return operandTypes[r.operand]?.[0];
  return r.result >= 0 ? resultTypes[r.result]?.[0] : undefined;
}
function setGroupType(r: GroupRef, t: Type, operandTypes: (Type[] | undefined)[], resultTypes: (Type[] | undefined)[], lists: UnresolvedOperand[][], ctx: ParseContext): void {
  if (r.operand >= 0 && !operandTypes[r.operand]) operandTypes[r.operand] = lists[r.operand]!.length === 1 ? ctx.oneOperandType(r.operand, t) : lists[r.operand]!.map(() => t);
  if (r.result >= 0 && !resultTypes[r.result]) resultTypes[r.result] = ctx.oneResultType(r.result, t);
}

/**
 * What the steps of one op's parse collected, by operand/result group index. Reused for the next
 * op once `reset`: single operands and types go into one-element lists of the context's own
 * (no list per op), which nothing keeps past `finish`.
 */
class ParseContext {
  /** Operands per group as written (undefined: not in the format), and where each list started. */
  readonly operands: (readonly UnresolvedOperand[] | undefined)[];
  readonly operandOffsets: (number | undefined)[];
  readonly operandTypes: (Type[] | undefined)[];
  readonly resultTypes: (Type[] | undefined)[];
  private readonly singleOperands: UnresolvedOperand[][];
  private readonly singleOperandTypes: Type[][];
  private readonly singleResultTypes: Type[][];
  // Created on first use (few ops have regions, successors or type attributes).
  regions: Map<number, Region> | undefined;
  successors: Map<number, Block> | undefined;
  typeAttrs: Map<string, Type> | undefined;
  allOperands: UnresolvedOperand[] | undefined;
  allOperandsOffset = 0;
  allOperandTypes: Type[] | undefined;
  allResultTypes: Type[] | undefined;
  constructor(numOperandGroups: number, numResultGroups: number) {
    this.operands = unsetSlots(numOperandGroups);
    this.operandOffsets = unsetSlots(numOperandGroups);
    this.operandTypes = unsetSlots(numOperandGroups);
    this.resultTypes = unsetSlots(numResultGroups);
    this.singleOperands = Array.from({ length: numOperandGroups }, () => unsetSlots(1) as UnresolvedOperand[]);
    this.singleOperandTypes = Array.from({ length: numOperandGroups }, () => unsetSlots(1) as Type[]);
    this.singleResultTypes = Array.from({ length: numResultGroups }, () => unsetSlots(1) as Type[]);
  }
  /** Forget the last op (keeping the lists' storage). */
  reset(): void {
    for (let i = 0; i < this.operands.length; i++) {
      this.operands[i] = undefined;
      this.operandOffsets[i] = undefined;
      this.operandTypes[i] = undefined;
      this.singleOperands[i]![0] = undefined!;
      this.singleOperandTypes[i]![0] = undefined!;
    }
    for (let i = 0; i < this.resultTypes.length; i++) {
      this.resultTypes[i] = undefined;
      this.singleResultTypes[i]![0] = undefined!;
    }
    this.regions = undefined;
    this.successors = undefined;
    this.typeAttrs = undefined;
    this.allOperands = undefined;
    this.allOperandsOffset = 0;
    this.allOperandTypes = undefined;
    this.allResultTypes = undefined;
  }
  setOperands(index: number, list: readonly UnresolvedOperand[], offset: number): void {
    this.operands[index] = list;
    this.operandOffsets[index] = offset;
  }
  setOperand(index: number, operand: UnresolvedOperand, offset: number): void {
    const list = this.singleOperands[index]!;
    list[0] = operand;
    this.setOperands(index, list, offset);
  }
  /** `[type]` as the type list of operand group `index`. */
  oneOperandType(index: number, type: Type): Type[] {
    const list = this.singleOperandTypes[index]!;
    list[0] = type;
    return list;
  }
  oneResultType(index: number, type: Type): Type[] {
    const list = this.singleResultTypes[index]!;
    list[0] = type;
    return list;
  }
  setRegion(index: number, region: Region): void {
    (this.regions ??= new Map()).set(index, region);
  }
  setSuccessor(index: number, block: Block): void {
    (this.successors ??= new Map()).set(index, block);
  }
  setTypeAttr(name: string, type: Type): void {
    (this.typeAttrs ??= new Map()).set(name, type);
  }
}

/** `n` undefined entries, as an exactly sized array. */
function unsetSlots<T>(n: number): (T | undefined)[] {
  return new Array<T | undefined>(n).fill(undefined);
}
