#!/usr/bin/env node
// LLVM FileCheck-compatible command line: filecheck CHECKFILE [--input-file F] [options]

import { readFileSync } from 'node:fs';
import { runFileCheckCommandLine } from '../testing/filecheck/index.js';

const result = runFileCheckCommandLine(process.argv.slice(2), {
  readFile: (path) => readFileSync(path),
  readStdin: () => readFileSync(0),
  fileCheckOpts: process.env['FILECHECK_OPTS'],
});
process.stdout.write(result.stdout);
process.stderr.write(result.stderr);
process.exitCode = result.exitCode;
