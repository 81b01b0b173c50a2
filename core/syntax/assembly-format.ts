import { Attribute, DenseArrayAttr, IntegerAttr, StringAttr, TypeAttr, UnitAttr } from '../ir/attributes.js';
import type { Block } from '../ir/block.js';
import { valueSpecConstraint, type AttrSpec } from '../ir/constraints.js';
import { groupSizes, segmentSizesAttr, type OpDefinition, type ValueGroup } from '../ir/op-definition.js';
import type { Operation } from '../ir/operation.js';
import { Region } from '../ir/region.js';
import { FunctionType, type Type } from '../ir/types.js';
import type { Value } from '../ir/value.js';
import { ensureImplicitTerminator } from './implicit-terminator.js';
import { Tok } from './lexer.js';
import { parseFormat, type FormatElement } from './format-ast.js';
import type { Parser } from './parser.js';
import type { ParseState, UnresolvedOperand } from './parser-state.js';
import type { OpAsmPrinter } from './printer.js';

/** A custom directive's hooks: print the arguments, or parse them into named results. */
export interface CustomDirective {
  print(p: OpAsmPrinter, op: Operation, args: readonly unknown[]): void;
  /** Returns one entry per argument: UnresolvedOperand(s) for operands, Type(s) for types, an Attribute, a Region. */
  parse(parser: Parser, state: ParseState): unknown[];
}

type Print = (p: OpAsmPrinter, op: Operation) => void;

const PUNCT: Record<string, Tok> = {
  ',': Tok.Comma, ':': Tok.Colon, '(': Tok.LParen, ')': Tok.RParen, '[': Tok.LSquare, ']': Tok.RSquare,
  '{': Tok.LBrace, '}': Tok.RBrace, '<': Tok.Less, '>': Tok.Greater, '=': Tok.Equal, '->': Tok.Arrow,
  '?': Tok.Question, '+': Tok.Plus, '*': Tok.Star, '|': Tok.Vertical, '...': Tok.Ellipsis, '-': Tok.Minus,
};

/** MLIR's OpFormatGen rule for whether a literal is preceded by a space. */
function spaceBeforeLiteral(value: string, lastWasPunctuation: boolean): boolean {
  if (value.length !== 1 && value !== '->') return true;
  if (lastWasPunctuation) return !'>)}],'.includes(value[0]!);
  return !'<>(){}[],'.includes(value[0]!);
}

interface Resolved {
  kind: 'operand' | 'result' | 'attr' | 'region' | 'successor';
  index: number;
  group?: ValueGroup;
  attr?: AttrSpec;
}

/** A compiled declarative format: printing and parsing of one op's custom form. */
export class AssemblyFormat {
  readonly elements: FormatElement[];
  private readonly printSteps: Print[];
  private readonly usedAttrs = new Set<string>();
  private readonly regionNames: string[];
  private readonly successorNames: string[];

  constructor(readonly def: OpDefinition) {
    this.elements = parseFormat(def.spec.assemblyFormat!);
    this.regionNames = Object.keys(def.spec.regions ?? {});
    this.successorNames = Object.keys(def.spec.successors ?? {});
    this.collectUsedAttrs(this.elements);
    const state = { shouldEmitSpace: true, lastWasPunctuation: false };
    this.printSteps = this.elements.map((e) => this.compilePrint(e, state));
  }

  /** `resolve` results by name (looked up for every element of every op parsed). */
  private readonly resolvedNames = new Map<string, Resolved>();

  private resolve(name: string): Resolved {
    let r = this.resolvedNames.get(name);
    if (!r) this.resolvedNames.set(name, (r = this.resolveUncached(name)));
    return r;
  }

