/**
 * The API's browser path imports nothing from `node:`: every module reachable from api/index.ts,
 * with the browser twins of package.json "browser" in place (X.ts -> X.browser.ts), imports only
 * relative modules and packages. And api/bundled-pipelines.ts holds the current pass-pipelines/.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
// @ts-expect-error: a plain .mjs script without declarations
import { bundledPipelinesModule } from '../../../api/gen-pipelines.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..', '..');
const pkg = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')) as { browser: Record<string, string>; dependencies: Record<string, string> };

/** Static imports and re-exports of a module (type-only ones dropped: they vanish in JavaScript). */
function importsOf(file: string): string[] {
  const text = readFileSync(file, 'utf8');
  const out: string[] = [];
  for (const m of text.matchAll(/^\s*(?:import|export)\s+(?!type\b)(?:[^'";]*?\sfrom\s+)?['"]([^'"]+)['"]/gm)) out.push(m[1]!);
  for (const m of text.matchAll(/\bimport\(\s*['"]([^'"]+)['"]\s*\)/g)) out.push(m[1]!);
  return out;
}

/** Every module reachable from `entry` as a browser bundler resolves it, and the packages they import. */
function browserGraph(entry: string): { modules: string[]; packages: Map<string, string> } {
  const seen = new Set<string>();
  const packages = new Map<string, string>();
  const stack = [entry];
  while (stack.length) {
    let file = stack.pop()!;
    const twin = file.replace(/\.ts$/, '.browser.ts');
    if (existsSync(twin)) file = twin;
    if (seen.has(file)) continue;
    seen.add(file);
    for (const spec of importsOf(file)) {
      if (spec.startsWith('.')) stack.push(path.resolve(path.dirname(file), spec).replace(/\.js$/, '.ts'));
      else packages.set(spec, path.relative(root, file));
    }
  }
  return { modules: [...seen], packages };
}

describe('the browser path of the API', () => {
  const { modules, packages } = browserGraph(path.join(root, 'api', 'index.ts'));

  it('imports nothing from node: and only dependencies of the package', () => {
    expect(modules.length).toBeGreaterThan(100);
    const nodeImports = [...packages].filter(([spec]) => spec.startsWith('node:') || ['fs', 'path', 'module', 'url', 'os', 'child_process'].includes(spec));
    expect(nodeImports).toEqual([]);
    const names = [...packages.keys()].map((s) => (s.startsWith('@') ? s.split('/').slice(0, 2).join('/') : s.split('/')[0]!));
    for (const n of names) expect(Object.keys(pkg.dependencies), `package '${n}'`).toContain(n);
  });

  it('uses no Node globals (Buffer, process) where a browser runs it', () => {
    // pass-manager.ts writes to process.stderr only when the caller gives no `errs` (the API always does).
    const allowed = new Set(['core/pass/pass-manager.ts']);
    const users = modules.filter(
      (m) => !allowed.has(path.relative(root, m)) && /\b(?:Buffer\.(?:from|alloc|concat|isBuffer)|process\.(?:env|cwd|stderr|stdout|argv|platform|exit))\b/.test(readFileSync(m, 'utf8')),
    );
    expect(users.map((m) => path.relative(root, m))).toEqual([]);
  });

  it('has a package.json "browser" entry for each browser twin, and the twins export what the Node modules do', async () => {
    const twins = ['core/support'].flatMap((dir) =>
      readdirSync(path.join(root, dir))
        .filter((f) => f.endsWith('.browser.ts'))
        .map((f) => `${dir}/${f}`),
    );
    expect(twins.length).toBeGreaterThan(0);
    for (const t of twins) {
      const node = t.replace(/\.browser\.ts$/, '.ts');
      expect(pkg.browser[`./build/${node.replace(/\.ts$/, '.js')}`]).toBe(`./build/${t.replace(/\.ts$/, '.js')}`);
      const [a, b] = await Promise.all([import(path.join(root, node)), import(path.join(root, t))]);
      expect(Object.keys(b).sort()).toEqual(Object.keys(a).sort());
    }
  });
});

it('api/bundled-pipelines.ts is generated from the current pass-pipelines/*.yaml (npm run build regenerates it)', () => {
  expect(readFileSync(path.join(root, 'api', 'bundled-pipelines.ts'), 'utf8')).toBe(bundledPipelinesModule());
});
