import { spawn, spawnSync } from 'node:child_process';
import { lstatSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { tempDir } from '../temp-dir.js';
import { writeOutputFile, writeOutputFolder } from '../../../tools/output-file.js';

const dir = tempDir('output-file-');

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
  it('says why it cannot write below a file, in one line', () => {
    const sub = mkdtempSync(path.join(dir, 'under-file-'));
    writeFileSync(path.join(sub, 'afile'), '');
    expect(writeOutputFile(path.join(sub, 'afile', 'x.mlir'), 'x')).toBe(`cannot open output file '${path.join(sub, 'afile', 'x.mlir')}': Not a directory`);
    expect(readdirSync(sub)).toEqual(['afile']);
  });
  it('writes through a symbolic link, as mlir-opt does, and through a chain of them', () => {
    const sub = mkdtempSync(path.join(dir, 'links-'));
    writeFileSync(path.join(sub, 'real.mlir'), 'old');
    symlinkSync('real.mlir', path.join(sub, 'link1'));
    symlinkSync(path.join(sub, 'link1'), path.join(sub, 'link2'));
    expect(writeOutputFile(path.join(sub, 'link2'), 'new')).toBeUndefined();
    expect(lstatSync(path.join(sub, 'link2')).isSymbolicLink()).toBe(true);
    expect(lstatSync(path.join(sub, 'link1')).isSymbolicLink()).toBe(true);
    expect(readFileSync(path.join(sub, 'real.mlir'), 'utf8')).toBe('new');
    expect(readdirSync(sub).sort()).toEqual(['link1', 'link2', 'real.mlir']);
  });
});

describe('writeOutputFolder', () => {
  const files = [
    { name: 'a.wgsl', data: 'A' },
    { name: 'manifest.json', data: '{}' },
  ];

  it('makes the folder with its files, only its last level (mkdir without -p)', () => {
    const sub = mkdtempSync(path.join(dir, 'folder-'));
    expect(writeOutputFolder(path.join(sub, 'out'), files)).toBeUndefined();
    expect(readdirSync(path.join(sub, 'out')).sort()).toEqual(['a.wgsl', 'manifest.json']);
    const deep = path.join(sub, 'missing', 'dir', 'out');
    expect(writeOutputFolder(deep, files)).toBe(`cannot create output folder '${deep}': No such file or directory`);
    expect(readdirSync(sub)).toEqual(['out']);
  });

  it('writes into an existing folder all files or none', () => {
    const sub = mkdtempSync(path.join(dir, 'folder-'));
    mkdirSync(path.join(sub, 'o', 'manifest.json'), { recursive: true });
    expect(writeOutputFolder(path.join(sub, 'o'), files)).toBe(`cannot open output file '${path.join(sub, 'o', 'manifest.json')}': Is a directory`);
    expect(readdirSync(path.join(sub, 'o'))).toEqual(['manifest.json']);
    rmSync(path.join(sub, 'o', 'manifest.json'), { recursive: true });
    writeFileSync(path.join(sub, 'o', 'a.wgsl'), 'old');
    expect(writeOutputFolder(path.join(sub, 'o'), files)).toBeUndefined();
    expect(readFileSync(path.join(sub, 'o', 'a.wgsl'), 'utf8')).toBe('A');
    expect(readdirSync(path.join(sub, 'o')).sort()).toEqual(['a.wgsl', 'manifest.json']);
  });

  it("refuses a file in the folder's place", () => {
    const sub = mkdtempSync(path.join(dir, 'folder-'));
    writeFileSync(path.join(sub, 'o'), '');
    expect(writeOutputFolder(path.join(sub, 'o'), files)).toBe(`cannot open output folder '${path.join(sub, 'o')}': Not a directory`);
    expect(readdirSync(sub)).toEqual(['o']);
  });
});
