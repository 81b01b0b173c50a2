import { Attribute, IntegerAttr } from '../ir/attributes.js';
import type { Block } from '../ir/block.js';
import type { Region } from '../ir/region.js';
import { UnknownLoc } from '../ir/location.js';
import type { Operation } from '../ir/operation.js';
import type { Type } from '../ir/types.js';
import type { Value } from '../ir/value.js';
import type { PatternRewriter } from './rewriter.js';

/** The constant attribute an op produces, if it is constant-like (MLIR's m_Constant). */
const NO_OPERANDS: readonly (Attribute | undefined)[] = [];

export function constantValueOfOp(op: Operation): Attribute | undefined {
  const def = op.definition;
  if (!def?.constantLike) return undefined;
  const folded = def.folder?.(op, NO_OPERANDS);
  if (folded instanceof Attribute) return folded;
  return op.getAttr('value');
}

/** The constant value of `v`, if its defining op is constant-like. */
export function constantValue(v: Value): Attribute | undefined {
  const def = v.definingOp;
  return def ? constantValueOfOp(def) : undefined;
}

/** The constant integer `v` holds (a scalar IntegerAttr), if it is one. */
export function constantInt(v: Value): bigint | undefined {
  const c = constantValue(v);
  return c instanceof IntegerAttr ? c.value : undefined;
}

/**
 * Fold `op` given the constant values of its operands (MLIR's Operation::fold): the op's own
 * folder, then the folds its traits imply when that failed or updated in place (Commutative:
 * constant operands move to the end). Returns the results (existing values or attributes), an
 * empty list when the op was updated in place, or undefined when nothing folded.
 */
export function foldOperation(op: Operation, operands: readonly (Attribute | undefined)[]): (Attribute | Value)[] | undefined {
  const folded = op.definition?.folder?.(op, operands);
  if (folded === undefined) return foldTraits(op, operands) ? [] : undefined;
  const results = Array.isArray(folded) ? folded : [folded];
  // The op's own results (an empty list for an op without results) mean it was updated in place.
  let inPlace = results.length === op.results.length;
  for (let i = 0; inPlace && i < results.length; i++) inPlace = results[i] === op.results[i];
  if (results.length > 0 && !inPlace) return results;
  if (foldTraits(op, operands)) return [];
  return inPlace ? [] : undefined;
}

/** Trait folders (MLIR's foldTraits); true when `op` was updated in place. */
function foldTraits(op: Operation, operands: readonly (Attribute | undefined)[]): boolean {
  if (!op.definition?.commutative || op.numOperands < 2) return false;
  // Stable partition of the operands from the first constant: non-constants first.
  let first = -1;
  for (let i = 0; i < operands.length; i++) {
    if (operands[i] !== undefined) {
      first = i;
      break;
    }
  }
  if (first < 0) return false;
  // Already partitioned (every operand from the first constant on is constant): nothing moves.
  let partitioned = true;
  for (let i = first + 1; partitioned && i < operands.length; i++) partitioned = operands[i] !== undefined;
  if (partitioned && operands.length === op.numOperands) return false;
  // A non-constant follows a constant: the order changes. Read the values before moving any.
  const slots = op.operandSlots;
  const n = operands.length;
  const constants: Value[] = [];
  let k = first;
  for (let i = first; i < n; i++) {
    const v = slots[i]!.value;
    if (operands[i] === undefined) {
      if (slots[k]!.value !== v) op.setOperand(k, v);
      k++;
    } else {
      constants.push(v);
    }
  }
  for (let i = 0; i < constants.length; i++, k++) if (slots[k]!.value !== constants[i]) op.setOperand(k, constants[i]!);
  return true;
}

/**
 * Folds ops and keeps constants unique per region (MLIR's OperationFolder): constants live at the
 * start of the entry block of the closest isolated-from-above region, one op per (dialect, value, type).
 */
export class OperationFolder {
  private readonly scopes = new Map<Region, ConstantScope>();
  private readonly owned = new Set<Operation>();

  constructor(
    private readonly rewriter: PatternRewriter,
    /** Whether hoisted and deduplicated constants keep their locations (see GreedyConfig.keepConstantLocations). */
    private readonly keepLocations = false,
  ) {}

  /** The region constants of `block` are materialized in. */
  insertionRegion(block: Block): Region {
    let region = block.parent!;
    for (;;) {
      const owner = region.parent;
      // An unregistered parent might be isolated from above (MLIR's mightHaveTrait).
      if (!owner || !owner.definition || owner.definition.isolatedFromAbove || !owner.parent?.parent) return region;
      region = owner.parent.parent;
    }
  }

  /**
   * Register an existing constant op: returns false when it was replaced by an equal constant
   * already known (and erased); otherwise it is moved to the front of its insertion block.
   */
  insertKnownConstant(op: Operation, value: Attribute = constantValueOfOp(op)!): boolean {
    const region = this.insertionRegion(op.parent!);
    const scope = this.scopeOf(region);
    const dialect = op.dialect;
    const type = op.results[0]!.type;
    const existing = scope.get(dialect, value, type);
    if (existing === op) return true;
    if (existing) {
      this.rewriter.replaceOp(op, existing.results);
      // It now stands for constants from several places: no one location is right (MLIR's
      // erasedFoldedLocation).
      if (!this.keepLocations) existing.loc = UnknownLoc.get();
      return false;
    }
    scope.set(dialect, value, type, op);
    this.owned.add(op);
    const block = region.entry!;
    if (op.parent !== block || (block.first !== op && !(op.prev && this.owned.has(op.prev)))) {
      op.remove();
      // A move, not a change: MLIR's folder does not report it either. Hoisted, the op no longer
      // sits where its location says.
      block.insertBefore(op, block.first);
      if (!this.keepLocations) op.loc = UnknownLoc.get();
    }
    return true;
  }

