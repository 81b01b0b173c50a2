import type { Attribute } from '../../core/ir/attributes.js';
import type { Block } from '../../core/ir/block.js';
import type { Operation } from '../../core/ir/operation.js';
import type { Region } from '../../core/ir/region.js';
import type { Value } from '../../core/ir/value.js';

/**
 * Structural equality of ops as MLIR's OperationEquivalence::isEquivalentTo with IgnoreLocations:
 * name, attributes, properties, operands (as multisets for commutative ops), result types,
 * successors and regions (values defined inside the two ops are matched up positionally).
 */
export function opsEquivalent(lhs: Operation, rhs: Operation): boolean {
  return equivalent(lhs, rhs, new Map(), new Map());
}

function sameAttrs(a: ReadonlyMap<string, Attribute>, b: ReadonlyMap<string, Attribute>): boolean {
  if (a.size !== b.size) return false;
  for (const [k, v] of a) if (b.get(k) !== v) return false;
  return true;
}

function equivalent(lhs: Operation, rhs: Operation, values: Map<Value, Value>, blocks: Map<Block, Block>): boolean {
  if (lhs === rhs) return true;
  if (
    lhs.name !== rhs.name ||
    lhs.regions.length !== rhs.regions.length ||
    lhs.successorSlots.length !== rhs.successorSlots.length ||
    lhs.numOperands !== rhs.numOperands ||
    lhs.results.length !== rhs.results.length ||
    !sameAttrs(lhs.attributes, rhs.attributes) ||
    !sameAttrs(lhs.properties, rhs.properties)
  ) {
    return false;
  }
  const mapped = (v: Value) => values.get(v) ?? v;
  if (lhs.hasTrait('Commutative')) {
    const remaining = rhs.operands;
    for (const l of lhs.operands) {
      const i = remaining.indexOf(mapped(l));
      if (i < 0) return false;
      remaining.splice(i, 1);
    }
  } else {
    for (let i = 0; i < lhs.numOperands; i++) {
      const l = lhs.operand(i);
      const r = rhs.operand(i);
      if (l !== r && (l.type !== r.type || values.get(l) !== r)) return false;
    }
  }
  for (let i = 0; i < lhs.results.length; i++) {
    if (lhs.results[i]!.type !== rhs.results[i]!.type) return false;
    values.set(lhs.results[i]!, rhs.results[i]!);
  }
  for (let i = 0; i < lhs.regions.length; i++) if (!regionsEquivalent(lhs.regions[i]!, rhs.regions[i]!, values, blocks)) return false;
  return true;
}

function regionsEquivalent(lhs: Region, rhs: Region, values: Map<Value, Value>, blocks: Map<Block, Block>): boolean {
  if (lhs.blocks.length !== rhs.blocks.length) return false;
  const mapBlock = (l: Block, r: Block) => {
    const known = blocks.get(l);
    if (known === undefined) blocks.set(l, r);
    return known === undefined || known === r;
  };
  for (let b = 0; b < lhs.blocks.length; b++) {
    const lb = lhs.blocks[b]!;
    const rb = rhs.blocks[b]!;
    if (lb.numArguments !== rb.numArguments || !mapBlock(lb, rb)) return false;
    for (let i = 0; i < lb.numArguments; i++) {
      if (lb.arguments[i]!.type !== rb.arguments[i]!.type) return false;
      values.set(lb.arguments[i]!, rb.arguments[i]!);
    }
    let l = lb.first;
    let r = rb.first;
    for (; l && r; l = l.next, r = r.next) {
      if (!equivalent(l, r, values, blocks)) return false;
      for (let s = 0; s < l.successorSlots.length; s++) if (!mapBlock(l.successors[s]!, r.successors[s]!)) return false;
    }
    if (l || r) return false;
  }
  return true;
}

const valueIds = new WeakMap<Value, number>();
let nextValueId = 1;
function valueId(v: Value): number {
  let id = valueIds.get(v);
  if (id === undefined) valueIds.set(v, (id = nextValueId++));
  return id;
}

/**
 * A hash key consistent with `opsEquivalent` (MLIR's OperationEquivalence::computeHash): equal
 * ops get equal keys; regions are left out, so ops with regions may share a key and differ.
 */
export function opHashKey(op: Operation): string {
  const operands = op.operands.map(valueId);
  if (op.hasTrait('Commutative')) operands.sort((a, b) => a - b);
  const attrs = (m: ReadonlyMap<string, Attribute>) => [...m].map(([k, v]) => `${k}=${v.id}`).sort().join(',');
  return `${op.name}|${op.resultTypes.map((t) => t.id).join(',')}|${attrs(op.properties)}|${attrs(op.attributes)}|${operands.join(',')}|${op.regions.length}`;
}