  private resolveUncached(name: string): Resolved {
    const def = this.def;
    let i = def.operandGroups.findIndex((g) => g.name === name);
    if (i >= 0) return { kind: 'operand', index: i, group: def.operandGroups[i] };
    i = def.resultGroups.findIndex((g) => g.name === name);
    if (i >= 0) return { kind: 'result', index: i, group: def.resultGroups[i] };
    const attr = def.spec.attributes?.[name];
    if (attr) return { kind: 'attr', index: 0, attr };
    i = this.regionNames.indexOf(name);
    if (i >= 0) return { kind: 'region', index: i };
    i = this.successorNames.indexOf(name);
    if (i >= 0) return { kind: 'successor', index: i };
    throw new Error(`'${def.name}' format refers to unknown '$${name}'`);
  }

  private collectUsedAttrs(elements: readonly FormatElement[]): void {
    for (const e of elements) {
      if (e.kind === 'var' && this.def.spec.attributes?.[e.name]) this.usedAttrs.add(e.name);
      if (e.kind === 'optional') this.collectUsedAttrs([...e.then, ...e.else]);
      if (e.kind === 'custom') this.collectUsedAttrs(e.args);
    }
  }

  // ================================================================ printing
  print(p: OpAsmPrinter, op: Operation): void {
    for (const step of this.printSteps) step(p, op);
  }

  /** Spacing is decided statically, exactly as MLIR's generated printers do. */
  private compilePrint(e: FormatElement, st: { shouldEmitSpace: boolean; lastWasPunctuation: boolean }): Print {
    switch (e.kind) {
      case 'literal': {
        const space = st.shouldEmitSpace && spaceBeforeLiteral(e.text, st.lastWasPunctuation);
        st.shouldEmitSpace = e.text.length !== 1 || !'<({['.includes(e.text[0]!);
        st.lastWasPunctuation = e.text[0] !== '_' && !/[A-Za-z]/.test(e.text[0]!);
        const text = (space ? ' ' : '') + e.text;
        return (p) => p.write(text);
      }
      case 'space': {
        if (e.text === '\\n') return (p) => p.printNewline();
        const text = e.text;
        if (text) st.lastWasPunctuation = false;
        else st.lastWasPunctuation = true;
        st.shouldEmitSpace = false;
        return (p) => p.write(text);
      }
      case 'optional': {
        const anchor = this.presence(e.anchor);
        const anchorIsElidedUnit =
          e.anchor.kind === 'var' && e.anchor !== e.then[0] && this.resolve(e.anchor.name).attr?.constraint.unit === true;
        const thenSteps = e.then.filter((x) => !(anchorIsElidedUnit && x === e.anchor)).map((x) => this.compilePrint(x, st));
        const elseSteps = e.else.map((x) => this.compilePrint(x, st));
        return (p, op) => {
          for (const s of anchor(op) ? thenSteps : elseSteps) s(p, op);
        };
      }
      case 'attr-dict': {
        st.lastWasPunctuation = false;
        const elided = [...this.usedAttrs];
        if (this.def.hasOperandSegments) elided.push('operandSegmentSizes');
        if (this.def.hasResultSegments) elided.push('resultSegmentSizes');
        const withKeyword = e.withKeyword;
        // Default-valued attributes holding their default are not printed either.
        const defaults = Object.entries(this.def.spec.attributes ?? {}).filter(([, s]) => s.defaultValue !== undefined);
        return (p, op) => {
          let names = elided;
          for (const [n, s] of defaults) {
            if (op.properties.get(n) === s.defaultValue) {
              if (names === elided) names = [...elided];
              names.push(n);
            }
          }
          p.printOptionalAttrDict(op, names, withKeyword);
        };
      }
      default: {
        const space = st.shouldEmitSpace || !st.lastWasPunctuation;
        st.lastWasPunctuation = false;
        st.shouldEmitSpace = true;
        const body = this.compileValuePrint(e);
        return (p, op) => {
          if (space) p.write(' ');
          body(p, op);
        };
      }
    }
  }

