import type { Block } from './block.js';
import type { Location } from './location.js';
import type { Operation } from './operation.js';
import type { Type } from './types.js';

/**
 * One use of a value: operand `index` of `owner`. Uses form an intrusive doubly linked list on
 * their value (newest first, as MLIR's use lists), so that large IR holds no set per value.
 */
export class OpOperand {
  /** The next use of the same value (older). */
  nextUse: OpOperand | undefined = undefined;
  /** @internal */
  prevUse: OpOperand | undefined = undefined;
  constructor(
    private current: Value,
    readonly owner: Operation,
    public index: number,
  ) {
    current.linkUse(this);
  }
  get value(): Value {
    return this.current;
  }
  set(value: Value): void {
    if (value === this.current) return;
    this.current.unlinkUse(this);
    this.current = value;
    value.linkUse(this);
  }
  drop(): void {
    this.current.unlinkUse(this);
  }
}

/** An SSA value: an operation result or a block argument. Keeps its uses (O(1) add/remove). */
export abstract class Value {
  /** The most recent use; follow `nextUse` for the others. */
  firstUse: OpOperand | undefined = undefined;
  useCount = 0;
  /** @internal a number for hash tables (0: none yet), given out by `hashIdOf`. */
  hashId = 0;
  constructor(public type: Type) {}

  abstract get parentBlock(): Block | undefined;
  /** The operation defining this value, if it is a result. */
  abstract get definingOp(): Operation | undefined;

  /** @internal */
  linkUse(use: OpOperand): void {
    const first = this.firstUse;
    use.nextUse = first;
    use.prevUse = undefined;
    if (first) first.prevUse = use;
    this.firstUse = use;
    this.useCount++;
  }
  /** @internal a no-op for a use that is not linked here (already dropped). */
  unlinkUse(use: OpOperand): void {
    if (use.prevUse) use.prevUse.nextUse = use.nextUse;
    else if (this.firstUse === use) this.firstUse = use.nextUse;
    else return;
    if (use.nextUse) use.nextUse.prevUse = use.prevUse;
    use.prevUse = use.nextUse = undefined;
    this.useCount--;
  }

  /** The uses, newest first: a snapshot, safe to iterate while uses change. */
  get uses(): OpOperand[] {
    const list: OpOperand[] = [];
    for (let u = this.firstUse; u; u = u.nextUse) list.push(u);
    return list;
  }
  get hasUses(): boolean {
    return this.useCount > 0;
  }
  get hasOneUse(): boolean {
    return this.useCount === 1;
  }
  /** The distinct operations using this value. */
  users(): Operation[] {
    const owners = new Set<Operation>();
    for (let u = this.firstUse; u; u = u.nextUse) owners.add(u.owner);
    return [...owners];
  }
  /** Unlink every use (the users keep pointing here; MLIR's dropAllUses). */
  dropAllUses(): void {
    while (this.firstUse) this.firstUse.drop();
  }
  replaceAllUsesWith(other: Value): void {
    if (other === this) return;
    while (this.firstUse) this.firstUse.set(other);
  }
  replaceUsesWithIf(other: Value, pred: (use: OpOperand) => boolean): void {
    if (other === this) return;
    for (const use of this.uses) if (pred(use)) use.set(other);
  }
  /** The region holding the definition. */
  get parentRegion() {
    return this.parentBlock?.parent;
  }
}

export class OpResult extends Value {
  constructor(
    type: Type,
    readonly owner: Operation,
    readonly index: number,
  ) {
    super(type);
  }
  get parentBlock(): Block | undefined {
    return this.owner.parent;
  }
  get definingOp(): Operation {
    return this.owner;
  }
}

export class BlockArgument extends Value {
  /**
   * The name the argument had in the source (`X` for `%X`), kept by the parser, and by clones and
   * 1:1 signature conversions; the printer prints it for a function's parameters (`%X` in place of
   * `%arg0`), so that their names survive compilation. Undefined: no name to keep.
   */
  nameHint: string | undefined = undefined;
  constructor(
    type: Type,
    readonly owner: Block,
    public index: number,
    public loc: Location,
  ) {
    super(type);
  }
  get parentBlock(): Block {
    return this.owner;
  }
  get definingOp(): undefined {
    return undefined;
  }
}

/** A successor slot of a terminator: the use of a block. */
export class BlockOperand {
  constructor(
    private current: Block,
    readonly owner: Operation,
    readonly index: number,
  ) {
    current.predecessorUses.add(this);
  }
  get block(): Block {
    return this.current;
  }
  set(block: Block): void {
    this.current.predecessorUses.delete(this);
    this.current = block;
    block.predecessorUses.add(this);
  }
  drop(): void {
    this.current.predecessorUses.delete(this);
  }
}

let nextHashId = 1;
/**
 * A number that stays with `v` for its lifetime, for hashing values (CSE, op equivalence): a field
 * rather than a WeakMap entry per value (large WeakMaps cost every garbage collection).
 */
export function hashIdOf(v: Value): number {
  return v.hashId !== 0 ? v.hashId : (v.hashId = nextHashId++);
}
