import { AttrMap } from './attr-map.js';
import { DictionaryAttr, type Attribute } from './attributes.js';
import type { Block } from './block.js';
import { UnknownLoc, type Location } from './location.js';
import type { OpDefinition } from './op-definition.js';
import { Region } from './region.js';
import type { Type } from './types.js';
import { BlockOperand, OpOperand, OpResult, type Value } from './value.js';

/** Everything needed to create an operation (MLIR's OperationState). */
export interface OperationState {
  name: string;
  definition?: OpDefinition | undefined;
  operands?: readonly Value[];
  resultTypes?: readonly Type[];
  /** Inherent attributes (printed `<{...}>` in generic form). */
  properties?: ReadonlyMap<string, Attribute> | Record<string, Attribute>;
  /** Discardable attributes. */
  attributes?: ReadonlyMap<string, Attribute> | Record<string, Attribute>;
  successors?: readonly Block[];
  /** A count of empty regions to create, or regions whose blocks are moved in. */
  regions?: number | readonly Region[];
  loc?: Location;
  /** Take over the `properties`/`attributes` Maps given (the caller drops them) instead of copying. */
  adoptMaps?: boolean;
}

export type WalkResult = void | 'skip' | 'interrupt';
export type WalkOrder = 'pre' | 'post';

/** The op's own map for `m`, or undefined when there is nothing to store. */
function toAttrMap(m: ReadonlyMap<string, Attribute> | Record<string, Attribute> | undefined, adopt: boolean): AttrMap | undefined {
  if (!m) return undefined;
  if (m instanceof AttrMap || m instanceof Map) {
    if (m.size === 0) return undefined;
    return adopt && m instanceof AttrMap ? m : new AttrMap(m);
  }
  const entries = Object.entries(m);
  return entries.length === 0 ? undefined : new AttrMap(entries);
}

// Operand, result and successor lists are packed arrays of objects, so that every access to them
// sees one array map besides the frozen empty lists': `Array.prototype.map` and `new Array(n)`
// make holey arrays, and a mix of kinds made the verifier and the passes deoptimize after the
// parser. The usual lengths are literals of exactly their size (`push` onto a short array
// reserves room for ~17 elements; longer lists are rare).
function operandSlotsFor(op: Operation, values: readonly Value[]): OpOperand[] {
  switch (values.length) {
    case 1:
      return [new OpOperand(values[0]!, op, 0)];
    case 2:
      return [new OpOperand(values[0]!, op, 0), new OpOperand(values[1]!, op, 1)];
    case 3:
      return [new OpOperand(values[0]!, op, 0), new OpOperand(values[1]!, op, 1), new OpOperand(values[2]!, op, 2)];
  }
  const slots = [new OpOperand(values[0]!, op, 0)];
  for (let i = 1; i < values.length; i++) slots.push(new OpOperand(values[i]!, op, i));
  return slots;
}
function resultsFor(op: Operation, types: readonly Type[]): OpResult[] {
  switch (types.length) {
    case 1:
      return [new OpResult(types[0]!, op, 0)];
    case 2:
      return [new OpResult(types[0]!, op, 0), new OpResult(types[1]!, op, 1)];
  }
  const results = [new OpResult(types[0]!, op, 0)];
  for (let i = 1; i < types.length; i++) results.push(new OpResult(types[i]!, op, i));
  return results;
}
function successorSlotsFor(op: Operation, blocks: readonly Block[]): BlockOperand[] {
  const slots = [new BlockOperand(blocks[0]!, op, 0)];
  for (let i = 1; i < blocks.length; i++) slots.push(new BlockOperand(blocks[i]!, op, i));
  return slots;
}
/** A count of empty regions, or regions whose blocks move into the op's own. */
function regionsFor(op: Operation, regions: number | readonly Region[]): Region[] {
  const own: Region[] = [];
  if (typeof regions === 'number') {
    for (let i = 0; i < regions; i++) own.push(new Region(op));
    return own;
  }
  for (const r of regions) {
    const region = new Region(op);
    r.takeBody(region);
    own.push(region);
  }
  return own;
}
/** The given properties plus the definition's materialized defaults they lack. */
function initialProperties(def: OpDefinition | undefined, given: OperationState['properties'], adopt: boolean): AttrMap | undefined {
  const own = toAttrMap(given, adopt);
  const defaults = def?.materializedDefaults;
  if (!defaults?.length) return own;
  // Ops given none of them share their kind's list of defaults until they change it.
  if (!own) return AttrMap.sharing(defaults);
  for (let i = 0; i < defaults.length; i += 2) if (!own.has(defaults[i] as string)) own.set(defaults[i] as string, defaults[i + 1] as Attribute);
  return own;
}