  private compileValuePrint(e: FormatElement): Print {
    switch (e.kind) {
      case 'var': {
        const r = this.resolve(e.name);
        switch (r.kind) {
          case 'operand':
            return (p, op) => p.printOperands(this.values(op, r));
          case 'result':
            throw new Error(`'${this.def.name}': results cannot appear in a format except as type($${e.name})`);
          case 'attr':
            return (p, op) => {
              const a = op.properties.get(e.name) ?? r.attr!.defaultValue;
              if (a) this.printAttr(p, a, r.attr!);
            };
          case 'region':
            return (p, op) => this.printRegion(p, op.regions[r.index]!);
          case 'successor':
            return (p, op) => p.printSuccessor(op.successors[r.index]!);
        }
        break;
      }
      case 'type':
      case 'qualified': {
        if (e.kind === 'qualified' && e.arg.kind === 'var') {
          return (p, op) => p.printAttribute(op.properties.get((e.arg as { name: string }).name)!);
        }
        const types = this.typesOf(e.kind === 'type' ? e.arg : e.arg);
        return (p, op) => p.printTypes(types(op));
      }
      case 'functional-type': {
        const ins = this.typesOf(e.inputs);
        const outs = this.typesOf(e.results);
        return (p, op) => p.printType(FunctionType.get(ins(op), outs(op)));
      }
      case 'operands':
        return (p, op) => p.printOperands(op.operands);
      case 'regions':
        return (p, op) =>
          op.regions.forEach((r, i) => {
            if (i) p.write(', ');
            this.printRegion(p, r);
          });
      case 'successors':
        return (p, op) =>
          op.successors.forEach((b, i) => {
            if (i) p.write(', ');
            p.printSuccessor(b);
          });
      case 'custom': {
        const directive = this.customDirective(e.name);
        const args = e.args.map((a) => this.argGetter(a));
        return (p, op) => directive.print(p, op, args.map((g) => g(op)));
      }
      case 'prop-dict':
        return () => undefined;
    }
    throw new Error(`'${this.def.name}': unsupported format element '${e.kind}'`);
  }

  private customDirective(name: string): CustomDirective {
    const d = this.def.spec.customDirectives?.[name] as CustomDirective | undefined;
    if (!d) throw new Error(`'${this.def.name}': unknown custom directive '${name}'`);
    return d;
  }

  private argGetter(a: FormatElement): (op: Operation) => unknown {
    if (a.kind === 'var') {
      const r = this.resolve(a.name);
      if (r.kind === 'operand' || r.kind === 'result') return (op) => this.valuesOrSingle(op, r);
      if (r.kind === 'attr') return (op) => op.properties.get(a.name);
      if (r.kind === 'region') return (op) => op.regions[r.index];
      return (op) => op.successors[r.index];
    }
    if (a.kind === 'type') {
      const types = this.typesOf(a.arg);
      return (op) => types(op);
    }
    if (a.kind === 'attr-dict') return (op) => op;
    throw new Error(`'${this.def.name}': unsupported custom directive argument '${a.kind}'`);
  }

  private printRegion(p: OpAsmPrinter, region: Region): void {
    let printTerminator = true;
    if (this.def.traitNames.has('SingleBlockImplicitTerminator')) {
      const term = region.entry?.last;
      if (term) printTerminator = term.attributes.size > 0 || term.properties.size > 0 || term.numOperands > 0 || term.results.length > 0;
    }
    p.printRegion(region, true, printTerminator);
  }

  private printAttr(p: OpAsmPrinter, a: Attribute, spec: AttrSpec): void {
    const c = spec.constraint;
    if (c.formatPrint) c.formatPrint(p, a as never);
    else if (c.symbolName) p.printSymbolName((a as unknown as { value: string }).value);
    else if (c.typeAttr && a instanceof TypeAttr) p.printType(a.value);
    else if (c.enumCases && a instanceof IntegerAttr) p.write(c.enumCases[a.number] ?? String(a.value));
    else if (c.literalType || a instanceof DenseArrayAttr) p.printAttributeWithoutType(a);
    else p.printStrippedAttribute(a);
  }

