import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { tempDir } from '../../../temp-dir.js';
import { runPassOn } from '../../../../../core/pass/run-single.js';
import { printOperation } from '../../../../../core/syntax/printer.js';
import { pipelineTimeline, type StageInstance } from '../../../../../passes/loops/schedule.js';
import { DEFAULT_TIMELINE_LIMITS, isElided, timelineView, type LoopPicture, type TimelineView } from '../../../../../passes/tile/view-schedule/schedule-picture.js';
import { escapeXml, renderScheduleSvg } from '../../../../../passes/tile/view-schedule/schedule-svg.js';
import { renderScheduleText } from '../../../../../passes/tile/view-schedule/schedule-text.js';
import { tileViewSchedulePass } from '../../../../../passes/tile/view-schedule/view-schedule-pass.js';
import { context, parseModule } from '../../pass-harness.js';

/** Every stage instance drawn, as `i<iteration>s<stage>`, split by validity. */
function instances(view: TimelineView): { valid: string[]; off: string[] } {
  const all: StageInstance[] = view.rows.flatMap((r) => (isElided(r) ? [] : r.instances));
  const key = (i: StageInstance) => `i${i.iteration}s${i.stage}`;
  return { valid: all.filter((i) => i.valid).map(key), off: all.filter((i) => !i.valid).map(key) };
}

const everyInstance = (tripCount: number, numStages: number) => Array.from({ length: tripCount }, (_, i) => Array.from({ length: numStages }, (_, s) => `i${i}s${s}`)).flat();

function picture(numStages: number, tripCount: number, peelEpilogue = true, ops: LoopPicture['ops'] = [], peelPrologue = true): LoopPicture {
  return {
    location: 'kernel.mlir:12:5',
    numStages,
    tripCount,
    tripCountSource: 'constant',
    peelEpilogue,
    peelPrologue,
    ops: ops.length > 0 ? ops : Array.from({ length: numStages }, (_, s) => ({ order: s, stage: s, text: `%${s} = test.op` })),
    timeline: timelineView(numStages, tripCount, peelEpilogue, peelPrologue),
  };
}

/** tile-pipeline's three forms: [peel-epilogue, peel-prologue] (a predicated prologue needs a predicated epilogue). */
const PEELINGS = [
  [true, true],
  [false, true],
  [false, false],
] as const;

