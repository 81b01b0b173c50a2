import { definePass } from '../core/pass/pass.js';

/**
 * MLIR's print-op-stats: how many ops of each kind the op holds (itself included), to the error
 * stream, sorted by name, as mlir-opt 19 lays it out (or as JSON).
 */
export const printOpStatsPass = definePass({
  name: 'print-op-stats',
  summary: 'Print statistics of operations',
  displayName: 'PrintOpStats',
  options: { json: { type: 'bool', default: false, help: 'print the statistics as JSON' } },
  run(root, pass) {
    const counts = new Map<string, number>();
    root.walk((op) => void counts.set(op.name, (counts.get(op.name) ?? 0) + 1));
    const names = [...counts.keys()].sort();
    pass.errs(pass.options.json ? statsJson(names, counts) : statsTable(names, counts));
  },
});

function statsTable(names: readonly string[], counts: ReadonlyMap<string, number>): string {
  const split = names.map((n) => {
    const dot = n.indexOf('.');
    return dot < 0 ? [n, ''] : [n.slice(0, dot), n.slice(dot + 1)];
  });
  const dialectWidth = Math.max(0, ...split.map(([d]) => d!.length));
  const opWidth = Math.max(0, ...split.map(([, o]) => o!.length));
  const rows = split.map(([d, o], i) => `${d!.padStart(dialectWidth + 2)}.${o!.padEnd(opWidth)} , ${counts.get(names[i]!)}\n`);
  return 'Operations encountered:\n-----------------------\n' + rows.join('');
}

function statsJson(names: readonly string[], counts: ReadonlyMap<string, number>): string {
  return '{\n' + names.map((n) => `  "${n}" : ${counts.get(n)}`).join(',\n') + '\n}\n';
}