  private groupRange(op: Operation, r: Resolved): [number, number] {
    const gs = r.kind === 'operand' ? this.def.operandGroups : this.def.resultGroups;
    const total = r.kind === 'operand' ? op.numOperands : op.results.length;
    const sizes = groupSizes(gs, total, op.properties.get(r.kind === 'operand' ? 'operandSegmentSizes' : 'resultSegmentSizes'));
    if (typeof sizes === 'string') throw new Error(sizes);
    let start = 0;
    for (let i = 0; i < r.index; i++) start += sizes[i]!;
    return [start, sizes[r.index]!];
  }
  private values(op: Operation, r: Resolved): Value[] {
    const operand = r.kind === 'operand';
    const gs = operand ? this.def.operandGroups : this.def.resultGroups;
    if (gs.every(isSingle) && op.properties.get(operand ? 'operandSegmentSizes' : 'resultSegmentSizes') === undefined) {
      // Fast path (what groupRange gives then): one value per group.
      const v = operand ? op.operandSlots[r.index]?.value : op.results[r.index];
      return v ? [v] : [];
    }
    const [start, n] = this.groupRange(op, r);
    if (!operand) return op.results.slice(start, start + n);
    // As op.operands.slice(start, start + n), without building op.operands.
    const slots = op.operandSlots;
    const out: Value[] = [];
    for (let i = start; i < start + n && i < slots.length; i++) out.push(slots[i]!.value);
    return out;
  }
  private valuesOrSingle(op: Operation, r: Resolved): Value | Value[] | undefined {
    const vs = this.values(op, r);
    return r.group!.kind === 'variadic' ? vs : vs[0];
  }
  private typesOf(e: FormatElement): (op: Operation) => Type[] {
    if (e.kind === 'operands') return (op) => op.operands.map((v) => v.type);
    if (e.kind === 'results') return (op) => op.resultTypes;
    if (e.kind === 'var') {
      const r = this.resolve(e.name);
      if (r.kind === 'attr') return (op) => [(op.properties.get(e.name) as TypeAttr).value];
      return (op) => this.values(op, r).map((v) => v.type);
    }
    throw new Error(`'${this.def.name}': type() of '${e.kind}' is not supported`);
  }

  /** The condition under which an optional group is printed. */
  private presence(anchor: FormatElement): (op: Operation) => boolean {
    if (anchor.kind === 'type' || anchor.kind === 'qualified') return this.presence(anchor.arg);
    if (anchor.kind === 'custom') return this.presence(anchor.args[0]!);
    if (anchor.kind === 'attr-dict') return (op) => op.attributes.size > 0;
    if (anchor.kind === 'operands') return (op) => op.numOperands > 0;
    if (anchor.kind === 'results') return (op) => op.results.length > 0;
    if (anchor.kind === 'regions') return (op) => op.regions.some((r) => !r.empty);
    if (anchor.kind !== 'var') throw new Error(`'${this.def.name}': bad optional group anchor`);
    const r = this.resolve(anchor.name);
    switch (r.kind) {
      case 'operand':
      case 'result':
        return (op) => this.values(op, r).length > 0;
      case 'attr': {
        const dflt = r.attr!.defaultValue;
        return (op) => {
          const a = op.properties.get(anchor.name);
          return a !== undefined && a !== dflt;
        };
      }
      case 'region':
        return (op) => !op.regions[r.index]!.empty;
      case 'successor':
        return (op) => op.successors.length > r.index;
    }
  }

  // ================================================================ parsing
  parse(parser: Parser, state: ParseState): void {
    const ctx = new ParseContext(this.def);
    this.parseElements(parser, state, ctx, this.elements);
    this.finish(parser, state, ctx);
  }

  private parseElements(parser: Parser, state: ParseState, ctx: ParseContext, elements: readonly FormatElement[]): void {
    for (const e of elements) this.parseElement(parser, state, ctx, e);
  }

