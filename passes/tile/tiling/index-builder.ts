import { IntegerAttr } from '../../../core/ir/attributes.js';
import type { Block } from '../../../core/ir/block.js';
import type { Operation } from '../../../core/ir/operation.js';
import { IndexType, MemRefType } from '../../../core/ir/types.js';
import type { Value } from '../../../core/ir/value.js';
import { CeilDivUIOp, ConstantOp, DivUIOp, MaxUIOp, RemUIOp } from '../../../dialects/arith/index.js';
import { DimOp } from '../../../dialects/memref/index.js';
import { ArithBuilder } from '../../../dialects/arith/builder.js';

/**
 * A builder for the index arithmetic of tiled code. Index constants and `memref.dim`s are made
 * once per builder; `hoistConstantsBefore` gathers the constants at the top of the code built.
 */
export class IndexBuilder extends ArithBuilder {
  private readonly constants = new Map<number, Value>();
  private readonly dims = new Map<Value, Map<number, Value>>();
  /** The values of indices this builder made that are known now (constants, static dims, their tile counts). */
  private readonly known = new Map<Value, number>();
  /** The constants and dims, which later calls return again. */
  private readonly reused = new Set<Value>();

  index(n: number): Value {
    let c = this.constants.get(n);
    if (!c) {
      const type = IndexType.get();
      c = this.build(ConstantOp, { attributes: { value: IntegerAttr.get(type, n) }, resultTypes: [type] }).result;
      this.constants.set(n, c);
      this.known.set(c, n);
      this.reused.add(c);
    }
    return c;
  }

  /** The value of an index this builder made, when it is known at compile time. */
  knownIndex(v: Value): number | undefined {
    return this.known.get(v);
  }

  /** Erases the op that made `v` when nothing uses it and the builder does not keep it for reuse. */
  discard(v: Value): void {
    const op = v.definingOp;
    if (!op || v.hasUses || this.reused.has(v)) return;
    this.known.delete(v);
    op.erase();
  }

  /** `memref.dim %m, d`, built once per memref and dimension. */
  dim(memref: Value, d: number): Value {
    let perMemref = this.dims.get(memref);
    if (!perMemref) this.dims.set(memref, (perMemref = new Map()));
    let v = perMemref.get(d);
    if (!v) {
      v = this.build(DimOp, { operands: { source: memref, index: this.index(d) }, resultTypes: [IndexType.get()] }).result;
      perMemref.set(d, v);
      this.reused.add(v);
      const extent = memref.type instanceof MemRefType ? memref.type.shape[d] : undefined;
      if (extent !== undefined && extent >= 0) this.known.set(v, extent);
    }
    return v;
  }

  divU(lhs: Value, rhs: Value): Value {
    return this.binary(DivUIOp, lhs, rhs);
  }
  remU(lhs: Value, rhs: Value): Value {
    return this.binary(RemUIOp, lhs, rhs);
  }
  maxU(lhs: Value, rhs: Value): Value {
    return this.binary(MaxUIOp, lhs, rhs);
  }
  ceilDivU(lhs: Value, rhs: Value): Value {
    return this.binary(CeilDivUIOp, lhs, rhs);
  }
  /** v * n (v itself for n = 1). */
  scale(v: Value, n: number): Value {
    return n === 1 ? v : this.mul(v, this.index(n));
  }
  /** ceil(v / n) (v itself for n = 1): how many tiles of n cover v elements. */
  tileCount(v: Value, n: number): Value {
    if (n === 1) return v;
    const count = this.binary(CeilDivUIOp, v, this.index(n));
    const extent = this.known.get(v);
    if (extent !== undefined) this.known.set(count, Math.ceil(extent / n));
    return count;
  }

  /**
   * Gather the constants built so far in `block`, after `after` (at its start when undefined), in
   * increasing order: index code reads better with its constants on top.
   */
  hoistConstants(block: Block, after: Operation | undefined): void {
    const ops = [...this.constants.entries()].sort(([a], [b]) => a - b).map(([, c]) => c.definingOp!);
    for (const op of ops) op.remove();
    const before = after ? after.next : block.first;
    for (const op of ops) block.insertBefore(op, before);
  }
}
