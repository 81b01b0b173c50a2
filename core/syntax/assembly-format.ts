import { Attribute, DenseArrayAttr, IntegerAttr, StringAttr, TypeAttr, UnitAttr } from '../ir/attributes.js';
import type { Block } from '../ir/block.js';
import { valueSpecConstraint, type AttrSpec } from '../ir/constraints.js';
import { groupSizes, segmentSizesAttr, type OpDefinition, type OpSpec, type ValueGroup } from '../ir/op-definition.js';
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
/** A compiled print step: static text, or a function of the op. */
type Step = string | Print;

/** The spacing state of MLIR's generated printers while a format is compiled. */
interface PrintState {
  shouldEmitSpace: boolean;
  lastWasPunctuation: boolean;
}

function runSteps(steps: readonly Step[], p: OpAsmPrinter, op: Operation): void {
  for (let i = 0; i < steps.length; i++) {
    const s = steps[i]!;
    if (typeof s === 'string') p.write(s);
    else s(p, op);
  }
}

/** Where an operand (or result) group lies: what the definition alone decides, computed once. */
interface GroupLayout {
  operand: boolean;
  index: number;
  single: boolean;
  groups: readonly ValueGroup[];
  segmentsName: 'operandSegmentSizes' | 'resultSegmentSizes';
  /** Counts of single and of variadic/optional groups. */
  fixed: number;
  flexible: number;
  flexibleBefore: boolean;
}

/** The values `start` to `end` (exclusive) of a group; filled in by `groupRange`, valid until its next call. */
const range = { start: 0, end: 0 };

/** Where `layout`'s group lies in `op` (as `groupSizes` says; clamped to the values there are). */
function groupRange(op: Operation, layout: GroupLayout): { readonly start: number; readonly end: number } {
  const total = layout.operand ? op.operandSlots.length : op.results.length;
  const segments = op.propertiesIfAny?.get(layout.segmentsName);
  let start: number;
  let size: number;
  const rest = total - layout.fixed;
  if (segments === undefined && layout.flexible === 0) {
    start = layout.index;
    size = 1;
  } else if (segments === undefined && layout.flexible === 1 && rest >= 0) {
    // The one variadic group takes what the single groups leave.
    start = layout.flexibleBefore ? layout.index - 1 + rest : layout.index;
    size = layout.single ? 1 : rest;
  } else {
    const sizes = groupSizes(layout.groups, total, segments);
    if (typeof sizes === 'string') throw new Error(sizes);
    start = 0;
    for (let i = 0; i < layout.index; i++) start += sizes[i]!;
    size = sizes[layout.index]!;
  }
  range.start = Math.max(0, start);
  range.end = Math.max(range.start, Math.min(start + size, total));
  return range;
}

/** The group's values (for custom directives and type lists that need them as a list). */
function values(op: Operation, layout: GroupLayout): Value[] {
  const { start, end } = groupRange(op, layout);
  const out: Value[] = [];
  for (let i = start; i < end; i++) out.push(layout.operand ? op.operandSlots[i]!.value : op.results[i]!);
  return out;
}

