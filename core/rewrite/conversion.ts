import { TypeAttr } from '../ir/attributes.js';
import type { Block } from '../ir/block.js';
import type { Context } from '../ir/dialect.js';
import { Diagnostic } from '../ir/diagnostics.js';
import type { Operation, OperationState } from '../ir/operation.js';
import type { Region } from '../ir/region.js';
import { FunctionType, type Type } from '../ir/types.js';
import type { Value } from '../ir/value.js';
import type { ConversionTarget } from './conversion-target.js';
import { PatternRewriter } from './rewriter.js';
import { isOpTriviallyDead } from './trivially-dead.js';
import { isUnrealizedCast, type SignatureConversion, TypeConverter } from './type-converter.js';

export { ConversionTarget, type LegalityCallback } from './conversion-target.js';
export { SignatureConversion, TypeConverter, createUnrealizedCast, isUnrealizedCast, UNREALIZED_CAST, type Materialization, type TypeConversion } from './type-converter.js';

/** The operands of the op being converted, already remapped (and type-converted when a converter is set). */
export interface OpAdaptor {
  readonly op: Operation;
  readonly operands: readonly Value[];
  operand(i: number): Value;
}

/**
 * A conversion pattern (MLIR's ConversionPattern / OpConversionPattern). `matchAndRewrite` gets the
 * op with its operands converted in `adaptor`; it returns true when it rewrote the op (replacing or
 * erasing it, or changing it in place so that it becomes legal), false when it does not apply.
 * There is no rollback: a pattern must decide before it changes anything.
 */
export interface ConversionPattern {
  readonly name: string;
  /** The root op name, or undefined to be tried on every op. */
  readonly root?: string;
  readonly benefit: number;
  /** Converts the adaptor's operands; defaults to the driver's converter. */
  readonly typeConverter?: TypeConverter;
  matchAndRewrite(op: Operation, adaptor: OpAdaptor, rewriter: ConversionPatternRewriter): boolean;
}

export function defineConversionPattern(spec: {
  name: string;
  root?: string;
  benefit?: number;
  typeConverter?: TypeConverter;
  matchAndRewrite(op: Operation, adaptor: OpAdaptor, rewriter: ConversionPatternRewriter): boolean;
}): ConversionPattern {
  return { benefit: 1, ...spec };
}

/**
 * The rewriter conversion patterns use. Replacing an op by values of other (converted) types is
 * allowed: remaining uses of the old results get a source materialization, which the driver
 * removes once every user has been converted.
 */
export class ConversionPatternRewriter extends PatternRewriter {
  /** Old value -> the value that replaced it (looked through by adaptors). */
  private readonly replacements = new Map<Value, Value>();
  /** Ops the driver materialized; erased at the end when unused. */
  readonly materialized = new Set<Operation>();

  constructor(
    context: Context,
    readonly typeConverter: TypeConverter | undefined,
  ) {
    super(context);
  }

  /** The latest replacement of `value` (itself when it was not replaced). */
  getRemappedValue(value: Value): Value {
    for (let next = this.replacements.get(value); next; next = this.replacements.get(value)) value = next;
    return value;
  }

  /**
   * The operands a pattern sees: remapped, then converted to `converter`'s types (a target
   * materialization before `op` when needed). Undefined when an operand type cannot be converted.
   */
  adaptorFor(op: Operation, converter = this.typeConverter): OpAdaptor | undefined {
    const operands: Value[] = [];
    for (const slot of op.operandSlots) {
      const remapped = this.getRemappedValue(slot.value);
      if (!converter) {
        operands.push(remapped);
        continue;
      }
      const desired = converter.convertType(slot.value.type);
      if (!desired) return undefined;
      if (remapped.type === desired) operands.push(remapped);
      else operands.push(this.materialize(op, () => converter.materializeTargetConversion(this, op.loc, desired, [remapped])));
    }
    return { op, operands, operand: (i) => operands[i]! };
  }

