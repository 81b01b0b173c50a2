#!/usr/bin/env node
import { Command, InvalidArgumentError } from 'commander';
import { statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { addGpuFeature, litFeatures } from '../testing/lit/features.js';
import { findTests, needsFeature, resultName, runTests, skippedText, summarize, type LitResult } from '../testing/lit/runner.js';
import { errnoText, toolOutput } from './cli.js';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');

const jobs = (v: string): number => {
  if (!/^[1-9][0-9]*$/.test(v)) throw new InvalidArgumentError('expected a positive integer');
  return Number(v);
};
const regex = (v: string): RegExp => {
  try {
    return new RegExp(v);
  } catch (e) {
    throw new InvalidArgumentError((e as Error).message);
  }
};

const program = toolOutput(
  new Command('tile-lit')
    .description("Run lit-style tests: each file's `// RUN:` lines, with this repository's tools first on PATH")
    .argument('[paths...]', 'test files or folders', [path.join(repoRoot, 'tests', 'filecheck')])
    .option('--filter <regex>', 'only run tests whose path matches', regex)
    .option('-j, --jobs <n>', 'tests run in parallel', jobs)
    .option('--filecheck <path>', "FileCheck binary to use for 'FileCheck' in RUN lines (default: ours)")
    .option('-v, --verbose', 'print every test and the log of failures'),
  (t) => process.stdout.write(t),
  (t) => process.stderr.write(t),
).parse();

const opts = program.opts<{ filter?: RegExp; jobs?: number; filecheck?: string; verbose?: boolean }>();
const roots = program.processedArgs[0] as string[];
const missing = roots.flatMap((r) => {
  try {
    statSync(r);
    return [];
  } catch (e) {
    return [`tile-lit: error: '${r}': ${errnoText(e)}\n`];
  }
});
if (missing.length > 0) {
  process.stderr.write(missing.join(''));
  process.exit(1);
}
const paths = findTests(roots, opts.filter);
const features = litFeatures(opts.filecheck);
const gpuProviders = addGpuFeature(features, path.join(repoRoot, 'build', 'tools', 'gpu-probe.js'), needsFeature(paths, 'gpu'));

const label: Record<LitResult['outcome'], string> = { pass: 'PASS', fail: 'FAIL', skip: 'UNSUPPORTED', xfail: 'XFAIL', xpass: 'XPASS' };
const results = await runTests(paths, { repoRoot, features, fileCheck: opts.filecheck, jobs: opts.jobs, gpuProviders }, (r) => {
  const rel = resultName(r, process.cwd());
  if (opts.verbose || r.outcome === 'fail' || r.outcome === 'xpass') process.stdout.write(`${label[r.outcome]}: ${rel}\n`);
  if (r.outcome === 'fail' || r.outcome === 'xpass') process.stdout.write(r.log.replace(/^/gm, '  ') + '\n');
});
const c = summarize(results);
const extra = [skippedText(results), c.xfail ? `${c.xfail} expected failures` : '', gpuProviders.length ? `GPU tests under ${gpuProviders.join(', ')}` : ''].filter(Boolean);
process.stdout.write(`${c.pass} passed, ${c.fail + c.xpass} failed${extra.length ? ', ' + extra.join(', ') : ''}\n`);
process.exitCode = c.fail + c.xpass > 0 ? 1 : 0;