/** Start and end tags balance, and no text holds a raw `<` or a `&` that starts no entity. */
function expectWellFormed(svg: string): void {
  const body = svg.replace(/^<\?xml[^>]*\?>\n/, '');
  const stack: string[] = [];
  for (const m of body.matchAll(/<(\/?)([A-Za-z][\w:-]*)((?:\s+[\w:-]+="[^"<]*")*)\s*(\/?)>/g)) {
    const [, close, name, , selfClosing] = m;
    if (selfClosing) continue;
    if (close) expect(stack.pop()).toBe(name);
    else stack.push(name!);
  }
  expect(stack).toEqual([]);
  const text = body.replace(/<[^>]*>/g, '');
  expect(text).not.toMatch(/[<>]/);
  expect(text).not.toMatch(/&(?!(amp|lt|gt|quot|apos);)/);
}

describe('timelineView', () => {
  it('3 stages x 5 iterations, peeled: every (iteration, stage) runs exactly once, none predicated off', () => {
    const view = timelineView(3, 5, true);
    const { valid, off } = instances(view);
    expect(valid.sort()).toEqual(everyInstance(5, 3).sort());
    expect(off).toEqual([]);
    expect(view.columns).toEqual([0, 1, 2, 3, 4]);
    expect(view.rows.map((r) => r.region)).toEqual(['prologue', 'prologue', 'kernel', 'kernel', 'kernel', 'epilogue', 'epilogue']);
  });

  it('not peeled: every (iteration, stage) runs once; the extra kernel slots run later iterations predicated off', () => {
    const view = timelineView(3, 5, false);
    const { valid, off } = instances(view);
    expect(valid.sort()).toEqual(everyInstance(5, 3).sort());
    expect(off.sort()).toEqual(['i5s0', 'i5s1', 'i6s0']);
    expect(view.rows.every((r) => r.region !== 'epilogue')).toBe(true);
  });

  it('prologue predicated too: the kernel starts at t=0, running iterations before the first predicated off', () => {
    const view = timelineView(3, 5, false, false);
    const { valid, off } = instances(view);
    expect(valid.sort()).toEqual(everyInstance(5, 3).sort());
    expect(off.sort()).toEqual(['i-1s1', 'i-1s2', 'i-2s2', 'i5s0', 'i5s1', 'i6s0']);
    expect(view.rows.map((r) => r.region)).toEqual(Array(7).fill('kernel'));
    expect(view.columns).toEqual([-2, -1, 0, 1, 2, 3, 4, 5, 6]);
    const text = renderScheduleText([picture(3, 5, false, [], false)]);
    expect(text).toContain('3 stages, trip count 5, prologue predicated, epilogue predicated\n');
    expect(text).toContain('  kernel  t=0   (S2)  (S1)  S0\n');
  });

  it('trip count 1 with 3 stages: the instances of iterations 1 and up are predicated off', () => {
    const view = timelineView(3, 1, true);
    const { valid, off } = instances(view);
    expect(valid.sort()).toEqual(['i0s0', 'i0s1', 'i0s2']);
    expect(off.sort()).toEqual(['i1s0', 'i1s1', 'i1s2']);
    const text = renderScheduleText([picture(3, 1)]);
    expect(text).toContain('  prologue  t=1   S1    (S0)\n');
    expect(text).toContain('  epilogue  t=2   S2    (S1)\n');
    expect(text).toContain('  epilogue  t=3         (S2)\n');
  });

  it('a long loop keeps the prologue, the kernel ends and the epilogue, and the iterations they run', () => {
    const view = timelineView(3, 100, true);
    expect(view.rows.map((r) => (isElided(r) ? `...${r.firstTime}-${r.lastTime}` : `${r.region}${r.time}`))).toEqual([
      'prologue0',
      'prologue1',
      'kernel2',
      'kernel3',
      '...4-97',
      'kernel98',
      'kernel99',
      'epilogue100',
      'epilogue101',
    ]);
    expect(view.columns).toEqual([0, 1, 2, 3, '...', 96, 97, 98, 99]);
  });

  it("shows pipelineTimeline's slots as they are, and leaves out only kernel slots that run every stage", () => {
    for (let stages = 1; stages <= 5; stages++) {
      for (let trips = 0; trips <= 40; trips++) {
        for (const [peel, peelPrologue] of PEELINGS) {
          const full = pipelineTimeline(stages, trips, peel, peelPrologue);
          const times: number[] = [];
          for (const row of timelineView(stages, trips, peel, peelPrologue).rows) {
            if (!isElided(row)) {
              expect(row).toEqual(full.find((s) => s.time === row.time));
              times.push(row.time);
              continue;
            }
            for (let t = row.firstTime; t <= row.lastTime; t++) {
              const slot = full.find((s) => s.time === t)!;
              expect(slot.region).toBe('kernel');
              expect(slot.instances.map((i) => (i.valid ? i.stage : -1))).toEqual(Array.from({ length: stages }, (_, s) => s));
              times.push(t);
            }
          }
          expect(times).toEqual(full.map((s) => s.time));
        }
      }
    }
  });

  it('a trip count too large to lay out gives the same view as laying it out', () => {
    for (const [stages, trips, peel, peelPrologue] of [
      [3, 40, true, true],
      [2, 57, false, true],
      [4, 33, true, true],
      [1, 20, true, true],
      [3, 45, false, false],
    ] as const) {
      const laidOut = timelineView(stages, trips, peel, peelPrologue);
      const moved = timelineView(stages, trips, peel, peelPrologue, { ...DEFAULT_TIMELINE_LIMITS, maxLaidOutTripCount: 13 });
      expect(moved).toEqual(laidOut);
    }
    const huge = timelineView(3, 1e9, true);
    expect(huge.columns.slice(-2)).toEqual([1e9 - 2, 1e9 - 1]);
    expect(instances(huge).off).toEqual([]);
  });
});

describe('renderScheduleText', () => {
  it('fits 100 columns up to 4 stages and 1000 iterations, and stays short for long loops', () => {
    for (let stages = 1; stages <= 4; stages++) {
      for (const trips of [0, 1, 2, 5, 12, 13, 40, 1000, 123456]) {
        for (const [peel, peelPrologue] of PEELINGS) {
          const lines = renderScheduleText([picture(stages, trips, peel, [], peelPrologue)]).split('\n');
          // Longer iteration numbers widen the columns of the last iterations.
          if (trips <= 1000) for (const line of lines) expect(line.length, `${stages} stages, ${trips} trips: ${line}`).toBeLessThanOrEqual(100);
          expect(lines.length).toBeLessThan(40);
        }
      }
    }
  });

  it('draws the op table by order, then the timeline', () => {
    const text = renderScheduleText([
      picture(2, 2, true, [
        { order: 0, stage: 1, text: 'test.consume %0' },
        { order: 1, stage: 0, text: '%0 = test.produce' },
      ]),
    ]);
    expect(text).toBe(
      [
        'Schedule of scf.for at kernel.mlir:12:5',
        '  2 stages, trip count 2, epilogue peeled',
        '',
        '  order  stage  op',
        '      0      1  test.consume %0',
        '      1      0  %0 = test.produce',
        '',
        '  region    time  i0    i1',
        '  prologue  t=0   S0',
        '  kernel    t=1   S1    S0',
        '  epilogue  t=2         S1',
        '',
        '  S<k>: the iteration (column) runs its stage k in the time slot (row)',
        '  (S<k>): emitted in the slot but predicated off (iteration >= trip count)',
        '',
      ].join('\n'),
    );
  });
});

describe('renderScheduleSvg', () => {
  it('is a well-formed document with a rect per drawn instance, hatched when predicated off', () => {
    for (const p of [picture(3, 5), picture(3, 1), picture(2, 7, false), picture(3, 100)]) {
      const svg = renderScheduleSvg([p]);
      expectWellFormed(svg);
      const { valid, off } = instances(p.timeline);
      expect(svg.match(/<rect [^>]*class="instance /g)).toHaveLength(valid.length + off.length);
      expect(svg.match(/class="instance [^"]*predicated-off"/g) ?? []).toHaveLength(off.length);
      expect(svg.match(/class="hatch"/g) ?? []).toHaveLength(off.length);
      expect(svg).toContain('<g class="legend">');
      expect(renderScheduleSvg([p])).toBe(svg);
    }
  });

  it('escapes text and stacks several loops', () => {
    const odd = {
      ...picture(2, 3),
      location: 'a&b<c>.mlir:1:1',
      ops: [
        { order: 0, stage: 0, text: '%0 = "x.y"() {s = "<&>"}' },
        { order: 1, stage: 1, text: 'x.z' },
      ],
    };
    const svg = renderScheduleSvg([odd, picture(3, 4)]);
    expectWellFormed(svg);
    expect(svg).toContain('Schedule of scf.for at a&amp;b&lt;c&gt;.mlir:1:1');
    expect(svg).toContain('%0 = &quot;x.y&quot;() {s = &quot;&lt;&amp;&gt;&quot;}');
    expect(svg).toContain('<g class="loop" id="loop-1"');
    expect(escapeXml(`'`)).toBe('&apos;');
  });

  it('says so when there is no scheduled loop', () => {
    const svg = renderScheduleSvg([]);
    expectWellFormed(svg);
    expect(svg).toContain('No scf.for with a schedule');
  });
});

describe('tile-view-schedule pass', () => {
  const dir = tempDir('view-schedule-');
  const loop = (annotations: [string, string]) => `
    func.func @f(%n: index) -> i32 {
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %c3 = arith.constant 3 : index
      %z = arith.constant 0 : i32
      %r = scf.for %i = %c0 to %c3 step %c1 iter_args(%acc = %z) -> (i32) {
        %v = arith.index_cast %i {${annotations[0]}} : index to i32
        %s = arith.addi %acc, %v {${annotations[1]}} : i32
        scf.yield %s : i32
      }
      return %r : i32
    }`;

  it('writes the picture to the output file and leaves the IR as it was', () => {
    const module = parseModule(loop(['tile.stage = 0', 'tile.stage = 1']));
    const before = printOperation(module);
    const output = path.join(dir, 'f.txt');
    const r = runPassOn(module, tileViewSchedulePass, context, { output });
    expect(r.failed).toBe(false);
    expect(printOperation(module)).toBe(before);
    const text = readFileSync(output, 'utf8');
    expect(text).toMatch(/^Schedule of scf\.for at input\.mlir:7:12\n {2}2 stages, trip count 3, epilogue peeled\n/);
    expect(text).toContain('      0      0  %1 = arith.index_cast %arg1\n      1      1  %2 = arith.addi %arg2, %1\n');
  });

  it('draws an SVG file, and needs a file for it', () => {
    const module = parseModule(loop(['tile.stage = 0', 'tile.stage = 1']));
    const output = path.join(dir, 'f.svg');
    expect(runPassOn(module, tileViewSchedulePass, context, { format: 'svg', output }).failed).toBe(false);
    expectWellFormed(readFileSync(output, 'utf8'));
    const r = runPassOn(module, tileViewSchedulePass, context, { format: 'svg' });
    expect(r.failed).toBe(true);
    expect(r.diagnostics.map((d) => d.message)).toEqual(['format=svg needs an output file: tile-view-schedule{format=svg output=FILE}']);
  });

  it("fails at the schedule's bad op with readSchedule's message, and writes nothing", () => {
    const module = parseModule(loop(['tile.stage = 1', 'tile.stage = 0']));
    const output = path.join(dir, 'kept.txt');
    writeFileSync(output, 'old');
    const r = runPassOn(module, tileViewSchedulePass, context, { output });
    expect(r.failed).toBe(true);
    expect(r.diagnostics).toHaveLength(1);
    expect(r.diagnostics[0]!.message).toBe("op 'arith.addi' in stage 0 uses a value of 'arith.index_cast', which is in the later stage 1");
    expect(String(r.diagnostics[0]!.loc)).toBe('"input.mlir":9:14');
    expect(readFileSync(output, 'utf8')).toBe('old');
  });
});
