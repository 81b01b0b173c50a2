/**
 * Driving the playground page in Debian's chromium (/usr/bin/chromium, or TILE_CHROMIUM) through
 * playwright-core, headless: build and serve the page (vite), open it with WebGPU on SwiftShader,
 * click and wait for the page's state. Shared by the playground's browser test and its
 * compile-time benchmark.
 */
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium, type BrowserContext, type Page } from 'playwright-core';
import { build, preview, type PreviewServer } from 'vite';
import { SWIFTSHADER_DISABLED_DAWN_FEATURES } from '../../runtime/webgpu/dawn-instance.js';

export const CHROMIUM = process.env['TILE_CHROMIUM'] ?? '/usr/bin/chromium';
export const hasChromium = existsSync(CHROMIUM);

const FLAGS = ['--no-sandbox', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run', '--disable-dev-shm-usage'];
export const WEBGPU_FLAGS = ['--enable-unsafe-webgpu', '--use-webgpu-adapter=swiftshader', `--disable-dawn-features=${SWIFTSHADER_DISABLED_DAWN_FEATURES.join(',')}`];

/** The page built (build/playground) and served on a free local port. */
export async function servePlayground(root: string): Promise<{ server: PreviewServer; url: string }> {
  const configFile = path.join(root, 'playground', 'vite.config.ts');
  await build({ configFile, logLevel: 'warn' });
  const server = await preview({ configFile, preview: { port: 0, host: '127.0.0.1', strictPort: false }, logLevel: 'warn' });
  return { server, url: server.resolvedUrls!.local[0]! };
}

/** Chromium profiles made by `launch`, removed by `removeProfiles`. */
const profiles: string[] = [];

/** A headless chromium with `args`, in a fresh profile; page errors go to stderr. */
export async function launch(args: readonly string[]): Promise<{ context: BrowserContext; page: Page }> {
  const profile = mkdtempSync(path.join(os.tmpdir(), 'tile-playground-chromium-'));
  profiles.push(profile);
  const context = await chromium.launchPersistentContext(profile, { executablePath: CHROMIUM, headless: true, args: [...FLAGS, ...args], viewport: { width: 1400, height: 900 } });
  const page = context.pages()[0] ?? (await context.newPage());
  page.on('pageerror', (e) => console.error(`page error: ${e.message}`));
  return { context, page };
}

export function removeProfiles(): void {
  for (const p of profiles.splice(0)) rmSync(p, { recursive: true, force: true });
}

/** Waits until the page's state (body data-state) is one of `states` after `action`. */
export async function settle(page: Page, action: () => Promise<unknown>, states: readonly string[], timeout = 90_000): Promise<string> {
  await page.evaluate(() => delete document.body.dataset['state']);
  await action();
  await page.waitForFunction((s) => s.includes(document.body.dataset['state'] ?? ''), states, { timeout });
  return (await page.evaluate(() => document.body.dataset['state']))!;
}

export const compile = (page: Page) => settle(page, () => page.getByTestId('compile').click(), ['compiled', 'failed']);

/** The page's compile time (ms, from the click to the result shown) of `example` through `pipeline`, in a freshly loaded page and worker. */
export async function pageCompileMs(page: Page, url: string, example: string, pipeline: string): Promise<number> {
  await page.goto(`${url}#example=${example}&pipeline=${encodeURIComponent(pipeline)}`);
  await page.reload();
  await page.waitForFunction(() => document.querySelector('#pipeline-options')?.textContent); // the worker is up
  const state = await compile(page);
  if (state !== 'compiled') throw new Error(`the playground did not compile ${example} through ${pipeline} (state ${state})`);
  return Number(await page.evaluate(() => document.body.dataset['compileMs']));
}
