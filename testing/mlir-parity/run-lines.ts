/** The mlir-opt invocations of a test file's `// RUN:` lines, as argument lists. */

export interface RunLine {
  /** The RUN line as written (continuations joined). */
  readonly text: string;
  /** The arguments of its first `mlir-opt` command, `%s` included. */
  readonly args: readonly string[];
}

/** Join `\`-continued RUN lines and return each whole command. */
export function runCommands(source: string): string[] {
  const out: string[] = [];
  let pending: string | undefined;
  for (const line of source.split('\n')) {
    const m = /\/\/\s*RUN:(.*)$/.exec(line);
    if (!m) continue;
    let body = m[1]!.trim();
    const continued = body.endsWith('\\');
    if (continued) body = body.slice(0, -1).trim();
    pending = pending === undefined ? body : `${pending} ${body}`;
    if (!continued) {
      out.push(pending);
      pending = undefined;
    }
  }
  if (pending !== undefined) out.push(pending);
  return out;
}

/** Split a shell command into words (quotes removed, `''` concatenations joined); `|` is a word. */
export function shellWords(command: string): string[] {
  const words: string[] = [];
  let word: string | undefined;
  for (let i = 0; i < command.length; i++) {
    const c = command[i]!;
    if (c === "'" || c === '"') {
      const end = command.indexOf(c, i + 1);
      const stop = end < 0 ? command.length : end;
      word = (word ?? '') + command.slice(i + 1, stop);
      i = stop;
    } else if (/\s/.test(c)) {
      if (word !== undefined) words.push(word);
      word = undefined;
    } else if (c === '|') {
      if (word !== undefined) words.push(word);
      word = undefined;
      words.push('|');
    } else {
      word = (word ?? '') + c;
    }
  }
  if (word !== undefined) words.push(word);
  return words;
}

/** The RUN lines whose first command is `mlir-opt` (after an optional `not`), with their arguments. */
export function mlirOptRunLines(source: string): RunLine[] {
  const out: RunLine[] = [];
  for (const text of runCommands(source)) {
    const words = shellWords(text);
    const pipe = words.indexOf('|');
    let first = pipe < 0 ? words : words.slice(0, pipe);
    if (first[0] === 'not') first = first.slice(1);
    if (first[0] !== 'mlir-opt') continue;
    // Shell redirections (`2>&1`, `>/dev/null`) are not the tool's arguments.
    const args = first.slice(1).filter((w) => !/^\d?>/.test(w));
    out.push({ text, args });
  }
  return out;
}
