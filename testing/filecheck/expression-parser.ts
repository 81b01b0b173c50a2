// Parsing of variable names and numeric substitution blocks ("[[#...]]").

import type { PatternContext } from './context.js';
import { BINARY_OPERATORS, ExpressionFormat, implicitFormat, NumericVariable, type BinaryOperator, type ExprNode, type Expression } from './numeric.js';
import { DiagnosticError } from './source.js';
import { Cursor, type Span } from './span.js';

const isAlpha = (c: string): boolean => (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z');
const isDigit = (c: string): boolean => c >= '0' && c <= '9';
const isNameChar = (c: string): boolean => c === '_' || isAlpha(c) || isDigit(c);

function fail(span: Span, message: string): never {
  throw DiagnosticError.at(span.loc, message);
}

export interface VariableName {
  name: Span;
  isPseudo: boolean;
}

/** Consumes a variable name ("$global", "@pseudo" or plain) from the cursor; throws DiagnosticError. */
export function parseVariable(cur: Cursor): VariableName {
  const result = scanVariable(cur);
  if ('message' in result) fail(result.at, result.message);
  return result;
}

/** parseVariable without the (costly) exception when there is no name. */
function scanVariable(cur: Cursor): VariableName | { at: Span; message: string } {
  const str = cur.span;
  if (str.empty) return { at: str, message: 'empty variable name' };
  const isPseudo = str.charAt(0) === '@';
  let i = str.charAt(0) === '$' || isPseudo ? 1 : 0;
  if (i === str.length) return { at: str.dropFront(i), message: `empty ${isPseudo ? 'pseudo ' : 'global '}variable name` };
  const first = str.charAt(i++);
  if (first !== '_' && !isAlpha(first)) return { at: str, message: 'invalid variable name' };
  while (i < str.length && isNameChar(str.charAt(i))) i++;
  cur.skip(i);
  return { name: str.takeFront(i), isPseudo };
}

type AllowedOperand = 'line-var' | 'legacy-literal' | 'any';

interface ParseScope {
  context: PatternContext;
  /** Check file line of the directive, or undefined for command-line definitions. */
  lineNumber: number | undefined;
}

export interface NumericBlock {
  expression: Expression;
  defined: NumericVariable | undefined;
}

/**
 * Parses the inside of "[[#...]]" (or a legacy "[[@LINE+N]]" block when
 * `legacyLine`): "[%fmt,] [VAR:] [==] [expr]".
 */
export function parseNumericBlock(block: Span, legacyLine: boolean, lineNumber: number | undefined, context: PatternContext): NumericBlock {
  const scope: ParseScope = { context, lineNumber };
  let expr = block;
  let explicit = new ExpressionFormat();
  let precision = 0;

  const formatEnd = expr.indexOf(',');
  const functionStart = expr.indexOf('(');
  if (formatEnd !== -1 && (functionStart === -1 || formatEnd < functionStart)) {
    const fmt = new Cursor(expr.takeFront(formatEnd).trim());
    expr = expr.dropFront(formatEnd + 1);
    if (!fmt.consume('%')) fail(fmt.span, 'invalid matching format specification in expression');
    const alternateLoc = fmt.span;
    const alternate = fmt.consume('#');
    if (fmt.consume('.')) {
      const digits = /^[0-9]+/.exec(fmt.span.text)?.[0];
      if (digits === undefined || Number(digits) > 0xffffffff) fail(fmt.span, 'invalid precision in format specifier');
      precision = Number(digits);
      fmt.skip(digits.length);
    }
    if (!fmt.empty) {
      const kindLoc = fmt.span;
      const kind = fmt.pop();
      if (kind === 'u' || kind === 'd') explicit = new ExpressionFormat(kind, precision);
      else if (kind === 'x' || kind === 'X') explicit = new ExpressionFormat(kind, precision, alternate);
      else fail(kindLoc, 'invalid format specifier in expression');
    }
    if (alternate && explicit.kind !== 'x' && explicit.kind !== 'X') fail(alternateLoc, 'alternate form only supported for hex values');
    fmt.ltrim();
    if (!fmt.empty) fail(fmt.span, 'invalid matching format specification in expression');
  }

  let definition: Span | undefined;
  const defEnd = expr.indexOf(':');
  if (defEnd !== -1) {
    definition = expr.takeFront(defEnd);
    expr = expr.dropFront(defEnd + 1);
  }

  const cur = new Cursor(expr.ltrim());
  const hasConstraint = cur.consume('==');
  cur.ltrim();
  let ast: ExprNode | undefined;
  if (cur.empty) {
    if (hasConstraint) fail(cur.span, 'empty numeric expression should not have a constraint');
  } else {
    cur.span = cur.span.rtrim();
    const whole = cur.span;
    ast = parseOperand(cur, legacyLine ? 'line-var' : 'any', !hasConstraint, scope);
    while (!cur.empty) {
      ast = parseBinary(whole, cur, ast, legacyLine, scope);
      if (legacyLine && !cur.empty) fail(cur.span, `unexpected characters at end of expression '${cur.span.text}'`);
    }
  }

  let format = explicit;
  if (!format.isSet && ast) format = implicitFormat(ast);
  if (!format.isSet) format = new ExpressionFormat('u', precision);

  const defined = definition && defineVariable(definition.ltrim(), format, scope);
  return { expression: { ast, format }, defined };
}

function defineVariable(definition: Span, format: ExpressionFormat, scope: ParseScope): NumericVariable {
  const cur = new Cursor(definition);
  const { name, isPseudo } = parseVariable(cur);
  if (isPseudo) fail(name, 'definition of pseudo numeric variable unsupported');
  if (scope.context.definedStringVars.has(name.text)) fail(name, `string variable with name '${name.text}' already exists`);
  cur.ltrim();
  if (!cur.empty) fail(cur.span, 'unexpected characters after numeric variable name');

  const existing = scope.context.numericVars.get(name.text);
  if (!existing) return new NumericVariable(name.text, format, scope.lineNumber);
  if (!existing.implicitFormat.equals(format)) fail(cur.span, 'format different from previous variable definition');
  return existing;
}

function variableUse(name: Span, isPseudo: boolean, scope: ParseScope): ExprNode {
  if (isPseudo && name.text !== '@LINE') fail(name, `invalid pseudo numeric variable '${name.text}'`);
  let variable = scope.context.numericVars.get(name.text);
  if (!variable) {
    // Not defined (yet): uses of undefined variables are diagnosed on match.
    variable = new NumericVariable(name.text, new ExpressionFormat('u'));
    scope.context.numericVars.set(name.text, variable);
  }
  if (variable.defLine !== undefined && scope.lineNumber !== undefined && variable.defLine === scope.lineNumber)
    fail(name, `numeric variable '${name.text}' defined earlier in the same CHECK directive`);
  return { kind: 'use', variable, text: name };
}

function parseOperand(cur: Cursor, allowed: AllowedOperand, maybeConstraint: boolean, scope: ParseScope): ExprNode {
  if (cur.startsWith('(')) {
    if (allowed !== 'any') fail(cur.span, 'parenthesized expression not permitted here');
    return parseParenthesized(cur, scope);
  }

  if (allowed === 'line-var' || allowed === 'any') {
    const variable = scanVariable(cur);
    if (!('message' in variable)) {
      if (cur.span.ltrim().startsWith('(')) {
        if (allowed !== 'any') fail(variable.name, 'unexpected function call');
        return parseCall(cur, variable.name, scope);
      }
      return variableUse(variable.name, variable.isPseudo, scope);
    }
    // Not a name: retry as a literal, unless only @LINE is allowed here.
    if (allowed === 'line-var') fail(variable.at, variable.message);
  }

  const literal = cur.span;
  const negative = cur.consume('-');
  const value = consumeInteger(cur, allowed === 'legacy-literal' ? 10 : 0);
  if (value === undefined) fail(literal, `invalid ${maybeConstraint ? 'matching constraint or ' : ''}operand format`);
  return { kind: 'literal', value: negative ? -value : value, text: literal.before(cur.span) };
}

function parseParenthesized(cur: Cursor, scope: ParseScope): ExprNode {
  cur.ltrim();
  cur.consume('(');
  cur.ltrim();
  if (cur.empty) fail(cur.span, 'missing operand in expression');
  let node = parseOperand(cur, 'any', false, scope);
  cur.ltrim();
  while (!cur.empty && !cur.startsWith(')')) {
    node = parseBinary(cur.span, cur, node, false, scope);
    cur.ltrim();
  }
  if (!cur.consume(')')) fail(cur.span, "missing ')' at end of nested expression");
  return node;
}

/** Parses "<op> operand" after `left`; `whole` starts where the expression text starts. */
function parseBinary(whole: Span, cur: Cursor, left: ExprNode, legacyLine: boolean, scope: ParseScope): ExprNode {
  cur.ltrim();
  if (cur.empty) return left;
  const opLoc = cur.span;
  const symbol = cur.pop();
  let op: BinaryOperator;
  if (symbol === '+') op = BINARY_OPERATORS.add;
  else if (symbol === '-') op = BINARY_OPERATORS.sub;
  else throw DiagnosticError.at(opLoc.loc, `unsupported operation '${symbol}'`);
  cur.ltrim();
  if (cur.empty) fail(cur.span, 'missing operand in expression');
  const right = parseOperand(cur, legacyLine ? 'legacy-literal' : 'any', false, scope);
  return { kind: 'binary', op, left, right, text: whole.before(cur.span) };
}

function parseCall(cur: Cursor, name: Span, scope: ParseScope): ExprNode {
  cur.ltrim();
  const op = Object.hasOwn(BINARY_OPERATORS, name.text) ? BINARY_OPERATORS[name.text as keyof typeof BINARY_OPERATORS] : undefined;
  if (!op) fail(name, `call to undefined function '${name.text}'`);
  cur.consume('(');
  cur.ltrim();

  const args: ExprNode[] = [];
  while (!cur.empty && !cur.startsWith(')')) {
    if (cur.startsWith(',')) fail(cur.span, 'missing argument');
    const whole = cur.span;
    let arg = parseOperand(cur, 'any', false, scope);
    while (!cur.empty) {
      cur.ltrim();
      if (cur.startsWith(',') || cur.startsWith(')')) break;
      arg = parseBinary(whole, cur, arg, false, scope);
    }
    args.push(arg);
    cur.ltrim();
    if (!cur.consume(',')) break;
    cur.ltrim();
    if (cur.startsWith(')')) fail(cur.span, 'missing argument');
  }
  if (!cur.consume(')')) fail(cur.span, "missing ')' at end of call expression");
  if (args.length !== 2) fail(name, `function '${name.text}' takes 2 arguments but ${args.length} given`);
  return { kind: 'binary', op, left: args[0]!, right: args[1]!, text: cur.span };
}

/**
 * StringRef::consumeInteger into an arbitrary-precision value; radix 0
 * auto-detects 0x, 0b, 0o and leading-0 octal.
 */
function consumeInteger(cur: Cursor, radix: number): bigint | undefined {
  const original = cur.span.text;
  let str = original;
  if (radix === 0) {
    const lower = str.slice(0, 2).toLowerCase();
    if (lower === '0x') [radix, str] = [16, str.slice(2)];
    else if (lower === '0b') [radix, str] = [2, str.slice(2)];
    else if (str.startsWith('0o')) [radix, str] = [8, str.slice(2)];
    else if (str.length > 1 && str[0] === '0' && isDigit(str[1]!)) [radix, str] = [8, str.slice(1)];
    else radix = 10;
  }
  if (str.length === 0) return undefined;
  let i = 0;
  let value = 0n;
  for (; i < str.length && digitValue(str[i]!) < radix; i++) value = value * BigInt(radix) + BigInt(digitValue(str[i]!));
  // Like LLVM, a radix prefix alone (e.g. "0xg") counts as consuming "0".
  const remaining = str.length - i;
  if (remaining === original.length) return undefined;
  cur.skip(original.length - remaining);
  return value;
}

function digitValue(c: string): number {
  if (isDigit(c)) return c.charCodeAt(0) - 0x30;
  if (c >= 'a' && c <= 'z') return c.charCodeAt(0) - 0x61 + 10;
  if (c >= 'A' && c <= 'Z') return c.charCodeAt(0) - 0x41 + 10;
  return 99;
}