/**
 * The region, result and successor lists of ops created without any (these lists never change
 * once the op exists): shared frozen arrays, so that large IR holds (and walks load) no empty
 * array per op.
 */
const NO_REGIONS = Object.freeze([]) as readonly Region[] as Region[];
const NO_RESULTS: readonly OpResult[] = Object.freeze([]);
const NO_OPERANDS: readonly OpOperand[] = Object.freeze([]);
const NO_SUCCESSORS: readonly BlockOperand[] = Object.freeze([]);

/** A generic operation: the one concrete node class of the IR, as in MLIR. */
export class Operation {
  readonly name: string;
  /** The registered definition, or undefined for unregistered ops. */
  readonly definition: OpDefinition | undefined;
  /** Replaced as a whole by setOperands (never grown in place: an op without operands shares one frozen list). */
  operandSlots: OpOperand[];
  readonly results: OpResult[];
  // Created on first need: most ops have no discardable attributes, many no properties.
  private ownProperties: AttrMap | undefined;
  private ownAttributes: AttrMap | undefined;
  readonly successorSlots: BlockOperand[];
  readonly regions: Region[];
  loc: Location;

  parent: Block | undefined;
  prev: Operation | undefined;
  next: Operation | undefined;
  /** @internal position cache owned by the parent block. */
  cachedOrder = 0;
  /**
   * @internal the greedy rewrite driver whose worklist holds this op (0: none), and the op's slot
   * there. Numbers, so that marking old ops does not make the GC track pointers to new objects.
   */
  worklistOwner = 0;
  /** @internal */
  worklistIndex = 0;
  /** @internal the last verifier walk that finished with this op (see verifier.ts). */
  verifyStamp = 0;

  // The constructor runs for every op and is kept short: V8 optimizes it early and recompiles it
  // whenever its assumptions break (a long one took ~50 ms to compile, several times per run, while
  // the parser ran unoptimized). The less common parts are functions of their own, below.
  private constructor(state: OperationState) {
    const def = state.definition;
    const name = state.name;
    // The definition's copy of the name when they match: one shared (interned) string for all ops
    // of a kind, rather than one per parsed op, so that name comparisons and lookups are cheap.
    this.name = def !== undefined && def.name === name ? def.name : name;
    this.definition = def;
    this.loc = state.loc ?? UnknownLoc.get();
    const operands = state.operands;
    this.operandSlots = operands !== undefined && operands.length > 0 ? operandSlotsFor(this, operands) : (NO_OPERANDS as OpOperand[]);
    const resultTypes = state.resultTypes;
    this.results = resultTypes !== undefined && resultTypes.length > 0 ? resultsFor(this, resultTypes) : (NO_RESULTS as OpResult[]);
    const properties = state.properties;
    this.ownProperties = properties === undefined && (def === undefined || def.materializedDefaults.length === 0) ? undefined : initialProperties(def, properties, state.adoptMaps === true);
    const attributes = state.attributes;
    this.ownAttributes = attributes === undefined ? undefined : toAttrMap(attributes, state.adoptMaps === true);
    const successors = state.successors;
    this.successorSlots = successors !== undefined && successors.length > 0 ? successorSlotsFor(this, successors) : (NO_SUCCESSORS as BlockOperand[]);
    const regions = state.regions;
    this.regions = regions === undefined || regions === 0 || (typeof regions !== 'number' && regions.length === 0) ? NO_REGIONS : regionsFor(this, regions);
  }

