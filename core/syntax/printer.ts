import {
  AffineMapAttr,
  Attribute,
  DenseElementsAttr,
  DenseResourceElementsAttr,
  DialectAttr,
  DictionaryAttr,
  printKeyword,
  printNamedAttributes,
  printSymbolName,
  type NamedAttribute,
} from '../ir/attributes.js';
import type { Block } from '../ir/block.js';
import type { Location } from '../ir/location.js';
import type { OpDefinition } from '../ir/op-definition.js';
import type { Operation } from '../ir/operation.js';
import type { Region } from '../ir/region.js';
import { FunctionType, printResultTypes, Type } from '../ir/types.js';
import type { BlockArgument, Value } from '../ir/value.js';
import type { AttrTypeWriter, TypeElision } from '../ir/writer.js';
import { customPrinterFor, type CustomPrint } from './custom-syntax.js';
import { quoteString } from '../ir/location.js';
import { LocationAliases } from './location-aliases.js';
import { SSANames } from './ssa-names.js';
import { resourceKey, type ResourceHandle } from '../ir/resources.js';

export interface PrintOptions {
  /** `--mlir-print-op-generic` */
  generic?: boolean;
  /** `--mlir-print-debuginfo` */
  debugInfo?: boolean;
  /** `--mlir-print-local-scope`: no alias definitions; attributes and locations spelled out where used. */
  localScope?: boolean;
  /** `--mlir-elide-elementsattrs-if-larger=N`: elements attributes of more than N elements (not splats) print as `dense_resource<__elided__>`. */
  elideElementsAttrsIfLarger?: number;
  /** false: a function's parameters print positionally (`%arg0`), as mlir-opt prints them, not with the source names the parser kept (`%X`). */
  sourceArgNames?: boolean;
}

/** Attribute aliases (`#map`, `#map1`), as MLIR's builtin dialect assigns them. */
class AliasTable {
  readonly names = new Map<Attribute, string>();
  readonly order: Attribute[] = [];
  /** Resource blobs the IR refers to, in order of first reference (printed in the `{-# #-}` section). */
  readonly resources: ResourceHandle[] = [];
  private readonly counts = new Map<string, number>();

  collect(op: Operation, generic: boolean): void {
    // Only affine maps get aliases, and every one is made by AffineMapAttr.get: none made, none to
    // find; the same holds for the resources of dense_resource attributes.
    if (AffineMapAttr.created === 0 && DenseResourceElementsAttr.created === 0) return;
    // Attributes and types are uniqued: each needs visiting once (the first visit names its maps).
    const seen = new Set<Attribute | Type>();
    const visitAttr = (a: Attribute | undefined): void => {
      if (!a || seen.has(a)) return;
      seen.add(a);
      if (a instanceof DenseResourceElementsAttr) {
        if (a.handle.data && !this.resources.includes(a.handle)) this.resources.push(a.handle);
        return;
      }
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
      // A custom form may leave attributes unprinted (MLIR collects aliases by printing): those get no alias.
      const elided = generic ? undefined : o.definition?.spec.unprintedAttributes?.(o);
      o.propertiesIfAny?.forEach((a, name) => {
        if (!elided?.includes(name)) visitAttr(a);
      });
      o.attributesIfAny?.forEach((a) => visitAttr(a));
      for (const slot of o.operandSlots) visitType(slot.value.type);
      for (const r of o.results) visitType(r.type);
      for (const region of o.regions) for (const b of region.blocks) for (const a of b.arguments) visitType(a.type);
    }, 'pre');
  }
}

