// Directive kinds ("CHECK", "CHECK-NEXT", ...) and how they are described.

export type CheckKind = 'plain' | 'next' | 'same' | 'not' | 'dag' | 'label' | 'empty' | 'comment' | 'eof' | 'misspelled' | 'bad-not' | 'bad-count';

export interface CheckType {
  readonly kind: CheckKind;
  /** Number of required matches (CHECK-COUNT-<n>), otherwise 1. */
  readonly count: number;
  /** The {LITERAL} modifier: match the pattern text verbatim. */
  readonly literal: boolean;
}

export function checkType(kind: CheckKind, count = 1, literal = false): CheckType {
  return { kind, count, literal };
}

const SUFFIXES: Partial<Record<CheckKind, string>> = {
  next: '-NEXT',
  same: '-SAME',
  not: '-NOT',
  dag: '-DAG',
  label: '-LABEL',
  empty: '-EMPTY',
};

/** How diagnostics name a directive, e.g. "CHECK-NEXT" or "CHECK-COUNT{LITERAL}". */
export function describeCheck(type: CheckType, prefix: string): string {
  const modifiers = type.literal ? '{LITERAL}' : '';
  switch (type.kind) {
    case 'plain':
      return prefix + (type.count > 1 ? '-COUNT' : '') + modifiers;
    case 'comment':
      return prefix;
    case 'eof':
      return 'implicit EOF';
    case 'misspelled':
      return 'misspelled';
    case 'bad-not':
      return 'bad NOT';
    case 'bad-count':
      return 'bad COUNT';
    default:
      return prefix + SUFFIXES[type.kind]! + modifiers;
  }
}

/** The short name used to label input dump annotations. */
export function abbreviateCheck(type: CheckType): string {
  if (type.kind === 'plain') return type.count > 1 ? 'count' : 'check';
  if (type.kind === 'comment') return 'com';
  return type.kind;
}
