// Values substituted into a pattern's regex at match time: [[VAR]] and [[#expr]].

import type { PatternContext } from './context.js';
import { EvaluationErrors, evaluate, OverflowError, UndefinedVariableError, type Expression } from './numeric.js';
import { escapeRegex } from './regex/regex.js';
import { DiagnosticError } from './source.js';
import type { Span } from './span.js';
import { writeEscaped } from './text-utils.js';

export class SubstitutionError extends Error {
  constructor(readonly diagnostics: DiagnosticError[]) {
    super(diagnostics.map((d) => d.message).join('\n'));
  }
}

export abstract class Substitution {
  constructor(
    /** The text being substituted: a variable name or numeric block body. */
    readonly from: Span,
    /** Where in the pattern's regex the value is inserted. */
    readonly insertAt: number,
  ) {}

  /** The regex to insert; throws SubstitutionError. */
  abstract regex(): string;
  /** The value as shown in notes: the regex, escaped and quoted (as LLVM 19 shows it). */
  valueForDiagnostics(): string | undefined {
    try {
      return `"${writeEscaped(this.regex())}"`;
    } catch (e) {
      if (e instanceof SubstitutionError) return undefined;
      throw e;
    }
  }
}

export class StringSubstitution extends Substitution {
  constructor(
    from: Span,
    insertAt: number,
    private readonly context: PatternContext,
  ) {
    super(from, insertAt);
  }

  regex(): string {
    const value = this.context.stringValue(this.from.text);
    if (!value) throw new SubstitutionError([new UndefinedVariableError(this.from).toDiagnostic()]);
    return escapeRegex(value.value);
  }
}

export class NumericSubstitution extends Substitution {
  constructor(
    from: Span,
    insertAt: number,
    private readonly expression: Expression,
  ) {
    super(from, insertAt);
  }

  regex(): string {
    try {
      return this.expression.format.format(evaluate(this.expression.ast!));
    } catch (e) {
      const errors = e instanceof EvaluationErrors ? e.errors : e instanceof OverflowError ? [e] : undefined;
      if (!errors) throw e;
      throw new SubstitutionError(
        errors.map((err) =>
          err instanceof UndefinedVariableError ? err.toDiagnostic() : DiagnosticError.at(this.from.loc, 'unable to substitute variable or numeric expression: overflow error'),
        ),
      );
    }
  }
}
