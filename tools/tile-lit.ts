#!/usr/bin/env node
import { Command } from 'commander';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { litFeatures } from '../testing/lit/features.js';
import { findTests, runTests, summarize, type LitResult } from '../testing/lit/runner.js';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');

const program = new Command('tile-lit')
  .description("Run lit-style tests: each file's `// RUN:` lines, with this repository's tools first on PATH")
  .argument('[paths...]', 'test files or folders', [path.join(repoRoot, 'tests', 'filecheck')])
  .option('--filter <regex>', 'only run tests whose path matches')
  .option('-j, --jobs <n>', 'tests run in parallel', (v) => Number(v))
  .option('--filecheck <path>', "FileCheck binary to use for 'FileCheck' in RUN lines (default: ours)")
  .option('-v, --verbose', 'print every test and the log of failures')
  .parse();

const opts = program.opts<{ filter?: string; jobs?: number; filecheck?: string; verbose?: boolean }>();
const paths = findTests(program.processedArgs[0] as string[], opts.filter ? new RegExp(opts.filter) : undefined);
const features = litFeatures(opts.filecheck);

const label: Record<LitResult['outcome'], string> = { pass: 'PASS', fail: 'FAIL', skip: 'UNSUPPORTED', xfail: 'XFAIL', xpass: 'XPASS' };
const results = await runTests(paths, { repoRoot, features, fileCheck: opts.filecheck, jobs: opts.jobs }, (r) => {
  const rel = path.relative(process.cwd(), r.test.path);
  if (opts.verbose || r.outcome === 'fail' || r.outcome === 'xpass') process.stdout.write(`${label[r.outcome]}: ${rel}\n`);
  if (r.outcome === 'fail' || r.outcome === 'xpass') process.stdout.write(r.log.replace(/^/gm, '  ') + '\n');
});
const c = summarize(results);
const extra = [c.skip ? `${c.skip} skipped` : '', c.xfail ? `${c.xfail} expected failures` : ''].filter(Boolean);
process.stdout.write(`${c.pass} passed, ${c.fail + c.xpass} failed${extra.length ? ', ' + extra.join(', ') : ''}\n`);
process.exitCode = c.fail + c.xpass > 0 ? 1 : 0;
