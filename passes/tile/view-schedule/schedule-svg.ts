/**
 * The SVG picture of `tile-view-schedule`: one standalone document with, per loop, a title, the
 * op table (a colour per stage) and the timeline as a grid of time slots (rows) by iterations
 * (columns), region bands, predicated-off instances pale and hatched, and a legend. Plain text,
 * deterministic (fixed ids, integer coordinates), so that golden tests can check it.
 */
import { cellText, instanceAt, isElided, pictureSummary, pictureTitle, predicatedOffWhen, regionSpans, timeLabel, type LoopPicture, type TimelineColumn } from './schedule-picture.js';
import type { PipelineRegion } from '../../loops/schedule.js';

/** Stage colours (Tableau 10), reused past the tenth stage. */
const STAGE_COLOURS = ['#4e79a7', '#f28e2b', '#59a14f', '#e15759', '#76b7b2', '#edc948', '#b07aa1', '#ff9da7', '#9c755f', '#bab0ac'];
const REGION_COLOURS: Record<PipelineRegion, string> = { prologue: '#eaf1fb', kernel: '#f3f3f3', epilogue: '#fbefe6' };

const FONT_SIZE = 12;
/** An estimate of the monospace advance at FONT_SIZE, to size boxes around text. */
const CHAR_WIDTH = 7.2;
const LINE = 18;
const MARGIN = 16;
const CELL_W = 44;
const CELL_H = 22;
const SWATCH = 10;

const stageColour = (stage: number) => STAGE_COLOURS[stage % STAGE_COLOURS.length]!;
const textWidth = (text: string) => Math.ceil(text.length * CHAR_WIDTH);

/** Text for XML content and attribute values. */
export function escapeXml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' })[c]!);
}

/** SVG elements, with the size of the box they fill from (0, 0). */
interface Drawing {
  readonly lines: string[];
  readonly width: number;
  readonly height: number;
}

const text = (x: number, y: number, content: string, attrs = '') => `<text x="${x}" y="${y}"${attrs}>${escapeXml(content)}</text>`;
const rect = (x: number, y: number, w: number, h: number, attrs: string) => `<rect x="${x}" y="${y}" width="${w}" height="${h}" ${attrs}/>`;

export function renderScheduleSvg(pictures: readonly LoopPicture[]): string {
  const drawings = pictures.length > 0 ? pictures.map(loopDrawing) : [noLoopsDrawing()];
  const body: string[] = [];
  let y = MARGIN;
  drawings.forEach((d, i) => {
    body.push(`<g class="loop" id="loop-${i}" transform="translate(${MARGIN},${y})">`, ...d.lines.map((l) => `  ${l}`), '</g>');
    y += d.height + 2 * MARGIN;
  });
  const width = Math.max(...drawings.map((d) => d.width)) + 2 * MARGIN;
  const height = y - MARGIN;
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" font-family="monospace" font-size="${FONT_SIZE}">`,
    '<defs>',
    '  <pattern id="predicated-off" width="6" height="6" patternUnits="userSpaceOnUse" patternTransform="rotate(45)">',
    '    <line x1="0" y1="0" x2="0" y2="6" stroke="#555555" stroke-width="1.5"/>',
    '  </pattern>',
    '</defs>',
    rect(0, 0, width, height, 'fill="#ffffff"'),
    ...body,
    '</svg>',
    '',
  ].join('\n');
}

function noLoopsDrawing(): Drawing {
  const message = 'No scf.for with a schedule (tile.stage / tile.order annotations)';
  return { lines: [text(0, LINE - 4, message)], width: textWidth(message), height: LINE };
}

/** Title, op table, timeline and legend, stacked. */
function loopDrawing(p: LoopPicture): Drawing {
  const [title, summary] = [pictureTitle(p), pictureSummary(p)];
  const heading = [text(0, LINE - 4, title, ' class="title" font-weight="bold"'), text(0, 2 * LINE - 4, summary, ' class="summary"')];
  const parts = [{ lines: heading, width: Math.max(textWidth(title), textWidth(summary)), height: 2 * LINE }, opTableDrawing(p), timelineDrawing(p), legendDrawing(p)];
  const lines: string[] = [];
  let y = 0;
  for (const part of parts) {
    lines.push(y === 0 ? `<g>` : `<g transform="translate(0,${y})">`, ...part.lines.map((l) => `  ${l}`), '</g>');
    y += part.height + LINE / 2;
  }
  return { lines, width: Math.max(...parts.map((d) => d.width)), height: y - LINE / 2 };
}

