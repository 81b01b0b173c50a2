import { describe, expect, it } from 'vitest';
import type { MemRefType, Type } from '../../../../core/ir/types.js';
import { Buffer, MemRef, rowMajorStrides } from '../../../../core/interpret/values.js';
import { errorOf, parseModule, run } from '../../core/interpret/helpers.js';

const WG = '#gpu.address_space<workgroup>';
const DST = `memref<2x4xf32, ${WG}>`;
const SRC = 'memref<?x?xf32>';

function typeOf(text: string): Type {
  return parseModule(`func.func @t(%x: ${text}) { return }`).region(0).entry!.first!.region(0).entry!.arguments[0]!.type;
}
function mem(type: string, shape: number[], data: ArrayLike<number>): MemRef {
  const t = typeOf(type) as MemRefType;
  const b = Buffer.allocate(
    t.elementType,
    shape.reduce((x, y) => x * y, 1),
    t.memorySpace,
    'test',
  );
  (b.data as Float32Array).set(data);
  return new MemRef(t, b, 0, shape, rowMajorStrides(shape));
}
const contents = (m: MemRef): number[] => Array.from(m.buffer.data as Float32Array);
/** src = 3x4 matrix [[1..4], [5..8], [9..12]]; dst = 2x4 workgroup buffer of -1. */
const src = () =>
  mem(
    SRC,
    [3, 4],
    Array.from({ length: 12 }, (_, i) => i + 1),
  );
const dst = () => mem(DST, [2, 4], new Array(8).fill(-1));

/** A host function over (src, dst) with `body`; values of the copies are visible in dst afterwards. */
const fn = (body: string) => `
func.func @f(%src: ${SRC}, %dst: ${DST}) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
${body}
  return
}`;
const copy = (si: string, sj: string, di: string, shape: string, extra = '') => `async.copy %src[${si}, ${sj}], %dst[${di}, %c0] shape [${shape}]${extra} : ${SRC} to ${DST}`;