  static create(state: OperationState): Operation {
    return new Operation(state);
  }

  get dialect(): string {
    if (this.definition) return this.definition.dialect;
    const dot = this.name.indexOf('.');
    return dot < 0 ? '' : this.name.slice(0, dot);
  }
  get isRegistered(): boolean {
    return this.definition !== undefined;
  }

  // ---- operands / results / successors
  get operands(): Value[] {
    const slots = this.operandSlots;
    const values: Value[] = [];
    for (let i = 0; i < slots.length; i++) values.push(slots[i]!.value);
    return values;
  }
  get numOperands(): number {
    return this.operandSlots.length;
  }
  operand(i: number): Value {
    const slot = this.operandSlots[i];
    if (!slot) throw new Error(`operand #${i} out of range for '${this.name}'`);
    return slot.value;
  }
  setOperand(i: number, v: Value): void {
    this.operandSlots[i]!.set(v);
  }
  /** Replace the whole operand list (segment sizes are the caller's business). */
  setOperands(values: readonly Value[]): void {
    for (const slot of this.operandSlots) slot.drop();
    this.operandSlots = values.length > 0 ? operandSlotsFor(this, values) : (NO_OPERANDS as OpOperand[]);
  }
  get result(): OpResult {
    if (this.results.length !== 1) throw new Error(`'${this.name}' has ${this.results.length} results, expected one`);
    return this.results[0]!;
  }
  get resultTypes(): Type[] {
    return this.results.map((r) => r.type);
  }
  get successors(): Block[] {
    return this.successorSlots.map((s) => s.block);
  }
  setSuccessor(i: number, block: Block): void {
    this.successorSlots[i]!.set(block);
  }
  region(i = 0): Region {
    const r = this.regions[i];
    if (!r) throw new Error(`region #${i} out of range for '${this.name}'`);
    return r;
  }
  get hasResultsUsed(): boolean {
    const results = this.results;
    for (let i = 0; i < results.length; i++) if (results[i]!.useCount > 0) return true;
    return false;
  }

  // ---- attributes
  /** Inherent attributes (printed `<{...}>` in generic form); created on first access. */
  get properties(): Map<string, Attribute> {
    return (this.ownProperties ??= new AttrMap());
  }
  /** Discardable attributes; created on first access. */
  get attributes(): Map<string, Attribute> {
    return (this.ownAttributes ??= new AttrMap());
  }
  /** The properties without creating a map: undefined when there are none. */
  get propertiesIfAny(): ReadonlyMap<string, Attribute> | undefined {
    return this.ownProperties?.size ? this.ownProperties : undefined;
  }
  /** The discardable attributes without creating a map: undefined when there are none. */
  get attributesIfAny(): ReadonlyMap<string, Attribute> | undefined {
    return this.ownAttributes?.size ? this.ownAttributes : undefined;
  }
  /** An inherent (property) or discardable attribute by name; properties first, as MLIR's getAttr. */
  getAttr(name: string): Attribute | undefined {
    return this.ownProperties?.get(name) ?? this.ownAttributes?.get(name);
  }
  /** Whether the op's properties are its definition's materialized defaults, shared and unchanged. */
  get propertiesAreDefaults(): boolean {
    const own = this.ownProperties;
    return own !== undefined && this.definition !== undefined && own.sharesItems(this.definition.materializedDefaults);
  }
  /** An inherent attribute by name, without creating a map. */
  getProperty(name: string): Attribute | undefined {
    return this.ownProperties?.get(name);
  }
  /** Sets an inherent attribute if the op declares `name`, else a discardable one. */
  setAttr(name: string, value: Attribute): void {
    if (this.definition?.isInherentAttr(name)) this.properties.set(name, value);
    else this.attributes.set(name, value);
  }
  removeAttr(name: string): boolean {
    return (this.ownProperties?.delete(name) ?? false) || (this.ownAttributes?.delete(name) ?? false);
  }
  get discardableAttrDict(): DictionaryAttr {
    return DictionaryAttr.get(this.ownAttributes ?? []);
  }

