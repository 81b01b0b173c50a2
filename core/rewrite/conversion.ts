import { TypeAttr } from '../ir/attributes.js';
import type { Context } from '../ir/dialect.js';
import { Diagnostic, opDiagnostic } from '../ir/diagnostics.js';
import type { Operation } from '../ir/operation.js';
import { FunctionType, type Type } from '../ir/types.js';
import type { Value } from '../ir/value.js';
import type { ConversionTarget } from './conversion-target.js';
import { ConversionPatternRewriter, type OpAdaptor } from './conversion-rewriter.js';
import { isOpTriviallyDead } from './trivially-dead.js';
import { isUnrealizedCast, type TypeConverter } from './type-converter.js';

export { ConversionTarget, type LegalityCallback } from './conversion-target.js';
export { ConversionPatternRewriter, type MatchFailure, type OpAdaptor } from './conversion-rewriter.js';
export { SignatureConversion, TypeConverter, createUnrealizedCast, isUnrealizedCast, UNREALIZED_CAST, type Materialization, type TypeConversion } from './type-converter.js';

/**
 * A conversion pattern (MLIR's ConversionPattern / OpConversionPattern). `matchAndRewrite` gets the
 * op with its operands converted in `adaptor`; it returns true when it rewrote the op (replacing or
 * erasing it, or changing it in place so that it becomes legal), false when it does not apply
 * (`return rewriter.notifyMatchFailure(op, why)` says why). There is no rollback: a pattern must
 * decide before it changes anything.
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
  const generation = new Map<Operation, number>();
  let created: Operation[] = [];
  rewriter.listeners.push({ notifyOperationInserted: (op) => void created.push(op) });
  const skipped = (op: Operation): boolean => rewriter.materialized.has(op) || rewriter.isReplaced(op);

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

  // No rollback: a failed conversion leaves the replaced ops in place beside what replaced them.
  const fail = (op: Operation, message: string): ConversionResult => {
    const failure = rewriter.matchFailure;
    return { succeeded: false, diagnostics: [failure ? opDiagnostic(failure.at, failure.reason) : new Diagnostic('error', op.loc, message)] };
  };

  while (worklist.length > 0) {
    const op = worklist.pop()!;
    if (skipped(op)) continue;
    const legal = target.isLegal(op);
    if (legal === true) continue;
    created = [];
    rewriter.matchFailure = undefined;
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
    rewriter.matchFailure = undefined;
    const depth = (generation.get(op) ?? 0) + 1;
    // An op converted in place is checked again; new ops (and what is nested in them) are next.
    const next: Operation[] = [];
    if (!rewriter.isReplaced(op) && op.parent && target.isLegal(op) !== true) {
      if (depth > MAX_GENERATIONS) return fail(op, `failed to legalize operation '${op.name}': its patterns do not make it legal`);
      next.push(op);
    }
    // Created ops that are legal already need no visit (lowerings create many, nearly all legal).
    for (const c of created) if (c !== op && !skipped(c) && target.isLegal(c) !== true) next.push(c);
    if (depth > MAX_GENERATIONS && next.length > 0) return fail(op, `failed to legalize operation '${op.name}': its patterns keep creating ops to convert`);
    for (let i = next.length - 1; i >= 0; i--) {
      generation.set(next[i]!, depth);
      worklist.push(next[i]!);
    }
  }
  rewriter.commit();
  cleanup(rewriter);
  return { succeeded: true, diagnostics: [] };
}

/** Erase the materializations nobody uses and the casts that cancel out. */
function cleanup(rewriter: ConversionPatternRewriter): void {
  const ops = [...rewriter.materialized].filter((op) => op.parent);
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

/** A conversion driver: converts `ops` and everything nested in them with `patterns` until `target` holds. */
export type ConversionDriver = (
  context: Context,
  ops: Operation | readonly Operation[],
  target: ConversionTarget,
  patterns: readonly ConversionPattern[],
  config?: ConversionConfig,
) => ConversionResult;

function conversionDriver(mode: Mode): ConversionDriver {
  return (context, ops, target, patterns, config = {}) => applyConversion(context, asList(ops), target, patterns, mode, config);
}

/**
 * Convert `ops` and everything nested in them so that illegal ops are gone; ops of unknown
 * legality that no pattern converts are left as they are (MLIR's applyPartialConversion).
 * Fails at the first explicitly illegal op no pattern converts, with the reason its patterns gave
 * (notifyMatchFailure). There is no rollback: after a failure the replaced ops are still in place
 * beside what the patterns built so far.
 */
export const applyPartialConversion: ConversionDriver = conversionDriver('partial');

/** Convert so that every op is legal; fails at the first op that cannot be (MLIR's applyFullConversion). */
export const applyFullConversion: ConversionDriver = conversionDriver('full');

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
