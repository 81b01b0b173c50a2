/**
 * docs/pipelines.md describes the shipped pipelines as pass-pipelines/*.yaml define them: each
 * pipeline in its table, and each parameter once, with the pipelines that take it, its type and
 * its default in each.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { UnknownLoc } from '../../../core/ir/location.js';
import { printOptionValue, type OptionSpec } from '../../../core/pass/options.js';
import { PipelineBuilder } from '../../../core/pass/pipeline-builder.js';
import { createPassRegistry } from '../../../tools/opt-passes.js';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..', '..');
const doc = readFileSync(path.join(repoRoot, 'docs', 'pipelines.md'), 'utf8');
const builder = new PipelineBuilder(createPassRegistry());
const folder = path.join(repoRoot, 'pass-pipelines');
const shipped = readdirSync(folder)
  .filter((f) => f.endsWith('.yaml'))
  .map((f) => builder.load(path.join(folder, f), UnknownLoc.get()))
  .map((def) => ({ name: def.name, parameters: builder.parameters(def) }));

/** The rows of the table whose header starts with `| first |`: cells, code quotes removed. */
function table(first: string): string[][] {
  const lines = doc.split('\n');
  const start = lines.findIndex((l) => l.startsWith(`| ${first} |`));
  expect(start, `a table headed '| ${first} |'`).toBeGreaterThan(-1);
  const rows: string[][] = [];
  for (const line of lines.slice(start + 2)) {
    if (!line.startsWith('|')) break;
    rows.push(
      line
        .split('|')
        .slice(1, -1)
        .map((c) => c.trim().replace(/^`(.*)`$/, '$1')),
    );
  }
  return rows;
}

describe('docs/pipelines.md', () => {
  it('lists every shipped pipeline', () => {
    expect(
      table('pipeline')
        .map((r) => r[0])
        .sort(),
    ).toEqual(shipped.map((p) => `@${p.name}`).sort());
  });

  it('describes every parameter of the shipped pipelines once, with its pipelines, type and defaults', () => {
    const rows = table('parameter');
    const specs = new Map<string, { pipelines: string[]; spec: OptionSpec[] }>();
    for (const p of shipped) {
      for (const [name, spec] of Object.entries(p.parameters)) {
        const entry = specs.get(name) ?? { pipelines: [], spec: [] };
        entry.pipelines.push(p.name);
        entry.spec.push(spec);
        specs.set(name, entry);
      }
    }
    expect(rows.map((r) => r[0]).sort()).toEqual([...specs.keys()].sort());
    for (const [name, pipelines, type, defaults] of rows) {
      const want = specs.get(name!)!;
      expect(pipelines!.split(', ').sort(), name).toEqual([...want.pipelines].sort());
      expect(type, name).toBe(want.spec[0]!.type);
      for (const spec of want.spec) {
        const value = printOptionValue(spec.default ?? '');
        expect(defaults, name).toContain(value === '' ? 'none' : value);
      }
    }
  });
});
