import { type Attribute, DenseArrayAttr, IntegerAttr, TypeAttr } from '../ir/attributes.js';
import type { AttrSpec } from '../ir/constraints.js';
import { groupSizes, type OpDefinition, type ValueGroup } from '../ir/op-definition.js';
import type { Operation } from '../ir/operation.js';
import type { Region } from '../ir/region.js';
import { FunctionType, type Type } from '../ir/types.js';
import type { Value } from '../ir/value.js';
import { FormatBase, type Resolved } from './format-base.js';
import type { FormatElement } from './format-ast.js';
import type { OpAsmPrinter } from './printer.js';

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

/** MLIR's OpFormatGen rule for whether a literal is preceded by a space. */
function spaceBeforeLiteral(value: string, lastWasPunctuation: boolean): boolean {
  if (value.length !== 1 && value !== '->') return true;
  if (lastWasPunctuation) return !'>)}],'.includes(value[0]!);
  return !'<>(){}[],'.includes(value[0]!);
}

/** The printing half of a declarative format: its steps compiled once per op kind. */
export class FormatPrinter extends FormatBase {
  private readonly printSteps: Step[];

  constructor(def: OpDefinition) {
    super(def);
    this.printSteps = this.compilePrintSequence(this.elements, { shouldEmitSpace: true, lastWasPunctuation: false });
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
        const anchorIsElidedUnit = e.anchor.kind === 'var' && e.anchor !== e.then[0] && this.resolve(e.anchor.name).attr?.constraint.unit === true;
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
        return (p, op) =>
          directive.print(
            p,
            op,
            args.map((g) => g(op)),
          );
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
        printTerminator = term.attributesIfAny !== undefined || term.propertiesIfAny !== undefined || term.numOperands > 0 || term.results.length > 0;
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
      if (r.kind === 'attr') return (op) => [(op.propertiesIfAny!.get(name) as TypeAttr).value];
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
}
