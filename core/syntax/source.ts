import { FileLineColLoc } from '../ir/location.js';

/** A named source buffer with offset -> line/column mapping (1-based, like MLIR). */
export class SourceFile {
  /**
   * Offsets where lines start, found as far as asked for: the parser asks for offsets in mostly
   * increasing order, one or a few per line, so the table grows a line at a time in hot code
   * (a whole-file scan before parsing starts would run cold).
   */
  private readonly lineStarts: number[] = [0];
  /** Every line start up to here is in `lineStarts` (`text.length + 1`: all of them). */
  private scannedTo = 0;
  /** Index of the line found last. */
  private lastLine = 0;
  constructor(
    readonly name: string,
    readonly text: string,
    readonly lineOffset = 0,
  ) {}

  /** Extend `lineStarts` past `offset` (or to the end of the text). */
  private scanPast(offset: number): void {
    const starts = this.lineStarts;
    while (this.scannedTo <= offset) {
      const nl = this.text.indexOf('\n', this.scannedTo);
      if (nl < 0) {
        this.scannedTo = this.text.length + 1;
        return;
      }
      starts.push(nl + 1);
      this.scannedTo = nl + 1;
    }
  }
  /** 0-based index of the line holding `offset`. */
  private lineIndex(offset: number): number {
    if (offset >= this.scannedTo) this.scanPast(offset);
    const starts = this.lineStarts;
    // The line found last, or the one after it (the next op usually is on the next line).
    const i = this.lastLine;
    if (starts[i]! <= offset) {
      if (i + 1 >= starts.length || offset < starts[i + 1]!) return i;
      if (i + 2 >= starts.length || offset < starts[i + 2]!) return (this.lastLine = i + 1);
    }
    let lo = 0;
    let hi = starts.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (starts[mid]! <= offset) lo = mid;
      else hi = mid - 1;
    }
    return (this.lastLine = lo);
  }
  lineCol(offset: number): { line: number; col: number } {
    const i = this.lineIndex(offset);
    return { line: i + 1 + this.lineOffset, col: offset - this.lineStarts[i]! + 1 };
  }
  loc(offset: number): FileLineColLoc {
    const i = this.lineIndex(offset);
    return FileLineColLoc.get(this.name, i + 1 + this.lineOffset, offset - this.lineStarts[i]! + 1);
  }
  /** Text of a 1-based line (relative to the file, including `lineOffset`). */
  lineText(line: number): string | undefined {
    const i = line - 1 - this.lineOffset;
    const starts = this.lineStarts;
    while (i + 1 >= starts.length && this.scannedTo <= this.text.length) this.scanPast(this.scannedTo);
    if (i < 0 || i >= starts.length) return undefined;
    const end = i + 1 < starts.length ? starts[i + 1]! - 1 : this.text.length;
    return this.text.slice(starts[i]!, end).replace(/\r$/, '');
  }
}
