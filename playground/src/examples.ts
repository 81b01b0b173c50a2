/** The bundled examples (examples/*.mlir, as text at build time) and the run each one documents. */
const files = import.meta.glob('../../examples/*.mlir', { query: '?raw', import: 'default', eager: true }) as Record<string, string>;

export interface Example {
  /** The file name, e.g. `matmul.mlir`. */
  readonly name: string;
  readonly text: string;
  /** From the example's `tile-run ... --entry F --arg ...` comment, else the first function and no args. */
  readonly entry: string;
  readonly args: string;
}

/** `--entry` and `--arg`s of the first `tile-run` command in the comments (continued by `\`). */
function documentedRun(text: string): { entry: string; args: string } {
  const lines = text.split('\n');
  const start = lines.findIndex((l) => /^\s*\/\/.*\btile-run\b/.test(l));
  let command = '';
  for (let i = start; i >= 0 && i < lines.length && /^\s*\/\//.test(lines[i]!); i++) {
    const body = lines[i]!.replace(/^\s*\/\/\s?/, '');
    command += ' ' + body.replace(/\\\s*$/, '');
    if (!/\\\s*$/.test(body)) break;
  }
  // From `tile-run` to a pipe (`tile-opt ... | tile-run - ...` runs the pipeline's output).
  command = command.slice(Math.max(0, command.indexOf('tile-run'))).split('|')[0]!;
  const entry = /--entry\s+@?([\w$.-]+)/.exec(command)?.[1] ?? /func\.func\s+@([\w$.-]+)\s*\(/.exec(text)?.[1] ?? '';
  const args = [...command.matchAll(/--arg\s+(\S+)/g)].map((m) => m[1]!).join(' ');
  return { entry, args };
}

export const EXAMPLES: readonly Example[] = Object.entries(files)
  .map(([file, text]) => ({ name: file.split('/').pop()!, text, ...documentedRun(text) }))
  .sort((a, b) => (a.name < b.name ? -1 : 1));
