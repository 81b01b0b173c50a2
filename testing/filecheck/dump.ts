// The annotated input dump (--dump-input), in LLVM FileCheck's format:
//
//   Input was:
//   <<<<<<
//            1: some input line
//   check:1     X~~~~~~~~~~~~~~ error: no match found
//   >>>>>>

import { abbreviateCheck } from './check-type.js';
import type { DumpInputFilter } from './options.js';
import type { InputDiag, MatchType } from './report.js';
import type { SourceBuffer } from './source.js';

interface Marker {
  /** First character of the marker; the rest is '~'. */
  lead: string;
  note: string;
  /** Whether the annotation counts as an error for --dump-input-filter=error. */
  error: boolean;
}

interface Annotation {
  diagIndex: number;
  label: string;
  isFirstLine: boolean;
  line: number;
  /** Columns to mark, 1-based; endCol is exclusive, Infinity for "to end of line". */
  startCol: number;
  endCol: number;
  marker: Marker;
}

const MARKERS: Record<MatchType, Marker> = {
  'found-and-expected': { lead: '^', note: '', error: false },
  'found-but-excluded': { lead: '!', note: 'error: no match expected', error: true },
  'found-but-wrong-line': { lead: '!', note: 'error: match on wrong line', error: true },
  'found-but-discarded': { lead: '!', note: 'discard: overlaps earlier match', error: false },
  'none-and-excluded': { lead: 'X', note: '', error: false },
  'none-but-expected': { lead: 'X', note: 'error: no match found', error: true },
  'none-for-invalid-pattern': { lead: 'X', note: 'error: match failed for invalid pattern', error: true },
  fuzzy: { lead: '?', note: 'possible intended match', error: true },
};

export interface DumpSources {
  input: SourceBuffer;
  checkFile: SourceBuffer;
  implicitBuffers: readonly SourceBuffer[];
}

export function renderInputDump(sources: DumpSources, diags: readonly InputDiag[], filter: DumpInputFilter, context: number): string {
  const { annotations, labelWidth: widestLabel } = buildAnnotations(sources, diags);
  annotations.sort((a, b) => a.line - b.line || a.diagIndex - b.diagIndex);

  const text = sources.input.text;
  let lineCount = 0;
  for (const c of text) if (c === '\n') lineCount++;
  if (text.length > 0 && !text.endsWith('\n')) lineCount++;
  const labelWidth = Math.max(widestLabel, String(lineCount).length) + 3;

  let out = 'Input was:\n<<<<<<\n';
  let elided = '';
  const flushElided = (): void => {
    if (!elided) return;
    const ellipsis = `${'.'.padStart(labelWidth)}\n`;
    out += (elided.match(/\n/g)?.length ?? 0) > 3 ? ellipsis.repeat(3) : elided;
    elided = '';
  };

  let pos = 0;
  let next = 0;
  let prevInFilter = 0;
  let nextInFilter = 0; // 0: not computed yet; Infinity: none left
  for (let line = 1; pos < text.length || next < annotations.length; line++) {
    if (nextInFilter < line) nextInFilter = nextLineInFilter(filter, line, annotations, next);
    if (nextInFilter === line) prevInFilter = line;
    const elide = (!prevInFilter || prevInFilter + context < line) && (nextInFilter === Infinity || line + context < nextInFilter);
    let chunk = `${String(line).padStart(labelWidth)}: `;
    const lineStart = pos;
    while (pos < text.length) {
      const c = text[pos++]!;
      // The newline is shown as a trailing space, so it can be marked.
      chunk += c === '\n' ? ' ' : c;
      if (c === '\n') break;
    }
    chunk += '\n';
    const width = pos - lineStart;

    for (; next < annotations.length && annotations[next]!.line === line; next++) {
      const a = annotations[next]!;
      let col = 1;
      chunk += a.label.padEnd(labelWidth) + '  ';
      for (; col < a.startCol; col++) chunk += ' ';
      chunk += a.marker.lead;
      for (col++; col < a.endCol && col <= width; col++) chunk += '~';
      if (a.marker.note) {
        for (; col <= width; col++) chunk += ' ';
        chunk += ' ' + a.marker.note;
      }
      chunk += '\n';
    }

    if (elide) elided += chunk;
    else {
      flushElided();
      out += chunk;
    }
  }
  flushElided();
  return out + '>>>>>>\n';
}

function nextLineInFilter(filter: DumpInputFilter, line: number, annotations: readonly Annotation[], from: number): number {
  if (filter === 'all') return line;
  for (let i = from; i < annotations.length; i++) {
    const a = annotations[i]!;
    if (filter === 'annotation-full') return a.line;
    if (a.isFirstLine && (filter === 'annotation' || a.marker.error)) return a.line;
  }
  return Infinity;
}

function buildAnnotations(sources: DumpSources, diags: readonly InputDiag[]): { annotations: Annotation[]; labelWidth: number } {
  // Results of one directive are told apart with "'N" suffixes.
  const bufferIds = new Map<SourceBuffer, number>();
  const key = (d: InputDiag): string => {
    if (!bufferIds.has(d.checkLoc.buffer)) bufferIds.set(d.checkLoc.buffer, bufferIds.size);
    return `${bufferIds.get(d.checkLoc.buffer)}:${d.checkLoc.pos}`;
  };
  const counts = new Map<string, number>();
  for (const d of diags) counts.set(key(d), (counts.get(key(d)) ?? 0) + 1);
  const nextIndex = new Map<string, number>();

  const annotations: Annotation[] = [];
  let labelWidth = 0;
  diags.forEach((d, diagIndex) => {
    const { checkLoc } = d;
    let label = `${abbreviateCheck(d.checkType)}:`;
    const implicit = sources.implicitBuffers.indexOf(checkLoc.buffer);
    label += implicit === -1 ? String(checkLoc.buffer.lineAndColumn(checkLoc.pos).line) : `imp${implicit + 1}`;
    if (counts.get(key(d))! > 1) {
      const index = nextIndex.get(key(d)) ?? 0;
      nextIndex.set(key(d), index + 1);
      label += `'${index}`;
    }
    labelWidth = Math.max(labelWidth, label.length);

    const marker = { ...MARKERS[d.matchType] };
    const start = sources.input.lineAndColumn(d.start);
    const end = sources.input.lineAndColumn(d.end);
    if (d.note) {
      marker.note = d.note;
      // Notes without a range of their own get no marker.
      if (d.start === d.end) marker.lead = ' ';
    }
    const base = { diagIndex, label, marker };
    if (start.line === end.line) {
      annotations.push({ ...base, isFirstLine: true, line: start.line, startCol: start.col, endCol: Math.max(start.col + 1, end.col) });
      return;
    }
    annotations.push({ ...base, isFirstLine: true, line: start.line, startCol: start.col, endCol: Infinity });
    for (let line = start.line + 1; line <= end.line; line++) {
      // A range ending at column 1 has nothing to mark on its last line.
      if (end.col === 1 && line === end.line) break;
      annotations.push({
        ...base,
        marker: { ...marker, lead: '~', note: '' },
        isFirstLine: false,
        line,
        startCol: 1,
        endCol: line === end.line ? end.col : Infinity,
      });
    }
  });
  return { annotations, labelWidth };
}