function printResultRangeTypes(p: OpAsmPrinter, op: Operation, start: number, end: number): void {
  const results = op.results;
  for (let i = start; i < end; i++) {
    if (i > start) p.write(', ');
    p.printType(results[i]!.type);
  }
}

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
  private readonly printSteps: Step[];
  private readonly usedAttrs = new Set<string>();
  private readonly regionNames: string[];
  private readonly successorNames: string[];

  constructor(readonly def: OpDefinition) {
    this.elements = parseFormat(def.spec.assemblyFormat!);
    this.regionNames = Object.keys(def.spec.regions ?? {});
    this.successorNames = Object.keys(def.spec.successors ?? {});
    this.collectUsedAttrs(this.elements);
    this.printSteps = this.compilePrintSequence(this.elements, { shouldEmitSpace: true, lastWasPunctuation: false });
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
    runSteps(this.printSteps, p, op);
  }

  /** Compiles a sequence of elements; neighbouring static text is merged into one piece. */
  private compilePrintSequence(elements: readonly FormatElement[], st: PrintState): Step[] {
    const steps: Step[] = [];
    for (const e of elements) {
      for (const s of this.compilePrint(e, st)) {
        const last = steps.length - 1;
        if (typeof s === 'string' && last >= 0 && typeof steps[last] === 'string') steps[last] += s;
        else steps.push(s);
      }
    }
    return steps.filter((s) => s !== '');
  }

  /** Spacing is decided statically, exactly as MLIR's generated printers do. */
  private compilePrint(e: FormatElement, st: PrintState): Step[] {
    switch (e.kind) {
      case 'literal': {
        const space = st.shouldEmitSpace && spaceBeforeLiteral(e.text, st.lastWasPunctuation);
        st.shouldEmitSpace = e.text.length !== 1 || !'<({['.includes(e.text[0]!);
        st.lastWasPunctuation = e.text[0] !== '_' && !/[A-Za-z]/.test(e.text[0]!);
        return [(space ? ' ' : '') + e.text];
      }
      case 'space': {
        if (e.text === '\\n') return [(p) => p.printNewline()];
        const text = e.text;
        if (text) st.lastWasPunctuation = false;
        else st.lastWasPunctuation = true;
        st.shouldEmitSpace = false;
        return [text];
      }
      case 'optional': {
        const anchor = this.presence(e.anchor);
        const anchorIsElidedUnit =
          e.anchor.kind === 'var' && e.anchor !== e.then[0] && this.resolve(e.anchor.name).attr?.constraint.unit === true;
        const thenSteps = this.compilePrintSequence(
          e.then.filter((x) => !(anchorIsElidedUnit && x === e.anchor)),
          st,
        );
        const elseSteps = this.compilePrintSequence(e.else, st);
        return [(p, op) => runSteps(anchor(op) ? thenSteps : elseSteps, p, op)];
      }
      case 'attr-dict':
        st.lastWasPunctuation = false;
        return [this.compileAttrDictPrint(e.withKeyword)];
      default: {
        const space = st.shouldEmitSpace || !st.lastWasPunctuation;
        st.lastWasPunctuation = false;
        st.shouldEmitSpace = true;
        const body = this.compileValuePrint(e);
        return space ? [' ', body] : [body];
      }
    }
  }

  private compileAttrDictPrint(withKeyword: boolean): Print {
    const elided = [...this.usedAttrs];
    if (this.def.hasOperandSegments) elided.push('operandSegmentSizes');
    if (this.def.hasResultSegments) elided.push('resultSegmentSizes');
    // Default-valued attributes holding their default are not printed either.
    const defaults = Object.entries(this.def.spec.attributes ?? {}).filter(([, s]) => s.defaultValue !== undefined);
    // The names that may be left out, each with the value it must have (undefined: any).
    const omissible = new Map<string, Attribute | undefined>(defaults.map(([n, s]) => [n, s.defaultValue]));
    for (const n of ['', ...elided]) omissible.set(n, undefined);
    const omissibleNames = [...omissible.keys()];
    const omissibleValues = [...omissible.values()];
    /** Whether `props` holds anything to print: more entries than those left out (no iterator needed). */
    const anyPrinted = (props: ReadonlyMap<string, Attribute>): boolean => {
      let omitted = 0;
      for (let i = 0; i < omissibleNames.length; i++) {
        const a = props.get(omissibleNames[i]!);
        if (a !== undefined && (omissibleValues[i] === undefined || a === omissibleValues[i])) omitted++;
      }
      return props.size > omitted;
    };
    return (p, op) => {
      const props = op.propertiesIfAny;
      if (op.attributesIfAny === undefined && (props === undefined || !anyPrinted(props))) return;
      let names = elided;
      for (const [n, s] of defaults) {
        if (props?.get(n) === s.defaultValue) {
          if (names === elided) names = [...elided];
          names.push(n);
        }
      }
      p.printOptionalAttrDict(op, names, withKeyword);
    };
  }

  private compileValuePrint(e: FormatElement): Print {
    switch (e.kind) {
      case 'var': {
        const r = this.resolve(e.name);
        switch (r.kind) {
          case 'operand': {
            const layout = this.layoutOf(r);
            return (p, op) => {
              const range = groupRange(op, layout);
              p.printOperandRange(op, range.start, range.end);
            };
          }
          case 'result':
            throw new Error(`'${this.def.name}': results cannot appear in a format except as type($${e.name})`);
          case 'attr': {
            const name = e.name;
            const spec = r.attr!;
            return (p, op) => {
              const a = op.propertiesIfAny?.get(name) ?? spec.defaultValue;
              if (a) this.printAttr(p, a, spec);
            };
          }
          case 'region':
            return (p, op) => this.printRegion(p, op.regions[r.index]!);
          case 'successor':
            return (p, op) => p.printSuccessor(op.successors[r.index]!);
        }
        break;
      }
      case 'type':
      case 'qualified': {
        const arg = e.arg;
        if (e.kind === 'qualified' && arg.kind === 'var') {
          const name = arg.name;
          return (p, op) => p.printAttribute(op.propertiesIfAny?.get(name) as Attribute);
        }
        return this.compileTypesPrint(arg);
      }
      case 'functional-type': {
        const ins = this.typesOf(e.inputs);
        const outs = this.typesOf(e.results);
        return (p, op) => p.printType(FunctionType.get(ins(op), outs(op)));
      }
      case 'operands':
        return (p, op) => p.printOperandRange(op, 0, op.numOperands);
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

  /** `type($x)`, `type(operands)`, `type(results)`: the types, comma-separated, without building lists. */
  private compileTypesPrint(e: FormatElement): Print {
    if (e.kind === 'operands') {
      return (p, op) => {
        const slots = op.operandSlots;
        for (let i = 0; i < slots.length; i++) {
          if (i) p.write(', ');
          p.printType(slots[i]!.value.type);
        }
      };
    }
    if (e.kind === 'results') return (p, op) => printResultRangeTypes(p, op, 0, op.results.length);
    if (e.kind === 'var') {
      const r = this.resolve(e.name);
      if (r.kind === 'operand') {
        const layout = this.layoutOf(r);
        return (p, op) => {
          const { start, end } = groupRange(op, layout);
          const slots = op.operandSlots;
          for (let i = start; i < end; i++) {
            if (i > start) p.write(', ');
            p.printType(slots[i]!.value.type);
          }
        };
      }
      if (r.kind === 'result') {
        const layout = this.layoutOf(r);
        return (p, op) => {
          const range = groupRange(op, layout);
          printResultRangeTypes(p, op, range.start, range.end);
        };
      }
    }
    const types = this.typesOf(e);
    return (p, op) => p.printTypes(types(op));
  }

  private customDirective(name: string): CustomDirective {
    const d = this.def.spec.customDirectives?.[name] as CustomDirective | undefined;
    if (!d) throw new Error(`'${this.def.name}': unknown custom directive '${name}'`);
    return d;
  }

  private argGetter(a: FormatElement): (op: Operation) => unknown {
    if (a.kind === 'var') {
      const r = this.resolve(a.name);
      if (r.kind === 'operand' || r.kind === 'result') {
        const layout = this.layoutOf(r);
        const variadic = r.group!.kind === 'variadic';
        return (op) => {
          const vs = values(op, layout);
          return variadic ? vs : vs[0];
        };
      }
      const name = a.name;
      if (r.kind === 'attr') return (op) => op.propertiesIfAny?.get(name);
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
      if (term) {
        printTerminator =
          term.attributesIfAny !== undefined || term.propertiesIfAny !== undefined || term.numOperands > 0 || term.results.length > 0;
      }
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

  /** Where an operand or result group lies, as far as the definition decides it. */
  private layoutOf(r: Resolved): GroupLayout {
    const operand = r.kind === 'operand';
    const groups = operand ? this.def.operandGroups : this.def.resultGroups;
    let fixed = 0;
    let flexible = 0;
    let flexibleBefore = false;
    groups.forEach((g, i) => {
      if (g.kind === 'single') fixed++;
      else {
        flexible++;
        if (i < r.index) flexibleBefore = true;
      }
    });
    return {
      operand,
      index: r.index,
      single: groups[r.index]?.kind === 'single',
      groups,
      segmentsName: operand ? 'operandSegmentSizes' : 'resultSegmentSizes',
      fixed,
      flexible,
      flexibleBefore,
    };
  }

  private typesOf(e: FormatElement): (op: Operation) => Type[] {
    if (e.kind === 'operands') return (op) => op.operands.map((v) => v.type);
    if (e.kind === 'results') return (op) => op.resultTypes;
    if (e.kind === 'var') {
      const r = this.resolve(e.name);
      const name = e.name;
      if (r.kind === 'attr') return (op) => [(op.propertiesIfAny?.get(name) as TypeAttr).value];
      const layout = this.layoutOf(r);
      return (op) => values(op, layout).map((v) => v.type);
    }
    throw new Error(`'${this.def.name}': type() of '${e.kind}' is not supported`);
  }

  /** The condition under which an optional group is printed. */
  private presence(anchor: FormatElement): (op: Operation) => boolean {
    if (anchor.kind === 'type' || anchor.kind === 'qualified') return this.presence(anchor.arg);
    if (anchor.kind === 'custom') return this.presence(anchor.args[0]!);
    if (anchor.kind === 'attr-dict') return (op) => op.attributesIfAny !== undefined;
    if (anchor.kind === 'operands') return (op) => op.numOperands > 0;
    if (anchor.kind === 'results') return (op) => op.results.length > 0;
    if (anchor.kind === 'regions') return (op) => op.regions.some((r) => !r.empty);
    if (anchor.kind !== 'var') throw new Error(`'${this.def.name}': bad optional group anchor`);
    const r = this.resolve(anchor.name);
    switch (r.kind) {
      case 'operand':
      case 'result': {
        const layout = this.layoutOf(r);
        return (op) => {
          const range = groupRange(op, layout);
          return range.end > range.start;
        };
      }
      case 'attr': {
        const dflt = r.attr!.defaultValue;
        const name = anchor.name;
        return (op) => {
          const a = op.propertiesIfAny?.get(name);
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
      case 'attr-dict':
        if (e.withKeyword) return (parser, state) => parser.parseOptionalAttrDictWithKeyword(state);
        return (parser, state) => parser.parseOptionalAttrDict(state);
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
              parser.parseRegion(region, undefined, this.def);
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
          if (!(t instanceof FunctionType)) throw parser.emitError('expected function type', offset);
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
            if (!parser.parseOptionalRegion(region, undefined, this.def)) break;
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
    const test = c.test;
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
      if (!test(a)) throw parser.emitError(`invalid kind of attribute specified`, offset);
      return a;
    };
  }

  /** `type($x)` and the like: a single type, or an optional list for optional/variadic targets. */
  private compileTypesParse(target: FormatElement): ParseStep {
    if (target.kind === 'var' && this.resolve(target.name).kind === 'attr') {
      const name = target.name;
      return (parser, _state, ctx) => ctx.setTypeAttr(name, parser.parseType());
    }
    const group = target.kind === 'var' ? this.resolve(target.name).group : undefined;
    const variadic = target.kind === 'operands' || target.kind === 'results' || group?.kind === 'variadic';
    const assign = this.compileTypesAssign(target);
    if (variadic || group?.kind === 'optional') {
      return (parser, _state, ctx) => {
        const types: Type[] = [];
        const first = parser.parseOptionalType();
        if (first) {
          types.push(first);
          if (variadic) while (parser.consumeIf(Tok.Comma)) types.push(parser.parseType());
        }
        assign(ctx, types);
      };
    }
    const assignOne = this.compileTypeAssignOne(target);
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
    if (plan.relations.length) this.inferTypes(plan.relations, operandTypes, resultTypes, operandLists, ctx);
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
    const relations = [...(def.spec.typeRelations ?? [])];
    const allNames = [...def.operandGroups.map((g) => g.name), ...def.resultGroups.map((g) => g.name)];
    if (def.traitNames.has('SameOperandsAndResultType')) relations.push({ allMatch: allNames });
    if (def.traitNames.has('SameTypeOperands')) relations.push({ allMatch: def.operandGroups.map((g) => g.name) });
    return {
      operandGroups: def.operandGroups,
      resultGroups: def.resultGroups,
      relations: relations.map((rel) => ('allMatch' in rel ? { allMatch: rel.allMatch.map(ref) } : { from: ref(rel.from), to: ref(rel.to), transform: rel.transform })),
      operandBuildable: def.operandGroups.map((g) => valueSpecConstraint(g.spec).buildable),
      resultBuildable: def.resultGroups.map((g) => valueSpecConstraint(g.spec).buildable),
      inferResultTypes: def.spec.inferResultTypes,
      hasOperandSegments: def.hasOperandSegments,
      hasResultSegments: def.hasResultSegments,
      numRegions: this.regionNames.length,
    };
  }

  /** Propagate known types along the op's type relations until nothing changes. */
  private inferTypes(relations: readonly PlannedRelation[], operandTypes: (Type[] | undefined)[], resultTypes: (Type[] | undefined)[], lists: UnresolvedOperand[][], ctx: ParseContext): void {
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
