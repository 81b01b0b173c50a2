import type { Operation } from '../ir/operation.js';

/** Decides legality of an op dynamically: true legal, false illegal, undefined unknown. */
export type LegalityCallback = (op: Operation) => boolean | undefined;

type Action = { kind: 'legal' } | { kind: 'illegal' } | { kind: 'dynamic'; fn: LegalityCallback };

/**
 * Which ops may remain after a conversion (MLIR's ConversionTarget). An op's own entry wins over
 * its dialect's; an op with neither has unknown legality (left alone by a partial conversion, an
 * error for a full one) unless `markUnknownOpDynamicallyLegal` decides.
 */
export class ConversionTarget {
  private readonly ops = new Map<string, Action>();
  private readonly dialects = new Map<string, Action>();
  private readonly recursive = new Map<string, LegalityCallback | undefined>();
  private unknown: LegalityCallback | undefined;

  addLegalOp(...names: string[]): this {
    for (const n of names) this.ops.set(n, { kind: 'legal' });
    return this;
  }
  addIllegalOp(...names: string[]): this {
    for (const n of names) this.ops.set(n, { kind: 'illegal' });
    return this;
  }
  addDynamicallyLegalOp(names: string | readonly string[], fn: LegalityCallback): this {
    for (const n of typeof names === 'string' ? [names] : names) this.ops.set(n, { kind: 'dynamic', fn });
    return this;
  }
  addLegalDialect(...names: string[]): this {
    for (const n of names) this.dialects.set(n, { kind: 'legal' });
    return this;
  }
  addIllegalDialect(...names: string[]): this {
    for (const n of names) this.dialects.set(n, { kind: 'illegal' });
    return this;
  }
  addDynamicallyLegalDialect(names: string | readonly string[], fn: LegalityCallback): this {
    for (const n of typeof names === 'string' ? [names] : names) this.dialects.set(n, { kind: 'dynamic', fn });
    return this;
  }
  /** Legality of ops no entry covers. */
  markUnknownOpDynamicallyLegal(fn: LegalityCallback): this {
    this.unknown = fn;
    return this;
  }
  /**
   * When an op named `name` is legal (and `fn`, if given, agrees), everything nested in it is
   * legal too and is not visited.
   */
  markOpRecursivelyLegal(name: string, fn?: LegalityCallback): this {
    this.recursive.set(name, fn);
    return this;
  }

  /** True legal, false illegal, undefined unknown. */
  isLegal(op: Operation): boolean | undefined {
    const action = this.ops.get(op.name) ?? this.dialects.get(op.dialect);
    if (!action) return this.unknown?.(op);
    if (action.kind === 'dynamic') return action.fn(op);
    return action.kind === 'legal';
  }
  /** Explicitly illegal (an entry says so), as opposed to unknown. */
  isIllegal(op: Operation): boolean {
    return this.isLegal(op) === false;
  }
  /** The op is legal and its regions need no conversion. */
  isRecursivelyLegal(op: Operation): boolean {
    if (!this.recursive.has(op.name)) return false;
    const fn = this.recursive.get(op.name);
    return fn ? fn(op) === true : true;
  }
}
