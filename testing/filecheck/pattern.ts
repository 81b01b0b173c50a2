// One directive's pattern: compiled from check-file syntax into either a fixed
// string or an LLVM regex (with substitutions and variable captures), and
// matched against a region of the input.

import type { CheckType } from './check-type.js';
import type { PatternContext } from './context.js';
import { parseNumericBlock, parseVariable } from './expression-parser.js';
import type { Expression, NumericVariable } from './numeric.js';
import type { FileCheckRequest } from './options.js';
import { escapeRegex, PosixRegex, RegexSyntaxError } from './regex/regex.js';
import { asciiLower, DiagnosticError, type Loc, type SourceBuffer } from './source.js';
import { Cursor, type Span } from './span.js';
import { NumericSubstitution, StringSubstitution, SubstitutionError, type Substitution } from './substitution.js';
import { editDistance } from './text-utils.js';

/** LLVM only supports back-references \1-\9 (and emits \g{N} beyond). */
const BACKREF_LIMIT = 20;

export type MatchOutcome = { kind: 'found'; pos: number; len: number } | { kind: 'not-found' } | { kind: 'invalid'; errors: DiagnosticError[] };

export interface Capture {
  name: string;
  start: number;
  end: number;
}

export class Pattern {
  /** Where the pattern text starts in the check file (or command line). */
  loc: Loc | undefined;
  fixedStr = '';
  regexStr = '';
  readonly substitutions: Substitution[] = [];
  /** String variables defined by this pattern, by capture group. */
  private readonly stringDefs = new Map<string, number>();
  private readonly numericDefs = new Map<string, { variable: NumericVariable; group: number }>();
  private ignoreCase = false;
  private compiled: { source: string; regex: PosixRegex | undefined } | undefined;

  constructor(
    readonly type: CheckType,
    private readonly context: PatternContext,
    readonly lineNumber?: number,
  ) {}

  get hasVariable(): boolean {
    return this.substitutions.length > 0 || this.stringDefs.size > 0;
  }

  /** Compiles the check-file text of the pattern; throws DiagnosticError. */
  parse(text: Span, prefix: string, req: FileCheckRequest): void {
    const fullLines = req.matchFullLines && this.type.kind !== 'not';
    this.ignoreCase = req.ignoreCase;
    this.loc = text.loc;

    if (!(req.strictWhitespace && req.matchFullLines)) text = text.rtrim(' \t');
    if (text.empty && this.type.kind !== 'empty') throw DiagnosticError.at(text.loc, `found empty check string with prefix '${prefix}:'`);
    if (!text.empty && this.type.kind === 'empty') throw DiagnosticError.at(text.loc, `found non-empty check string for empty check with prefix '${prefix}:'`);

    if (this.type.kind === 'empty') {
      this.regexStr = '(\n$)';
      return;
    }
    if (this.type.literal || (!fullLines && (text.length < 2 || (!text.contains('{{') && !text.contains('[['))))) {
      this.fixedStr = text.text;
      return;
    }

    if (fullLines) this.regexStr += req.strictWhitespace ? '^' : '^ *';
    new RegexBuilder(this, this.context, this.stringDefs, this.numericDefs).build(text);
    if (fullLines) this.regexStr += req.strictWhitespace ? '$' : ' *$';
  }

  /** Matches against input[start, end); variables are updated on success. */
  match(input: SourceBuffer, start: number, end: number): MatchOutcome {
    if (this.type.kind === 'eof') return { kind: 'found', pos: end, len: 0 };

    if (this.fixedStr) {
      const text = this.ignoreCase ? input.asciiLowerText : input.text;
      const index = text.slice(start, end).indexOf(this.ignoreCase ? asciiLower(this.fixedStr) : this.fixedStr);
      return index === -1 ? { kind: 'not-found' } : { kind: 'found', pos: start + index, len: this.fixedStr.length };
    }

    const source = this.substitutedRegex();
    if (typeof source !== 'string') return { kind: 'invalid', errors: source };
    const m = this.regexFor(source)?.exec(input.text.slice(start, end));
    if (!m) return { kind: 'not-found' };
    const groupRange = (group: number): [number, number] => {
      const g = m.groups[group];
      return g ? [start + g[0], start + g[1]] : [start, start];
    };

    for (const [name, group] of this.stringDefs) {
      const [s, e] = groupRange(group);
      this.context.stringVars.set(name, { value: input.text.slice(s, e), capturedAt: { buffer: input, start: s, end: e } });
    }
    for (const { variable, group } of this.numericDefs.values()) {
      const [s, e] = groupRange(group);
      // Unlike later LLVM versions, LLVM 19 does not put the variable back
      // into the table here, so --enable-var-scope clears it only once.
      variable.setValue(variable.implicitFormat.parse(input.text.slice(s, e)), { buffer: input, start: s, end: e });
    }

    // CHECK-EMPTY's match starts after the newline its regex consumes.
    const skip = this.type.kind === 'empty' ? 1 : 0;
    return { kind: 'found', pos: start + m.index + skip, len: m.end - m.index - skip };
  }

