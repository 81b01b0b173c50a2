import { AffineMapAttr, Attribute, DialectAttr, DictionaryAttr, printKeyword, printNamedAttributes, printSymbolName, type NamedAttribute } from '../ir/attributes.js';
import type { Block } from '../ir/block.js';
import type { Location } from '../ir/location.js';
import type { Operation } from '../ir/operation.js';
import type { Region } from '../ir/region.js';
import { FunctionType, printResultTypes, Type } from '../ir/types.js';
import type { BlockArgument, Value } from '../ir/value.js';
import type { AttrTypeWriter, TypeElision } from '../ir/writer.js';
import { customPrinterFor } from './custom-syntax.js';
import { quoteString } from '../ir/location.js';
import { LocationAliases } from './location-aliases.js';
import { SSANames } from './ssa-names.js';

export interface PrintOptions {
  /** `--mlir-print-op-generic` */
  generic?: boolean;
  /** `--mlir-print-debuginfo` */
  debugInfo?: boolean;
}

/** Attribute aliases (`#map`, `#map1`), as MLIR's builtin dialect assigns them. */
class AliasTable {
  readonly names = new Map<Attribute, string>();
  readonly order: Attribute[] = [];
  private readonly counts = new Map<string, number>();

  collect(op: Operation): void {
    // Only affine maps get aliases, and every one is made by AffineMapAttr.get: none made, none to find.
    if (AffineMapAttr.created === 0) return;
    // Attributes and types are uniqued: each needs visiting once (the first visit names its maps).
    const seen = new Set<Attribute | Type>();
    const visitAttr = (a: Attribute | undefined): void => {
      if (!a || seen.has(a)) return;
      seen.add(a);
      if (a instanceof AffineMapAttr) {
        if (this.names.has(a)) return;
        const n = this.counts.get('map') ?? 0;
        this.counts.set('map', n + 1);
        this.names.set(a, n === 0 ? 'map' : `map${n}`);
        this.order.push(a);
        return;
      }
      for (const sub of subElements(a)) sub instanceof Attribute ? visitAttr(sub) : visitType(sub);
    };
    const visitType = (t: Type): void => {
      if (seen.has(t)) return;
      seen.add(t);
      for (const sub of subElements(t)) sub instanceof Attribute ? visitAttr(sub) : visitType(sub);
    };
    op.walk((o) => {
      for (const a of o.properties.values()) visitAttr(a);
      for (const a of o.attributes.values()) visitAttr(a);
      for (const slot of o.operandSlots) visitType(slot.value.type);
      for (const r of o.results) visitType(r.type);
      for (const region of o.regions) for (const b of region.blocks) for (const a of b.arguments) visitType(a.type);
    }, 'pre');
  }
}

/** Nested attributes and types of an attribute or type, found through their fields. */
function subElements(x: Attribute | Type): (Attribute | Type)[] {
  const out: (Attribute | Type)[] = [];
  for (const v of Object.values(x)) {
    if (v instanceof Attribute || v instanceof Type) out.push(v);
    else if (Array.isArray(v)) for (const e of v) if (e instanceof Attribute || e instanceof Type) out.push(e);
  }
  if (x instanceof DictionaryAttr) for (const e of x.entries) out.push(e.value);
  return out;
}

/** MLIR's OperationPrinter and OpAsmPrinter in one: prints ops in custom or generic form. */
export class OpAsmPrinter implements AttrTypeWriter {
  private chunks: string[] = [];
  private flushed: string[] = [];
  private readonly typeText = new Map<Type, string>();
  private indent = 0;
  private names!: SSANames;
  private readonly aliases = new AliasTable();
  /** As in MLIR, the top level prints builtin ops without their prefix. */
  private readonly defaultDialects: string[] = ['builtin'];

  /** Location aliases, when printing debug info. */
  private readonly locations: LocationAliases | undefined;

  constructor(readonly options: PrintOptions = {}) {
    this.locations = options.debugInfo ? new LocationAliases() : undefined;
  }

  get generic(): boolean {
    return this.options.generic ?? false;
  }

  /** Print a top-level op with its alias definitions. */
  printTopLevel(op: Operation): string {
    this.names = new SSANames(op, this.generic);
    this.aliases.collect(op);
    const mapDefinition = (a: Attribute) => `#${this.aliases.names.get(a)} = ${a.toString()}\n`;
    if (!this.locations) {
      for (const a of this.aliases.order) this.write(mapDefinition(a));
    } else {
      // A silent first pass meets the locations in print order, as MLIR's alias initializer does.
      this.printOperation(op);
      this.chunks = [];
      this.flushed = [];
      this.locations.finish();
      // MLIR sorts alias definitions by nesting depth, then alias name ('loc' before 'map').
      const top = [
        ...this.locations.topDefinitions().map((d) => ({ depth: d.depth, rank: 0, text: d.text })),
        ...this.aliases.order.map((a) => ({ depth: 0, rank: 1, text: mapDefinition(a) })),
      ];
      top.sort((x, y) => x.depth - y.depth || x.rank - y.rank);
      for (const d of top) this.write(d.text);
    }
    this.printOperation(op);
    this.write('\n');
    if (this.locations) this.write(this.locations.deferredDefinitions());
    this.flushed.push(this.chunks.join(''));
    const out = this.flushed.length === 1 ? this.flushed[0]! : this.flushed.join('');
    this.chunks = [];
    this.flushed = [];
    return out;
  }