  private parseElement(parser: Parser, state: ParseState, ctx: ParseContext, e: FormatElement): void {
    switch (e.kind) {
      case 'literal':
        this.parseLiteral(parser, e.text);
        return;
      case 'space':
        return;
      case 'optional': {
        // Spacing directives (` `` `) print nothing and cannot start a group; look past them.
        const first = e.then.find((x) => x.kind !== 'space') ?? e.then[0]!;
        const present = this.startsHere(parser, first);
        if (present) {
          const anchorIsElidedUnit = e.anchor.kind === 'var' && e.anchor !== first && this.resolve(e.anchor.name).attr?.constraint.unit === true;
          if (anchorIsElidedUnit) state.properties.set((e.anchor as { name: string }).name, UnitAttr.get());
          this.parseElements(parser, state, ctx, e.then.filter((x) => !(anchorIsElidedUnit && x === e.anchor)));
        } else {
          this.parseElements(parser, state, ctx, e.else);
        }
        return;
      }
      case 'attr-dict':
        if (e.withKeyword) parser.parseOptionalAttrDictWithKeyword(state);
        else parser.parseOptionalAttrDict(state);
        return;
      case 'var': {
        const r = this.resolve(e.name);
        switch (r.kind) {
          case 'operand': {
            const offset = parser.offset;
            if (r.group!.kind === 'single') ctx.operands.set(r.index, { list: [parser.parseOperand()], offset });
            else if (r.group!.kind === 'optional') {
              const u = parser.parseOptionalOperand();
              ctx.operands.set(r.index, { list: u ? [u] : [], offset });
            } else ctx.operands.set(r.index, { list: parser.parseOperandList(), offset });
            return;
          }
          case 'attr':
            state.properties.set(e.name, this.parseAttr(parser, r.attr!));
            return;
          case 'region': {
            const region = new Region();
            parser.parseRegion(region, undefined, this.def);
            ctx.regions.set(r.index, region);
            return;
          }
          case 'successor':
            ctx.successors.set(r.index, parser.parseSuccessor());
            return;
          case 'result':
            throw parser.emitError(`results cannot be parsed from a format`);
        }
        return;
      }
      case 'type':
      case 'qualified':
        this.parseTypesInto(parser, ctx, e.arg, e.kind === 'qualified');
        return;
      case 'functional-type': {
        const offset = parser.offset;
        const t = parser.parseType();
        if (!(t instanceof FunctionType)) throw parser.emitError('expected function type', offset);
        this.assignTypes(ctx, e.inputs, [...t.inputs]);
        this.assignTypes(ctx, e.results, [...t.results]);
        return;
      }
      case 'operands': {
        const offset = parser.offset;
        ctx.allOperands = { list: parser.parseOperandList(), offset };
        return;
      }
      case 'regions': {
        do {
          const region = new Region();
          if (!parser.parseOptionalRegion(region, undefined, this.def)) break;
          ctx.regions.set(ctx.regions.size, region);
        } while (parser.consumeIf(Tok.Comma));
        return;
      }
      case 'custom': {
        const parsed = this.customDirective(e.name).parse(parser, state);
        e.args.forEach((a, i) => this.assignCustomArg(ctx, state, a, parsed[i]));
        return;
      }
      default:
        throw parser.emitError(`format element '${e.kind}' cannot be parsed`);
    }
  }

  private assignCustomArg(ctx: ParseContext, state: ParseState, a: FormatElement, value: unknown): void {
    if (value === undefined) return;
    if (a.kind === 'type') {
      this.assignTypes(ctx, a.arg, Array.isArray(value) ? value : [value as Type]);
      return;
    }
    if (a.kind !== 'var') return;
    const r = this.resolve(a.name);
    if (r.kind === 'operand') {
      const list = (Array.isArray(value) ? value : [value]) as UnresolvedOperand[];
      ctx.operands.set(r.index, { list, offset: list[0]?.offset ?? 0 });
    } else if (r.kind === 'attr') state.properties.set(a.name, value as Attribute);
    else if (r.kind === 'region') ctx.regions.set(r.index, value as Region);
  }