  // ---- structure
  get parentRegion(): Region | undefined {
    return this.parent?.parent;
  }
  get parentOp(): Operation | undefined {
    return this.parent?.parent?.parent;
  }
  /** The closest ancestor (not self) satisfying `pred`. */
  parentOfType(pred: (op: Operation) => boolean): Operation | undefined {
    for (let p = this.parentOp; p; p = p.parentOp) if (pred(p)) return p;
    return undefined;
  }
  isAncestorOf(other: Operation): boolean {
    for (let p: Operation | undefined = other; p; p = p.parentOp) if (p === this) return true;
    return false;
  }
  isBeforeInBlock(other: Operation): boolean {
    if (!this.parent || this.parent !== other.parent) throw new Error('operations are not in the same block');
    return this.parent.isBefore(this, other);
  }
  hasTrait(trait: string): boolean {
    return this.definition?.traitNames.has(trait) ?? false;
  }

  /** Unlink from the parent block; the op stays alive and may be inserted elsewhere. */
  remove(): void {
    this.parent?.remove(this);
  }
  moveBefore(other: Operation): void {
    this.remove();
    other.parent!.insertBefore(this, other);
  }
  moveAfter(other: Operation): void {
    this.remove();
    other.parent!.insertBefore(this, other.next);
  }

  /**
   * Destroy this op and everything nested in it. Refuses while a result is still used
   * outside the op itself.
   */
  erase(): void {
    const results = this.results;
    for (let i = 0; i < results.length; i++) {
      const r = results[i]!;
      for (let use = r.firstUse; use; use = use.nextUse) {
        if (!this.isAncestorOf(use.owner)) {
          throw new Error(`cannot erase '${this.name}': result #${r.index} is still used by '${use.owner.name}'`);
        }
      }
    }
    this.remove();
    this.dropAllReferences();
  }
  /** Unlink every use of the op's results (MLIR's Operation::dropAllUses). */
  dropAllUses(): void {
    const results = this.results;
    for (let i = 0; i < results.length; i++) results[i]!.dropAllUses();
  }
  /** Drop every operand, successor and nested reference, so that the op can be discarded. */
  dropAllReferences(): void {
    const operands = this.operandSlots;
    for (let i = 0; i < operands.length; i++) operands[i]!.drop();
    const successors = this.successorSlots;
    for (let i = 0; i < successors.length; i++) successors[i]!.drop();
    const regions = this.regions;
    for (let r = 0; r < regions.length; r++) {
      const blocks = regions[r]!.blocks;
      for (let b = 0; b < blocks.length; b++) for (let op = blocks[b]!.first; op; op = op.next) op.dropAllReferences();
    }
  }
  replaceAllUsesWith(values: readonly Value[]): void {
    if (values.length !== this.results.length) throw new Error(`'${this.name}': replacing ${this.results.length} results with ${values.length} values`);
    this.results.forEach((r, i) => r.replaceAllUsesWith(values[i]!));
  }

