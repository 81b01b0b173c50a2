import type { Block } from '../ir/block.js';
import type { Context } from '../ir/dialect.js';
import type { Operation } from '../ir/operation.js';
import type { Region } from '../ir/region.js';
import type { Type } from '../ir/types.js';
import type { Value } from '../ir/value.js';
import { PatternRewriter } from './rewriter.js';
import { createUnrealizedCast, type SignatureConversion, TypeConverter } from './type-converter.js';

/**
 * The operands of the op being converted, remapped to what replaced them (and converted when a
 * type converter is set). An operand replaced 1:N (a value that became several) has a list of
 * values; `operands` is every operand's values, flattened (MLIR's OneToNOpAdaptor).
 */
export interface OpAdaptor {
  readonly op: Operation;
  /** The values of all operands, in order. */
  readonly operands: readonly Value[];
  /** Per operand, the values that stand for it. */
  readonly operandValues: readonly (readonly Value[])[];
  /** The one value of operand `i` (an operand converted 1:1). */
  operand(i: number): Value;
  /** The values of operand `i`. */
  values(i: number): readonly Value[];
}

/** Why the patterns did not convert an op, as the first pattern that said so put it. */
export interface MatchFailure {
  /** The op the message is about (the op being converted, or one it depends on). */
  readonly at: Operation;
  readonly reason: string;
}

/**
 * The rewriter conversion patterns use. As in MLIR, replacing an op records what replaces it and
 * leaves the op in place, uses untouched, until the conversion commits: patterns see the IR as it
 * was (an operand's defining op is still there to look at) and get the replacements through their
 * adaptor. A replacement may be 1:N (`replaceOpWithMultiple`); at the commit, uses that no pattern
 * converted see a source materialization of the new values, and the replaced ops go.
 */
export class ConversionPatternRewriter extends PatternRewriter {
  /** Replaced values (op results, block arguments) -> the values that stand for them. */
  private readonly mapping = new Map<Value, readonly Value[]>();
  /** A source materialization's result -> the values it was built from (adaptors look through it). */
  private readonly materializedFrom = new Map<Value, readonly Value[]>();
  /** Replaced or erased ops, in that order; erased when the conversion commits. */
  private readonly replaced = new Set<Operation>();
  /** Ops the driver materialized; erased at the end when unused. */
  readonly materialized = new Set<Operation>();
  /** Set by notifyMatchFailure while patterns are tried on an op; the driver resets it per op. */
  matchFailure: MatchFailure | undefined;

  constructor(
    context: Context,
    readonly typeConverter: TypeConverter | undefined,
  ) {
    super(context);
  }

  /**
   * Say why a pattern does not convert `op` (MLIR's notifyMatchFailure) and return false. When no
   * pattern converts an illegal op, the conversion fails with the first such reason, located at
   * `at` (the op itself, or the op the problem is about).
   */
  notifyMatchFailure(at: Operation, reason: string): false {
    this.matchFailure ??= { at, reason };
    return false;
  }

  /** Whether `op`, or an op it is nested in, has been replaced or erased. */
  isReplaced(op: Operation): boolean {
    if (this.replaced.size === 0) return false;
    for (let p: Operation | undefined = op; p; p = p.parentOp) if (this.replaced.has(p)) return true;
    return false;
  }

  /** The values that stand for `value` now (itself when it was not replaced), following replacements of replacements. */
  getRemappedValues(value: Value): readonly Value[] {
    const mapped = this.mapping.get(value) ?? this.materializedFrom.get(value);
    if (!mapped) return [value];
    if (mapped.length === 1) return this.getRemappedValues(mapped[0]!);
    return mapped.flatMap((v) => this.getRemappedValues(v));
  }

  /** The one value that stands for `value` (a value replaced 1:1, or not at all). */
  getRemappedValue(value: Value): Value {
    const values = this.getRemappedValues(value);
    if (values.length !== 1) throw new Error(`a value of type '${value.type}' was replaced by ${values.length} values, not one`);
    return values[0]!;
  }

