// Workgroup barriers where tile semantics need them, and no more (docs/lowering.md, "Workgroup
// barriers"): a tile stored to workgroup memory and loaded back in another layout, with no barrier
// written by the user, computes after convert-tile-to-gpu what it computes at the tile level (the
// interpreter runs threads up to each barrier, so a missing one shows); the lowered pipelines,
// whose async lowering and staging place their own barriers, get none more.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { AnyMemRef } from '../../../../core/ir/constraints.js';
import { defineDialect } from '../../../../core/ir/dialect.js';
import { defineOp } from '../../../../core/ir/op-definition.js';
import type { Operation } from '../../../../core/ir/operation.js';
import { MemoryEffects } from '../../../../core/ir/traits.js';
import { SourceFile } from '../../../../core/syntax/source.js';
import { parseModuleSource } from '../../../../dialects/builtin/parse-module.js';
import { createContext } from '../../../../dialects/registry.js';
import { ArithBuilder } from '../../../../dialects/arith/builder.js';
import { insertWorkgroupBarriers } from '../../../../passes/conversion/tile-to-gpu/workgroup-barriers.js';
import { print } from '../../passes/inline-unroll-support.js';
import { compile, example, random, runEntry } from '../tile/kernel-meaning.js';

const countOps = (module: Operation, name: string): number => {
  let n = 0;
  module.walk((op) => void (op.name === name && n++));
  return n;
};

const CONVERSIONS = 'tile-assign-layouts,convert-async-to-gpu,convert-tile-to-gpu,canonicalize,cse';

/** The kernels of barriers.mlir with a host function that launches `kernel` on 32 threads. */
function withMain(kernel: string, args: string): string {
  const text = readFileSync(new URL('../../../filecheck/passes/convert-tile-to-gpu/barriers.mlir', import.meta.url), 'utf8');
  const params = args
    .split(', ')
    .map((a) => `${a.split(' : ')[0]}: ${a.split(' : ')[1]}`)
    .join(', ');
  return text.replace(
    /\n}\s*$/,
    `
  func.func @main(${params}) {
    %c1 = arith.constant 1 : index
    %c32 = arith.constant 32 : index
    gpu.launch_func @k::@${kernel} blocks in (%c1, %c1, %c1) threads in (%c32, %c1, %c1) args(${args})
    return
  }
}
`,
  );
}

/** The module without its gpu.barrier ops. */
function withoutBarriers(module: Operation): Operation {
  const barriers: Operation[] = [];
  module.walk((op) => void (op.name === 'gpu.barrier' && barriers.push(op)));
  for (const b of barriers) b.erase();
  return module;
}

