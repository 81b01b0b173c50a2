import type { Block } from './block.js';
import type { Location } from './location.js';
import type { Operation } from './operation.js';
import type { Type } from './types.js';

/** One use of a value: operand `index` of `owner`. */
export class OpOperand {
  constructor(private current: Value, readonly owner: Operation, public index: number) {
    current.uses.add(this);
    current.useCount = current.uses.size;
  }
  get value(): Value {
    return this.current;
  }
  set(value: Value): void {
    if (value === this.current) return;
    this.drop();
    this.current = value;
    value.uses.add(this);
    value.useCount = value.uses.size;
  }
  drop(): void {
    const uses = this.current.uses;
    uses.delete(this);
    this.current.useCount = uses.size;
  }
}

/** An SSA value: an operation result or a block argument. Keeps its uses (O(1) add/remove). */
export abstract class Value {
  readonly uses = new Set<OpOperand>();
  /** @internal `uses.size`, kept by OpOperand: reading it does not touch the set (a cold object in large IR). */
  useCount = 0;
  constructor(public type: Type) {}

  abstract get parentBlock(): Block | undefined;
  /** The operation defining this value, if it is a result. */
  abstract get definingOp(): Operation | undefined;

  get hasUses(): boolean {
    return this.useCount > 0;
  }
  get hasOneUse(): boolean {
    return this.useCount === 1;
  }
  users(): Operation[] {
    return [...new Set([...this.uses].map((u) => u.owner))];
  }
  replaceAllUsesWith(other: Value): void {
    if (other === this) return;
    for (const use of [...this.uses]) use.set(other);
  }
  replaceUsesWithIf(other: Value, pred: (use: OpOperand) => boolean): void {
    for (const use of [...this.uses]) if (pred(use)) use.set(other);
  }
  /** The region holding the definition. */
  get parentRegion() {
    return this.parentBlock?.parent;
  }
}

export class OpResult extends Value {
  constructor(type: Type, readonly owner: Operation, readonly index: number) {
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
  constructor(type: Type, readonly owner: Block, public index: number, public loc: Location) {
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
  constructor(private current: Block, readonly owner: Operation, readonly index: number) {
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
