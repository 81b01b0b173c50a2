/**
 * Every fenced `sh` block of README.md, CONTRIBUTING.md, examples/README.md and docs/ runs and
 * succeeds, as documented, on the fresh build that `npm test` makes: `npm install` and
 * `npm run build` count as done, and `npm test` (this very suite) is left out. The repository's
 * tools are on PATH as tile-lit puts them (`tile-opt`, `tile-run`, `FileCheck`, ...); `$ `
 * prompts are dropped. A block is marked by a comment on the line before it:
 * `<!-- doc-test: skip (REASON) -->` leaves it out, and `<!-- doc-test: gpu dawn|wgpu -->` runs
 * it only where that WebGPU provider finds an adapter (else it is skipped with a notice).
 */
import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import type { ProviderName } from '../../../runtime/webgpu/index.js';
import { makeToolBin } from '../../../testing/lit/runner.js';
import { openTestRuntime } from '../../gpu/gpu-env.js';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..', '..');

interface Block {
  readonly where: string;
  readonly text: string;
  readonly mark: string | undefined;
}

function markdownFiles(): string[] {
  const docs = readdirSync(path.join(repoRoot, 'docs'), { recursive: true, encoding: 'utf8' })
    .filter((f) => f.endsWith('.md'))
    .map((f) => path.join('docs', f));
  return ['README.md', 'CONTRIBUTING.md', path.join('examples', 'README.md'), ...docs.sort()];
}

/** The `sh` blocks of a Markdown file, with the doc-test mark of the line before each. */
function shBlocks(file: string): Block[] {
  const lines = readFileSync(path.join(repoRoot, file), 'utf8').split('\n');
  const blocks: Block[] = [];
  for (let i = 0; i < lines.length; i++) {
    if (lines[i] !== '```sh') continue;
    const end = lines.indexOf('```', i + 1);
    const mark = /^<!-- doc-test: (.*) -->$/.exec(lines[i - 1] ?? '')?.[1];
    blocks.push({ where: `${file}:${i + 1}`, text: lines.slice(i + 1, end).join('\n'), mark });
    i = end;
  }
  return blocks;
}

/** The block as a script: prompts dropped, installing and building counted as done, `npm test` left out. */
function script(text: string): string {
  return text
    .split('\n')
    .map((l) => l.replace(/^\$ /, '').replace(/\bnpm (install|run build)\b/g, 'true'))
    .filter((l) => !/^(true && )?npm test$/.test(l))
    .join('\n');
}

const bin = makeToolBin({ repoRoot, features: new Set() });
afterAll(() => rmSync(bin, { recursive: true, force: true }));
const adapters = new Map<ProviderName, Promise<boolean>>();
const hasAdapter = (provider: ProviderName): Promise<boolean> => {
  if (!adapters.has(provider))
    adapters.set(
      provider,
      openTestRuntime(provider).then(async (rt) => (await rt?.close(), rt !== null)),
    );
  return adapters.get(provider)!;
};

const blocks = markdownFiles().flatMap(shBlocks);

describe('shell commands of the documentation', () => {
  it('finds the blocks, and every mark is known', () => {
    expect(blocks.length).toBeGreaterThan(5);
    for (const b of blocks) if (b.mark !== undefined) expect(b.mark, b.where).toMatch(/^(skip \(.+\)|gpu (dawn|wgpu))$/);
  });

  for (const block of blocks.filter((b) => !b.mark?.startsWith('skip'))) {
    it(`${block.where} succeeds`, async (ctx) => {
      const provider = /^gpu (dawn|wgpu)$/.exec(block.mark ?? '')?.[1] as ProviderName | undefined;
      if (provider && !(await hasAdapter(provider))) {
        console.warn(`[doc command skipped] ${block.where} needs a WebGPU adapter under ${provider}`);
        return ctx.skip();
      }
      const r = spawnSync('bash', ['-e', '-o', 'pipefail', '-c', script(block.text)], {
        cwd: repoRoot,
        encoding: 'utf8',
        env: { ...process.env, PATH: `${bin}${path.delimiter}${process.env['PATH'] ?? ''}`, ...(provider ? { TILE_WEBGPU_PROVIDER: provider } : {}) },
        timeout: 120_000,
        // The README's first command prints every variant's WGSL (over 1 MB, Node's default).
        maxBuffer: 16 * 1024 * 1024,
      });
      expect(r.error).toBeUndefined();
      expect(r.status, `${block.where}:\n${script(block.text)}\n${r.stderr}`).toBe(0);
    }, 150_000);
  }
});