describe('async.copy', () => {
  it('lands when a wait covers it', () => {
    const d = dst();
    run(fn(`  %t = ${copy('%c1', '%c0', '%c0', '2, 4')}\n  %g = async.commit %t\n  async.wait 0`), 'f', [src(), d]);
    expect(contents(d)).toEqual([5, 6, 7, 8, 9, 10, 11, 12]);
  });

  it('copies a lower-rank tile at a leading index of the destination', () => {
    const d = dst();
    run(fn(`  %t = ${copy('%c2', '%c1', '%c1', '3')}\n  async.wait all`), 'f', [src(), d]);
    expect(contents(d)).toEqual([-1, -1, -1, -1, 10, 11, 12, -1]);
  });

  it('zero-fills source positions out of bounds when masked', () => {
    const d = dst();
    run(fn(`  %t = ${copy('%c2', '%c2', '%c0', '2, 4', ' masked')}\n  async.wait all`), 'f', [src(), d]);
    expect(contents(d)).toEqual([11, 12, 0, 0, 0, 0, 0, 0]);
    const text = fn(`  %m1 = arith.constant -1 : index\n  %t = ${copy('%m1', '%m1', '%c0', '2, 4', ' masked')}\n  async.wait all`);
    const d2 = dst();
    run(text, 'f', [src(), d2]);
    expect(contents(d2)).toEqual([0, 0, 0, 0, 0, 1, 2, 3]);
  });

  it('reports an unmasked copy reading out of bounds, and a destination out of bounds', () => {
    expect(errorOf(() => run(fn(`  %t = ${copy('%c2', '%c0', '%c0', '2, 4')}\n  async.wait all`), 'f', [src(), dst()]))).toBe(
      "6:8: 'async.copy' op source tile [2, 4] at [2, 0] is out of bounds of the source shape [3, 4] (the copy is not masked)",
    );
    expect(errorOf(() => run(fn(`  %t = ${copy('%c0', '%c0', '%c1', '2, 4', ' masked')}\n  async.wait all`), 'f', [src(), dst()]))).toBe(
      "6:8: 'async.copy' op destination tile [2, 4] at [1, 0] is out of bounds of the destination shape [2, 4]",
    );
  });

  it('reports a read of the destination before the wait, naming both locations', () => {
    const text = fn(`  %t = ${copy('%c0', '%c0', '%c0', '2, 4')}\n  %g = async.commit %t\n  %v = memref.load %dst[%c1, %c1] : ${DST}\n  async.wait 0`);
    expect(errorOf(() => run(text, 'f', [src(), dst()]))).toBe(
      '8:8: race: load at test.mlir:8:8 touches a buffer region written by async copy at test.mlir:6:8 that has not been waited for',
    );
  });

  it('reports a write of the source before the wait, and a second copy into the same region', () => {
    const store = fn(`  %t = ${copy('%c0', '%c0', '%c0', '2, 4')}\n  %z = arith.constant 0.0 : f32\n  memref.store %z, %src[%c1, %c2] : ${SRC}\n  async.wait all`);
    expect(errorOf(() => run(store, 'f', [src(), dst()]))).toBe('8:3: race: store at test.mlir:8:3 touches a buffer region read by async copy at test.mlir:6:8 that has not been waited for');
    const twice = fn(`  %t = ${copy('%c0', '%c0', '%c0', '2, 4')}\n  %u = ${copy('%c1', '%c0', '%c1', '1, 4')}\n  async.wait all`);
    expect(errorOf(() => run(twice, 'f', [src(), dst()]))).toBe(
      '7:8: race: async copy at test.mlir:7:8 writes a buffer region written by async copy at test.mlir:6:8 that has not been waited for',
    );
  });

  it('orders a copy after its dependencies: it may overwrite what they write, and completing it completes them', () => {
    // %u overwrites row 1 after %t; only %u is committed, so waiting for its group must land %t too.
    const text = fn(`  %t = ${copy('%c0', '%c0', '%c0', '2, 4')}\n  %u = ${copy('%c2', '%c0', '%c1', '1, 4', ' after %t')}\n  %g = async.commit %u\n  async.wait 0`);
    const d = dst();
    run(text, 'f', [src(), d]);
    expect(contents(d)).toEqual([1, 2, 3, 4, 9, 10, 11, 12]);
  });

  it('keeps tracking a dependent copy started after its dependencies landed', () => {
    // %t lands at the first wait (its group), which starts %u; reading %u's row before the second wait is a race.
    const text = fn(
      `  %t = ${copy('%c0', '%c0', '%c0', '2, 4')}\n  %g = async.commit %t\n  %u = ${copy('%c2', '%c0', '%c1', '1, 4', ' after %t')}\n  %h = async.commit %u\n  async.wait 1\n  %v = memref.load %dst[%c1, %c0] : ${DST}\n  async.wait 0`,
    );
    expect(errorOf(() => run(text, 'f', [src(), dst()]))).toBe(
      '11:8: race: load at test.mlir:11:8 touches a buffer region written by async copy at test.mlir:8:8 that has not been waited for',
    );
  });
});

