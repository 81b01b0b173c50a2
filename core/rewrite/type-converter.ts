import type { Builder } from '../ir/builder.js';
import type { Location } from '../ir/location.js';
import type { Operation } from '../ir/operation.js';
import { FunctionType, type Type } from '../ir/types.js';
import type { Value } from '../ir/value.js';

/** The op a default materialization creates (builtin's; named, since core knows no dialect). */
export const UNREALIZED_CAST = 'builtin.unrealized_conversion_cast';

/**
 * One type conversion rule. Returns the converted type (1:1), a list of types (1:N; empty drops
 * the value), null when `type` cannot be converted (no later rule is tried), or undefined when the
 * rule does not apply (the next rule is tried).
 */
export type TypeConversion = (type: Type) => Type | readonly Type[] | null | undefined;

/**
 * Builds a value of `type` from `inputs` at the builder's insertion point, or returns undefined
 * to let the next materialization (finally the default cast) try.
 */
export type Materialization = (builder: Builder, type: Type, inputs: readonly Value[], loc: Location) => Value | undefined;

/** Create `builtin.unrealized_conversion_cast` from `inputs` to `type`. */
export function createUnrealizedCast(builder: Builder, type: Type, inputs: readonly Value[], loc: Location): Operation {
  return builder.create({ name: UNREALIZED_CAST, operands: inputs, resultTypes: [type], loc });
}

export function isUnrealizedCast(op: Operation | undefined): boolean {
  return op?.name === UNREALIZED_CAST;
}

/**
 * How the block arguments of a signature map to converted ones (MLIR's SignatureConversion):
 * original input `i` becomes the converted inputs `[start, start + size)`, or is replaced by a value.
 */
export class SignatureConversion {
  readonly convertedTypes: Type[] = [];
  private readonly mapping: ({ start: number; size: number } | { value: Value } | undefined)[];

  constructor(readonly numOriginalInputs: number) {
    this.mapping = new Array(numOriginalInputs).fill(undefined);
  }
  /** Original input `index` becomes new inputs of `types` (appended). */
  addInputs(index: number, types: readonly Type[]): void {
    this.mapping[index] = { start: this.convertedTypes.length, size: types.length };
    this.convertedTypes.push(...types);
  }
  /** Original input `index` is replaced by an existing value and gets no new input. */
  remapInput(index: number, value: Value): void {
    this.mapping[index] = { value };
  }
  inputMapping(index: number): { start: number; size: number } | { value: Value } | undefined {
    return this.mapping[index];
  }
}

/**
 * Converts types for dialect conversion (MLIR's TypeConverter). Rules are tried from the most
 * recently added to the first (as MLIR), so general fallbacks are added first and special cases
 * after them. A type no rule handles cannot be converted; add `(t) => t` first to keep other
 * types as they are.
 */
export class TypeConverter {
  private readonly conversions: TypeConversion[] = [];
  private readonly sourceMaterializations: Materialization[] = [];
  private readonly targetMaterializations: Materialization[] = [];
  private readonly cache = new Map<Type, readonly Type[] | null>();

  addConversion(rule: TypeConversion): this {
    this.conversions.push(rule);
    this.cache.clear();
    return this;
  }
  /** Converted values back to an original type, for uses not converted (yet). */
  addSourceMaterialization(fn: Materialization): this {
    this.sourceMaterializations.push(fn);
    return this;
  }
  /** Original values to a converted type, for the operands a pattern receives. */
  addTargetMaterialization(fn: Materialization): this {
    this.targetMaterializations.push(fn);
    return this;
  }

  /** The converted types of `type` (1:N), or undefined when it cannot be converted. */
  convertTypeToMany(type: Type): readonly Type[] | undefined {
    let out = this.cache.get(type);
    if (out === undefined) {
      out = null;
      for (let i = this.conversions.length - 1; i >= 0; i--) {
        const r = this.conversions[i]!(type);
        if (r === undefined) continue;
        out = r === null ? null : Array.isArray(r) ? [...(r as readonly Type[])] : [r as Type];
        break;
      }
      this.cache.set(type, out);
    }
    return out ?? undefined;
  }
  /** The converted type of `type` when it converts to exactly one type. */
  convertType(type: Type): Type | undefined {
    const r = this.convertTypeToMany(type);
    return r?.length === 1 ? r[0] : undefined;
  }
  /** Concatenated conversions of `types`, or undefined if one fails. */
  convertTypes(types: readonly Type[]): Type[] | undefined {
    const out: Type[] = [];
    for (const t of types) {
      const r = this.convertTypeToMany(t);
      if (!r) return undefined;
      out.push(...r);
    }
    return out;
  }
  /** A type is legal when it converts to itself. */
  isLegal(type: Type): boolean {
    return this.convertType(type) === type;
  }
  /** Every operand and result type of `op` is legal. */
  isOpLegal(op: Operation): boolean {
    return op.operandSlots.every((s) => this.isLegal(s.value.type)) && op.results.every((r) => this.isLegal(r.type));
  }
  /** Every type of the signature is legal. */
  isSignatureLegal(type: FunctionType): boolean {
    return type.inputs.every((t) => this.isLegal(t)) && type.results.every((t) => this.isLegal(t));
  }
  /** The conversion of a list of argument types, or undefined if one cannot be converted. */
  convertSignatureArgs(types: readonly Type[]): SignatureConversion | undefined {
    const conversion = new SignatureConversion(types.length);
    for (let i = 0; i < types.length; i++) {
      const r = this.convertTypeToMany(types[i]!);
      if (!r) return undefined;
      conversion.addInputs(i, r);
    }
    return conversion;
  }
  /** The converted function type, or undefined if a type cannot be converted. */
  convertFunctionType(type: FunctionType): FunctionType | undefined {
    const inputs = this.convertTypes(type.inputs);
    const results = this.convertTypes(type.results);
    return inputs && results ? FunctionType.get(inputs, results) : undefined;
  }

  /** A value of an original `type` built from converted `inputs` (default: an unrealized cast). */
  materializeSourceConversion(builder: Builder, loc: Location, type: Type, inputs: readonly Value[]): Value {
    return this.materialize(this.sourceMaterializations, builder, loc, type, inputs);
  }
  /** A value of converted `type` built from original `inputs` (default: an unrealized cast). */
  materializeTargetConversion(builder: Builder, loc: Location, type: Type, inputs: readonly Value[]): Value {
    return this.materialize(this.targetMaterializations, builder, loc, type, inputs);
  }
  private materialize(fns: readonly Materialization[], builder: Builder, loc: Location, type: Type, inputs: readonly Value[]): Value {
    for (let i = fns.length - 1; i >= 0; i--) {
      const v = fns[i]!(builder, type, inputs, loc);
      if (v) return v;
    }
    return createUnrealizedCast(builder, type, inputs, loc).results[0]!;
  }
}