  private parseLiteral(parser: Parser, text: string): void {
    const tok = PUNCT[text];
    if (tok !== undefined) parser.expect(tok, `'${text}'`);
    else parser.parseKeyword(text);
  }

  /** Whether an optional group starting with `e` is present in the input. */
  private startsHere(parser: Parser, e: FormatElement): boolean {
    switch (e.kind) {
      case 'literal': {
        const tok = PUNCT[e.text];
        if (tok !== undefined) return parser.peek(tok);
        return parser.isKeyword(e.text);
      }
      case 'var': {
        const r = this.resolve(e.name);
        if (r.kind === 'operand') return parser.peek(Tok.PercentId);
        if (r.kind === 'region') return parser.peek(Tok.LBrace);
        if (r.kind === 'successor') return parser.peek(Tok.CaretId);
        if (r.kind === 'attr') {
          const c = r.attr!.constraint;
          if (c.formatStartsHere) return c.formatStartsHere(parser);
          if (c.symbolName) return parser.peek(Tok.AtId);
          if (c.enumCases) return parser.peek(Tok.BareId) && c.enumCases.includes(parser.tokenText);
          return !parser.peek(Tok.Colon) && !parser.peek(Tok.LBrace) && !parser.peek(Tok.EOF) || parser.peek(Tok.LSquare);
        }
        return false;
      }
      case 'type':
      case 'qualified':
        return parser.peek(Tok.BareId) || parser.peek(Tok.BangId) || parser.peek(Tok.LParen);
      case 'attr-dict':
        return parser.peek(Tok.LBrace);
      case 'operands':
        return parser.peek(Tok.PercentId);
      case 'regions':
        return parser.peek(Tok.LBrace);
      case 'optional':
        return this.startsHere(parser, e.then.find((x) => x.kind !== 'space') ?? e.then[0]!);
      default:
        return false;
    }
  }

  private parseAttr(parser: Parser, spec: AttrSpec): Attribute {
    const c = spec.constraint;
    const offset = parser.offset;
    let a: Attribute;
    if (c.formatParse) a = c.formatParse(parser);
    else if (c.symbolName) a = StringAttr.get(parser.parseSymbolName());
    else if (c.typeAttr) a = TypeAttr.get(parser.parseType());
    else if (c.enumCases) {
      const word = parser.parseKeyword(undefined);
      const i = c.enumCases.indexOf(word);
      if (i < 0) throw parser.emitError(`expected ${c.description}`, offset);
      a = IntegerAttr.get(c.literalType!, i);
    } else a = parser.parseAttribute(c.literalType);
    if (!c.test(a)) throw parser.emitError(`invalid kind of attribute specified`, offset);
    return a;
  }

  private parseTypesInto(parser: Parser, ctx: ParseContext, target: FormatElement, _qualified: boolean): void {
    const types: Type[] = [];
    const variadic = target.kind === 'operands' || target.kind === 'results' || (target.kind === 'var' && this.isVariadic(target.name));
    const optionalGroup = target.kind === 'var' && this.isOptional(target.name);
    if (target.kind === 'var' && this.resolve(target.name).kind === 'attr') {
      ctx.typeAttrs.set(target.name, parser.parseType());
      return;
    }
    if (variadic || optionalGroup) {
      const first = parser.parseOptionalType();
      if (first) {
        types.push(first);
        if (variadic) while (parser.consumeIf(Tok.Comma)) types.push(parser.parseType());
      }
    } else {
      types.push(parser.parseType());
    }
    this.assignTypes(ctx, target, types);
  }

  private isVariadic(name: string): boolean {
    return this.resolve(name).group?.kind === 'variadic';
  }
  private isOptional(name: string): boolean {
    return this.resolve(name).group?.kind === 'optional';
  }

  private assignTypes(ctx: ParseContext, target: FormatElement, types: Type[]): void {
    if (target.kind === 'operands') ctx.allOperandTypes = types;
    else if (target.kind === 'results') ctx.allResultTypes = types;
    else if (target.kind === 'var') {
      const r = this.resolve(target.name);
      if (r.kind === 'operand') ctx.operandTypes.set(r.index, types);
      else if (r.kind === 'result') ctx.resultTypes.set(r.index, types);
    }
  }

