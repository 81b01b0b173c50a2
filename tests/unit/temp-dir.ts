/** A test file's scratch folder, and files written into it. */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll } from 'vitest';

/** A fresh folder under the OS's temporary folder (its name starts with `prefix`), removed after the tests of the file or describe block that asks for it. */
export function tempDir(prefix: string): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), prefix));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  return dir;
}

/** Writes `content` to the file `name` in `dir`; its path. */
export function writeIn(dir: string, name: string, content: string | Uint8Array): string {
  const file = path.join(dir, name);
  writeFileSync(file, content);
  return file;
}