  /**
   * Visit this op and all nested ops. Return 'skip' (pre-order only) to skip an op's regions,
   * 'interrupt' to stop. Returns 'interrupt' if the walk was interrupted.
   * Safe against erasure of the visited op in post-order.
   */
  walk(fn: (op: Operation) => WalkResult, order: WalkOrder = 'post'): 'interrupt' | void {
    if (order === 'pre') {
      const r = fn(this);
      if (r === 'interrupt') return 'interrupt';
      if (r === 'skip') return;
    }
    // Indexed loops and the blocks' lists directly (no iterator objects in this recursive walk);
    // `next` is read before visiting, so the visited op may be erased.
    const regions = this.regions;
    for (let r = 0; r < regions.length; r++) {
      const blocks = regions[r]!.blocks;
      for (let b = 0; b < blocks.length; b++) {
        const block = blocks[b]!;
        for (let op = block.first; op; ) {
          const next: Operation | undefined = op.next;
          // Most ops have no regions: visited here, without a recursive call.
          if (op.regions.length === 0) {
            if (fn(op) === 'interrupt') return 'interrupt';
          } else if (op.walk(fn, order) === 'interrupt') return 'interrupt';
          op = next;
        }
      }
    }
    if (order === 'post' && fn(this) === 'interrupt') return 'interrupt';
  }

  /** Deep copy; values defined outside are remapped through `mapping` when present there. */
  clone(mapping: IRMapping = new IRMapping()): Operation {
    const op = this.cloneWithoutRegions(mapping);
    this.regions.forEach((r, i) => cloneRegionInto(r, op.regions[i]!, mapping));
    return op;
  }
  cloneWithoutRegions(mapping: IRMapping = new IRMapping()): Operation {
    const op = Operation.create({
      name: this.name,
      definition: this.definition,
      operands: this.operands.map((v) => mapping.lookupOrSelf(v)),
      resultTypes: this.resultTypes,
      properties: this.ownProperties,
      attributes: this.ownAttributes,
      successors: this.successors.map((b) => mapping.lookupBlockOrSelf(b)),
      regions: this.regions.length,
      loc: this.loc,
    });
    this.results.forEach((r, i) => mapping.map(r, op.results[i]!));
    return op;
  }
}

/** Value and block correspondence used when cloning (MLIR's IRMapping). */
export class IRMapping {
  private readonly values = new Map<Value, Value>();
  private readonly blocks = new Map<Block, Block>();
  map(from: Value, to: Value): void {
    this.values.set(from, to);
  }
  mapBlock(from: Block, to: Block): void {
    this.blocks.set(from, to);
  }
  lookup(v: Value): Value | undefined {
    return this.values.get(v);
  }
  lookupOrSelf(v: Value): Value {
    return this.values.get(v) ?? v;
  }
  lookupBlockOrSelf(b: Block): Block {
    return this.blocks.get(b) ?? b;
  }
}

/** Clone the blocks of `from` to the end of `to`, remapping arguments, values and successors. */
export function cloneRegionInto(from: Region, to: Region, mapping: IRMapping): void {
  // Blocks first, so that forward branches can be remapped.
  const newBlocks = from.blocks.map((b) => {
    const nb = new (b.constructor as new () => Block)();
    for (const a of b.arguments) {
      const na = nb.addArgument(a.type, a.loc);
      na.nameHint = a.nameHint;
      mapping.map(a, na);
    }
    mapping.mapBlock(b, nb);
    return nb;
  });
  from.blocks.forEach((b, i) => {
    const nb = newBlocks[i]!;
    to.appendBlock(nb);
    for (const op of b) nb.append(op.cloneWithoutRegions(mapping));
  });
  // Uses that precede their definition in block order (other blocks, graph regions) are remapped
  // once every value of this level exists; nested regions are cloned after that for the same reason.
  for (const nb of newBlocks) {
    for (const op of nb) for (const slot of op.operandSlots) slot.set(mapping.lookupOrSelf(slot.value));
  }
  from.blocks.forEach((b, i) => {
    const clones = newBlocks[i]!.ops;
    b.ops.forEach((op, j) => op.regions.forEach((r, k) => cloneRegionInto(r, clones[j]!.regions[k]!, mapping)));
  });
}