  /** The regex with current variable values inserted, or the errors preventing it. */
  private substitutedRegex(): string | DiagnosticError[] {
    if (this.substitutions.length === 0) return this.regexStr;
    if (this.lineNumber !== undefined) this.context.lineVariable.setValue(BigInt(this.lineNumber));
    let source = this.regexStr;
    let offset = 0;
    const errors: DiagnosticError[] = [];
    for (const subst of this.substitutions) {
      try {
        const value = subst.regex();
        const at = subst.insertAt + offset;
        source = source.slice(0, at) + value + source.slice(at);
        offset += value.length;
      } catch (e) {
        if (!(e instanceof SubstitutionError)) throw e;
        errors.push(...e.diagnostics);
      }
    }
    return errors.length > 0 ? errors : source;
  }

  /** Variables captured by the last match of this pattern, in input order. */
  captures(): Capture[] {
    const result: Capture[] = [];
    for (const name of this.stringDefs.keys()) {
      const at = this.context.stringValue(name)?.capturedAt;
      if (at) result.push({ name, start: at.start, end: at.end });
    }
    for (const [name, { variable }] of this.numericDefs) {
      if (variable.capturedAt) result.push({ name, start: variable.capturedAt.start, end: variable.capturedAt.end });
    }
    return result.sort((a, b) => a.start - b.start);
  }

  /** How unlike the pattern the text at `pos` is (for "possible intended match"). */
  matchDistance(text: string, pos: number, end: number): number {
    const example = this.fixedStr || this.regexStr;
    let prefix = text.slice(pos, Math.min(pos + example.length, end));
    const newline = prefix.indexOf('\n');
    if (newline !== -1) prefix = prefix.slice(0, newline);
    return editDistance(prefix, example);
  }

  /** The compiled regex; undefined (matching nothing, as in LLVM) if invalid. */
  private regexFor(source: string): PosixRegex | undefined {
    if (this.compiled?.source !== source) {
      let regex: PosixRegex | undefined;
      try {
        regex = new PosixRegex(source, { ignoreCase: this.ignoreCase, newline: true });
      } catch (e) {
        // Only patterns whose parsing failed (bad --implicit-check-not) get here.
        if (!(e instanceof RegexSyntaxError)) throw e;
      }
      this.compiled = { source, regex };
    }
    return this.compiled.regex;
  }
}

/** Translates pattern syntax ({{re}}, [[VAR:re]], [[VAR]], [[#expr]]) into a regex. */
class RegexBuilder {
  /** Number of the next capture group. */
  private group = 1;

  constructor(
    private readonly pattern: Pattern,
    private readonly context: PatternContext,
    private readonly stringDefs: Map<string, number>,
    private readonly numericDefs: Map<string, { variable: NumericVariable; group: number }>,
  ) {}

  build(text: Span): void {
    while (!text.empty) {
      if (text.startsWith('{{')) text = this.regexBlock(text);
      else if (text.startsWith('[[') && !text.startsWith('[[[')) text = this.substitutionBlock(text);
      else {
        const ends = [text.indexOf('{{', 1), text.indexOf('[[', 1)].filter((i) => i !== -1);
        const end = ends.length ? Math.min(...ends) : text.length;
        this.pattern.regexStr += escapeRegex(text.takeFront(end).text);
        text = text.dropFront(end);
      }
    }
  }

  private regexBlock(text: Span): Span {
    const end = text.indexOf('}}');
    if (end === -1) throw DiagnosticError.at(text.loc, "found start of regex string with no end '}}'");
    // Parenthesize alternations so that "a{{x|y}}b" does not become "ax|yb".
    // (LLVM looks for '|' in the rest of the whole pattern, not just the block.)
    const alternation = text.contains('|');
    if (alternation) {
      this.pattern.regexStr += '(';
      this.group++;
    }
    const body = text.slice(2, end);
    this.addRegex(body.text, body.loc);
    if (alternation) this.pattern.regexStr += ')';
    return text.dropFront(end + 2);
  }