describe('async.copy with a predicate', () => {
  const flags = '  %on = arith.constant true\n  %off = arith.constant false\n';

  it('does nothing when the predicate is false: no race with reads of its destination, nothing written', () => {
    // The copy would write all of dst; dst is read before any wait.
    const text = fn(`${flags}  %t = ${copy('%c0', '%c0', '%c0', '2, 4', ' if %off')}\n  %g = async.commit %t\n  %v = memref.load %dst[%c1, %c1] : ${DST}\n  async.wait 0`);
    const d = dst();
    expect(run(text, 'f', [src(), d])).toEqual([]);
    expect(contents(d)).toEqual(new Array(8).fill(-1));
  });

  it('reads nothing when off: out-of-bounds positions of an unmasked copy are no error', () => {
    const text = fn(`${flags}  %t = ${copy('%c2', '%c2', '%c1', '2, 4', ' if %off')}\n  async.wait 0`);
    expect(run(text, 'f', [src(), dst()])).toEqual([]);
  });

  it('is complete at once when off: a group of such copies needs no wait, and `after` one is satisfied', () => {
    // Never waited for: no "not waited for" error at the end. %u (on) after %t (off) writes the same row.
    const never = fn(`${flags}  %t = ${copy('%c0', '%c0', '%c0', '2, 4', ' if %off')}\n  %g = async.commit %t`);
    expect(run(never, 'f', [src(), dst()])).toEqual([]);
    const chained = fn(
      `${flags}  %t = ${copy('%c0', '%c0', '%c0', '2, 4', ' if %off')}\n  %u = ${copy('%c2', '%c0', '%c1', '1, 4', ' if %on after %t')}\n  %g = async.commit %t, %u\n  async.wait 0`,
    );
    const d = dst();
    run(chained, 'f', [src(), d]);
    expect(contents(d)).toEqual([-1, -1, -1, -1, 9, 10, 11, 12]);
  });

  it('behaves as an unpredicated copy when the predicate is true', () => {
    const d = dst();
    run(fn(`${flags}  %t = ${copy('%c1', '%c0', '%c0', '2, 4', ' if %on')}\n  %g = async.commit %t\n  async.wait 0`), 'f', [src(), d]);
    expect(contents(d)).toEqual([5, 6, 7, 8, 9, 10, 11, 12]);
    const racy = fn(`${flags}  %t = ${copy('%c0', '%c0', '%c0', '2, 4', ' if %on')}\n  %g = async.commit %t\n  %v = memref.load %dst[%c1, %c1] : ${DST}\n  async.wait 0`);
    expect(errorOf(() => run(racy, 'f', [src(), dst()]))).toBe(
      '10:8: race: load at test.mlir:10:8 touches a buffer region written by async copy at test.mlir:8:8 that has not been waited for',
    );
  });
});

