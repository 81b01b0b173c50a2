/** Which units and RUN lines the parity figure counts. */

/** MLIR's `test` dialect and the dialects outside tile-opt's scope. */
export const OUT_OF_SCOPE_DIALECTS = ['test', 'tensor', 'affine', 'linalg', 'complex', 'sparse_tensor'] as const;

const OUT_OF_SCOPE = new RegExp(`(?<![\\w.$%@-])(?:${OUT_OF_SCOPE_DIALECTS.join('|')})\\.[A-Za-z_]`, 'g');

/** The out-of-scope dialect a unit uses (an op, attribute or type of it), if any. */
export function outOfScopeDialect(unit: string): string | undefined {
  for (const line of unit.split('\n')) {
    if (/^\s*\/\//.test(line)) continue;
    // A quoted op name stays (`"test.firstCodeTrue"` is an op of the test dialect); other strings go.
    const code = line.replace(/"(?:[^"\\]|\\.)*"/g, (s) => (/^"[a-z_]+\.[A-Za-z0-9_.$]+"$/.test(s) ? s.slice(1, -1) : '""')).replace(/\/\/.*$/, '');
    for (const m of code.matchAll(OUT_OF_SCOPE)) return m[0].slice(0, m[0].indexOf('.'));
  }
  return undefined;
}

/** Tool options of mlir-opt that change nothing tile-opt prints; the harness leaves them out. */
const IGNORED = new Set(['mlir-disable-threading']);

/**
 * The names in a RUN line's arguments that tile-opt does not know: passes (flags and the passes
 * of a `--pass-pipeline`) missing from `passes`, options missing from `options`.
 */
export function unknownNames(args: readonly string[], passes: (name: string) => boolean, options: ReadonlySet<string>): string[] {
  const missing: string[] = [];
  for (let i = 0; i < args.length; i++) {
    const a = args[i]!;
    const m = /^--?([^=]+)(?:=(.*))?$/s.exec(a);
    if (!m) continue;
    const [, name, value] = m as unknown as [string, string, string | undefined];
    if (IGNORED.has(name)) continue;
    if (name === 'pass-pipeline' || name === 'p') {
      const text = value ?? args[++i] ?? '';
      for (const p of pipelinePasses(text)) if (!passes(p)) missing.push(p);
    } else if (!options.has(name) && !passes(name)) missing.push(name);
  }
  return missing;
}

/** The pass names of MLIR pipeline text (op anchors, which have a dot, and option groups left out). */
function pipelinePasses(text: string): string[] {
  let depth = 0;
  let outside = '';
  for (const c of text) {
    if (c === '{') depth++;
    else if (c === '}') depth--;
    else if (depth === 0) outside += c;
  }
  return [...outside.matchAll(/[\w.-]+/g)].map((m) => m[0]).filter((n) => !n.includes('.'));
}

/**
 * The MLIR ops and attributes tile-opt does not have yet: a
 * unit that uses one and differs is counted apart, to tell what that work should bring.
 */
const PENDING =
  /\b(?:scf\.(?:parallel|reduce|forall|index_switch)|memref\.(?:expand_shape|collapse_shape|reinterpret_cast|reshape|view|rank|extract_strided_metadata|realloc|atomic_rmw|generic_atomic_rmw)|vector\.transfer_(?:read|write)|gpu\.alloc|ub\.poison)\b|dense_resource</;

export function usesPendingOps(unit: string): boolean {
  return PENDING.test(
    unit
      .split('\n')
      .filter((l) => !/^\s*\/\//.test(l))
      .join('\n'),
  );
}
