// Transformations keep the source location of what they rewrite: every shipped tile pipeline,
// run over every example it compiles, leaves no op at loc(unknown) (a later error at such an op
// would be reported at <unknown>:0). Walked in the IR, so that no location hides behind an alias.
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { UnknownLoc } from '../../../core/ir/location.js';
import { repoRoot } from '../dialects/harness.js';
import { compile, example } from '../passes/tile/kernel-meaning.js';

const examples = readdirSync(path.join(repoRoot, 'examples')).filter((f) => f.endsWith('.mlir'));

describe('locations through the tile pipelines', () => {
  for (const pipeline of ['@tile-tiled', '@tile-pipelined', '@tile-wgsl']) {
    it(`${pipeline} over the examples leaves no op at loc(unknown)`, () => {
      let compiled = 0;
      for (const file of examples) {
        let module;
        try {
          module = compile(example(file), pipeline);
        } catch {
          continue; // an example at another level (the SIMT matmul through @tile-wgsl, say): refused with its own located error
        }
        compiled++;
        const unknown: string[] = [];
        // (The implicit top-level module has the location of the whole input, which parsing here does not name.)
        module.walk((op) => void (op !== module && op.loc instanceof UnknownLoc && unknown.push(op.name)));
        expect(unknown, `${file} ${pipeline}`).toEqual([]);
      }
      expect(compiled, 'examples compiled').toBeGreaterThan(examples.length / 2);
    });
  }
});