/** `order  stage  op` rows, each with a swatch and its text in the colour of its stage. */
function opTableDrawing(p: LoopPicture): Drawing {
  const orderWidth = Math.max('order'.length, ...p.ops.map((o) => String(o.order).length));
  const stageWidth = Math.max('stage'.length, ...p.ops.map((o) => String(o.stage).length));
  const x = SWATCH + 6;
  const row = (order: string, stage: string, op: string) => `${order.padStart(orderWidth)}  ${stage.padStart(stageWidth)}  ${op}`;
  const header = `${'order'.padEnd(orderWidth)}  ${'stage'.padEnd(stageWidth)}  op`;
  // xml:space keeps the padding spaces that align the columns.
  const lines = [text(x, LINE - 4, header, ' class="op-table-header" font-weight="bold" xml:space="preserve"')];
  let width = x + textWidth(header);
  p.ops.forEach((op, i) => {
    const y = (i + 1) * LINE;
    const content = row(String(op.order), String(op.stage), op.text);
    lines.push(
      rect(0, y + 4, SWATCH, SWATCH, `class="op-swatch stage-${op.stage}" fill="${stageColour(op.stage)}"`),
      text(x, y + LINE - 4, content, ` class="op stage-${op.stage}" fill="${stageColour(op.stage)}" xml:space="preserve"`),
    );
    width = Math.max(width, x + textWidth(content));
  });
  return { lines, width, height: (p.ops.length + 1) * LINE };
}

const columnHeader = (c: TimelineColumn) => (c === '...' ? '...' : `i${c}`);

/** The grid: region bands and labels, time labels, a rect per stage instance. */
function timelineDrawing(p: LoopPicture): Drawing {
  const { rows, columns } = p.timeline;
  const regionW = textWidth('prologue') + 16;
  const timeW = Math.max(...rows.map((r) => textWidth(timeLabel(r)))) + 12;
  const gridX = regionW + timeW;
  const width = gridX + columns.length * CELL_W;
  const rowY = (i: number) => LINE + i * CELL_H;
  const lines: string[] = [];
  for (const span of regionSpans(rows)) {
    const y = rowY(span.first);
    const h = (span.last - span.first + 1) * CELL_H;
    lines.push(
      rect(0, y, width, h, `class="region-band ${span.region}" fill="${REGION_COLOURS[span.region]}"`),
      text(4, y + CELL_H / 2 + 4, span.region, ` class="region-label ${span.region}" font-style="italic"`),
    );
  }
  columns.forEach((c, k) => lines.push(text(gridX + k * CELL_W + CELL_W / 2, LINE - 4, columnHeader(c), ' class="iteration-label" text-anchor="middle"')));
  rows.forEach((row, i) => {
    const y = rowY(i);
    lines.push(text(regionW, y + CELL_H / 2 + 4, timeLabel(row), ' class="time-label"'));
    if (isElided(row)) {
      const count = row.lastTime - row.firstTime + 1;
      lines.push(text(gridX + 4, y + CELL_H / 2 + 4, `... ${count} more kernel slot${count === 1 ? '' : 's'}, each running every stage`, ' class="elided"'));
      return;
    }
    columns.forEach((c, k) => {
      if (c === '...') return;
      const instance = instanceAt(row, c);
      if (!instance) return;
      const [x, cy] = [gridX + k * CELL_W + 2, y + 2];
      const [w, h] = [CELL_W - 4, CELL_H - 4];
      const data = `data-time="${row.time}" data-iteration="${c}" data-stage="${instance.stage}"`;
      const fill = stageColour(instance.stage);
      if (instance.valid) {
        lines.push(rect(x, cy, w, h, `class="instance stage-${instance.stage}" ${data} fill="${fill}" stroke="#333333"`));
      } else {
        lines.push(
          rect(x, cy, w, h, `class="instance stage-${instance.stage} predicated-off" ${data} fill="${fill}" fill-opacity="0.25" stroke="#999999" stroke-dasharray="3,2"`),
          rect(x, cy, w, h, 'class="hatch" fill="url(#predicated-off)" fill-opacity="0.5"'),
        );
      }
      lines.push(text(x + w / 2, cy + h / 2 + 4, cellText(row, c), ' text-anchor="middle"'));
    });
  });
  return { lines, width, height: rowY(rows.length) };
}

/** Two rows: a swatch per stage; the predicated-off mark and the region colours. */
function legendDrawing(p: LoopPicture): Drawing {
  const stages = Array.from({ length: p.numStages }, (_, s) => ({ swatch: `fill="${stageColour(s)}" stroke="#333333"`, label: `stage ${s}` }));
  const marks = [
    { swatch: 'fill="url(#predicated-off)" stroke="#999999" stroke-dasharray="3,2"', label: `predicated off (${predicatedOffWhen(p)})` },
    ...(['prologue', 'kernel', 'epilogue'] as const).map((region) => ({ swatch: `fill="${REGION_COLOURS[region]}" stroke="#cccccc"`, label: region })),
  ];
  const left = textWidth('legend') + 12;
  const lines = [text(0, LINE - 4, 'legend', ' font-weight="bold"')];
  let width = left;
  [stages, marks].forEach((items, r) => {
    let x = left;
    for (const item of items) {
      lines.push(rect(x, r * LINE + 4, 2 * SWATCH, SWATCH, `class="legend-swatch" ${item.swatch}`), text(x + 2 * SWATCH + 4, (r + 1) * LINE - 4, item.label, ' class="legend-label"'));
      x += 2 * SWATCH + 4 + textWidth(item.label) + 16;
    }
    width = Math.max(width, x);
  });
  return { lines: ['<g class="legend">', ...lines.map((l) => `  ${l}`), '</g>'], width, height: 2 * LINE };
}
