import { describe, expect, it } from 'vitest';
import { i32 } from '../../../../core/ir/types.js';
import { branch, Interpreter, type ExecContext, type KernelLaunch } from '../../../../core/interpret/engine.js';
import { opError } from '../../../../core/interpret/errors.js';
import type { InFlightCopy } from '../../../../core/interpret/memory.js';
import type { MemRef, RtValue } from '../../../../core/interpret/values.js';
import { createSemantics } from '../../../../dialects/semantics.js';
import { errorOf, fourThreadLaunch, memrefOf, parseModule } from './helpers.js';
import { MemRefType } from '../../../../core/ir/types.js';
import type { Operation } from '../../../../core/ir/operation.js';

/** Test-only semantics: unstructured branches, and an async copy with an explicit wait. */
function testSemantics() {
  const COPIES = Symbol('test copies');
  const pending = (ctx: ExecContext): InFlightCopy[] => {
    let list = ctx.state.get(COPIES) as InFlightCopy[] | undefined;
    if (!list) ctx.state.set(COPIES, (list = []));
    return list;
  };
  return createSemantics().add({
    dialect: 'test',
    ops: {
      'test.br': (op, args) => branch(op.successors[0]!, args),
      'test.cond_br': (op, [c]) => branch(op.successors[c ? 0 : 1]!, []),
      'test.copy_async': (op: Operation, [s, d]: readonly RtValue[], ctx: ExecContext) => {
        const [src, dst] = [s as MemRef, d as MemRef];
        const copy = ctx.memory.beginAsyncCopy({
          loc: op.loc,
          dest: dst,
          source: src,
          land: () => ctx.memory.writeView(dst, src.readAll(), op),
        });
        pending(ctx).push(copy);
      },
      'test.wait': (_op, _args, ctx) => {
        for (const c of pending(ctx).splice(0)) ctx.memory.land(c);
      },
      'test.fail': (op) => {
        throw opError(op, 'failed on purpose');
      },
    },
  });
}

const run = (text: string, fn: string, args: RtValue[]) => new Interpreter(parseModule(text, 'test.mlir', true), { semantics: testSemantics() }).run(fn, args);

describe('engine', () => {
  it('follows branches between blocks with block arguments', () => {
    const text = `
func.func @sum(%n: i32) -> i32 {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  "test.br"(%c0, %c0)[^loop] : (i32, i32) -> ()
^loop(%i: i32, %acc: i32):
  %done = arith.cmpi sge, %i, %n : i32
  "test.cond_br"(%done)[^exit, ^body] : (i1) -> ()
^body:
  %acc2 = arith.addi %acc, %i : i32
  %i2 = arith.addi %i, %c1 : i32
  "test.br"(%i2, %acc2)[^loop] : (i32, i32) -> ()
^exit:
  return %acc : i32
}`;
    expect(run(text, 'sum', [10])).toEqual([45]);
    expect(run(text, 'sum', [0])).toEqual([0]);
  });

  it('reports an op without semantics at its location, naming it', () => {
    const text = `func.func @f() {\n  "foo.bar"() : () -> ()\n  return\n}`;
    expect(errorOf(() => run(text, 'f', []))).toBe("2:3: 'foo.bar' op has no interpreter semantics (unknown op, or its dialect registers none)");
  });

  it('calls functions and propagates located errors from nested regions', () => {
    const text = `
func.func @inner(%x: i32) -> i32 {
  %c = arith.constant 3 : i32
  %r = arith.muli %x, %c : i32
  return %r : i32
}
func.func @outer(%x: i32) -> i32 {
  %r = func.call @inner(%x) : (i32) -> i32
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  scf.for %i = %c0 to %c1 step %c1 {
    "test.fail"() : () -> ()
  }
  return %r : i32
}`;
    expect(run(text, 'inner', [5])).toEqual([15]);
    expect(errorOf(() => run(text, 'outer', [5]))).toBe("12:5: 'test.fail' op failed on purpose");
  });
});

