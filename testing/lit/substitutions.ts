import path from 'node:path';

/**
 * lit's substitutions in a RUN line, for tile-lit and tile-update-checks alike: `%s` (the test
 * file), `%S` and `%p` (its folder), `%t` (a temporary file for it), `%T` (a temporary folder),
 * `%%` (a percent sign) and `%{name}` (from `named`; an unknown name is left as written).
 */
export function substitute(line: string, testPath: string, tmpDir: string, named: Readonly<Record<string, string>> = {}): string {
  const subs: Record<string, string> = {
    '%s': testPath,
    '%S': path.dirname(testPath),
    '%p': path.dirname(testPath),
    '%t': path.join(tmpDir, path.basename(testPath) + '.tmp'),
    '%T': tmpDir,
    '%%': '%',
  };
  const out = line.replace(/%\{([A-Za-z0-9_-]+)\}/g, (m, name: string) => named[name] ?? m);
  return out.replace(/%[sSptT%]/g, (m) => subs[m] ?? m);
}
