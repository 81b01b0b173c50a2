/**
 * The host's files, for the few library modules that touch them (pipeline files found by `@name`,
 * `--emit=wgsl -o DIR`, `tile-view-schedule{output=FILE}`). This is Node's; in a browser bundle
 * `files.browser.ts` takes its place (package.json "browser"), where there are no files.
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/** Path operations of the host (POSIX or Windows under Node). */
export const hostPath: {
  resolve(...parts: string[]): string;
  join(...parts: string[]): string;
  dirname(p: string): string;
  relative(from: string, to: string): string;
  isAbsolute(p: string): boolean;
} = path;

/** The working folder that relative paths start from. */
export function currentDir(): string {
  return process.cwd();
}

export function fileExists(file: string): boolean {
  return existsSync(file);
}

/** A file's text (UTF-8); throws the host's error (Node's has a `code`, e.g. 'ENOENT'). */
export function readTextFile(file: string): string {
  return readFileSync(file, 'utf8');
}

/** Write (create or replace) a file. */
export function writeTextFile(file: string, text: string): void {
  writeFileSync(file, text);
}

/** Create a folder and its parents, if missing. */
export function makeFolder(dir: string): void {
  mkdirSync(dir, { recursive: true });
}