/** The file metadata section holding the builtin dialect's blobs, as mlir-opt prints it. */
function resourceSection(handles: readonly ResourceHandle[]): string {
  const entries = handles.map((h) => `      ${resourceKey(h.name)}: "${h.toHex()}"`).join(',\n');
  return `\n{-#\n  dialect_resources: {\n    builtin: {\n${entries}\n    }\n  }\n#-}\n`;
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

/** Pieces of output gathered before they are joined (joined pieces die young: cheap for the GC). */
const PIECES_PER_CHUNK = 2048;

/** How ops of one name print in custom form under the current default dialect (found once per name). */
interface OpForm {
  definition: OpDefinition;
  /** Undefined: the op has no custom form and prints in generic form. */
  custom: CustomPrint | undefined;
  /** `arith.addi`, or `addi` under a default dialect `arith`. */
  name: string;
  /** `name` after a single result: ` = arith.addi`. */
  nameAfterResult: string;
}

interface DialectScope {
  dialect: string;
  /** By op name. */
  forms: Map<string, OpForm>;
}

/** MLIR's OperationPrinter and OpAsmPrinter in one: prints ops in custom or generic form. */
export class OpAsmPrinter implements AttrTypeWriter {
  // The output: a fixed array of pieces, joined into `chunks` whenever it fills.
  private pieces: string[] = new Array<string>(PIECES_PER_CHUNK);
  private pieceCount = 0;
  private chunks: string[] = [];
  private readonly typeText = new Map<Type, string>();
  private indent = 0;
  /** Spaces for each indentation width, and the same after a newline (made once each). */
  private readonly indents: string[] = [];
  private readonly newlineIndents: string[] = [];
  private names!: SSANames;
  private readonly aliases = new AliasTable();
  /** As in MLIR, the top level prints builtin ops without their prefix. */
  private readonly dialectScopes: DialectScope[] = [];
  private dialectScope!: DialectScope;
  private readonly formsByDialect = new Map<string, Map<string, OpForm>>();
  private readonly isGeneric: boolean;

  /** Location aliases, when printing debug info. */
  private readonly locations: LocationAliases | undefined;

  constructor(readonly options: PrintOptions = {}) {
    this.locations = options.debugInfo ? new LocationAliases() : undefined;
    this.isGeneric = options.generic ?? false;
    this.pushDefaultDialect('builtin');
  }

  get generic(): boolean {
    return this.isGeneric;
  }

  /** Print a top-level op with its alias definitions. */
  printTopLevel(op: Operation): string {
    if (this.options.localScope) return this.printNested(op);
    this.names = new SSANames(op, this.generic, this.options.sourceArgNames !== false);
    this.aliases.collect(op, this.isGeneric);
    const mapDefinition = (a: Attribute) => `#${this.aliases.names.get(a)} = ${a.toString()}\n`;
    if (!this.locations) {
      for (const a of this.aliases.order) this.write(mapDefinition(a));
    } else {
      // A silent first pass meets the locations in print order, as MLIR's alias initializer does.
      this.printOperation(op);
      this.takeOutput();
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
    if (this.aliases.resources.length) this.write(resourceSection(this.aliases.resources));
    return this.takeOutput();
  }

  /**
   * `op` alone, its values named as in its closest isolated-from-above ancestor (MLIR's local
   * scope), without alias definitions: how diagnostics show an op.
   */
  printNested(op: Operation): string {
    let scope = op;
    for (let parent = op.parentOp; parent && !scope.definition?.isolatedFromAbove; parent = parent.parentOp) scope = parent;
    this.names = new SSANames(scope, this.generic, this.options.sourceArgNames !== false);
    // Without a top level to hold alias definitions, locations are spelled out.
    if (this.locations) this.locations.collecting = false;
    this.printOperation(op);
    return this.takeOutput();
  }

  /** Everything written so far, as one string; the output starts empty again. */
  private takeOutput(): string {
    const chunks = this.chunks;
    chunks.push(this.pieces.slice(0, this.pieceCount).join(''));
    this.chunks = [];
    this.pieceCount = 0;
    return chunks.length === 1 ? chunks[0]! : chunks.join('');
  }

  private indentText(width: number): string {
    return (this.indents[width] ??= ' '.repeat(width));
  }
  private newlineIndentText(width: number): string {
    return (this.newlineIndents[width] ??= '\n' + ' '.repeat(width));
  }

  // ---------------------------------------------------------------- AttrTypeWriter
  write(text: string): void {
    this.pieces[this.pieceCount++] = text;
    if (this.pieceCount === PIECES_PER_CHUNK) {
      this.chunks.push(this.pieces.join(''));
      this.pieceCount = 0;
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
      const outer = { pieces: this.pieces, pieceCount: this.pieceCount, chunks: this.chunks };
      this.pieces = new Array<string>(PIECES_PER_CHUNK);
      this.pieceCount = 0;
      this.chunks = [];
      try {
        t.print(this);
        text = this.takeOutput();
      } finally {
        this.pieces = outer.pieces;
        this.pieceCount = outer.pieceCount;
        this.chunks = outer.chunks;
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
    for (let i = 0; i < types.length; i++) {
      if (i) this.write(', ');
      this.type(types[i]!);
    }
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
    this.write(this.names.useName(v));
  }
  printOperands(vs: readonly Value[]): void {
    for (let i = 0; i < vs.length; i++) {
      if (i) this.write(', ');
      this.write(this.names.useName(vs[i]!));
    }
  }
  /** Operands `start` to `end` (exclusive) of `op`, comma-separated (no operand list is built). */
  printOperandRange(op: Operation, start: number, end: number): void {
    const slots = op.operandSlots;
    for (let i = start; i < end; i++) {
      if (i > start) this.write(', ');
      this.write(this.names.useName(slots[i]!.value));
    }
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
    this.write(this.newlineIndentText(this.indent));
  }
  increaseIndent(): void {
    this.indent += 2;
  }
  decreaseIndent(): void {
    this.indent -= 2;
  }
  printFunctionalType(op: Operation): void {
    this.write('(');
    const slots = op.operandSlots;
    for (let i = 0; i < slots.length; i++) {
      if (i) this.write(', ');
      this.type(slots[i]!.value.type);
    }
    this.write(') -> ');
    printResultTypes(this, op.resultTypes);
  }
  printArrowTypeList(types: readonly Type[]): void {
    if (!types.length) return;
    this.write(' -> ');
    printResultTypes(this, types);
  }
  /** ` -> (t0, t1)`, in parentheses even for one type (scf.if's and scf.for's results); nothing for none. */
  printParenthesizedArrowTypes(types: readonly Type[]): void {
    if (!types.length) return;
    this.write(' -> (');
    this.printTypes(types);
    this.write(')');
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
    if (op.attributesIfAny === undefined) {
      // Fast path for the common case: nothing but elided inherent attributes (counted, not iterated).
      const props = op.propertiesIfAny;
      if (props === undefined) return;
      let omitted = props.has('') ? 1 : 0;
      for (let i = 0; i < elided.length; i++) {
        const k = elided[i]!;
        if (k !== '' && props.has(k) && elided.indexOf(k) === i) omitted++;
      }
      if (props.size === omitted) return;
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
    const blocks = region.blocks;
    if (blocks.length) {
      this.pushDefaultDialect(region.parent?.definition?.spec.defaultDialect ?? '');
      const entry = blocks[0]!;
      const header = (printEmptyBlock && entry.empty) || (printEntryBlockArgs && entry.numArguments > 0);
      this.printBlock(entry, header, printBlockTerminators);
      for (let i = 1; i < blocks.length; i++) this.printBlock(blocks[i]!, true, true);
      this.popDefaultDialect();
    }
    this.write(this.indentText(this.indent));
    this.write('}');
  }

  private pushDefaultDialect(dialect: string): void {
    let forms = this.formsByDialect.get(dialect);
    if (!forms) this.formsByDialect.set(dialect, (forms = new Map()));
    this.dialectScopes.push((this.dialectScope = { dialect, forms }));
  }
  private popDefaultDialect(): void {
    this.dialectScopes.pop();
    this.dialectScope = this.dialectScopes[this.dialectScopes.length - 1]!;
  }

  private printBlock(block: Block, printHeader: boolean, printTerminator: boolean): void {
    if (printHeader) {
      this.write(this.indentText(this.indent));
      this.write(this.names.blockName(block));
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
      // One entry per branch to the block, as MLIR's getPredecessors (a cond_br to it twice: 2 preds).
      const preds = block.predecessors.map((p) => p.parent!);
      if (!block.parent) this.write('  // block is not in a region!');
      else if (preds.length === 0) {
        if (block !== block.parent.entry) this.write('  // no predecessors');
      } else if (preds.length === 1) {
        this.write('  // pred: ' + this.names.blockName(preds[0]!));
      } else {
        const sorted = preds.sort((a, b) => this.names.blockOrder(a) - this.names.blockOrder(b));
        this.write(`  // ${sorted.length} preds: ` + sorted.map((b) => this.names.blockName(b)).join(', '));
      }
      this.write('\n');
    }
    this.indent += 2;
    const last = block.last;
    const skipTerminator = !printTerminator && last !== undefined && last.hasTrait('Terminator');
    // `indent op`, then `\n indent op` for each next op (one piece), then the last `\n`.
    const indent = this.indentText(this.indent);
    const newlineIndent = this.newlineIndentText(this.indent);
    let printed = false;
    for (let op = block.first; op; op = op.next) {
      if (skipTerminator && op === last) break;
      this.write(printed ? newlineIndent : indent);
      printed = true;
      this.printOperation(op);
    }
    if (printed) this.write('\n');
    this.indent -= 2;
  }

  printOperation(op: Operation): void {
    this.locations?.record(op.loc, true);
    const form = this.isGeneric ? undefined : this.customForm(op);
    if (form?.custom) {
      if (op.results.length === 1) {
        this.write(this.names.useName(op.results[0]!));
        this.write(form.nameAfterResult);
      } else {
        this.printResults(op);
        this.write(form.name);
      }
      form.custom(this, op);
    } else {
      this.printResults(op);
      this.printGenericOp(op);
    }
    if (this.locations) this.write(' ' + this.locations.reference(op.loc));
  }

  /** `op` without its results (MLIR's printCustomOrGenericOp: ops that show a nested op inline, as vector.mask). */
  printCustomOrGenericOp(op: Operation): void {
    const form = this.isGeneric ? undefined : this.customForm(op);
    if (form?.custom) {
      this.write(form.name);
      form.custom(this, op);
    } else this.printGenericOp(op);
  }

  /** How a registered op prints in custom form under the current default dialect. */
  private customForm(op: Operation): OpForm | undefined {
    const definition = op.definition;
    if (!definition) return undefined;
    const scope = this.dialectScope;
    let form = scope.forms.get(op.name);
    // (An op of the same name but another definition, from another context, is looked up anew.)
    if (form === undefined || form.definition !== definition) {
      const dflt = scope.dialect;
      const n = op.name;
      const name = dflt && n.charCodeAt(dflt.length) === 46 /* '.' */ && n.startsWith(dflt) ? n.slice(dflt.length + 1) : n;
      form = { definition, custom: customPrinterFor(definition), name, nameAfterResult: ' = ' + name };
      scope.forms.set(n, form);
    }
    return form;
  }

  private printResults(op: Operation): void {
    const n = op.results.length;
    if (!n) return;
    if (n === 1) {
      this.write(this.names.useName(op.results[0]!));
      this.write(' = ');
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
    this.printOperandRange(op, 0, op.numOperands);
    this.write(')');
    if (op.successorSlots.length) {
      this.write('[');
      this.write(op.successors.map((b) => this.names.blockName(b)).join(', '));
      this.write(']');
    }
    const props = op.propertiesIfAny;
    if (props) {
      this.write(' <');
      const opaque = props.get('');
      this.attr(opaque && props.size === 1 ? opaque : DictionaryAttr.get(props));
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
    const attrs = op.attributesIfAny;
    if (attrs) this.printAttrEntries(DictionaryAttr.get(attrs).entries);
    this.write(' : ');
    this.type(
      FunctionType.get(
        op.operands.map((v) => v.type),
        op.resultTypes,
      ),
    );
  }
}

/** Inherent and discardable attributes merged and sorted, as MLIR's getAttrDictionary. */
export function allAttributes(op: Operation): NamedAttribute[] {
  const merged = new Map(op.attributesIfAny);
  const props = op.propertiesIfAny;
  if (props) for (const [k, v] of props) if (k !== '') merged.set(k, v);
  return DictionaryAttr.get(merged).entries as NamedAttribute[];
}

export function printOperation(op: Operation, options: PrintOptions = {}): string {
  return (options.elideElementsAttrsIfLarger === undefined ? new OpAsmPrinter(options) : new ElidingPrinter(options)).printTopLevel(op);
}

/** Elements attributes with more elements than this are elided in diagnostics (MLIR's Diagnostic::appendOp). */
const DIAGNOSTIC_ELEMENTS_LIMIT = 16;

/**
 * A printer that elides elements attributes of more than `elideElementsAttrsIfLarger` elements,
 * splats excepted, as `dense_resource<__elided__>` (MLIR's OpPrintingFlags::elideLargeElementsAttrs):
 * --mlir-elide-elementsattrs-if-larger, and ops in diagnostics (16). A subclass, so that ordinary
 * printing does not pay for the check.
 */
class ElidingPrinter extends OpAsmPrinter {
  private readonly limit = this.options.elideElementsAttrsIfLarger ?? DIAGNOSTIC_ELEMENTS_LIMIT;
  override attr(a: Attribute, elision: TypeElision = 'never'): void {
    if (!(a instanceof DenseElementsAttr) || a.isSplat || a.values.length <= this.limit) return super.attr(a, elision);
    this.write('dense_resource<__elided__>');
    if (elision !== 'must') {
      this.write(' : ');
      this.type(a.type);
    }
  }
}

/**
 * An op as MLIR's diagnostics print it (`diag << op` on an error): generic form, local scope,
 * large elements attributes elided.
 */
export function printOperationForDiagnostic(op: Operation, debugInfo = false): string {
  // An op with regions starts on a line of its own.
  return (op.regions.length > 0 ? '\n' : '') + new ElidingPrinter({ generic: true, debugInfo }).printNested(op);
}
