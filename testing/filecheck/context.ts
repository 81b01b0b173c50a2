// Variable tables shared by all patterns of one FileCheck run.

import { ExpressionFormat, NumericVariable } from './numeric.js';
import type { Range } from './source.js';

export interface StringValue {
  value: string;
  /** Where the value was captured in the input, if it was. */
  capturedAt?: Range;
}

export class PatternContext {
  /** Current values of string variables. */
  readonly stringVars = new Map<string, StringValue>();
  /** String variables defined anywhere so far, to detect clashes with numeric ones. */
  readonly definedStringVars = new Set<string>();
  /** Numeric variables by name, as resolved while parsing patterns. */
  readonly numericVars = new Map<string, NumericVariable>();
  readonly lineVariable = new NumericVariable('@LINE', new ExpressionFormat('u'));

  constructor() {
    this.numericVars.set('@LINE', this.lineVariable);
  }

  stringValue(name: string): StringValue | undefined {
    return this.stringVars.get(name);
  }

  /** --enable-var-scope: forget variables whose names do not start with '$'. */
  clearLocalVariables(): void {
    for (const name of [...this.stringVars.keys()]) if (!name.startsWith('$')) this.stringVars.delete(name);
    for (const [name, variable] of [...this.numericVars]) {
      if (name.startsWith('$')) continue;
      variable.clearValue();
      this.numericVars.delete(name);
    }
  }
}