  /** Resolve operands against their types (given or inferred) and fill in result types. */
  private finish(parser: Parser, state: ParseState, ctx: ParseContext): void {
    const def = this.def;
    for (const [name, t] of ctx.typeAttrs) state.properties.set(name, TypeAttr.get(t));
    // Operands.
    const operandLists: UnresolvedOperand[][] = def.operandGroups.map((_, i) => ctx.operands.get(i)?.list ?? []);
    if (ctx.allOperands) {
      const sizes = groupSizes(def.operandGroups, ctx.allOperands.list.length, undefined);
      if (typeof sizes !== 'string') {
        let start = 0;
        sizes.forEach((n, i) => {
          operandLists[i] = ctx.allOperands!.list.slice(start, start + n);
          start += n;
        });
      }
    }
    // Result types.
    const resultTypes: (Type[] | undefined)[] = def.resultGroups.map((_, i) => ctx.resultTypes.get(i));
    if (ctx.allResultTypes) this.splitAll(ctx.allResultTypes, def.resultGroups, resultTypes);
    const operandTypes: (Type[] | undefined)[] = def.operandGroups.map((_, i) => ctx.operandTypes.get(i));
    if (ctx.allOperandTypes) this.splitAll(ctx.allOperandTypes, def.operandGroups, operandTypes, operandLists);
    this.inferTypes(operandTypes, resultTypes, operandLists, state.numResults);
    // Resolve.
    def.operandGroups.forEach((g, i) => {
      const list = operandLists[i]!;
      let types = operandTypes[i];
      if (!types) {
        const b = valueSpecConstraint(g.spec).buildable;
        if (b) types = list.map(() => b);
      }
      if (!types && list.length === 0) types = [];
      if (!types) throw parser.emitError(`could not infer the type of operand group '${g.name}' of '${def.name}'`);
      if (types.length === 1 && list.length > 1 && g.kind === 'variadic' && !ctx.operandTypes.has(i)) types = list.map(() => types![0]!);
      parser.resolveOperands(list, types, ctx.operands.get(i)?.offset ?? ctx.allOperands?.offset ?? parser.offset, state.operands);
    });
    if (def.hasOperandSegments) state.properties.set('operandSegmentSizes', segmentSizesAttr(operandLists.map((l) => l.length)));
    // Results.
    if (def.spec.inferResultTypes && resultTypes.some((t) => t === undefined)) {
      const inferred = def.spec.inferResultTypes(state.operands, state.properties, [...ctx.regions.values()]);
      if (typeof inferred === 'string') throw parser.emitError(inferred);
      state.types.push(...inferred);
    } else {
      def.resultGroups.forEach((g, i) => {
        let types = resultTypes[i];
        if (!types) {
          const b = valueSpecConstraint(g.spec).buildable;
          if (b) types = [b];
          else if (g.kind !== 'single') types = [];
          else throw parser.emitError(`could not infer the type of result '${g.name}' of '${def.name}'`);
        }
        state.types.push(...types);
      });
      if (def.hasResultSegments) state.properties.set('resultSegmentSizes', segmentSizesAttr(def.resultGroups.map((_, i) => resultTypes[i]?.length ?? 0)));
    }
    // Regions and successors.
    const regionCount = Math.max(this.regionNames.length, ctx.regions.size);
    for (let i = 0; i < regionCount; i++) {
      const region = ctx.regions.get(i) ?? new Region();
      ensureImplicitTerminator(region, def, parser.context, state.loc);
      state.regions.push(region);
    }
    [...ctx.successors.entries()].sort((a, b) => a[0] - b[0]).forEach(([, b]) => state.successors.push(b));
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

  /** The op's type relations with names resolved to group indices, computed once per format. */
  private relationPlan: PlannedRelation[] | undefined;

  private planRelations(): PlannedRelation[] {
    if (this.relationPlan) return this.relationPlan;
    const def = this.def;
    const ref = (name: string): GroupRef => ({
      operand: def.operandGroups.findIndex((g) => g.name === name),
      result: def.resultGroups.findIndex((g) => g.name === name),
    });
    const relations = [...(def.spec.typeRelations ?? [])];
    const allNames = [...def.operandGroups.map((g) => g.name), ...def.resultGroups.map((g) => g.name)];
    if (def.traitNames.has('SameOperandsAndResultType')) relations.push({ allMatch: allNames });
    if (def.traitNames.has('SameTypeOperands')) relations.push({ allMatch: def.operandGroups.map((g) => g.name) });
    this.relationPlan = relations.map((rel) => ('allMatch' in rel ? { allMatch: rel.allMatch.map(ref) } : { from: ref(rel.from), to: ref(rel.to), transform: rel.transform }));
    return this.relationPlan;
  }

  private inferTypes(operandTypes: (Type[] | undefined)[], resultTypes: (Type[] | undefined)[], lists: UnresolvedOperand[][], _numResults: number): void {
    const relations = this.planRelations();
    if (relations.length === 0) return;
    const get = (r: GroupRef): Type | undefined => {
      if (r.operand >= 0) return operandTypes[r.operand]?.[0];
      return r.result >= 0 ? resultTypes[r.result]?.[0] : undefined;
    };
    const set = (r: GroupRef, t: Type) => {
      if (r.operand >= 0 && !operandTypes[r.operand]) operandTypes[r.operand] = lists[r.operand]!.map(() => t);
      if (r.result >= 0 && !resultTypes[r.result]) resultTypes[r.result] = [t];
    };
    for (let changed = true; changed; ) {
      changed = false;
      for (const rel of relations) {
        if (rel.allMatch) {
          let known: Type | undefined;
          for (const r of rel.allMatch) if ((known = get(r)) !== undefined) break;
          if (!known) continue;
          for (const r of rel.allMatch) {
            if (!get(r)) {
              set(r, known);
              if (get(r)) changed = true;
            }
          }
        } else {
          const from = get(rel.from!);
          if (from && !get(rel.to!)) {
            set(rel.to!, rel.transform!(from));
            // An absent optional/variadic target stays empty; only progress counts as a change.
            if (get(rel.to!)) changed = true;
          }
        }
      }
    }
  }
}

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
}