  // ---------------------------------------------------------------- AttrTypeWriter
  write(text: string): void {
    // Small pieces are joined every few thousand writes, so that they die young (cheap for the GC)
    // instead of all living until the end.
    if (this.chunks.push(text) >= 4096) {
      this.flushed.push(this.chunks.join(''));
      this.chunks.length = 0;
    }
  }
  type(t: Type): void {
    // A type prints the same every time within one printer (aliases are fixed by then): its text
    // is cached. Not while recording alias order for debug info, which must see every use.
    if (this.locations) {
      t.print(this);
      return;
    }
    let text = this.typeText.get(t);
    if (text === undefined) {
      const outerChunks = this.chunks;
      const outerFlushed = this.flushed;
      this.chunks = [];
      this.flushed = [];
      try {
        t.print(this);
        text = this.flushed.join('') + this.chunks.join('');
      } finally {
        this.chunks = outerChunks;
        this.flushed = outerFlushed;
      }
      this.typeText.set(t, text);
    }
    this.write(text);
  }
  attr(a: Attribute, elision: TypeElision = 'never'): void {
    const alias = this.aliases.names.get(a);
    if (alias) this.write('#' + alias);
    else a.print(this, elision);
  }

  // ---------------------------------------------------------------- OpAsmPrinter API
  printType(t: Type): void {
    this.type(t);
  }
  printTypes(types: readonly Type[]): void {
    types.forEach((t, i) => {
      if (i) this.write(', ');
      this.type(t);
    });
  }
  printAttribute(a: Attribute): void {
    this.attr(a, 'never');
  }
  printAttributeWithoutType(a: Attribute): void {
    this.attr(a, 'must');
  }
  /** A dialect attribute without its `#dialect.` prefix, as custom formats print them. */
  printStrippedAttribute(a: Attribute): void {
    if (a instanceof DialectAttr) a.printStripped(this);
    else this.attr(a);
  }
  printOperand(v: Value): void {
    this.write(this.names.valueName(v));
  }
  printOperands(vs: readonly Value[]): void {
    vs.forEach((v, i) => {
      if (i) this.write(', ');
      this.printOperand(v);
    });
  }
  printSuccessor(b: Block): void {
    this.write(this.names.blockName(b));
  }
  printSymbolName(name: string): void {
    this.write(printSymbolName(name));
  }
  printKeywordOrString(name: string): void {
    this.write(printKeyword(name));
  }
  printString(s: string): void {
    this.write(quoteString(s));
  }
  printNewline(): void {
    this.write('\n' + ' '.repeat(this.indent));
  }
  increaseIndent(): void {
    this.indent += 2;
  }
  decreaseIndent(): void {
    this.indent -= 2;
  }
  printFunctionalType(op: Operation): void {
    this.write('(');
    this.printTypes(op.operands.map((v) => v.type));
    this.write(') -> ');
    printResultTypes(this, op.resultTypes);
  }
  printArrowTypeList(types: readonly Type[]): void {
    if (!types.length) return;
    this.write(' -> ');
    printResultTypes(this, types);
  }
  /** `%arg0: i32 {attrs}`, plus the location with debug info. */
  printRegionArgument(arg: BlockArgument, attrs?: DictionaryAttr, omitType = false): void {
    this.printOperand(arg);
    if (!omitType) {
      this.write(': ');
      this.type(arg.type);
    }
    if (attrs && attrs.size) {
      this.write(' ');
      this.attr(attrs);
    }
    this.printOptionalLocation(arg.loc);
  }
  printOptionalLocation(loc: Location): void {
    if (!this.locations) return;
    this.locations.record(loc, false);
    this.write(' ' + this.locations.inline(loc));
  }
  /** Inherent and discardable attributes not in `elided`, as ` {a = 1, b}`. */
  printOptionalAttrDict(op: Operation, elided: readonly string[] = [], withKeyword = false): void {
    if (op.attributes.size === 0) {
      // Fast path for the common case: nothing but elided inherent attributes.
      let any = false;
      for (const k of op.properties.keys()) {
        if (k !== '' && !elided.includes(k)) {
          any = true;
          break;
        }
      }
      if (!any) return;
    }
    const entries = allAttributes(op).filter((e) => !elided.includes(e.name));
    this.printAttrEntries(entries, withKeyword);
  }
  printOptionalAttrDictWithKeyword(op: Operation, elided: readonly string[] = []): void {
    this.printOptionalAttrDict(op, elided, true);
  }
  printAttrEntries(entries: readonly NamedAttribute[], withKeyword = false): void {
    if (!entries.length) return;
    this.write(withKeyword ? ' attributes {' : ' {');
    printNamedAttributes(this, entries);
    this.write('}');
  }

