#!/usr/bin/env node
/**
 * tile-update-checks FILE...: regenerate the CHECK lines of tests marked as generated, from the
 * output of their first `RUN: ... | FileCheck %s` line. Hand-written tests are left alone.
 */
import { readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { readLitTest } from '../testing/lit/test-file.js';
import { makeToolBin, runShell } from '../testing/lit/runner.js';
import { GENERATED_MARKER, generateChecks, rewriteTest } from '../testing/update-checks/generate.js';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const files = process.argv.slice(2);
if (files.length === 0) {
  process.stderr.write('usage: tile-update-checks FILE...\n');
  process.exit(2);
}
const bin = makeToolBin({ repoRoot, features: new Set() });
let failures = 0;
try {
  for (const file of files.map((f) => path.resolve(f))) {
    const text = readFileSync(file, 'utf8');
    if (!text.split('\n').includes(GENERATED_MARKER)) {
      process.stdout.write(`skipped (hand-written): ${file}\n`);
      continue;
    }
    const run = readLitTest(file).runLines.find((l) => /\|\s*FileCheck\s+%s\s*$/.test(l));
    if (!run) {
      process.stderr.write(`${file}: no 'RUN: ... | FileCheck %s' line to generate from\n`);
      failures++;
      continue;
    }
    const command = run.replace(/\|\s*FileCheck\s+%s\s*$/, '').replace(/%s/g, JSON.stringify(file));
    const env = { ...process.env, PATH: `${bin}${path.delimiter}${process.env.PATH ?? ''}` };
    const { code, output } = await runShell(command, env, path.dirname(file), 120_000);
    if (code !== 0) {
      process.stderr.write(`${file}: '${command}' failed:\n${output}`);
      failures++;
      continue;
    }
    const tmp = `${file}.update-tmp`;
    writeFileSync(tmp, rewriteTest(text, generateChecks(output)));
    renameSync(tmp, file);
    process.stdout.write(`updated: ${file}\n`);
  }
} finally {
  rmSync(bin, { recursive: true, force: true });
}
process.exitCode = failures ? 1 : 0;