  /**
   * The operands a pattern sees: remapped, then converted to `converter`'s types (a target
   * materialization before `op` when needed). Undefined when an operand type cannot be converted.
   */
  adaptorFor(op: Operation, converter = this.typeConverter): OpAdaptor | undefined {
    const operandValues: (readonly Value[])[] = [];
    for (const slot of op.operandSlots) {
      const remapped = this.getRemappedValues(slot.value);
      if (!converter) {
        operandValues.push(remapped);
        continue;
      }
      const desired = converter.convertTypeToMany(slot.value.type);
      if (!desired) return undefined;
      if (remapped.length !== 1 || (desired.length === 1 && remapped[0]!.type === desired[0])) {
        // Converted already (a 1:N replacement keeps the types its pattern chose), or of the desired type.
        operandValues.push(remapped);
        continue;
      }
      operandValues.push(this.materializeTarget(op, remapped[0]!, desired));
    }
    const operands = operandValues.flat();
    return {
      op,
      operands,
      operandValues,
      values: (i) => operandValues[i]!,
      operand: (i) => {
        const values = operandValues[i]!;
        if (values.length !== 1) throw new Error(`operand #${i} of '${op.name}' stands for ${values.length} values, not one`);
        return values[0]!;
      },
    };
  }

  /** `value` as values of `types`, built just before `op`. */
  private materializeTarget(op: Operation, value: Value, types: readonly Type[]): Value[] {
    const converter = this.typeConverter ?? new TypeConverter();
    if (types.length === 1) return [this.materializeBefore(op, () => converter.materializeTargetConversion(this, op.loc, types[0]!, [value]))];
    const saved = this.insertionPoint;
    this.setInsertionPointBefore(op);
    try {
      const cast = this.create({ name: 'builtin.unrealized_conversion_cast', operands: [value], resultTypes: [...types], loc: op.loc });
      this.materialized.add(cast);
      return cast.results;
    } finally {
      this.insertionPoint = saved;
    }
  }

  private materializeBefore(before: Operation, build: () => Value): Value {
    const saved = this.insertionPoint;
    this.setInsertionPointBefore(before);
    try {
      const v = build();
      if (v.definingOp) this.materialized.add(v.definingOp);
      return v;
    } finally {
      this.insertionPoint = saved;
    }
  }

  override replaceOp(op: Operation, values: readonly Value[]): void {
    if (values.length !== op.results.length) throw new Error(`'${op.name}': replacing ${op.results.length} results with ${values.length} values`);
    for (const l of this.listeners) l.notifyOperationReplaced?.(op, values);
    this.replaceOpWithMultiple(
      op,
      values.map((v) => [v]),
    );
  }

  /** Replace each result of `op` by a list of values (1:N; an empty list drops it), and erase `op` at the commit (MLIR's replaceOpWithMultiple). */
  replaceOpWithMultiple(op: Operation, values: readonly (readonly Value[])[]): void {
    if (values.length !== op.results.length) throw new Error(`'${op.name}': replacing ${op.results.length} results with ${values.length} lists of values`);
    op.results.forEach((r, i) => this.mapping.set(r, values[i]!));
    this.replaced.add(op);
  }

  /** Erase `op` at the commit; its results must be unused by then (MLIR's eraseOp in a conversion). */
  override eraseOp(op: Operation): void {
    for (const r of op.results) this.mapping.set(r, []);
    this.replaced.add(op);
  }

  /** Let `values` stand for the block argument `arg` from now on (MLIR's replaceUsesOfBlockArgument); its uses are rewritten at the commit. */
  replaceUsesOfBlockArgument(arg: Value, values: readonly Value[]): void {
    this.mapping.set(arg, values);
  }

