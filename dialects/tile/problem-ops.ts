import { DenseArrayAttr } from '../../core/ir/attributes.js';
import { optionalAttr, variadic } from '../../core/ir/constraints.js';
import { defineOp } from '../../core/ir/op-definition.js';
import type { Operation } from '../../core/ir/operation.js';
import { MemoryEffects } from '../../core/ir/traits.js';
import { f32, MemRefType } from '../../core/ir/types.js';
import { UnitAttrC } from './attributes.js';
import { dimsAgree, isDotInput, isGlobalMemRef, RankedMemRef, shapeText } from './types.js';

// Whole-problem ops: what a tiling pass decomposes into grids of workgroups and tile ops.

const memOf = (op: Operation, i: number): MemRefType => op.operands[i]!.type as MemRefType;

/** [rows, cols] of a matmul operand, as used (transposed when `transposed`). */
function logical(t: MemRefType, transposed: boolean): [number, number] {
  const [r, c] = t.shape as [number, number];
  return transposed ? [c, r] : [r, c];
}

/**
 * `tile.matmul %A, %B, %C transpose_b accumulate : memref<MxKxf16>, memref<NxKxf16>, memref<MxNxf32>`:
 * C = op(A)·op(B), or C += op(A)·op(B) with `accumulate`.
 */
export const MatmulOp = defineOp({
  name: 'tile.matmul',
  summary: 'matrix product over global memrefs',
  operands: { a: RankedMemRef, b: RankedMemRef, c: RankedMemRef },
  attributes: { transpose_a: optionalAttr(UnitAttrC), transpose_b: optionalAttr(UnitAttrC), accumulate: optionalAttr(UnitAttrC) },
  traits: [MemoryEffects('read', 'write')],
  assemblyFormat:
    '$a `,` $b `,` $c (`transpose_a` $transpose_a^)? (`transpose_b` $transpose_b^)? (`accumulate` $accumulate^)? attr-dict `:` type($a) `,` type($b) `,` type($c)',
  verify(op) {
    const [a, b, c] = [memOf(op, 0), memOf(op, 1), memOf(op, 2)];
    const names = ['A', 'B', 'C'];
    for (const [i, t] of [a, b, c].entries()) {
      if (t.rank !== 2) return `${names[i]} must be a 2-D memref, got '${t}'`;
      if (!isGlobalMemRef(t)) return `${names[i]} must be in global memory, got '${t}'`;
    }
    if (!isDotInput(a.elementType)) return `A element type must be f16, bf16 or f32, got '${a.elementType}'`;
    if (b.elementType !== a.elementType) return `A and B element types must match, got '${a.elementType}' and '${b.elementType}'`;
    if (c.elementType !== f32 && c.elementType !== a.elementType) return `C element type must be f32 or the input element type '${a.elementType}', got '${c.elementType}'`;
    const [m, k] = logical(a, op.properties.has('transpose_a'));
    const [k2, n] = logical(b, op.properties.has('transpose_b'));
    if (!dimsAgree(k, k2)) return `reduction dimensions differ: op(A) is ${shapeText([m, k])} and op(B) is ${shapeText([k2, n])}`;
    if (!dimsAgree(c.shape[0]!, m) || !dimsAgree(c.shape[1]!, n)) return `C is ${shapeText(c.shape)} but op(A)·op(B) is ${shapeText([m, n])}`;
    return undefined;
  },
});

function verifyMap(op: Operation): string | undefined {
  const [nIn, nOut] = segments(op);
  if (nOut === 0) return 'expects at least one output';
  const types = op.operands.map((v) => v.type as MemRefType);
  const shape = types[0]!.shape;
  for (const [i, t] of types.entries()) {
    const what = i < nIn ? `input #${i}` : `output #${i - nIn}`;
    if (t.rank !== shape.length || t.shape.some((d, k) => !dimsAgree(d, shape[k]!))) {
      return `${what} has shape ${shapeText(t.shape)}, expected ${shapeText(shape)} (every input and output has the iteration shape)`;
    }
    if (!isGlobalMemRef(t)) return `${what} must be in global memory, got '${t}'`;
  }
  return undefined;
}

/** [number of inputs, number of outputs] of a tile.map. */
function segments(op: Operation): [number, number] {
  const seg = op.properties.get('operandSegmentSizes');
  const n = seg instanceof DenseArrayAttr ? seg.numbers : [0, op.numOperands];
  return [n[0]!, n[1]!];
}

function verifyMapBody(op: Operation): string | undefined {
  const [nIn] = segments(op);
  const elems = op.operands.map((v) => (v.type as MemRefType).elementType);
  const body = op.regions[0]!.entry;
  if (!body) return 'expects a body';
  const args = body.arguments.map((a) => a.type);
  const ins = elems.slice(0, nIn);
  if (args.length !== ins.length || args.some((t, i) => t !== ins[i])) return `body arguments (${args.join(', ')}) must be the input element types (${ins.join(', ')})`;
  const y = body.last!;
  const yielded = y.operands.map((v) => v.type);
  const outs = elems.slice(nIn);
  if (y.name !== 'tile.yield' || yielded.length !== outs.length || yielded.some((t, i) => t !== outs[i])) {
    return `body must end with tile.yield of the output element types (${outs.join(', ')}), got (${yielded.join(', ')})`;
  }
  return undefined;
}

/**
 * `tile.map ins(%a, %b : memref<..>, memref<..>) outs(%c : memref<..>) { ^bb0(%x: f32, %y: f32): ... tile.yield %s : f32 }`:
 * for every index of the common shape, outs[i] = body(ins[i]).
 */
export const MapOp = defineOp({
  name: 'tile.map',
  summary: 'elementwise map over memrefs',
  operands: { inputs: variadic(RankedMemRef), outputs: variadic(RankedMemRef) },
  regions: { body: {} },
  traits: [MemoryEffects('read', 'write')],
  assemblyFormat: '(`ins` `(` $inputs^ `:` type($inputs) `)`)? `outs` `(` $outputs `:` type($outputs) `)` attr-dict-with-keyword $body',
  blockArgNames: (op) => op.regions[0]!.entry?.arguments.map(() => 'in') ?? [],
  verify: verifyMap,
  verifyRegions: verifyMapBody,
});