  private substitutionBlock(text: Span): Span {
    const unparsed = text.dropFront(2);
    const end = findBlockEnd(unparsed);
    let block = end === -1 ? unparsed : unparsed.takeFront(end);
    let numeric = block.startsWith('#');
    if (numeric) block = block.dropFront(1);
    if (end === -1) throw DiagnosticError.at(text.loc, 'Invalid substitution block, no ]] found');
    const rest = unparsed.dropFront(end + 2);

    const pattern = this.pattern;
    let defName: string | undefined;
    let definedNumeric: NumericVariable | undefined;
    let substituted: Span | undefined;
    let captureRegex: { text: string; loc: Loc } | undefined;
    let legacyLine = false;
    let insertAt = pattern.regexStr.length;
    let expression: Expression | undefined;

    if (!numeric) {
      const colon = block.indexOf(':');
      const space = block.takeFront(colon === -1 ? block.length : colon).indexOfAny(' \t');
      if (space !== -1) throw DiagnosticError.at(block.dropFront(space).loc, 'unexpected whitespace');
      const cur = new Cursor(block);
      const { name, isPseudo } = logged(() => parseVariable(cur));
      if (colon !== -1) {
        if (isPseudo || !cur.consume(':')) throw DiagnosticError.at(name.loc, 'invalid name in string variable definition');
        if (this.context.numericVars.has(name.text)) throw DiagnosticError.at(name.loc, `numeric variable with name '${name.text}' already exists`);
        defName = name.text;
        captureRegex = { text: cur.span.text, loc: cur.span.loc };
      } else if (isPseudo) {
        legacyLine = numeric = true;
      } else {
        if (!cur.empty) throw DiagnosticError.at(name.loc, 'invalid name in string variable use');
        substituted = name;
      }
    }

    if (numeric) {
      const parsed = logged(() => parseNumericBlock(block, legacyLine, pattern.lineNumber, this.context));
      expression = parsed.expression;
      definedNumeric = parsed.defined;
      defName = definedNumeric?.name;
      if (expression.ast) substituted = block;
      else captureRegex = { text: expression.format.wildcardRegex(), loc: block.loc };
    }

    if (defName !== undefined) {
      pattern.regexStr += '(';
      insertAt++;
      if (definedNumeric) {
        this.numericDefs.set(defName, { variable: definedNumeric, group: this.group });
        this.context.numericVars.set(defName, definedNumeric);
      } else {
        this.stringDefs.set(defName, this.group);
        this.context.definedStringVars.add(defName);
      }
      this.group++;
    }
    if (captureRegex?.text) this.addRegex(captureRegex.text, captureRegex.loc);
    if (defName !== undefined) pattern.regexStr += ')';

    if (substituted) {
      const sameLineGroup = numeric ? undefined : this.stringDefs.get(substituted.text);
      if (sameLineGroup !== undefined) {
        // Defined earlier in this pattern: use a back-reference.
        if (sameLineGroup < 1 || sameLineGroup > BACKREF_LIMIT) throw DiagnosticError.at(substituted.loc, `Can't back-reference more than ${BACKREF_LIMIT} variables`);
        pattern.regexStr += sameLineGroup <= 9 ? `\\${sameLineGroup}` : `\\g{${sameLineGroup}}`;
      } else {
        pattern.substitutions.push(numeric ? new NumericSubstitution(substituted, insertAt, expression!) : new StringSubstitution(substituted, insertAt, this.context));
      }
    }
    return rest;
  }

  private addRegex(source: string, loc: Loc): void {
    try {
      this.group += PosixRegex.groupCountOf(source);
    } catch (e) {
      if (e instanceof RegexSyntaxError) throw DiagnosticError.at(loc, `invalid regex: ${e.message}`);
      throw e;
    }
    this.pattern.regexStr += source;
  }
}

/** Marks errors that LLVM reports through logAllUnhandledErrors. */
function logged<T>(parse: () => T): T {
  try {
    return parse();
  } catch (e) {
    throw e instanceof DiagnosticError ? e.asLogged() : e;
  }
}

/** Finds the "]]" closing a substitution block, skipping nested [...] and escapes. */
function findBlockEnd(text: Span): number {
  let depth = 0;
  for (let i = 0; i < text.length; ) {
    if (depth === 0 && text.charAt(i) === ']' && text.charAt(i + 1) === ']') return i;
    const c = text.charAt(i);
    if (c === '\\') {
      i += 2;
      continue;
    }
    if (c === '[') depth++;
    else if (c === ']') {
      // LLVM exits with status 1 right away here.
      if (depth === 0) throw DiagnosticError.at(text.dropFront(i).loc, 'missing closing "]" for regex variable', 1);
      depth--;
    }
    i++;
  }
  return -1;
}