  printRegion(region: Region, printEntryBlockArgs = true, printBlockTerminators = true, printEmptyBlock = false): void {
    this.write('{\n');
    if (!region.empty) {
      const owner = region.parent;
      this.defaultDialects.push(owner?.definition?.spec.defaultDialect ?? '');
      const entry = region.entry!;
      const header = (printEmptyBlock && entry.empty) || (printEntryBlockArgs && entry.numArguments > 0);
      this.printBlock(entry, header, printBlockTerminators);
      for (const b of region.blocks.slice(1)) this.printBlock(b, true, true);
      this.defaultDialects.pop();
    }
    this.write(' '.repeat(this.indent) + '}');
  }

  private printBlock(block: Block, printHeader: boolean, printTerminator: boolean): void {
    if (printHeader) {
      this.write(' '.repeat(this.indent) + this.names.blockName(block));
      if (block.numArguments) {
        this.write('(');
        block.arguments.forEach((a, i) => {
          if (i) this.write(', ');
          this.printOperand(a);
          this.write(': ');
          this.type(a.type);
          this.printOptionalLocation(a.loc);
        });
        this.write(')');
      }
      this.write(':');
      const preds = [...new Set(block.predecessors.map((p) => p.parent!))];
      if (!block.parent) this.write('  // block is not in a region!');
      else if (preds.length === 0) {
        if (block !== block.parent.entry) this.write('  // no predecessors');
      } else if (preds.length === 1) {
        this.write('  // pred: ' + this.names.blockName(preds[0]!));
      } else {
        const sorted = block.predecessors.map((p) => p.parent!).sort((a, b) => this.names.blockOrder(a) - this.names.blockOrder(b));
        this.write(`  // ${sorted.length} preds: ` + sorted.map((b) => this.names.blockName(b)).join(', '));
      }
      this.write('\n');
    }
    this.indent += 2;
    const last = block.last;
    const skipTerminator = !printTerminator && last !== undefined && last.hasTrait('Terminator');
    const indent = ' '.repeat(this.indent);
    for (let op = block.first; op; op = op.next) {
      if (skipTerminator && op === last) break;
      this.write(indent);
      this.printOperation(op);
      this.write('\n');
    }
    this.indent -= 2;
  }

  printOperation(op: Operation): void {
    this.locations?.record(op.loc, true);
    this.printResults(op);
    const custom = !this.generic && op.definition ? customPrinterFor(op.definition) : undefined;
    if (custom) {
      const dflt = this.defaultDialects[this.defaultDialects.length - 1]!;
      const name = op.name;
      const prefix = dflt && name.charCodeAt(dflt.length) === 46 /* '.' */ && name.startsWith(dflt) ? dflt.length + 1 : 0;
      this.write(prefix ? name.slice(prefix) : name);
      custom(this, op);
    } else {
      this.printGenericOp(op);
    }
    if (this.locations) this.write(' ' + this.locations.reference(op.loc));
  }

  private printResults(op: Operation): void {
    const n = op.results.length;
    if (!n) return;
    if (n === 1) {
      this.write(this.names.valueName(op.results[0]!, false) + ' = ');
      return;
    }
    const groups = this.names.resultGroupsOf(op);
    groups.forEach((start, i) => {
      if (i) this.write(', ');
      const end = groups[i + 1] ?? n;
      this.write(this.names.valueName(op.results[start]!, false));
      if (end - start > 1) this.write(`:${end - start}`);
    });
    this.write(' = ');
  }

  printGenericOp(op: Operation): void {
    this.write(quoteString(op.name) + '(');
    this.printOperands(op.operands);
    this.write(')');
    if (op.successors.length) {
      this.write('[');
      this.write(op.successors.map((b) => this.names.blockName(b)).join(', '));
      this.write(']');
    }
    if (op.properties.size) {
      this.write(' <');
      const opaque = op.properties.get('');
      this.attr(opaque && op.properties.size === 1 ? opaque : DictionaryAttr.get(op.properties));
      this.write('>');
    }
    if (op.regions.length) {
      this.write(' (');
      op.regions.forEach((r, i) => {
        if (i) this.write(', ');
        this.printRegion(r, true, true, true);
      });
      this.write(')');
    }
    if (op.attributes.size) this.printAttrEntries(DictionaryAttr.get(op.attributes).entries);
    this.write(' : ');
    this.type(FunctionType.get(op.operands.map((v) => v.type), op.resultTypes));
  }
}

/** Inherent and discardable attributes merged and sorted, as MLIR's getAttrDictionary. */
export function allAttributes(op: Operation): NamedAttribute[] {
  const merged = new Map(op.attributes);
  for (const [k, v] of op.properties) if (k !== '') merged.set(k, v);
  return DictionaryAttr.get(merged).entries as NamedAttribute[];
}

export function printOperation(op: Operation, options: PrintOptions = {}): string {
  return new OpAsmPrinter(options).printTopLevel(op);
}