function isSingle(g: ValueGroup): boolean {
  return g.kind === 'single';
}

/** The part of Map that ParseContext uses, allocating storage only on the first `set`. */
class LazyMap<K, V> {
  private map: Map<K, V> | undefined;
  get size(): number {
    return this.map?.size ?? 0;
  }
  get(key: K): V | undefined {
    return this.map?.get(key);
  }
  has(key: K): boolean {
    return this.map?.has(key) ?? false;
  }
  set(key: K, value: V): this {
    (this.map ??= new Map()).set(key, value);
    return this;
  }
  values(): IterableIterator<V> {
    return (this.map ?? new Map<K, V>()).values();
  }
  entries(): IterableIterator<[K, V]> {
    return (this.map ?? new Map<K, V>()).entries();
  }
  [Symbol.iterator](): IterableIterator<[K, V]> {
    return this.entries();
  }
}

class ParseContext {
  readonly operands = new LazyMap<number, { list: UnresolvedOperand[]; offset: number }>();
  readonly operandTypes = new LazyMap<number, Type[]>();
  readonly resultTypes = new LazyMap<number, Type[]>();
  readonly regions = new LazyMap<number, Region>();
  readonly successors = new LazyMap<number, Block>();
  readonly typeAttrs = new LazyMap<string, Type>();
  allOperands: { list: UnresolvedOperand[]; offset: number } | undefined;
  allOperandTypes: Type[] | undefined;
  allResultTypes: Type[] | undefined;
  constructor(readonly def: OpDefinition) {}
}