  /**
   * Change the argument types of `block` as `conversion` says (MLIR's applySignatureConversion).
   * Uses of an argument whose type changed see a source materialization of the new argument(s).
   */
  applySignatureConversion(block: Block, conversion: SignatureConversion): void {
    const old = [...block.arguments];
    if (conversion.numOriginalInputs !== old.length) throw new Error(`signature conversion for ${conversion.numOriginalInputs} arguments applied to a block with ${old.length}`);
    const unchanged = old.every((arg, i) => {
      const m = conversion.inputMapping(i);
      return m && 'start' in m && m.size === 1 && m.start === i && conversion.convertedTypes[i] === arg.type;
    });
    if (unchanged && conversion.convertedTypes.length === old.length) return;
    const locs = conversion.convertedTypes.map(() => block.parentOp!.loc);
    old.forEach((arg, i) => {
      const m = conversion.inputMapping(i);
      if (m && 'start' in m) for (let k = m.start; k < m.start + m.size; k++) locs[k] = arg.loc;
    });
    const fresh = conversion.convertedTypes.map((t, i) => block.addArgument(t, locs[i]!));
    // An argument converted 1:1 keeps its source name (a function's parameter keeps printing as `%X`).
    old.forEach((arg, i) => {
      const m = conversion.inputMapping(i);
      if (m && 'start' in m && m.size === 1) fresh[m.start]!.nameHint = arg.nameHint;
    });
    const firstOp = block.first;
    old.forEach((arg, i) => {
      const m = conversion.inputMapping(i);
      let inputs: Value[];
      if (!m) inputs = [];
      else if ('value' in m) inputs = [m.value];
      else inputs = fresh.slice(m.start, m.start + m.size);
      if (inputs.length === 1 && inputs[0]!.type === arg.type) {
        this.mapping.set(arg, inputs);
        this.replaceAllValueUsesWith(arg, inputs[0]!);
      } else if (arg.hasUses) {
        const converter = this.typeConverter ?? new TypeConverter();
        const saved = this.insertionPoint;
        this.insertionPoint = { block, before: firstOp };
        const v = converter.materializeSourceConversion(this, arg.loc, arg.type, inputs);
        this.insertionPoint = saved;
        if (v.definingOp) this.materialized.add(v.definingOp);
        this.materializedFrom.set(v, inputs);
        this.mapping.set(arg, inputs);
        this.replaceAllValueUsesWith(arg, v);
      }
    });
    for (let i = old.length - 1; i >= 0; i--) block.eraseArgument(i);
    if (block.parentOp) this.notifyModified(block.parentOp);
  }

  /**
   * Convert the argument types of every block of `region` with `converter` (the entry block with
   * `entryConversion` when given). Returns false, changing nothing, when a type cannot be converted.
   */
  convertRegionTypes(region: Region, converter: TypeConverter | undefined = this.typeConverter, entryConversion?: SignatureConversion): boolean {
    if (!converter) throw new Error('convertRegionTypes needs a type converter');
    const conversions = region.blocks.map((b, i) => (i === 0 && entryConversion ? entryConversion : converter.convertSignatureArgs(b.arguments.map((a) => a.type))));
    if (conversions.some((c) => !c)) return false;
    region.blocks.forEach((b, i) => this.applySignatureConversion(b, conversions[i]!));
    return true;
  }

  /**
   * Make the conversion final: uses of replaced values that no pattern converted are rewritten
   * (to the replacement when it is one value of the same type, else to a source materialization
   * of the replacements, built where the replaced value was), then the replaced ops are erased.
   */
  commit(): void {
    const live = (use: { owner: Operation }) => !this.isReplaced(use.owner);
    for (const [old, values] of this.mapping) {
      if (!old.hasUses) continue;
      const now = values.flatMap((v) => this.getRemappedValues(v));
      if (now.length === 1 && now[0]!.type === old.type) {
        this.replaceAllValueUsesWith(old, now[0]!);
        continue;
      }
      const uses = [...old.uses].filter(live);
      if (uses.length === 0) continue;
      const saved = this.insertionPoint;
      const def = old.definingOp;
      this.insertionPoint = def ? { block: def.parent!, before: def } : { block: old.parentBlock!, before: old.parentBlock!.first };
      const converter = this.typeConverter ?? new TypeConverter();
      const cast =
        now.length === 0
          ? createUnrealizedCast(this, old.type, [], def?.loc ?? uses[0]!.owner.loc).results[0]!
          : converter.materializeSourceConversion(this, def?.loc ?? uses[0]!.owner.loc, old.type, now);
      this.insertionPoint = saved;
      if (cast.definingOp) this.materialized.add(cast.definingOp);
      for (const use of uses) use.set(cast);
    }
    const ops = [...this.replaced];
    for (const op of ops) op.dropAllReferences();
    for (const op of ops.reverse()) {
      let nested = false;
      for (let p = op.parentOp; p && !nested; p = p.parentOp) nested = this.replaced.has(p);
      if (nested || !op.parent) continue;
      for (const l of this.listeners) l.notifyOperationErased?.(op);
      op.dropAllUses();
      op.remove();
    }
    this.replaced.clear();
    this.mapping.clear();
  }
}
