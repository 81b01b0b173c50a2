import type { Attribute } from '../../core/ir/attributes.js';
import type { Block } from '../../core/ir/block.js';
import type { Operation } from '../../core/ir/operation.js';
import { stringHash } from '../../core/ir/op-definition.js';
import type { Region } from '../../core/ir/region.js';
import { hashIdOf, type OpOperand, type Value } from '../../core/ir/value.js';

/**
 * Structural equality of ops as MLIR's OperationEquivalence::isEquivalentTo with IgnoreLocations:
 * name, attributes, properties, operands (as multisets for commutative ops), result types,
 * successors and regions (values defined inside the two ops are matched up positionally).
 */
export function opsEquivalent(lhs: Operation, rhs: Operation): boolean {
  // Without regions nothing is mapped: the general comparison with empty maps, without the maps.
  if (lhs.regions.length === 0) return shallowEquivalent(lhs, rhs);
  return equivalent(lhs, rhs, new Map(), new Map());
}

function shallowEquivalent(lhs: Operation, rhs: Operation): boolean {
  if (lhs === rhs) return true;
  if (!sameShell(lhs, rhs)) return false;
  const ls = lhs.operandSlots;
  const rs = rhs.operandSlots;
  if (lhs.definition?.commutative) {
    if (!sameOperandMultiset(ls, rs)) return false;
  } else {
    for (let i = 0; i < ls.length; i++) if (ls[i]!.value !== rs[i]!.value) return false;
  }
  for (let i = 0; i < lhs.results.length; i++) if (lhs.results[i]!.type !== rhs.results[i]!.type) return false;
  return true;
}

/** Name, region/successor/operand/result counts, attributes and properties: checked first by both comparisons. */
function sameShell(lhs: Operation, rhs: Operation): boolean {
  return (
    lhs.name === rhs.name &&
    lhs.regions.length === rhs.regions.length &&
    lhs.successorSlots.length === rhs.successorSlots.length &&
    lhs.numOperands === rhs.numOperands &&
    lhs.results.length === rhs.results.length &&
    sameAttrs(lhs.attributesIfAny, rhs.attributesIfAny) &&
    sameAttrs(lhs.propertiesIfAny, rhs.propertiesIfAny)
  );
}

/** The operands as multisets (of equal size). */
function sameOperandMultiset(ls: readonly OpOperand[], rs: readonly OpOperand[]): boolean {
  // Two operands (binary ops, by far the most common) compare without a list.
  if (ls.length === 2) {
    const l0 = ls[0]!.value;
    const l1 = ls[1]!.value;
    const r0 = rs[0]!.value;
    const r1 = rs[1]!.value;
    return (l0 === r0 && l1 === r1) || (l0 === r1 && l1 === r0);
  }
  const remaining = rs.map((r) => r.value);
  for (let i = 0; i < ls.length; i++) {
    const k = remaining.indexOf(ls[i]!.value);
    if (k < 0) return false;
    remaining.splice(k, 1);
  }
  return true;
}

function sameAttrs(a: ReadonlyMap<string, Attribute> | undefined, b: ReadonlyMap<string, Attribute> | undefined): boolean {
  if (a === undefined || b === undefined) return a === b;
  if (a.size !== b.size) return false;
  sameAttrsOther = b;
  sameAttrsResult = true;
  a.forEach(checkSameAttr);
  sameAttrsOther = undefined;
  return sameAttrsResult;
}
// The state of sameAttrs, so that its callback is one function made once (no closure per call).
let sameAttrsOther: ReadonlyMap<string, Attribute> | undefined;
let sameAttrsResult = true;
function checkSameAttr(v: Attribute, k: string): void {
  if (sameAttrsResult && sameAttrsOther!.get(k) !== v) sameAttrsResult = false;
}

function equivalent(lhs: Operation, rhs: Operation, values: Map<Value, Value>, blocks: Map<Block, Block>): boolean {
  if (lhs === rhs) return true;
  if (!sameShell(lhs, rhs)) return false;
  const mapped = (v: Value) => values.get(v) ?? v;
  if (lhs.definition?.commutative) {
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

const nameHashes = new Map<string, number>();
/** Attribute names repeat: their hashes are kept. */
function cachedStringHash(s: string): number {
  let h = nameHashes.get(s);
  if (h === undefined) nameHashes.set(s, (h = stringHash(s)));
  return h;
}

function mix(h: number, x: number): number {
  h = Math.imul(h ^ x, 0x9e3779b1);
  return h ^ (h >>> 16);
}

/** Order-independent: attribute dictionaries compare as maps. */
function attrsHash(m: ReadonlyMap<string, Attribute> | undefined): number {
  if (m === undefined || m.size === 0) return 0;
  attrsHashSum = m.size;
  m.forEach(addToAttrsHash);
  return attrsHashSum;
}
// The running sum of attrsHash, so that its callback is one function made once (a closure over a
// local would be allocated per call).
let attrsHashSum = 0;
function addToAttrsHash(v: Attribute, k: string): void {
  attrsHashSum = (attrsHashSum + mix(cachedStringHash(k), v.id)) | 0;
}

/**
 * A hash consistent with `opsEquivalent` (MLIR's OperationEquivalence::computeHash): equivalent
 * ops get equal hashes; regions are left out, so ops with regions may share a hash and differ.
 */
export function opHash(op: Operation): number {
  let h = mix(op.definition?.nameHash ?? cachedStringHash(op.name), op.regions.length);
  const results = op.results;
  for (let i = 0; i < results.length; i++) h = mix(h, results[i]!.type.id);
  h = mix(h, attrsHash(op.propertiesIfAny));
  h = mix(h, attrsHash(op.attributesIfAny));
  const slots = op.operandSlots;
  if (op.definition?.commutative) {
    // Operands as a multiset.
    let sum = 0;
    for (let i = 0; i < slots.length; i++) sum = (sum + mix(0x27d4eb2f, hashIdOf(slots[i]!.value))) | 0;
    h = mix(h, sum);
  } else {
    for (let i = 0; i < slots.length; i++) h = mix(h, hashIdOf(slots[i]!.value));
  }
  return mix(h, slots.length);
}
