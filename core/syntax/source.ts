import { FileLineColLoc } from '../ir/location.js';

/** A named source buffer with offset -> line/column mapping (1-based, like MLIR). */
export class SourceFile {
  private lineStarts: number[] | undefined;
  constructor(readonly name: string, readonly text: string, readonly lineOffset = 0) {}

  private starts(): number[] {
    if (!this.lineStarts) {
      const starts = [0];
      for (let i = this.text.indexOf('\n'); i >= 0; i = this.text.indexOf('\n', i + 1)) starts.push(i + 1);
      this.lineStarts = starts;
    }
    return this.lineStarts;
  }
  lineCol(offset: number): { line: number; col: number } {
    const starts = this.starts();
    let lo = 0;
    let hi = starts.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (starts[mid]! <= offset) lo = mid;
      else hi = mid - 1;
    }
    return { line: lo + 1 + this.lineOffset, col: offset - starts[lo]! + 1 };
  }
  loc(offset: number): FileLineColLoc {
    const { line, col } = this.lineCol(offset);
    return FileLineColLoc.get(this.name, line, col);
  }
  /** Text of a 1-based line (relative to the file, including `lineOffset`). */
  lineText(line: number): string | undefined {
    const starts = this.starts();
    const i = line - 1 - this.lineOffset;
    if (i < 0 || i >= starts.length) return undefined;
    const end = i + 1 < starts.length ? starts[i + 1]! - 1 : this.text.length;
    return this.text.slice(starts[i]!, end).replace(/\r$/, '');
  }
}
