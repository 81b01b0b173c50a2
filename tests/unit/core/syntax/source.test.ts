import { describe, expect, it } from 'vitest';
import { SourceFile } from '../../../../core/syntax/source.js';

/** Line/column by counting newlines before `offset` (the definition SourceFile must agree with). */
function naiveLineCol(text: string, offset: number): { line: number; col: number } {
  let line = 1;
  let lineStart = 0;
  for (let i = 0; i < Math.min(offset, text.length); i++) {
    if (text[i] === '\n') {
      line++;
      lineStart = i + 1;
    }
  }
  return { line, col: offset - lineStart + 1 };
}

describe('SourceFile', () => {
  const text = 'a\nbc\n\n  def\nlast';

  it('maps offsets in increasing order to line and column', () => {
    const file = new SourceFile('f.mlir', text);
    for (let offset = 0; offset <= text.length; offset++) expect(file.lineCol(offset)).toEqual(naiveLineCol(text, offset));
  });

  it('maps offsets in any order, after the line table was built only part of the way', () => {
    const file = new SourceFile('f.mlir', text);
    const offsets = [7, 2, 15, 0, 9, 3, 4, 5, 16, 1, 12, 6];
    for (const offset of offsets) expect(file.lineCol(offset)).toEqual(naiveLineCol(text, offset));
  });

  it('gives line texts before any offset was asked for, and none past the end', () => {
    const file = new SourceFile('f.mlir', text);
    expect(file.lineText(5)).toBe('last');
    expect(file.lineText(4)).toBe('  def');
    expect(file.lineText(3)).toBe('');
    expect(file.lineText(6)).toBeUndefined();
    expect(file.lineText(0)).toBeUndefined();
  });

  it('applies the line offset to locations and line texts', () => {
    const file = new SourceFile('f.mlir', text, 10);
    expect(file.lineCol(3)).toEqual({ line: 12, col: 2 });
    expect(file.loc(8).toString()).toBe('"f.mlir":14:3');
    expect(file.lineText(12)).toBe('bc');
  });

  it('handles a text without newlines and offsets at its end', () => {
    const file = new SourceFile('f.mlir', 'abc');
    expect(file.lineCol(3)).toEqual({ line: 1, col: 4 });
    expect(file.lineCol(0)).toEqual({ line: 1, col: 1 });
    expect(file.lineText(1)).toBe('abc');
  });
});
