import { describe, expect, it } from 'vitest';
import { DiagnosticError } from '../../../../core/ir/diagnostics.js';
import { Lexer, Tok } from '../../../../core/syntax/lexer.js';
import { SourceFile } from '../../../../core/syntax/source.js';

function lex(text: string): [Tok, string][] {
  const lexer = new Lexer(new SourceFile('t.mlir', text));
  const out: [Tok, string][] = [];
  for (;;) {
    const t = lexer.next();
    if (t.kind === Tok.EOF) return out;
    out.push([t.kind, text.slice(t.start, t.end)]);
  }
}

function lexError(text: string): string {
  try {
    lex(text);
  } catch (e) {
    if (e instanceof DiagnosticError) return `${e.diagnostic.loc}: ${e.diagnostic.message}`;
    throw e;
  }
  return 'no error';
}

describe('Lexer', () => {
  it('splits an op line into tokens', () => {
    expect(lex('%v1 = arith.addi %a_b$.c, %0 : i32 // comment\n^bb0:')).toEqual([
      [Tok.PercentId, '%v1'],
      [Tok.Equal, '='],
      [Tok.BareId, 'arith.addi'],
      [Tok.PercentId, '%a_b$.c'],
      [Tok.Comma, ','],
      [Tok.PercentId, '%0'],
      [Tok.Colon, ':'],
      [Tok.BareId, 'i32'],
      [Tok.CaretId, '^bb0'],
      [Tok.Colon, ':'],
    ]);
  });

  it('lexes numbers, arrows, ellipses, symbols and prefixed names', () => {
    expect(lex('0x1F 12 1.5e-3 2. -> - ... @foo-bar @"q x" #map-1 !t.x {-# #-}')).toEqual([
      [Tok.Integer, '0x1F'],
      [Tok.Integer, '12'],
      [Tok.Float, '1.5e-3'],
      [Tok.Float, '2.'],
      [Tok.Arrow, '->'],
      [Tok.Minus, '-'],
      [Tok.Ellipsis, '...'],
      [Tok.AtId, '@foo'],
      [Tok.Minus, '-'],
      [Tok.BareId, 'bar'],
      [Tok.AtId, '@"q x"'],
      [Tok.HashId, '#map-1'],
      [Tok.BangId, '!t.x'],
      [Tok.FileMetadataBegin, '{-#'],
      [Tok.FileMetadataEnd, '#-}'],
    ]);
  });

  it('stops identifiers at non-ASCII characters and at the end of the text', () => {
    expect(lex('abc')).toEqual([[Tok.BareId, 'abc']]);
    expect(lex('%x')).toEqual([[Tok.PercentId, '%x']]);
    expect(lexError('ab\u00e9')).toBe('"t.mlir":1:3: unexpected character');
  });

  it('reports bad input where MLIR does', () => {
    expect(lexError('%')).toBe('"t.mlir":1:1: invalid SSA name');
    expect(lexError('x .. y')).toBe('"t.mlir":1:4: expected three consecutive dots for an ellipsis');
    expect(lexError('"abc\n"')).toBe('"t.mlir":1:5: expected \'"\' in string literal');
    expect(lexError('a / b')).toBe('"t.mlir":1:3: unexpected character');
    expect(lexError('@1')).toBe('"t.mlir":1:2: @ identifier expected to start with letter or \'_\'');
  });
});