describe('in-flight async copies', () => {
  const t = MemRefType.get([4], i32);
  const program = (body: string) => `
func.func @f(%src: memref<4xi32>, %dst: memref<4xi32>) -> i32 {
  %c0 = arith.constant 0 : index
  %c2 = arith.constant 2 : index
  %c9 = arith.constant 9 : i32
${body}
}`;
  const args = () => [memrefOf(t, [1, 2, 3, 4]), memrefOf(t, [0, 0, 0, 0])];

  it('lands the copy at the wait', () => {
    const text = program(`  "test.copy_async"(%src, %dst) : (memref<4xi32>, memref<4xi32>) -> ()
  "test.wait"() : () -> ()
  %v = memref.load %dst[%c2] : memref<4xi32>
  return %v : i32`);
    expect(run(text, 'f', args())).toEqual([3]);
  });

  it('reports a load of the destination before the wait as a race naming both locations', () => {
    const text = program(`  "test.copy_async"(%src, %dst) : (memref<4xi32>, memref<4xi32>) -> ()
  %v = memref.load %dst[%c2] : memref<4xi32>
  "test.wait"() : () -> ()
  return %v : i32`);
    expect(errorOf(() => run(text, 'f', args()))).toBe('7:8: race: load at test.mlir:7:8 touches a buffer region written by async copy at test.mlir:6:3 that has not been waited for');
  });

  it('reports a store to the source before the wait', () => {
    const text = program(`  "test.copy_async"(%src, %dst) : (memref<4xi32>, memref<4xi32>) -> ()
  memref.store %c9, %src[%c0] : memref<4xi32>
  "test.wait"() : () -> ()
  return %c9 : i32`);
    expect(errorOf(() => run(text, 'f', args()))).toBe('7:3: race: store at test.mlir:7:3 touches a buffer region read by async copy at test.mlir:6:3 that has not been waited for');
  });

  it('reports a second copy into a region still in flight', () => {
    const text = program(`  "test.copy_async"(%src, %dst) : (memref<4xi32>, memref<4xi32>) -> ()
  "test.copy_async"(%src, %dst) : (memref<4xi32>, memref<4xi32>) -> ()
  "test.wait"() : () -> ()
  return %c9 : i32`);
    expect(errorOf(() => run(text, 'f', args()))).toContain('7:3: race: async copy at test.mlir:7:3 writes a buffer region written by async copy at test.mlir:6:3');
  });

  it('allows access to other buffers and reports copies never waited for', () => {
    const text = program(`  "test.copy_async"(%src, %dst) : (memref<4xi32>, memref<4xi32>) -> ()
  %v = memref.load %src[%c2] : memref<4xi32>
  return %v : i32`);
    expect(errorOf(() => run(text, 'f', args()))).toBe('6:3: async copy at test.mlir:6:3 has not been waited for at the end of function @f');
  });
});

describe('kernel launcher hook', () => {
  const text = fourThreadLaunch(
    'fill',
    `      %t = gpu.thread_id x
      %v = arith.index_cast %t : index to i32
      memref.store %v, %out[%t] : memref<4xi32>`,
  );
  const t = MemRefType.get([4], i32);

  it('interprets kernels by default', () => {
    const m = memrefOf(t, [9, 9, 9, 9]);
    new Interpreter(parseModule(text), { semantics: createSemantics() }).run('main', [m]);
    expect([...m.buffer.data]).toEqual([0, 1, 2, 3]);
  });

  it('hands launches to a pluggable (asynchronous) launcher', async () => {
    const seen: KernelLaunch[] = [];
    const launcher = async (launch: KernelLaunch) => {
      seen.push(launch);
      ((launch.args[0] as MemRef).buffer.data as Int32Array).fill(7);
    };
    const interp = new Interpreter(parseModule(text), { semantics: createSemantics(), kernelLauncher: launcher });
    const m = memrefOf(t, [0, 0, 0, 0]);
    await interp.runAsync('main', [m]);
    expect(seen.map((l) => [l.kernel.getAttr('sym_name')?.toString(), l.gridSize, l.blockSize])).toEqual([['"fill"', [1, 1, 1], [4, 1, 1]]]);
    expect([...m.buffer.data]).toEqual([7, 7, 7, 7]);
    expect(errorOf(() => interp.run('main', [m]))).toMatch(/'gpu.launch_func' op needs asynchronous execution/);
  });
});
