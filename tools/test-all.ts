#!/usr/bin/env node
/**
 * `npm test`: the vitest unit tests, then every golden test through tile-lit, ending with one
 * summary line that counts both; the line before it names the WebGPU adapters the GPU tests ran
 * on, and the ten slowest test files (vitest files and golden tests) come before the counts.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { adaptersInReport, adaptersText, type AdapterTally, type VitestReport } from '../testing/gpu-adapters.js';
import { addGpuFeature, litFeatures } from '../testing/lit/features.js';
import { findTests, needsFeature, resultName, runTests, skippedText, summarize } from '../testing/lit/runner.js';
import { slowestFiles, vitestFileTimes, type TimedFile, type TimedReport } from '../testing/slowest-files.js';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const tmp = mkdtempSync(path.join(os.tmpdir(), 'tile-test-'));
const report = path.join(tmp, 'vitest.json');

const vitest = spawnSync(process.execPath, [path.join(repoRoot, 'node_modules', 'vitest', 'vitest.mjs'), 'run', '--reporter=default', '--reporter=json', `--outputFile.json=${report}`], {
  cwd: repoRoot,
  stdio: 'inherit',
});
let unit = { passed: 0, failed: 0, skipped: 0 };
let adapters: AdapterTally[] = [];
let timed: TimedFile[] = [];
if (existsSync(report)) {
  const r = JSON.parse(readFileSync(report, 'utf8')) as VitestReport & TimedReport & { numPassedTests: number; numFailedTests: number; numPendingTests: number; numTodoTests: number };
  unit = { passed: r.numPassedTests, failed: r.numFailedTests, skipped: r.numPendingTests + r.numTodoTests };
  adapters = adaptersInReport(r);
  timed = vitestFileTimes(r, repoRoot);
}
// A vitest crash (non-zero without failed tests) must still fail the run.
if (vitest.status !== 0 && unit.failed === 0) unit.failed = 1;
rmSync(tmp, { recursive: true, force: true });

const fileCheck = process.env.TILE_LIT_FILECHECK;
console.log(`\ngolden tests (tests/filecheck)${fileCheck ? ` with FileCheck = ${fileCheck}` : ''}:`);
const goldenTests = findTests([path.join(repoRoot, 'tests', 'filecheck')]);
const features = litFeatures(fileCheck);
const gpuProviders = addGpuFeature(features, path.join(repoRoot, 'build', 'tools', 'gpu-probe.js'), needsFeature(goldenTests, 'gpu'));
const results = await runTests(goldenTests, { repoRoot, features, fileCheck, gpuProviders }, (r) => {
  if (r.outcome === 'fail' || r.outcome === 'xpass') process.stdout.write(`FAIL: ${resultName(r, repoRoot)}\n${r.log.replace(/^/gm, '  ')}\n`);
});
const lit = summarize(results);
timed.push(...results.map((r) => ({ file: resultName(r, repoRoot), ms: r.ms ?? 0 })));
console.log(`slowest test files:\n${slowestFiles(timed).join('\n')}`);
const goldenGpu = gpuProviders.length ? ` (GPU tests under ${gpuProviders.join(', ')})` : '';
console.log(`golden: ${lit.pass} passed, ${lit.fail + lit.xpass} failed, ${skippedText(results) || '0 skipped'}, ${lit.xfail} expected failures${goldenGpu}`);
console.log(`unit: ${unit.passed} passed, ${unit.failed} failed, ${unit.skipped} skipped`);
console.log(`gpu: ${adaptersText(adapters) || 'no GPU suite ran'}`);
const passed = unit.passed + lit.pass + lit.xfail;
const failed = unit.failed + lit.fail + lit.xpass;
const skipped = unit.skipped + lit.skip;
console.log(`\nsummary: ${passed} passed, ${failed} failed, ${skipped} skipped`);
process.exitCode = failed > 0 ? 1 : 0;
