/**
 * The text picture of `tile-view-schedule`: per loop, a title, the op table and the timeline
 * (rows: time slots, columns: iterations), sized for a 100-column terminal.
 */
import { cellText, isElided, pictureSummary, pictureTitle, predicatedOffWhen, timeLabel, type LoopPicture, type TimelineColumn } from './schedule-picture.js';

const INDENT = '  ';
const GAP = '  ';

/** The pictures of all loops, separated by an empty line. */
export function renderScheduleText(pictures: readonly LoopPicture[]): string {
  return pictures.map(loopText).join('\n');
}

function loopText(p: LoopPicture): string {
  return [pictureTitle(p), INDENT + pictureSummary(p), '', ...opTable(p), '', ...timelineTable(p), ''].join('\n');
}

/** `order  stage  op`, numbers right-aligned under their headers. */
function opTable(p: LoopPicture): string[] {
  const rows = [['order', 'stage', 'op'], ...p.ops.map((op) => [String(op.order), String(op.stage), op.text])];
  const width = (c: number) => Math.max(...rows.map((r) => r[c]!.length));
  const [w0, w1] = [width(0), width(1)];
  return rows.map(([order, stage, op], i) => {
    const numbers = i === 0 ? [order!.padEnd(w0), stage!.padEnd(w1)] : [order!.padStart(w0), stage!.padStart(w1)];
    return INDENT + [...numbers, op].join(GAP);
  });
}

const columnHeader = (c: TimelineColumn) => (c === '...' ? '...' : `i${c}`);

function timelineTable(p: LoopPicture): string[] {
  const { rows, columns } = p.timeline;
  const regionWidth = Math.max('region'.length, ...rows.map((r) => r.region.length));
  const timeWidth = Math.max('time'.length, ...rows.map((r) => timeLabel(r).length));
  // Each column as wide as its widest cell, at least 4 (`(S1)`), so that the grid stays regular.
  const cellWidths = columns.map((c) => Math.max(4, columnHeader(c).length, ...rows.map((r) => cellText(r, c).length)));
  const line = (region: string, time: string, cells: readonly string[]) =>
    (INDENT + [region.padEnd(regionWidth), time.padEnd(timeWidth), ...cells.map((c, k) => c.padEnd(cellWidths[k] ?? 0))].join(GAP)).trimEnd();
  const out = [line('region', 'time', columns.map(columnHeader))];
  for (const row of rows) {
    if (isElided(row)) {
      const count = row.lastTime - row.firstTime + 1;
      out.push(line(row.region, timeLabel(row), [`... ${count} more kernel slot${count === 1 ? '' : 's'}, each running every stage`]));
    } else {
      out.push(
        line(
          row.region,
          timeLabel(row),
          columns.map((c) => cellText(row, c)),
        ),
      );
    }
  }
  out.push('', `${INDENT}S<k>: the iteration (column) runs its stage k in the time slot (row)`);
  out.push(`${INDENT}(S<k>): emitted in the slot but predicated off (${predicatedOffWhen(p)})`);
  return out;
}