  private materialize(before: Operation, build: () => Value): Value {
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

  /** Replace `old` by `value`; uses that need the old type get a source materialization. */
  replaceValue(old: Value, value: Value, before: Operation): void {
    if (old === value) return;
    let replacement = value;
    if (value.type !== old.type && old.hasUses) {
      const converter = this.typeConverter ?? new TypeConverter();
      replacement = this.materialize(before, () => converter.materializeSourceConversion(this, before.loc, old.type, [value]));
      this.replacements.set(replacement, value);
    }
    this.replacements.set(old, value);
    this.replaceAllValueUsesWith(old, replacement);
  }

  override replaceOp(op: Operation, values: readonly Value[]): void {
    if (values.length !== op.results.length) throw new Error(`'${op.name}': replacing ${op.results.length} results with ${values.length} values`);
    for (const l of this.listeners) l.notifyOperationReplaced?.(op, values);
    op.results.forEach((r, i) => this.replaceValue(r, values[i]!, op));
    this.eraseOp(op);
  }

  /** Create an op from `state` before `op` and replace `op` by its results. */
  replaceOpWithNew(op: Operation, state: OperationState): Operation {
    const saved = this.insertionPoint;
    this.setInsertionPointBefore(op);
    const created = this.create({ loc: op.loc, ...state });
    this.insertionPoint = saved;
    this.replaceOp(op, created.results);
    return created;
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
        this.replacements.set(arg, inputs[0]!);
        this.replaceAllValueUsesWith(arg, inputs[0]!);
      } else if (arg.hasUses) {
        const converter = this.typeConverter ?? new TypeConverter();
        const saved = this.insertionPoint;
        this.insertionPoint = { block, before: firstOp };
        const v = converter.materializeSourceConversion(this, arg.loc, arg.type, inputs);
        this.insertionPoint = saved;
        if (v.definingOp) this.materialized.add(v.definingOp);
        if (inputs.length === 1) {
          this.replacements.set(v, inputs[0]!);
          this.replacements.set(arg, inputs[0]!);
        }
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
}

export interface ConversionConfig {
  /** Converts the operands patterns receive and materializes between old and new types. */
  typeConverter?: TypeConverter;
  /** Ops left unconverted (unknown legality) by a partial conversion are added here. */
  unconverted?: Operation[];
}

export interface ConversionResult {
  succeeded: boolean;
  /** The first failure, located at the op that could not be legalized. */
  diagnostics: Diagnostic[];
}

type Mode = 'partial' | 'full';

/** A pattern that keeps creating ops it must convert again is given up after this many generations. */
const MAX_GENERATIONS = 64;

function applyConversion(
  context: Context,
  roots: readonly Operation[],
  target: ConversionTarget,
  patterns: readonly ConversionPattern[],
  mode: Mode,
  config: ConversionConfig,
): ConversionResult {
  const sorted = [...patterns].sort((a, b) => b.benefit - a.benefit);
  const rewriter = new ConversionPatternRewriter(context, config.typeConverter);
  const erased = new Set<Operation>();
  const generation = new Map<Operation, number>();
  let created: Operation[] = [];
  rewriter.listeners.push({
    notifyOperationInserted: (op) => void created.push(op),
    notifyOperationErased: (op) => void erased.add(op),
  });

  // Pre-order, skipping what is recursively legal; ops created by patterns are visited right after.
  const collect = (op: Operation, out: Operation[]): void => {
    op.walk((nested) => {
      if (target.isLegal(nested) === true && target.isRecursivelyLegal(nested)) {
        out.push(nested);
        return 'skip';
      }
      out.push(nested);
    }, 'pre');
  };
  const worklist: Operation[] = [];
  for (const root of roots) collect(root, worklist);
  worklist.reverse();

  const fail = (op: Operation, message: string): ConversionResult => {
    cleanup(rewriter, erased);
    return { succeeded: false, diagnostics: [new Diagnostic('error', op.loc, message)] };
  };

  while (worklist.length > 0) {
    const op = worklist.pop()!;
    if (erased.has(op) || rewriter.materialized.has(op)) continue;
    const legal = target.isLegal(op);
    if (legal === true) continue;
    created = [];
    let converted = false;
    for (const pattern of sorted) {
      if (pattern.root !== undefined && pattern.root !== op.name) continue;
      const adaptor = rewriter.adaptorFor(op, pattern.typeConverter ?? config.typeConverter);
      if (!adaptor) continue;
      rewriter.loc = op.loc;
      rewriter.setInsertionPointBefore(op);
      if (pattern.matchAndRewrite(op, adaptor, rewriter)) {
        converted = true;
        break;
      }
    }
    if (!converted) {
      if (legal === false) return fail(op, `failed to legalize operation '${op.name}' that was explicitly marked illegal`);
      if (mode === 'full') return fail(op, `failed to legalize operation '${op.name}'`);
      config.unconverted?.push(op);
      continue;
    }
    const depth = (generation.get(op) ?? 0) + 1;
    // An op converted in place is checked again; new ops (and what is nested in them) are next.
    const next: Operation[] = [];
    if (!erased.has(op) && op.parent && target.isLegal(op) !== true) {
      if (depth > MAX_GENERATIONS) return fail(op, `failed to legalize operation '${op.name}': its patterns do not make it legal`);
      next.push(op);
    }
    for (const c of created) if (!erased.has(c) && !rewriter.materialized.has(c) && c !== op) next.push(c);
    if (depth > MAX_GENERATIONS && next.length > 0) return fail(op, `failed to legalize operation '${op.name}': its patterns keep creating ops to convert`);
    for (const n of next) generation.set(n, depth);
    worklist.push(...next.reverse());
  }
  cleanup(rewriter, erased);
  return { succeeded: true, diagnostics: [] };
}

/** Erase the materializations nobody uses and the casts that cancel out. */
function cleanup(rewriter: ConversionPatternRewriter, erased: Set<Operation>): void {
  const ops = [...rewriter.materialized].filter((op) => !erased.has(op) && op.parent);
  foldCasts(ops);
  for (const op of [...ops].reverse()) if (op.parent && !isUnrealizedCast(op) && isOpTriviallyDead(op)) op.erase();
}

/**
 * Fold casts among `casts`: `cast(cast(x : A -> B) : B -> A)` is `x`, and a cast from a type to
 * itself is its input. Unused casts of the list are erased.
 */
function foldCasts(casts: readonly Operation[]): void {
  let changed = true;
  while (changed) {
    changed = false;
    for (const cast of casts) {
      if (!cast.parent || !isUnrealizedCast(cast)) continue;
      if (!cast.hasResultsUsed) {
        cast.erase();
        changed = true;
        continue;
      }
      const inputs = cast.operands;
      const inner = inputs[0]?.definingOp;
      let source: readonly Value[] | undefined;
      if (inputs.length === cast.results.length && inputs.every((v, i) => v.type === cast.results[i]!.type)) source = inputs;
      else if (
        inner !== undefined &&
        isUnrealizedCast(inner) &&
        inner.results.length === inputs.length &&
        inputs.every((v, i) => v === inner.results[i]) &&
        inner.numOperands === cast.results.length &&
        inner.operands.every((v, i) => v.type === cast.results[i]!.type)
      ) {
        source = inner.operands;
      }
      if (!source) continue;
      cast.results.forEach((r, i) => r.replaceAllUsesWith(source![i]!));
      cast.erase();
      changed = true;
    }
  }
}

/**
 * Remove `builtin.unrealized_conversion_cast` ops nested in `root` that are unused or cancel out
 * (MLIR's reconcile-unrealized-casts, without its failure on casts that remain).
 */
export function reconcileUnrealizedCasts(root: Operation): void {
  const casts: Operation[] = [];
  root.walk((op) => void (isUnrealizedCast(op) && casts.push(op)));
  foldCasts(casts);
}

function asList(ops: Operation | readonly Operation[]): readonly Operation[] {
  return Array.isArray(ops) ? ops : [ops as Operation];
}

/**
 * Convert `ops` and everything nested in them so that illegal ops are gone; ops of unknown
 * legality that no pattern converts are left as they are (MLIR's applyPartialConversion).
 * Fails at the first explicitly illegal op no pattern converts. There is no rollback: after a
 * failure the IR is partly converted (but valid as far as the patterns keep it valid).
 */
export function applyPartialConversion(
  context: Context,
  ops: Operation | readonly Operation[],
  target: ConversionTarget,
  patterns: readonly ConversionPattern[],
  config: ConversionConfig = {},
): ConversionResult {
  return applyConversion(context, asList(ops), target, patterns, 'partial', config);
}

/** Convert so that every op is legal; fails at the first op that cannot be (MLIR's applyFullConversion). */
export function applyFullConversion(
  context: Context,
  ops: Operation | readonly Operation[],
  target: ConversionTarget,
  patterns: readonly ConversionPattern[],
  config: ConversionConfig = {},
): ConversionResult {
  return applyConversion(context, asList(ops), target, patterns, 'full', config);
}

/**
 * Converts the signature of function-like ops named `opName` (a `function_type` attribute holding
 * a FunctionType, and a body region whose entry block takes the inputs), as MLIR's
 * populateFunctionOpInterfaceTypeConversionPattern. Returns are converted by their own patterns.
 */
export function functionSignatureConversion(opName: string, converter?: TypeConverter): ConversionPattern {
  return defineConversionPattern({
    name: `convert-signature(${opName})`,
    root: opName,
    typeConverter: converter,
    matchAndRewrite(op, _adaptor, rewriter) {
      const tc = converter ?? rewriter.typeConverter;
      const attr = op.getAttr('function_type');
      if (!tc || !(attr instanceof TypeAttr) || !(attr.value instanceof FunctionType)) return false;
      const type = attr.value;
      const inputs = tc.convertSignatureArgs(type.inputs);
      const results = tc.convertTypes(type.results);
      if (!inputs || !results) return false;
      const body = op.regions[0];
      if (body && !body.empty) {
        const others = body.blocks.slice(1).map((b) => tc.convertSignatureArgs(b.arguments.map((a) => a.type)));
        if (others.some((c) => !c)) return false;
        rewriter.applySignatureConversion(body.entry!, inputs);
        body.blocks.slice(1).forEach((b, i) => rewriter.applySignatureConversion(b, others[i]!));
      }
      rewriter.modifyOpInPlace(op, () => op.setAttr('function_type', TypeAttr.get(FunctionType.get(inputs.convertedTypes, results))));
      return true;
    },
  });
}

/** Is a function-like op's signature (and its entry block) legal for `converter`? */
export function isFunctionSignatureLegal(op: Operation, converter: TypeConverter): boolean {
  const attr = op.getAttr('function_type');
  if (!(attr instanceof TypeAttr) || !(attr.value instanceof FunctionType)) return true;
  const body = op.regions[0];
  const blockArgs: readonly Type[] = body?.blocks.flatMap((b) => b.arguments.map((a) => a.type)) ?? [];
  return converter.isSignatureLegal(attr.value) && blockArgs.every((t) => converter.isLegal(t));
}
