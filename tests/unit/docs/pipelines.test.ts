/**
 * docs/pipelines.md describes the shipped pipelines as pass-pipelines/*.yaml define them: each
 * pipeline in its table, and each parameter once per declaration (a pipeline's own, or a pass
 * option it forwards or exposes), with the pipelines that take it, its type and its default.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { UnknownLoc } from '../../../core/ir/location.js';
import { defaultOf, printOptionValue, type OptionSpec } from '../../../core/pass/options.js';
import { PipelineBuilder } from '../../../core/pass/pipeline-builder.js';
import { createPassRegistry } from '../../../tools/opt-passes.js';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..', '..');
const doc = readFileSync(path.join(repoRoot, 'docs', 'pipelines.md'), 'utf8');
const registry = createPassRegistry();
const builder = new PipelineBuilder(registry);
const folder = path.join(repoRoot, 'pass-pipelines');
const shipped = readdirSync(folder)
  .filter((f) => f.endsWith('.yaml'))
  .map((f) => builder.load(path.join(folder, f), UnknownLoc.get()))
  .map((def) => ({ name: def.name, declared: def.parameters, parameters: builder.parameters(def) }));

/** Where parameter `name` (`spec`) is declared: `pass`, `pass{option}` under a name of its own, or `@pipeline` (in full, or with a default of its own). */
function declarationOf(name: string, spec: OptionSpec): string {
  for (const pass of registry.passes) {
    for (const [option, declared] of Object.entries(pass.spec.options ?? {})) if (declared === spec) return option === name ? pass.name : `${pass.name}{${option}}`;
  }
  // Declared in full by a pipeline, or forwarded with a default of the pipeline's own (a spec of its own).
  const owner = shipped.find((p) => p.declared[name] === spec || (Object.hasOwn(p.declared, name) && p.parameters[name] === spec));
  expect(owner, `a declaration of ${name}`).toBeDefined();
  return `@${owner!.name}`;
}

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

  it('describes every declaration of a parameter once, with its pipelines, type and default', () => {
    const declarations = new Map<string, { spec: OptionSpec; pipelines: string[] }>();
    for (const p of shipped) {
      for (const [name, spec] of Object.entries(p.parameters)) {
        const key = `${name} ${declarationOf(name, spec)}`;
        const entry = declarations.get(key) ?? { spec, pipelines: [] };
        entry.pipelines.push(p.name);
        declarations.set(key, entry);
      }
    }
    const rows = table('parameter');
    expect(rows.map(([name, declaredBy]) => `${name} ${declaredBy}`).sort()).toEqual([...declarations.keys()].sort());
    for (const [name, declaredBy, pipelines, type, defaults] of rows) {
      const want = declarations.get(`${name} ${declaredBy}`)!;
      expect(pipelines!.split(', ').sort(), name).toEqual([...want.pipelines].sort());
      expect(type, name).toBe(want.spec.type);
      const value = printOptionValue(defaultOf(want.spec));
      expect(defaults, name).toContain(value === '' || value === '{}' ? 'none' : value);
    }
  });
});