describe('async.commit and async.wait', () => {
  // Three groups, one row-copy each into rows 0 / 1 / 0 of two buffers; then `wait`.
  const three = (wait: string, after: string) => `
func.func @f(%src: ${SRC}, %a: ${DST}, %b: ${DST}) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %t0 = async.copy %src[%c0, %c0], %a[%c0, %c0] shape [4] : ${SRC} to ${DST}
  %g0 = async.commit %t0
  %t1 = async.copy %src[%c1, %c0], %a[%c1, %c0] shape [4] : ${SRC} to ${DST}
  %g1 = async.commit %t1
  %t2 = async.copy %src[%c1, %c0], %b[%c0, %c0] shape [4] : ${SRC} to ${DST}
  %g2 = async.commit %t2
  ${wait}
${after}
  async.wait all
  return
}`;
  const load = (m: string, row: string) => `  %v${m}${row} = memref.load %${m}[%c${row}, %c0] : ${DST}`;

  it('async.wait N completes all but the N newest groups', () => {
    // wait 1: groups 0 and 1 complete (rows 0 and 1 of %a readable), group 2 still pending.
    expect(run(three('async.wait 1', [load('a', '0'), load('a', '1')].join('\n')), 'f', [src(), dst(), dst()])).toEqual([]);
    expect(errorOf(() => run(three('async.wait 1', load('b', '0')), 'f', [src(), dst(), dst()]))).toBe(
      '12:10: race: load at test.mlir:12:10 touches a buffer region written by async copy at test.mlir:9:9 that has not been waited for',
    );
    // wait 2: only group 0 complete.
    expect(run(three('async.wait 2', load('a', '0')), 'f', [src(), dst(), dst()])).toEqual([]);
    expect(errorOf(() => run(three('async.wait 2', load('a', '1')), 'f', [src(), dst(), dst()]))).toMatch(/^12:10: race: load at .* by async copy at test.mlir:7:9 /);
    // wait 3: nothing.
    expect(errorOf(() => run(three('async.wait 3', load('a', '0')), 'f', [src(), dst(), dst()]))).toMatch(/^12:10: race: load at .* by async copy at test.mlir:5:9 /);
  });

  it('checks the groups a wait names are complete after it', () => {
    expect(run(three('async.wait 1 for %g0, %g1', ''), 'f', [src(), dst(), dst()])).toEqual([]);
    expect(errorOf(() => run(three('async.wait 1 for %g2', ''), 'f', [src(), dst(), dst()]))).toBe(
      "11:3: 'async.wait' op leaves the group committed at test.mlir:10:9 incomplete (0 newer groups committed after it; the wait keeps 1 pending)",
    );
  });

  it('leaves uncommitted copies to async.wait all', () => {
    const text = fn(`  %t = ${copy('%c0', '%c0', '%c0', '2, 4')}\n  %g = async.commit\n  async.wait 0`);
    expect(errorOf(() => run(text, 'f', [src(), dst()]))).toBe('6:8: async copy at test.mlir:6:8 has not been waited for at the end of function @f');
    const d = dst();
    run(fn(`  %t = ${copy('%c0', '%c0', '%c0', '2, 4')}\n  %g = async.commit\n  async.wait all`), 'f', [src(), d]);
    expect(contents(d)).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
  });

  it('reports a copy committed twice', () => {
    const text = fn(`  %t = ${copy('%c0', '%c0', '%c0', '2, 4')}\n  %g = async.commit %t\n  %h = async.commit %t\n  async.wait all`);
    expect(errorOf(() => run(text, 'f', [src(), dst()]))).toBe("8:8: 'async.commit' op commits the copy issued at test.mlir:6:8 again (it was committed at test.mlir:7:8)");
  });
});

describe('async ops in kernels', () => {
  const kernel = (body: string) => `
module attributes {gpu.container_module} {
  gpu.module @k {
    gpu.func @f(%src: ${SRC}, %out: ${SRC}) kernel {
      %c0 = arith.constant 0 : index
      %buf = tile.alloc : ${DST}
      %t = async.copy %src[%c0, %c0], %buf[%c0, %c0] shape [2, 4] : ${SRC} to ${DST}
      %g = async.commit %t
${body}
      gpu.return
    }
  }
  func.func @main(%src: ${SRC}, %out: ${SRC}) {
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %c32 = arith.constant 32 : index
    gpu.launch_func @k::@f blocks in (%c2, %c1, %c1) threads in (%c32, %c1, %c1) args(%src : ${SRC}, %out : ${SRC})
    return
  }
}`;
  it('issues each copy once per workgroup; every thread sees the data after the wait', () => {
    const body = `
      async.wait 0
      %tid = gpu.thread_id x
      %c8 = arith.constant 8 : index
      %in = arith.cmpi ult, %tid, %c8 : index
      scf.if %in {
        %c4 = arith.constant 4 : index
        %r = arith.divui %tid, %c4 : index
        %q = arith.remui %tid, %c4 : index
        %v = memref.load %buf[%r, %q] : ${DST}
        memref.store %v, %out[%r, %q] : ${SRC}
      }`;
    const out = mem(SRC, [2, 4], new Array(8).fill(0));
    run(kernel(body), 'main', [src(), out]);
    expect(contents(out)).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
  });
  it('reports a kernel that ends with a copy not waited for', () => {
    expect(errorOf(() => run(kernel(''), 'main', [src(), mem(SRC, [2, 4], new Array(8).fill(0))]))).toBe(
      '7:12: async copy at test.mlir:7:12 has not been waited for at the end of workgroup (0, 0, 0) of @f',
    );
  });
});
