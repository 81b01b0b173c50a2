// memref folders and canonicalization patterns preserve meaning: random programs of casts,
// subviews, allocations, loads, stores, copies and dims compute the same results and leave the
// same argument contents before and after canonicalize (run by the interpreter).
import { describe, expect, it } from 'vitest';
import type { MemRef, RtValue } from '../../../../core/interpret/values.js';
import { f32, MemRefType } from '../../../../core/ir/types.js';
import { randomDraws } from '../../../../testing/random.js';
import { memrefOf } from '../../core/interpret/helpers.js';
import { expectCanonicalizePreservesMeaning, runProgram } from '../canonicalize-meaning.js';

/**
 * `@f(%A: memref<16xf32>, %i: index, %x: f32) -> (f32, f32, index)`, %i in [0, 3]: every access
 * stays in bounds (views are at least 4 long, indices at most 3) and every load reads %A's data.
 */
function randomMemRefProgram(seed: number): string {
  const { int, pick } = randomDraws(seed);
  let counter = 0;
  const fresh = () => `%v${counter++}`;
  const lines = [
    '  %c0 = arith.constant 0 : index',
    '  %c1 = arith.constant 1 : index',
    '  %c2 = arith.constant 2 : index',
    '  %c4 = arith.constant 4 : index',
    '  %c16 = arith.constant 16 : index',
  ];
  const indices = ['%c0', '%c1', '%c2', '%i'];
  // Views of %A (loads read them), and scratch allocations (only written, copied into, measured).
  const views = [{ name: '%A', type: 'memref<16xf32>', whole: true }];
  const scratch: { name: string; type: string }[] = [];
  const floats = ['%x'];
  const dims: string[] = ['%c4'];
  for (let k = 2 + int(10); k > 0; k--) {
    const view = pick(views);
    switch (int(8)) {
      case 0: {
        const v = fresh();
        const dynamic = int(2) === 1;
        const type = dynamic ? 'memref<?xf32>' : 'memref<16xf32>';
        lines.push(`  ${v} = memref.${pick(['alloc', 'alloca'])}(${dynamic ? pick(['%c4', '%n']) : ''}) : ${type}`);
        scratch.push({ name: v, type });
        break;
      }
      case 1: {
        if (!view.whole) break;
        const v = fresh();
        const type = pick(['memref<?xf32>', view.type]);
        lines.push(`  ${v} = memref.cast ${view.name} : ${view.type} to ${type}`);
        views.push({ name: v, type, whole: true });
        break;
      }
      case 2: {
        if (!view.whole) break;
        const v = fresh();
        // Some subviews take all of %A (TrivialSubViewOpFolder's case).
        const whole = int(4) === 0;
        const offset = whole ? pick(['0', '%c0']) : pick(['%i', '%c1', '%c2', '0', '2']);
        const size = whole ? pick(['16', '%c16']) : pick(['%c4', '4', '%n']);
        const type = `memref<${size.startsWith('%') ? '?' : size}xf32, strided<[1], offset: ${offset.startsWith('%') ? '?' : offset}>>`;
        lines.push(`  ${v} = memref.subview ${view.name}[${offset}] [${size}] [1] : ${view.type} to ${type}`);
        views.push({ name: v, type, whole: false });
        break;
      }
      case 3:
      case 4: {
        const v = fresh();
        lines.push(`  ${v} = memref.load ${view.name}[${pick(indices)}] : ${view.type}`);
        floats.push(v);
        break;
      }
      case 5: {
        const target = int(2) && scratch.length > 0 ? pick(scratch) : view;
        lines.push(`  memref.store ${pick(floats)}, ${target.name}[${pick(indices)}] : ${target.type}`);
        break;
      }
      case 6: {
        const v = fresh();
        const of = int(2) && scratch.length > 0 ? pick(scratch) : view;
        lines.push(`  ${v} = memref.dim ${of.name}, %c0 : ${of.type}`);
        dims.push(v);
        break;
      }
      default: {
        if (!view.whole || scratch.length === 0) break;
        const target = pick(scratch);
        if (target.type !== 'memref<16xf32>') break;
        lines.push(`  memref.copy ${view.name}, ${target.name} : ${view.type} to ${target.type}`);
      }
    }
  }
  const body = lines.join('\n').replaceAll('%n', '%c4');
  return `func.func @f(%A: memref<16xf32>, %i: index, %x: f32) -> (f32, f32, index) {\n${body}\n  return ${pick(floats)}, ${pick(floats)}, ${pick(dims)} : f32, f32, index\n}\n`;
}

/** The results of `@f` and the contents %A is left with. */
function observe(text: string, canonicalize: boolean, i: number): { observed: { results: RtValue[]; a: number[] }; printed: string } {
  const a = memrefOf(
    MemRefType.get([16], f32),
    Array.from({ length: 16 }, (_, k) => k + 0.5),
  ) as MemRef;
  const { results, printed } = runProgram(text, canonicalize, [a, i, 100.25]);
  return { observed: { results, a: Array.from(a.buffer.data as Float32Array) }, printed };
}

describe('memref canonicalization', () => {
  it('preserves the meaning of random memref programs', () => {
    const changed = expectCanonicalizePreservesMeaning(120, randomMemRefProgram, observe);
    // Most programs have something to fold (casts, constant subview arguments, dead allocations).
    expect(changed).toBeGreaterThan(80);
  });
});
