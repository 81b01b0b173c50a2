import { mkdirSync, readlinkSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { errnoText } from './cli.js';

const SIGNALS = ['SIGINT', 'SIGTERM', 'SIGHUP'] as const;

/** A file's name and contents, for writeOutputFolder. */
export interface OutputFile {
  readonly name: string;
  readonly data: string | Uint8Array;
}

/**
 * Write `text` to `file` whole or not at all: into a temporary file beside it, then renamed over
 * it (a device or pipe such as /dev/null is written directly; a symbolic link is written
 * through, as mlir-opt does). No failure leaves the temporary file behind (it is removed), and an
 * interrupt (SIGINT, SIGTERM, SIGHUP) arriving during the write takes effect once it is complete
 * or undone. Returns an error message in mlir-opt's words, or undefined on success.
 */
export function writeOutputFile(file: string, text: string): string | undefined {
  const fail = (why: string) => `cannot open output file '${file}': ${why}`;
  const kind = kindOf(file);
  if (kind === 'directory') return fail('Is a directory');
  // A device, pipe or socket (`-o /dev/null`, `-o /dev/stderr`) is written to, never replaced:
  // renaming a file over /dev/null would turn it into a plain file for the whole system.
  if (kind === 'special') {
    try {
      writeFileSync(file, text);
      return undefined;
    } catch (e) {
      return fail(errnoText(e));
    }
  }
  const target = linkTarget(file);
  const tmp = temporaryBeside(target);
  return withSignalsDeferred(() => {
    try {
      writeFileSync(tmp, text);
      renameSync(tmp, target);
      return undefined;
    } catch (e) {
      removeQuietly(tmp);
      return fail(errnoText(e));
    }
  });
}

/**
 * Write `files` into the folder `dir`, all of them or none: a missing `dir` is made as a
 * temporary folder beside it and renamed into place (only its last level, as `mkdir` without
 * `-p`); into an existing one each file goes as a temporary file first, and the renames come only
 * once all are written. Interrupts wait as for writeOutputFile. Returns an error message, or
 * undefined on success.
 */
export function writeOutputFolder(dir: string, files: readonly OutputFile[]): string | undefined {
  const kind = kindOf(dir);
  if (kind === 'none') return withSignalsDeferred(() => createFolder(dir, files));
  if (kind !== 'directory') return `cannot open output folder '${dir}': Not a directory`;
  const places = files.map((f) => ({ file: f, target: linkTarget(path.join(dir, f.name)) }));
  const taken = places.find((p) => kindOf(p.target) === 'directory');
  if (taken) return `cannot open output file '${path.join(dir, taken.file.name)}': Is a directory`;
  return withSignalsDeferred(() => {
    const written: string[] = [];
    try {
      for (const p of places) {
        const tmp = temporaryBeside(p.target);
        written.push(tmp);
        writeFileSync(tmp, p.file.data);
      }
    } catch (e) {
      written.forEach(removeQuietly);
      return `cannot write output file '${path.join(dir, places[written.length - 1]!.file.name)}': ${errnoText(e)}`;
    }
    for (const [i, p] of places.entries()) {
      try {
        renameSync(written[i]!, p.target);
      } catch (e) {
        written.slice(i).forEach(removeQuietly);
        return `cannot write output file '${path.join(dir, p.file.name)}': ${errnoText(e)}`;
      }
    }
    return undefined;
  });
}

/** A new folder `dir` holding `files`, or nothing and an error message. */
function createFolder(dir: string, files: readonly OutputFile[]): string | undefined {
  const tmp = temporaryBeside(dir);
  try {
    mkdirSync(tmp);
  } catch (e) {
    return `cannot create output folder '${dir}': ${errnoText(e)}`;
  }
  try {
    for (const f of files) writeFileSync(path.join(tmp, f.name), f.data);
    renameSync(tmp, dir);
    return undefined;
  } catch (e) {
    removeQuietly(tmp);
    return `cannot create output folder '${dir}': ${errnoText(e)}`;
  }
}

/**
 * Runs the synchronous `write` with SIGINT, SIGTERM and SIGHUP held back: a listener makes Node
 * deliver a signal between JavaScript steps instead of ending the process in the middle of one.
 * Then the signal is raised again, with its default action (the output is complete by then).
 */
function withSignalsDeferred<T>(write: () => T): T {
  const release = () => {
    for (const s of SIGNALS) process.off(s, deferred);
  };
  const deferred = (signal: NodeJS.Signals) => {
    release();
    process.kill(process.pid, signal);
  };
  for (const s of SIGNALS) process.on(s, deferred);
  try {
    return write();
  } finally {
    // Signals that came during the write are delivered before immediates run.
    setImmediate(release);
  }
}

/** The file that writing `file` writes: the end of its chain of symbolic links, as open(2) follows them. */
function linkTarget(file: string): string {
  let f = file;
  // Past 40 links (Linux's limit) the write itself reports the loop.
  for (let i = 0; i < 40; i++) {
    let link: string;
    try {
      link = readlinkSync(f);
    } catch {
      return f; // not a link, or not there
    }
    f = path.resolve(path.dirname(f), link);
  }
  return f;
}

function temporaryBeside(file: string): string {
  return path.join(path.dirname(file), `.${path.basename(file)}.${process.pid}.tmp`);
}

/** Removes a temporary file or folder; one that could not even be made (its folder is missing or a file) is no error. */
function removeQuietly(p: string): void {
  try {
    rmSync(p, { recursive: true, force: true });
  } catch {
    // nothing was there to remove
  }
}

function kindOf(file: string): 'directory' | 'special' | 'file' | 'none' {
  try {
    const st = statSync(file);
    return st.isDirectory() ? 'directory' : st.isFile() ? 'file' : 'special';
  } catch {
    return 'none';
  }
}
