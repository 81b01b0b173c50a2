// Numeric variables and expressions ([[#...]] blocks): formats, values and
// evaluation. Values are arbitrary-precision, like LLVM's widening APInts.

import { DiagnosticError, type Range } from './source.js';
import type { Span } from './span.js';

export type FormatKind = 'none' | 'u' | 'd' | 'x' | 'X';

export class ExpressionFormat {
  constructor(
    readonly kind: FormatKind = 'none',
    readonly precision = 0,
    readonly alternate = false,
  ) {}

  get isSet(): boolean {
    return this.kind !== 'none';
  }

  equals(other: ExpressionFormat): boolean {
    return this.kind !== 'none' && this.kind === other.kind && this.precision === other.precision && this.alternate === other.alternate;
  }

  toString(): string {
    return this.kind === 'none' ? '<none>' : `%${this.kind}`;
  }

  /** The ERE matching any value in this format. */
  wildcardRegex(): string {
    const prefix = this.alternate ? '0x' : '';
    const digits = { u: '[0-9]', d: '[0-9]', x: '[0-9a-f]', X: '[0-9A-F]', none: '' }[this.kind];
    const nonZero = { u: '[1-9]', d: '[1-9]', x: '[1-9a-f]', X: '[1-9A-F]', none: '' }[this.kind];
    const sign = this.kind === 'd' ? '-?' : '';
    if (this.precision) return `${prefix}${sign}(${nonZero}${digits}*)?${digits}{${this.precision}}`;
    return `${prefix}${sign}${digits}+`;
  }

  /** The text of `value` in this format; throws OverflowError if unrepresentable. */
  format(value: bigint): string {
    if (this.kind !== 'd' && value < 0n) throw new OverflowError();
    const hex = this.kind === 'x' || this.kind === 'X';
    let digits = (value < 0n ? -value : value).toString(hex ? 16 : 10);
    if (this.kind === 'X') digits = digits.toUpperCase();
    digits = digits.padStart(this.precision, '0');
    return (value < 0n ? '-' : '') + (this.alternate ? '0x' : '') + digits;
  }

  /** Parses text matched by wildcardRegex(). */
  parse(text: string): bigint {
    const negative = text.startsWith('-');
    let digits = negative ? text.slice(1) : text;
    if (this.alternate && digits.startsWith('0x')) digits = digits.slice(2);
    const hex = this.kind === 'x' || this.kind === 'X';
    const value = BigInt((hex ? '0x' : '') + (digits || '0'));
    return negative ? -value : value;
  }
}

export class OverflowError extends Error {
  constructor() {
    super('overflow error');
  }
}

export class NumericVariable {
  value: bigint | undefined;
  /** Where the value was captured in the input, for diagnostics. */
  capturedAt: Range | undefined;

  constructor(
    readonly name: string,
    readonly implicitFormat: ExpressionFormat,
    /** Check file line of the directive defining it; undefined for -D# and uses before definition. */
    readonly defLine?: number,
  ) {}

  setValue(value: bigint, capturedAt?: Range): void {
    this.value = value;
    this.capturedAt = capturedAt;
  }

  clearValue(): void {
    this.value = undefined;
    this.capturedAt = undefined;
  }
}

export type BinaryOperator = (left: bigint, right: bigint) => bigint;

export const BINARY_OPERATORS = {
  add: (a, b) => a + b,
  sub: (a, b) => a - b,
  mul: (a, b) => a * b,
  div: (a, b) => {
    if (b === 0n) throw new OverflowError();
    return a / b;
  },
  max: (a, b) => (a < b ? b : a),
  min: (a, b) => (a < b ? a : b),
} satisfies Record<string, BinaryOperator>;

export type ExprNode =
  | { kind: 'literal'; value: bigint; text: Span }
  | { kind: 'use'; variable: NumericVariable; text: Span }
  | { kind: 'binary'; op: BinaryOperator; left: ExprNode; right: ExprNode; text: Span };

export interface Expression {
  ast: ExprNode | undefined;
  format: ExpressionFormat;
}

export class UndefinedVariableError extends Error {
  constructor(readonly variable: Span) {
    super(`undefined variable: ${variable.text}`);
  }

  toDiagnostic(): DiagnosticError {
    return DiagnosticError.at(this.variable.loc, this.message);
  }
}

/** Evaluation failures, all of them (like LLVM's joined Errors). */
export class EvaluationErrors extends Error {
  constructor(readonly errors: Array<UndefinedVariableError | OverflowError>) {
    super(errors.map((e) => e.message).join('\n'));
  }
}

/** Evaluates an expression; throws EvaluationErrors. */
export function evaluate(node: ExprNode): bigint {
  switch (node.kind) {
    case 'literal':
      return node.value;
    case 'use':
      if (node.variable.value === undefined) throw new EvaluationErrors([new UndefinedVariableError(node.text)]);
      return node.variable.value;
    case 'binary': {
      const errors: Array<UndefinedVariableError | OverflowError> = [];
      const operand = (n: ExprNode): bigint => {
        try {
          return evaluate(n);
        } catch (e) {
          if (!(e instanceof EvaluationErrors)) throw e;
          errors.push(...e.errors);
          return 0n;
        }
      };
      const left = operand(node.left);
      const right = operand(node.right);
      if (errors.length > 0) throw new EvaluationErrors(errors);
      try {
        return node.op(left, right);
      } catch (e) {
        if (e instanceof OverflowError) throw new EvaluationErrors([e]);
        throw e;
      }
    }
  }
}

/** The format an expression gets when none is given explicitly. */
export function implicitFormat(node: ExprNode): ExpressionFormat {
  switch (node.kind) {
    case 'literal':
      return new ExpressionFormat();
    case 'use':
      return node.variable.implicitFormat;
    case 'binary': {
      const left = implicitFormat(node.left);
      const right = implicitFormat(node.right);
      if (left.isSet && right.isSet && !left.equals(right)) {
        throw DiagnosticError.at(
          node.text.loc,
          `implicit format conflict between '${node.left.text.text}' (${left}) and '${node.right.text.text}' ` + `(${right}), need an explicit format specifier`,
        );
      }
      return left.isSet ? left : right;
    }
  }
}
