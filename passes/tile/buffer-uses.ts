import { segmentSizesAttr } from '../../core/ir/op-definition.js';
import type { Operation } from '../../core/ir/operation.js';
import type { OpOperand, Value } from '../../core/ir/value.js';
import { copySegments, CopyOp } from '../../dialects/async/index.js';
import { LoadOp as MemRefLoadOp, StoreOp as MemRefStoreOp } from '../../dialects/memref/index.js';
import { LoadOp, StoreOp } from '../../dialects/tile/index.js';

/**
 * A use of a buffer as the memref of an access whose indices follow it in the operand list:
 * `tile.load` source, `tile.store` / `async.copy` / `memref.store` destination, `memref.load`.
 */
export interface IndexedAccess {
  readonly user: Operation;
  /** The operand that is the buffer; its indices are the operands right after it. */
  readonly operandIndex: number;
  readonly kind: 'read' | 'write';
}

/** The access a use makes, or undefined when the use is not an indexed access of the buffer. */
export function indexedAccess(use: OpOperand): IndexedAccess | undefined {
  const { owner: user, index } = use;
  const access = (kind: 'read' | 'write') => ({ user, operandIndex: index, kind });
  if (LoadOp.isa(user) || MemRefLoadOp.isa(user)) return index === 0 ? access('read') : undefined;
  if (StoreOp.isa(user) || MemRefStoreOp.isa(user)) return index === 1 ? access('write') : undefined;
  if (CopyOp.isa(user)) return index === 1 + copySegments(user)[1] ? access('write') : undefined;
  return undefined;
}

/** Makes the access use `buffer`, with `leading` as a new first index. */
export function addLeadingIndex(access: IndexedAccess, buffer: Value, leading: Value): void {
  const { user, operandIndex } = access;
  const operands = user.operands;
  operands.splice(operandIndex, 1, buffer, leading);
  user.setOperands(operands);
  if (CopyOp.isa(user)) {
    const sizes = [...copySegments(user)];
    sizes[3]!++;
    user.properties.set('operandSegmentSizes', segmentSizesAttr(sizes));
  }
}
