import { Block } from './block.js';
import type { Operation } from './operation.js';

/** A list of blocks owned by an operation. */
export class Region {
  readonly blocks: Block[] = [];
  constructor(public parent: Operation | undefined = undefined) {}

  get empty(): boolean {
    return this.blocks.length === 0;
  }
  get entry(): Block | undefined {
    return this.blocks[0];
  }
  /** The entry block, created when missing. */
  ensureEntry(): Block {
    return this.entry ?? this.appendBlock(new Block());
  }
  appendBlock(block: Block): Block {
    block.parent = this;
    this.blocks.push(block);
    return block;
  }
  insertBlock(block: Block, index: number): Block {
    block.parent = this;
    this.blocks.splice(index, 0, block);
    return block;
  }
  removeBlock(block: Block): void {
    const i = this.blocks.indexOf(block);
    if (i >= 0) this.blocks.splice(i, 1);
    block.parent = undefined;
  }
  /** Move all blocks of this region to the end of `target`. */
  takeBody(target: Region): void {
    for (const b of this.blocks) target.appendBlock(b);
    this.blocks.length = 0;
  }
  /** The closest ancestor region that contains `other`, or whether this region is an ancestor of it. */
  isAncestorOf(other: Region | undefined): boolean {
    for (let r = other; r; r = r.parent?.parent?.parent) if (r === this) return true;
    return false;
  }
  /**
   * The blocks reachable from the entry, each after its successors (LLVM's post_order), found
   * without recursion (deep CFGs must not overflow the stack). Successors outside this region are
   * not followed (invalid IR may have them).
   */
  postOrderBlocks(): Block[] {
    const entry = this.entry;
    if (!entry) return [];
    if (!entry.last || entry.last.successorSlots.length === 0) return [entry];
    const order: Block[] = [];
    const visited = new Set<Block>([entry]);
    const stack: { block: Block; next: number }[] = [{ block: entry, next: 0 }];
    while (stack.length > 0) {
      const top = stack[stack.length - 1]!;
      const succs = top.block.last?.successorSlots ?? [];
      if (top.next < succs.length) {
        const s = succs[top.next++]!.block;
        if (!visited.has(s) && s.parent === this) {
          visited.add(s);
          stack.push({ block: s, next: 0 });
        }
        continue;
      }
      order.push(top.block);
      stack.pop();
    }
    return order;
  }
  *ops(): IterableIterator<Operation> {
    for (const b of this.blocks) yield* b;
  }
}
