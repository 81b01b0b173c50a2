#!/usr/bin/env node
/**
 * tile-update-checks FILE...: regenerate the CHECK lines of tests marked as generated, from the
 * output of their first `RUN: ... | FileCheck %s` line. Hand-written tests are left alone.
 */
import { Command } from 'commander';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { makeToolBin } from '../testing/lit/runner.js';
import { runBash } from '../testing/lit/shell.js';
import { substitute } from '../testing/lit/substitutions.js';
import { readLitTest } from '../testing/lit/test-file.js';
import { GENERATED_MARKER, generateChecks, rewriteTest } from '../testing/update-checks/generate.js';
import { errnoText, toolOutput } from './cli.js';
import { writeOutputFile } from './output-file.js';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const program = toolOutput(
  new Command('tile-update-checks')
    .description('Regenerate the CHECK lines of golden tests marked as generated, from the output of their first `RUN: ... | FileCheck %s` line')
    .argument('<files...>', 'test files'),
  (t) => process.stdout.write(t),
  (t) => process.stderr.write(t),
).parse();
const files = program.processedArgs[0] as string[];

const bin = makeToolBin({ repoRoot, features: new Set() });
let failures = 0;
const fail = (message: string) => {
  process.stderr.write(`tile-update-checks: error: ${message}\n`);
  failures++;
};
try {
  for (const given of files) {
    const file = path.resolve(given);
    let text: string;
    try {
      text = readFileSync(file, 'utf8');
    } catch (e) {
      fail(`cannot open '${given}': ${errnoText(e)}`);
      continue;
    }
    if (!text.split('\n').includes(GENERATED_MARKER)) {
      process.stdout.write(`skipped (hand-written): ${file}\n`);
      continue;
    }
    const run = readLitTest(file).runLines.find((l) => /\|\s*FileCheck\s+%s\s*$/.test(l));
    if (!run) {
      fail(`${file}: no 'RUN: ... | FileCheck %s' line to generate from`);
      continue;
    }
    // The same substitutions as tile-lit's (%s, %S, %p, %t, %T, %%).
    const tmpDir = mkdtempSync(path.join(os.tmpdir(), 'tile-update-checks-'));
    try {
      const command = substitute(run.replace(/\|\s*FileCheck\s+%s\s*$/, ''), file, tmpDir);
      const env = { ...process.env, PATH: `${bin}${path.delimiter}${process.env.PATH ?? ''}` };
      const { code, output } = await runBash(command, env, path.dirname(file), 120_000);
      if (code !== 0) {
        fail(`${file}: '${command}' failed:\n${output}`);
        continue;
      }
      const updated = rewriteTest(text, generateChecks(output));
      if (updated === text) {
        process.stdout.write(`up to date: ${file}\n`);
        continue;
      }
      const error = writeOutputFile(file, updated);
      if (error) fail(error);
      else process.stdout.write(`updated: ${file}\n`);
    } finally {
      rmSync(tmpDir, { recursive: true, force: true });
    }
  }
} finally {
  rmSync(bin, { recursive: true, force: true });
}
process.exitCode = failures ? 1 : 0;
