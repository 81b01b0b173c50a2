/** One `--split-input-file` chunk and the 0-based line of the full buffer it starts on. */
export interface Chunk {
  text: string;
  firstLine: number;
}

const MARKER = '// -----';
/** mlir-opt splits on the marker less its last two characters and warns about near misses. */
const PREFIX = MARKER.slice(0, -2);

/**
 * Split a buffer as mlir-opt does: at every `// -----` (anywhere on a line); a chunk starts
 * right after the marker. `// ---` followed by anything else is a near miss, reported by offset.
 */
export function splitInput(text: string): { chunks: Chunk[]; nearMisses: number[] } {
  const chunks: Chunk[] = [];
  const nearMisses: number[] = [];
  let start = 0;
  let line = 0;
  let scanned = 0;
  const advanceLines = (to: number) => {
    for (let i = text.indexOf('\n', scanned); i >= 0 && i < to; i = text.indexOf('\n', i + 1)) line++;
    scanned = to;
  };
  let firstLine = 0;
  for (let at = text.indexOf(PREFIX); at >= 0; at = text.indexOf(PREFIX, at + PREFIX.length)) {
    if (!text.startsWith(MARKER, at)) {
      nearMisses.push(at + PREFIX.length);
      continue;
    }
    chunks.push({ text: text.slice(start, at), firstLine });
    start = at + MARKER.length;
    advanceLines(start);
    firstLine = line;
  }
  chunks.push({ text: text.slice(start), firstLine });
  return { chunks, nearMisses };
}
