/**
 * LLVM's option parser takes a long option with one dash as with two (`-canonicalize`,
 * `-pass-pipeline=...`, `-split-input-file`); commander does not. This rewrites such arguments to
 * their `--` form before commander and the pass-flag scan see them.
 */

/**
 * `argv` with each `-name` / `-name=value` whose name `isLong` accepts written `--name...`;
 * everything after `--` and every other argument (short options, values, `-`) is left as is.
 */
export function doubleDashLongOptions(argv: readonly string[], isLong: (name: string) => boolean): string[] {
  const out: string[] = [];
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i]!;
    if (a === '--') {
      out.push(...argv.slice(i));
      break;
    }
    const m = /^-([^-=][^=]+)(=.*)?$/s.exec(a);
    out.push(m && isLong(m[1]!) ? `-${a}` : a);
  }
  return out;
}
