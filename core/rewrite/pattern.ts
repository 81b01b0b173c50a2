import type { Operation } from '../ir/operation.js';
import type { PatternRewriter } from './rewriter.js';

/**
 * A rewrite pattern (MLIR's RewritePattern): matches a root op and rewrites it through the
 * rewriter. `matchAndRewrite` returns true when it changed the IR, false when it did not match;
 * it must not touch the IR before it knows it will succeed.
 */
export interface RewritePattern {
  /** A name for debugging and statistics. */
  readonly name: string;
  /** The root op name, or undefined to be tried on every op. */
  readonly root?: string;
  /** Higher benefit patterns are tried first. */
  readonly benefit: number;
  matchAndRewrite(op: Operation, rewriter: PatternRewriter): boolean;
}

export function definePattern(spec: { name: string; root?: string; benefit?: number; matchAndRewrite(op: Operation, rewriter: PatternRewriter): boolean }): RewritePattern {
  return { benefit: 1, ...spec };
}

/** Patterns indexed by root op, each list sorted by decreasing benefit (MLIR's FrozenRewritePatternSet). */
export class PatternSet {
  private readonly byRoot = new Map<string, RewritePattern[]>();
  private readonly anyRoot: RewritePattern[] = [];
  readonly size: number;

  constructor(patterns: Iterable<RewritePattern>) {
    let n = 0;
    for (const p of patterns) {
      n++;
      if (p.root === undefined) this.anyRoot.push(p);
      else {
        const list = this.byRoot.get(p.root) ?? [];
        list.push(p);
        this.byRoot.set(p.root, list);
      }
    }
    this.size = n;
    const order = (a: RewritePattern, b: RewritePattern) => b.benefit - a.benefit;
    for (const list of this.byRoot.values()) {
      list.push(...this.anyRoot);
      list.sort(order);
    }
    this.anyRoot.sort(order);
  }
  /** Patterns to try on an op named `name`, best first. */
  patternsFor(name: string): readonly RewritePattern[] {
    return this.byRoot.get(name) ?? this.anyRoot;
  }
}
