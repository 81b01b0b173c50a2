import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { writeOutputFile } from '../../../tools/output-file.js';

const dir = mkdtempSync(path.join(os.tmpdir(), 'output-file-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('writeOutputFile', () => {
  it('writes a file whole, replacing an older one, and leaves nothing else', () => {
    const f = path.join(dir, 'out.txt');
    expect(writeOutputFile(f, 'one')).toBeUndefined();
    expect(writeOutputFile(f, 'two')).toBeUndefined();
    expect(readFileSync(f, 'utf8')).toBe('two');
    expect(readdirSync(dir)).toEqual(['out.txt']);
  });
  it('writes into a pipe or device without replacing it (as -o /dev/null must)', async () => {
    const fifo = path.join(dir, 'fifo');
    expect(spawnSync('mkfifo', [fifo]).status).toBe(0);
    // A reader on the other end, so that the write completes.
    const reader = spawn('cat', [fifo]);
    let got = '';
    reader.stdout.on('data', (d) => (got += d));
    const closed = new Promise((resolve) => reader.on('close', resolve));
    expect(writeOutputFile(fifo, 'through the pipe')).toBeUndefined();
    await closed;
    expect(got).toBe('through the pipe');
    expect(statSync(fifo).isFIFO()).toBe(true);
    expect(readdirSync(dir).filter((f) => f.endsWith('.tmp'))).toEqual([]);
    rmSync(fifo);
  });
  it('refuses a directory, and a missing folder, without a temporary file', () => {
    expect(writeOutputFile(dir, 'x')).toBe(`cannot open output file '${dir}': Is a directory`);
    expect(writeOutputFile(path.join(dir, 'no', 'f'), 'x')).toBe(`cannot open output file '${path.join(dir, 'no', 'f')}': No such file or directory`);
    expect(readdirSync(dir).filter((f) => f.endsWith('.tmp'))).toEqual([]);
  });
});
