// -D VAR=VALUE and -D#[%fmt,]VAR=EXPR command-line variable definitions.

import type { PatternContext } from './context.js';
import { parseNumericBlock, parseVariable } from './expression-parser.js';
import { evaluate, EvaluationErrors } from './numeric.js';
import { AbortError, DiagnosticError, SourceBuffer } from './source.js';
import { Cursor, Span } from './span.js';

/** Defines the variables in `context`; throws AbortError listing every bad definition. */
export function defineCommandLineVariables(defines: readonly string[], context: PatternContext): void {
  if (defines.length === 0) return;

  // Diagnostics point into a synthetic buffer listing all definitions, with
  // numeric ones shown in the [[#...]] syntax they are parsed as.
  let listing = '';
  const parts: Array<{ start: number; length: number }> = [];
  defines.forEach((def, i) => {
    const prefix = `Global define #${i + 1}: `;
    const eq = def.indexOf('=');
    if (eq === -1) {
      parts.push({ start: listing.length, length: 0 });
    } else if (def.startsWith('#')) {
      listing += `${prefix}${def} (parsed as: [[`;
      const block = def.slice(0, eq) + ':' + def.slice(eq + 1);
      parts.push({ start: listing.length, length: block.length });
      listing += `${block}]])\n`;
    } else {
      listing += prefix;
      parts.push({ start: listing.length, length: def.length });
      listing += `${def}\n`;
    }
  });
  const buffer = new SourceBuffer('Global defines', listing);

  let errors = '';
  for (const { start, length } of parts) {
    const def = new Span(buffer, start, start + length);
    try {
      if (def.empty) throw DiagnosticError.at(def.loc, 'missing equal sign in global definition');
      if (def.startsWith('#')) defineNumeric(def.dropFront(1), context);
      else defineString(def, context);
    } catch (e) {
      if (e instanceof DiagnosticError) errors += e.asLogged().render();
      else if (e instanceof EvaluationErrors) errors += e.errors.map((err) => `${err.message}\n`).join('');
      else throw e;
    }
  }
  if (errors) throw new AbortError(errors, 2);
}

function defineNumeric(block: Span, context: PatternContext): void {
  const { expression, defined } = parseNumericBlock(block, false, undefined, context);
  // (LLVM crashes on an empty expression; report it instead.)
  if (!expression.ast) throw DiagnosticError.at(block.loc, 'missing expression in numeric variable definition');
  const value = evaluate(expression.ast);
  defined!.setValue(value);
  context.numericVars.set(defined!.name, defined!);
}

function defineString(def: Span, context: PatternContext): void {
  const eq = def.indexOf('=');
  const nameText = def.takeFront(eq);
  const cur = new Cursor(nameText);
  const { name, isPseudo } = parseVariable(cur);
  if (isPseudo || !cur.empty) throw DiagnosticError.at(nameText.loc, `invalid name in string variable definition '${nameText.text}'`);
  if (context.numericVars.has(name.text)) throw DiagnosticError.at(name.loc, `numeric variable with name '${name.text}' already exists`);
  // Like StringMap::insert, an earlier definition of the same name wins.
  if (!context.stringVars.has(name.text)) context.stringVars.set(name.text, { value: def.dropFront(eq + 1).text });
  context.definedStringVars.add(name.text);
}
