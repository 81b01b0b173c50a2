/**
 * Bad reductions and broadcasts through the command users run (the bundle, as a subprocess): an axis out of range, a
 * broadcast that does not match, a reduction kind the element type does not support, a map that
 * is not a projection, and an op tiling does not handle yet each get a located error
 * (`FILE:LINE:COL: error: ...`, no stack frames), exit status 1, and no output file.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..', '..');
const TILE_OPT = path.join(repoRoot, 'build', 'bundle', 'tile-opt.js');

let dir = '';
beforeAll(() => {
  if (!existsSync(TILE_OPT)) throw new Error(`${TILE_OPT} is missing: build first (npm run build)`);
  dir = mkdtempSync(path.join(os.tmpdir(), 'tile-opt-reduction-'));
});
afterAll(() => {
  if (dir) rmSync(dir, { recursive: true, force: true });
});

const ROW = 'affine_map<(d0, d1) -> (d0)>';
const ID = 'affine_map<(d0, d1) -> (d0, d1)>';

/** A function whose second line is `op` (so errors at the op are on line 2, column 3). */
const program = (op: string, args = '%X: memref<4x8xf32>, %r: memref<4xf32>, %Y: memref<4x8xf32>') => `func.func @f(${args}) {
  ${op}
  return
}
`;

const mapOver = (maps: string, rType: string) =>
  `tile.map indexing_maps = [${maps}] ins(%X, %r : memref<4x8xf32>, ${rType}) outs(%Y : memref<4x8xf32>) {
  ^bb0(%x: f32, %y: f32):
    %s = arith.subf %x, %y : f32
    tile.yield %s : f32
  }`;

const CASES: { name: string; text: string; flags?: string[]; message: string }[] = [
  {
    name: 'axis out of range',
    text: program('tile.reduction max ins(%X : memref<4x8xf32>) outs(%r : memref<4xf32>) dimensions = [2]'),
    message: "'tile.reduction' op dimension 2 is out of range for the rank-2 input (dimensions are in [0, 2))",
  },
  {
    name: 'dimensions not sorted',
    text: program('tile.reduction add ins(%X : memref<4x8xf32>) outs(%r : memref<4xf32>) dimensions = [1, 0]'),
    message: "'tile.reduction' op dimensions [1, 0] must be strictly increasing (dimension 0 follows 1)",
  },
  {
    name: 'reduction output shape',
    text: program('tile.reduction add ins(%X : memref<4x8xf32>) outs(%r : memref<4xf32>) dimensions = [0]'),
    message: "'tile.reduction' op output shape 4 must be the input shape 4x8 without dimensions [0], i.e. 8",
  },
  {
    name: 'kind the element type does not support',
    text: program('tile.reduction or ins(%X : memref<4x8xf32>) outs(%r : memref<4xf32>) dimensions = [1]'),
    message: "'tile.reduction' op kind 'or' requires integer elements, got 'f32'",
  },
  {
    name: 'broadcast that does not match',
    text: program(mapOver(`${ID}, affine_map<(d0, d1) -> (d1)>, ${ID}`, 'memref<4xf32>')),
    message: "'tile.map' op input #1 dimension 0 has size 4 but iteration dimension d1 has size 8 (a broadcast input must match the dimensions it keeps)",
  },
  {
    name: 'map that is not a projection',
    text: program(mapOver(`${ID}, affine_map<(d0, d1) -> (d0 floordiv 2)>, ${ID}`, 'memref<4xf32>')),
    message: "'tile.map' op indexing map of input #1 must be a projection (each result a distinct dimension, in increasing order), got affine_map<(d0, d1) -> (d0 floordiv 2)>",
  },
  {
    name: 'tiling a rank-1 map with a broadcast input',
    text: program(
      `tile.map indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> ()>, affine_map<(d0) -> (d0)>] ins(%r, %s : memref<4xf32>, memref<f32>) outs(%r : memref<4xf32>) {
  ^bb0(%a: f32, %b: f32):
    %c = arith.addf %a, %b : f32
    tile.yield %c : f32
  }`,
      '%r: memref<4xf32>, %s: memref<f32>',
    ),
    flags: ['-p', '@tile-wgsl'],
    message: "cannot tile 'tile.map': a row kernel needs an iteration space of rank 2 or more, got rank 1 (other reductions and broadcasts are not tiled yet)",
  },
  {
    name: 'tiling a column reduction',
    text: program('tile.reduction add ins(%X : memref<4x8xf32>) outs(%c : memref<8xf32>) dimensions = [0]', '%X: memref<4x8xf32>, %c: memref<8xf32>'),
    flags: ['-p', '@tile-tiled'],
    message:
      "cannot tile 'tile.reduction': 'tile.reduction' must reduce the last dimension of a rank-2 input to join a row kernel, got dimensions [0] of rank 2 (other reductions and broadcasts are not tiled yet)",
  },
];

describe('tile-opt on bad whole-problem reductions and broadcasts', () => {
  it.each(CASES.map((c, i) => [c.name, i] as const))('%s: located error, exit 1, no output file', (_, i) => {
    const c = CASES[i]!;
    const file = path.join(dir, `case${i}.mlir`);
    const out = path.join(dir, `case${i}.out.mlir`);
    writeFileSync(file, c.text);
    const r = spawnSync(TILE_OPT, [file, ...(c.flags ?? []), '-o', out], { encoding: 'utf8', timeout: 30_000 });
    expect(r.error).toBeUndefined();
    expect(r.stdout + r.stderr).not.toMatch(/^ {4}at |TypeError|RangeError|ReferenceError/m);
    expect(r.stderr.split('\n')[0]).toBe(`${file}:2:3: error: ${c.message}`);
    expect(r.status).toBe(1);
    expect(existsSync(out)).toBe(false);
  });

  it('writes the output file for the valid program', () => {
    const file = path.join(dir, 'valid.mlir');
    const out = path.join(dir, 'valid.out.mlir');
    writeFileSync(file, program(mapOver(`${ID}, ${ROW}, ${ID}`, 'memref<4xf32>')));
    const r = spawnSync(TILE_OPT, [file, '-o', out], { encoding: 'utf8', timeout: 30_000 });
    expect(r.stderr).toBe('');
    expect(r.status).toBe(0);
    expect(existsSync(out)).toBe(true);
  });
});