describe('workgroup barriers inserted by convert-tile-to-gpu', () => {
  it('a tile stored to workgroup memory and loaded in another layout, without a user barrier', () => {
    const text = withMain('store_then_load', '%X : memref<8x16xf32>, %Y : memref<8x16xf32>');
    const shapes = [
      [8, 16],
      [8, 16],
    ];
    const x = random(128, 7);
    const io = () => [x, new Float32Array(128).fill(NaN)];
    const before = runEntry(compile(text, 'canonicalize'), 'main', shapes, io())[1]!;
    expect(before).toEqual(x);
    const lowered = compile(text, CONVERSIONS);
    expect(countOps(lowered, 'gpu.barrier')).toBeGreaterThan(0);
    expect(runEntry(lowered, 'main', shapes, io())[1]).toEqual(before);
    // The barrier is what makes it right: without it, threads read elements others have not stored yet.
    expect(runEntry(withoutBarriers(compile(text, CONVERSIONS)), 'main', shapes, io())[1]).not.toEqual(before);
  });

  it('a tile stored to workgroup memory, loaded back in the default layout and transposed', () => {
    const text = withMain('store_then_transpose', '%X : memref<8x16xf32>, %Y : memref<16x8xf32>');
    const shapes = [
      [8, 16],
      [16, 8],
    ];
    const x = random(128, 11);
    const io = () => [x, new Float32Array(128).fill(NaN)];
    const before = runEntry(compile(text, 'canonicalize'), 'main', shapes, io())[1]!;
    expect(before[1 * 8 + 2]).toBe(x[2 * 16 + 1]);
    expect(runEntry(compile(text, CONVERSIONS), 'main', shapes, io())[1]).toEqual(before);
  });

  it('no barrier more in the lowered matmul and add pipelines (@tile-wgsl, async examples)', () => {
    // The counts before convert-tile-to-gpu placed barriers of its own: the async lowering's stores
    // sit between their own barriers and the dot operands' reads only read. With a peeled epilogue
    // each stage adds its slot's two (the wait's stores, then the buffer's reuse) per kernel: the
    // epilogue's dot reads the buffers where they were loaded (sink-selects-into-if), no staging.
    const counts: [string, string, number][] = [
      ['matmul.mlir', '@tile-wgsl{tile-sizes=32,32,16 num-stages=1}', 4],
      ['matmul.mlir', '@tile-wgsl{tile-sizes=32,32,16 num-stages=2 peel-epilogue=true}', 8],
      ['matmul.mlir', '@tile-wgsl{tile-sizes=32,32,16 num-stages=3 peel-epilogue=true}', 12],
      ['matmul.mlir', '@tile-wgsl{tile-sizes=32,32,16 num-stages=4 peel-epilogue=true}', 16],
      ['matmul.mlir', '@tile-wgsl{tile-sizes=32,32,16 num-stages=3 synchronous-copies=true peel-epilogue=true}', 28],
      ['matmul.mlir', '@tile-wgsl{tile-sizes=32,32,16 num-stages=2 async-copy-loads=none register-stages=2 peel-epilogue=true}', 12],
      ['matmul.mlir', '@tile-wgsl{tile-sizes=32,32,16 num-stages=3 peel-epilogue=false}', 4],
      // @tile-wgsl predicates the epilogue by default: the loop's two barriers only, in each of
      // the 5 large variants of the automatic configuration (f32 2, f16 3) and the 2 packing
      // kernels; the 4 split skinny kernels peel theirs (tile.peel_epilogue: 6 barriers each), and
      // each of their 4 sums has 4 in its loop (the block of slices copied to workgroup memory,
      // then its partials along the slices); the f32 vector-matrix kernel 4 (A's slice staged for
      // its broadcast in the loop: 2; the partials of the reduction along K, 32 or more, in two
      // rounds: 2): 10 + 4 + 24 + 16 + 4.
      ['matmul.mlir', '@tile-wgsl', 58],
      ['add.mlir', '@tile-wgsl{tile-sizes=4,64 peel-epilogue=true}', 6],
      ['add.mlir', '@tile-wgsl{tile-sizes=4,64}', 2],
      // The automatic configuration runs a map's loop in one stage: nothing to peel.
      ['add.mlir', '@tile-wgsl{peel-epilogue=true}', 2],
      ['matmul-dma-chain.mlir', '@tile-wgsl{num-stages=2 peel-epilogue=true}', 6],
      ['matmul-dma-chain.mlir', '@tile-wgsl{num-stages=3 peel-epilogue=true}', 10],
      ['matmul-async-3stage.mlir', CONVERSIONS, 4],
      ['add-async-2buf.mlir', CONVERSIONS, 4],
      ['add-async-3buf.mlir', CONVERSIONS, 4],
      ['matmul-tvm-schedule.mlir', `tile-assign-stages,tile-multibuffer,tile-pipeline,${CONVERSIONS}`, 12],
    ];
    for (const [file, pipeline, n] of counts) expect(countOps(compile(example(file), pipeline), 'gpu.barrier'), `${file} ${pipeline}`).toBe(n);
  });
});

/** Ops that take a memref and declare what they do to it: read, write, nothing, or (undeclared) anything. */
const fx = defineDialect({
  name: 'fx',
  ops: [
    defineOp({ name: 'fx.peek', operands: { buffer: AnyMemRef }, traits: [MemoryEffects('read')] }),
    defineOp({ name: 'fx.poke', operands: { buffer: AnyMemRef }, traits: [MemoryEffects('write')] }),
    defineOp({ name: 'fx.size', operands: { buffer: AnyMemRef }, traits: [MemoryEffects()] }),
    defineOp({ name: 'fx.touch', operands: { buffer: AnyMemRef } }),
  ],
});

describe('workgroup accesses from declared memory effects', () => {
  it('reads, writes, neither or both, through views to the buffer', () => {
    const context = createContext([fx]);
    const wg = 'memref<4xf32, #gpu.address_space<workgroup>>';
    const module = parseModuleSource(
      new SourceFile(
        'fx.mlir',
        `gpu.module @k {
  gpu.func @f() workgroup(%b : ${wg}) kernel {
    "fx.poke"(%b) : (${wg}) -> ()
    "fx.peek"(%b) : (${wg}) -> ()
    "fx.size"(%b) : (${wg}) -> ()
    "fx.peek"(%b) : (${wg}) -> ()
    %v = memref.cast %b : ${wg} to memref<?xf32, #gpu.address_space<workgroup>>
    "fx.poke"(%v) : (memref<?xf32, #gpu.address_space<workgroup>>) -> ()
    "fx.touch"(%b) : (${wg}) -> ()
    "fx.size"(%b) : (${wg}) -> ()
    gpu.return
  }
}`,
      ),
      context,
    );
    const kernel = module.region(0).entry!.first!.region(0).entry!.first!;
    // A read after the write, the write through the view after the reads, the undeclared op (a read and a write) after that write.
    expect(insertWorkgroupBarriers(kernel, new ArithBuilder(context))).toBe(3);
    const ops = print(module)
      .split('\n')
      .map((l) => l.trim().split(/[ (]/)[0]!)
      .filter((l) => l.startsWith('"fx.') || l === 'gpu.barrier');
    expect(ops).toEqual(['"fx.poke"', 'gpu.barrier', '"fx.peek"', '"fx.size"', '"fx.peek"', 'gpu.barrier', '"fx.poke"', 'gpu.barrier', '"fx.touch"', '"fx.size"']);
  });
});
