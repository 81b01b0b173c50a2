/**
 * files.ts in a browser bundle (package.json "browser"; the playground's Vite build): there are no
 * files, so nothing exists, reading or writing one is an error with a message that says why, and
 * paths are POSIX (`pathe`). Named pipelines are registered from bundled text instead (api/).
 */
import { dirname, isAbsolute, join, relative, resolve } from 'pathe';
import type * as NodeFiles from './files.js';

const noFiles = (what: string, file: string): Error => Object.assign(new Error(`cannot ${what} '${file}': there are no files here (a browser)`), { code: 'ENOTSUP' });

export const hostPath: typeof NodeFiles.hostPath = { resolve, join, dirname, relative, isAbsolute };

export function currentDir(): string {
  return '/';
}

export function fileExists(_file: string): boolean {
  return false;
}

export function readTextFile(file: string): string {
  throw noFiles('read', file);
}

export function writeTextFile(file: string, _text: string): void {
  throw noFiles('write', file);
}

export function makeFolder(dir: string): void {
  throw noFiles('create the folder', dir);
}
