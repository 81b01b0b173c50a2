#!/usr/bin/env node
// Takes docs/playground.png: the built page (npm run build:playground) in Debian's chromium with
// WebGPU on SwiftShader, matmul.mlir compiled with @tile-wgsl and run, the schedule tab shown.
//   node playground/screenshot.mjs [OUT.png] [--dev]   (--dev: through the dev server instead)
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import { createServer, preview } from 'vite';

const here = path.dirname(fileURLToPath(import.meta.url));
const out = process.argv.slice(2).find((a) => !a.startsWith('--')) ?? path.join(here, '..', 'docs', 'playground.png');
const dev = process.argv.includes('--dev');
const configFile = path.join(here, 'vite.config.ts');
const server = dev
  ? await createServer({ configFile, server: { port: 0, host: '127.0.0.1' }, logLevel: 'warn' }).then((s) => s.listen())
  : await preview({ configFile, preview: { port: 0, host: '127.0.0.1' }, logLevel: 'warn' });
const url = server.resolvedUrls.local[0];
const profile = mkdtempSync(path.join(os.tmpdir(), 'tile-playground-shot-'));
const context = await chromium.launchPersistentContext(profile, {
  executablePath: process.env.TILE_CHROMIUM ?? '/usr/bin/chromium',
  headless: true,
  args: ['--enable-unsafe-webgpu', '--use-webgpu-adapter=swiftshader', '--no-sandbox', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
  viewport: { width: 1400, height: 860 },
});
try {
  const page = context.pages()[0] ?? (await context.newPage());
  const args = 'A=rand:64x64xf32 B=rand:64x64xf32 C=zeros:64x64xf32';
  await page.goto(`${url}#example=matmul.mlir&pipeline=${encodeURIComponent('@tile-wgsl{num-stages=3}')}&entry=matmul_f32&args=${encodeURIComponent(args)}`);
  await page.getByTestId('run').click();
  await page.waitForFunction(() => ['ran', 'run-failed', 'failed'].includes(document.body.dataset.state ?? ''), null, { timeout: 120_000 });
  console.log(await page.getByTestId('progress').textContent());
  console.log(await page.getByTestId('result').textContent());
  await page.getByRole('button', { name: 'Schedule' }).click();
  await page.screenshot({ path: out });
  console.log(`wrote ${out}`);
} finally {
  await context.close();
  await server.close();
  rmSync(profile, { recursive: true, force: true });
}