  /** Forget a constant that is being erased. */
  notifyRemoval(op: Operation): void {
    if (!this.owned.delete(op)) return;
    for (const scope of this.scopes.values()) scope.forget(op);
  }

  isFolderOwnedConstant(op: Operation): boolean {
    return this.owned.has(op);
  }

  private scopeOf(region: Region): ConstantScope {
    let scope = this.scopes.get(region);
    if (!scope) this.scopes.set(region, (scope = new ConstantScope()));
    return scope;
  }

  /** A constant of `type` holding `value`, made by the dialect `dialect` (reused when it exists). */
  getOrCreateConstant(block: Block, dialect: string, value: Attribute, type: Type): Operation | undefined {
    const region = this.insertionRegion(block);
    const scope = this.scopeOf(region);
    const existing = scope.get(dialect, value, type);
    if (existing) return existing;
    const materialize = this.rewriter.context.dialect(dialect)?.spec.materializeConstant;
    if (!materialize) return undefined;
    const entry = region.entry!;
    const saved = this.rewriter.insertionPoint;
    this.rewriter.setInsertionPointToStart(entry);
    try {
      const op = materialize(this.rewriter, value, type, this.rewriter.loc);
      if (!op) return undefined;
      scope.set(dialect, value, type, op);
      // A dialect may build another dialect's constant (math builds arith.constant): key it under
      // that dialect too, reusing an equal one that exists (MLIR's tryGetOrCreateConstant).
      if (op.dialect !== dialect) {
        const existing = scope.get(op.dialect, value, type);
        if (existing) {
          this.rewriter.eraseOp(op);
          scope.set(dialect, value, type, existing);
          return existing;
        }
        scope.set(op.dialect, value, type, op);
      }
      this.owned.add(op);
      return op;
    } finally {
      this.rewriter.insertionPoint = saved;
    }
  }

  /**
   * Try to fold `op`. Returns true when the op was folded: either changed in place, or replaced by
   * existing values and constants (and erased).
   */
  tryToFold(op: Operation): boolean {
    if (constantValueOfOp(op) !== undefined) return false;
    const operands = op.operandSlots.map((s) => constantValue(s.value));
    const results = foldOperation(op, operands);
    if (results === undefined) return false;
    if (results.length === 0) {
      this.rewriter.notifyModified(op);
      return true;
    }
    if (results.length !== op.results.length) throw new Error(`'${op.name}' folder returned ${results.length} results for ${op.results.length}`);
    const replacements: Value[] = [];
    const created: Operation[] = [];
    for (let i = 0; i < results.length; i++) {
      const r = results[i]!;
      if (!(r instanceof Attribute)) {
        replacements.push(r);
        continue;
      }
      const savedLoc = this.rewriter.loc;
      this.rewriter.loc = op.loc;
      const constant = this.getOrCreateConstant(op.parent!, op.dialect, r as Attribute, op.results[i]!.type);
      this.rewriter.loc = savedLoc;
      if (!constant) {
        for (const c of created) if (!c.hasResultsUsed) this.eraseConstant(c);
        return false;
      }
      created.push(constant);
      replacements.push(constant.results[0]!);
    }
    this.rewriter.replaceOp(op, replacements);
    return true;
  }

  private eraseConstant(op: Operation): void {
    this.notifyRemoval(op);
    this.rewriter.eraseOp(op);
  }
}

/**
 * The constants of one insertion region by (dialect, value, type). Attributes and types are
 * uniqued, so the value object is the key; the few entries of a value are searched in a flat list
 * of [dialect, type, op] triples.
 */
class ConstantScope {
  private readonly byValue = new Map<Attribute, (string | Type | Operation)[]>();

  get(dialect: string, value: Attribute, type: Type): Operation | undefined {
    const entries = this.byValue.get(value);
    if (!entries) return undefined;
    for (let i = 0; i < entries.length; i += 3) if (entries[i] === dialect && entries[i + 1] === type) return entries[i + 2] as Operation;
    return undefined;
  }
  set(dialect: string, value: Attribute, type: Type, op: Operation): void {
    const entries = this.byValue.get(value);
    if (!entries) {
      this.byValue.set(value, [dialect, type, op]);
      return;
    }
    for (let i = 0; i < entries.length; i += 3) {
      if (entries[i] === dialect && entries[i + 1] === type) {
        entries[i + 2] = op;
        return;
      }
    }
    entries.push(dialect, type, op);
  }
  /** Drop every entry of `op`. */
  forget(op: Operation): void {
    for (const [value, entries] of this.byValue) {
      for (let i = entries.length - 3; i >= 0; i -= 3) if (entries[i + 2] === op) entries.splice(i, 3);
      if (entries.length === 0) this.byValue.delete(value);
    }
  }
}
