import { AffineDimExpr, AffineMap } from '../../core/ir/affine.js';
import { AffineMapAttr, ArrayAttr, DenseArrayAttr, type IntegerAttr } from '../../core/ir/attributes.js';
import { attrConstraint, I64Attr, Index, optionalAttr, required, variadic } from '../../core/ir/constraints.js';
import { defineOp } from '../../core/ir/op-definition.js';
import type { Operation } from '../../core/ir/operation.js';
import { type DimEquality, RuntimeVerifiable } from '../../core/ir/runtime-verification.js';
import { HasParent, MemoryEffects, Pure, SingleBlockImplicitTerminator } from '../../core/ir/traits.js';
import { f32, type MemRefType } from '../../core/ir/types.js';
import { I64ListAttr, ReduceKindConstraint, UnitAttrC, type ReduceKindAttr } from './attributes.js';
import { dimsAgree, isDotInput, isFloat, isGlobalMemRef, isSignlessInt, RankedMemRef, shapeText } from './types.js';

// Whole-problem ops: what a tiling pass decomposes into grids of workgroups and tile ops.

const memOf = (op: Operation, i: number): MemRefType => op.operands[i]!.type as MemRefType;

/** [rows, cols] of a matmul operand's last two dimensions, as used (transposed when `transposed`). */
function logical(t: MemRefType, transposed: boolean): [number, number] {
  const [r, c] = t.shape.slice(-2) as [number, number];
  return transposed ? [c, r] : [r, c];
}

/** The batch dimensions of a matmul: the leading dimensions of its operands (none for 2-D). */
export const matmulBatchRank = (op: Operation): number => memOf(op, 0).rank - 2;

/**
 * `tile.matmul %A, %B, %C transpose_b accumulate : memref<MxKxf16>, memref<NxKxf16>, memref<MxNxf32>`:
 * C = op(A)·op(B), or C += op(A)·op(B) with `accumulate`. Operands of rank r > 2 are batches of
 * matrices over their leading r - 2 dimensions, which all three share (linalg.batch_matmul's
 * convention, with any number of batch dimensions); the transposes apply to the last two.
 */
export const MatmulOp = defineOp({
  name: 'tile.matmul',
  summary: 'matrix product (or batch of matrix products) over global memrefs',
  operands: { a: RankedMemRef, b: RankedMemRef, c: RankedMemRef },
  attributes: { transpose_a: optionalAttr(UnitAttrC), transpose_b: optionalAttr(UnitAttrC), accumulate: optionalAttr(UnitAttrC) },
  traits: [MemoryEffects('read', 'write'), RuntimeVerifiable(matmulRuntimeChecks)],
  assemblyFormat: '$a `,` $b `,` $c (`transpose_a` $transpose_a^)? (`transpose_b` $transpose_b^)? (`accumulate` $accumulate^)? attr-dict `:` type($a) `,` type($b) `,` type($c)',
  verify(op) {
    const [a, b, c] = [memOf(op, 0), memOf(op, 1), memOf(op, 2)];
    const names = ['A', 'B', 'C'];
    for (const [i, t] of [a, b, c].entries()) {
      if (t.rank < 2) return `${names[i]} must be a memref of rank 2 or more (a matrix, or a batch of them), got '${t}'`;
      if (t.rank !== a.rank) return `A, B and C must have one rank (batch dimensions, then matrices), got '${a}' and '${t}'`;
      if (!isGlobalMemRef(t)) return `${names[i]} must be in global memory, got '${t}'`;
    }
    for (let d = 0; d < a.rank - 2; d++) {
      if (!dimsAgree(a.shape[d]!, b.shape[d]!) || !dimsAgree(a.shape[d]!, c.shape[d]!)) {
        return `batch dimension ${d} differs: A is ${shapeText(a.shape)}, B is ${shapeText(b.shape)} and C is ${shapeText(c.shape)}`;
      }
    }
    if (!isDotInput(a.elementType)) return `A element type must be f16, bf16 or f32, got '${a.elementType}'`;
    if (b.elementType !== a.elementType) return `A and B element types must match, got '${a.elementType}' and '${b.elementType}'`;
    if (c.elementType !== f32 && c.elementType !== a.elementType) return `C element type must be f32 or the input element type '${a.elementType}', got '${c.elementType}'`;
    const [m, k] = logical(a, op.properties.has('transpose_a'));
    const [k2, n] = logical(b, op.properties.has('transpose_b'));
    if (!dimsAgree(k, k2)) return `reduction dimensions differ: op(A) is ${shapeText([m, k])} and op(B) is ${shapeText([k2, n])}`;
    const [cm, cn] = c.shape.slice(-2) as [number, number];
    if (!dimsAgree(cm, m) || !dimsAgree(cn, n)) return `C is ${shapeText(c.shape)} but op(A)·op(B) is ${shapeText([m, n])}`;
    return undefined;
  },
});

/** What the matmul verifier checks of static sizes, for a run: batch, reduction, row and column sizes agree. */
function matmulRuntimeChecks(op: Operation): DimEquality[] {
  const r = memOf(op, 0).rank;
  const [ta, tb] = [op.properties.has('transpose_a'), op.properties.has('transpose_b')];
  const [am, ak] = ta ? [r - 1, r - 2] : [r - 2, r - 1];
  const [bk, bn] = tb ? [r - 1, r - 2] : [r - 2, r - 1];
  const checks: DimEquality[] = [];
  for (let d = 0; d < r - 2; d++) {
    checks.push({ a: [1, d], b: [0, d], message: `batch dimension ${d} of B differs from A's at run time` });
    checks.push({ a: [2, d], b: [0, d], message: `batch dimension ${d} of C differs from A's at run time` });
  }
  checks.push({ a: [0, ak], b: [1, bk], message: `reduction dimensions differ at run time: dimension ${ak} of A and dimension ${bk} of B` });
  checks.push({ a: [2, r - 2], b: [0, am], message: `C's rows (dimension ${r - 2}) differ from op(A)'s (dimension ${am} of A) at run time` });
  checks.push({ a: [2, r - 1], b: [1, bn], message: `C's columns (dimension ${r - 1}) differ from op(B)'s (dimension ${bn} of B) at run time` });
  return checks;
}

/**
 * A map's operands against its iteration space at run time: without indexing_maps every operand
 * has operand #0's shape; with them, each operand's dimensions are those of the iteration
 * dimensions its map keeps (output #0's shape).
 */
function mapRuntimeChecks(op: Operation): DimEquality[] {
  const [nIn] = segments(op);
  const what = (i: number) => (i < nIn ? `input #${i}` : `output #${i - nIn}`);
  const withMaps = op.properties.has('indexing_maps');
  const ref = withMaps ? nIn : 0;
  const checks: DimEquality[] = [];
  mapIndexingMaps(op).forEach((m, i) => {
    if (i === ref) return;
    projectedDims(m)?.forEach((d, k) => {
      const message = withMaps
        ? `${what(i)} dimension ${k} differs at run time from iteration dimension d${d} (dimension ${d} of output #0)`
        : `${what(i)} differs in dimension ${k} at run time from ${what(0)}`;
      checks.push({ a: [i, k], b: [ref, d], message });
    });
  });
  return checks;
}

function verifyMap(op: Operation): string | undefined {
  const [nIn, nOut] = segments(op);
  if (nOut === 0) return 'expects at least one output';
  const types = op.operands.map((v) => v.type as MemRefType);
  const what = (i: number) => (i < nIn ? `input #${i}` : `output #${i - nIn}`);
  for (const [i, t] of types.entries()) if (!isGlobalMemRef(t)) return `${what(i)} must be in global memory, got '${t}'`;
  if (op.properties.has('indexing_maps')) return verifyIndexingMaps(op, types, what);
  const shape = types[0]!.shape;
  for (const [i, t] of types.entries()) {
    if (t.rank !== shape.length || t.shape.some((d, k) => !dimsAgree(d, shape[k]!))) {
      return `${what(i)} has shape ${shapeText(t.shape)}, expected ${shapeText(shape)} (every input and output has the iteration shape)`;
    }
  }
  return undefined;
}

/**
 * With `indexing_maps`: the iteration space is the outputs' shape (their maps are the identity);
 * each input map is a projection (distinct dims, increasing: a broadcast along the others), and
 * each input dimension agrees with the iteration dimension it reads.
 */
function verifyIndexingMaps(op: Operation, types: readonly MemRefType[], what: (i: number) => string): string | undefined {
  const maps = (op.properties.get('indexing_maps') as ArrayAttr).elements.map((a) => (a as AffineMapAttr).map);
  if (maps.length !== types.length) return `expects ${types.length} indexing maps (one per input and output), got ${maps.length}`;
  const nIn = segments(op)[0];
  const rank = types[nIn]!.rank;
  const space = [...types[nIn]!.shape];
  for (const [i, m] of maps.entries()) {
    const t = types[i]!;
    const shown = `affine_map<${m}>`;
    if (m.numDims !== rank || m.numSymbols !== 0) return `indexing map of ${what(i)} must have ${rank} dimensions (the output rank) and no symbols, got ${shown}`;
    if (i >= nIn && !m.isIdentity()) return `indexing map of ${what(i)} must be the identity, got ${shown}`;
    if (projectedDims(m) === undefined) return `indexing map of ${what(i)} must be a projection (each result a distinct dimension, in increasing order), got ${shown}`;
    if (m.numResults !== t.rank) return `${what(i)} has rank ${t.rank} but its indexing map has ${m.numResults} results`;
  }
  // Each iteration dimension gets the first static size that some operand gives it.
  for (const [i, m] of maps.entries()) {
    const t = types[i]!;
    for (const [k, d] of projectedDims(m)!.entries()) {
      const size = t.shape[k]!;
      if (!dimsAgree(size, space[d]!)) {
        const rule = i < nIn ? 'a broadcast input must match the dimensions it keeps' : 'outputs have the iteration shape';
        return `${what(i)} dimension ${k} has size ${shapeText([size])} but iteration dimension d${d} has size ${shapeText([space[d]!])} (${rule})`;
      }
      if (space[d]! < 0) space[d] = size;
    }
  }
  return undefined;
}

/** The dims a projected map keeps (`(d0, d1) -> (d1)`: [1]), or undefined if it is not one. */
export function projectedDims(m: AffineMap): number[] | undefined {
  const dims: number[] = [];
  for (const r of m.results) {
    if (!(r instanceof AffineDimExpr) || (dims.length > 0 && r.position <= dims[dims.length - 1]!)) return undefined;
    dims.push(r.position);
  }
  return dims;
}

/**
 * The indexing maps of a tile.map, one per input then per output: its `indexing_maps`, or the
 * identity over the rank of its first operand.
 */
export function mapIndexingMaps(op: Operation): AffineMap[] {
  const maps = op.properties.get('indexing_maps');
  if (maps instanceof ArrayAttr) return maps.elements.map((a) => (a as AffineMapAttr).map);
  const id = AffineMap.identity((op.operands[0]!.type as MemRefType).rank);
  return op.operands.map(() => id);
}

/** Whether some input of a tile.map is broadcast (an indexing map that is not the identity). */
export const hasBroadcastInputs = (op: Operation): boolean => mapIndexingMaps(op).some((m) => !m.isIdentity());

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

/** An array of affine maps (`[#map, #map1]`), as linalg's `indexing_maps`. */
const AffineMapArray = attrConstraint('affine map array attribute', (a): a is ArrayAttr => a instanceof ArrayAttr && a.elements.every((e) => e instanceof AffineMapAttr));

/**
 * `tile.map ins(%a, %b : memref<..>, memref<..>) outs(%c : memref<..>) { ^bb0(%x: f32, %y: f32): ... tile.yield %s : f32 }`:
 * for every index of the common shape, outs[i] = body(ins[i]). With
 * `indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d1)>, ...]` (before
 * `ins`, as linalg.matmul writes them), an input is read at its projection of the index: broadcast.
 */
export const MapOp = defineOp({
  name: 'tile.map',
  summary: 'elementwise map over memrefs',
  operands: { inputs: variadic(RankedMemRef), outputs: variadic(RankedMemRef) },
  attributes: { indexing_maps: optionalAttr(AffineMapArray) },
  regions: { body: {} },
  traits: [MemoryEffects('read', 'write'), RuntimeVerifiable(mapRuntimeChecks)],
  assemblyFormat: '(`indexing_maps` `=` $indexing_maps^)? (`ins` `(` $inputs^ `:` type($inputs) `)`)? `outs` `(` $outputs `:` type($outputs) `)` attr-dict-with-keyword $body',
  blockArgNames: (op) => op.regions[0]!.entry?.arguments.map(() => 'in') ?? [],
  verify: verifyMap,
  verifyRegions: verifyMapBody,
});

/** The iteration dimension a `tile.index` names. */
export const indexDimension = (op: Operation): number => (op.properties.get('dim') as IntegerAttr).number;

/**
 * `%i = tile.index 1 : index` in a tile.map body: the index along iteration dimension 1 of the
 * element the body computes (linalg.index). With it a map can depend on positions: masks such as
 * attention's causal one.
 */
export const IndexOp = defineOp({
  name: 'tile.index',
  summary: 'the index of the current element of the enclosing tile.map along one dimension',
  attributes: { dim: required(I64Attr) },
  results: { result: Index },
  traits: [Pure, HasParent('tile.map')],
  assemblyFormat: '$dim attr-dict `:` type($result)',
  verify(op) {
    const map = op.parentOp!;
    const outputs = MapOp.view(map).outputs;
    const rank = outputs.length > 0 ? (outputs[0]!.type as MemRefType).rank : 0;
    const dim = indexDimension(op);
    if (dim < 0 || dim >= rank) return `dimension ${dim} is out of range for the rank-${rank} iteration space of the enclosing 'tile.map' (dimensions are in [0, ${rank}))`;
    return undefined;
  },
});

// ---------------------------------------------------------------------------------------- reduction

/** The dimensions a tile.reduction reduces. */
export const reductionDims = (op: Operation): number[] => (op.properties.get('dimensions') as DenseArrayAttr).numbers;

function verifyReduction(op: Operation): string | undefined {
  const [x, r] = [memOf(op, 0), memOf(op, 1)];
  for (const [t, what] of [
    [x, 'input'],
    [r, 'output'],
  ] as const)
    if (!isGlobalMemRef(t)) return `${what} must be in global memory, got '${t}'`;
  const dims = reductionDims(op);
  for (const [i, d] of dims.entries()) {
    if (d < 0 || d >= x.rank) return `dimension ${d} is out of range for the rank-${x.rank} input (dimensions are in [0, ${x.rank}))`;
    if (i > 0 && d <= dims[i - 1]!) return `dimensions [${dims.join(', ')}] must be strictly increasing (dimension ${d} follows ${dims[i - 1]})`;
  }
  const elem = x.elementType;
  if (r.elementType !== elem) return `output element type '${r.elementType}' must be the input element type '${elem}'`;
  const kind = (op.properties.get('kind') as ReduceKindAttr).value;
  if (!isSignlessInt(elem) && !isFloat(elem)) return `kind '${kind}' requires integer or float elements, got '${elem}'`;
  if (['and', 'or', 'xor'].includes(kind) && !isSignlessInt(elem)) return `kind '${kind}' requires integer elements, got '${elem}'`;
  const kept = x.shape.filter((_, d) => !dims.includes(d));
  if (r.rank !== kept.length || r.shape.some((s, i) => !dimsAgree(s, kept[i]!))) {
    return `output shape ${shapeText(r.shape) || '(rank 0)'} must be the input shape ${shapeText(x.shape)} without dimensions [${dims.join(', ')}], i.e. ${shapeText(kept) || '(rank 0)'}`;
  }
  return undefined;
}

/** The output's dimensions are the input's kept ones, at run time too. */
function reductionRuntimeChecks(op: Operation): DimEquality[] {
  const dims = reductionDims(op);
  const kept = memOf(op, 0)
    .shape.map((_, d) => d)
    .filter((d) => !dims.includes(d));
  return kept.map((d, i) => ({ a: [1, i] as const, b: [0, d] as const, message: `output dimension ${i} differs at run time from input dimension ${d}` }));
}

/**
 * `tile.reduction max ins(%X : memref<?x?xf32>) outs(%R : memref<?xf32>) dimensions = [1]`:
 * R = the reduction of X over `dimensions` (R's shape is X's without them), or R combined with
 * it under `accumulate`. An empty reduced extent gives the kind's identity (docs/dialects/tile.md).
 */
export const ReductionOp = defineOp({
  name: 'tile.reduction',
  summary: 'reduction of a memref along dimensions',
  operands: { input: RankedMemRef, output: RankedMemRef },
  attributes: { kind: required(ReduceKindConstraint), dimensions: required(I64ListAttr), accumulate: optionalAttr(UnitAttrC) },
  traits: [MemoryEffects('read', 'write'), RuntimeVerifiable(reductionRuntimeChecks)],
  assemblyFormat: '$kind `ins` `(` $input `:` type($input) `)` `outs` `(` $output `:` type($output) `)` `dimensions` `=` $dimensions (`accumulate` $accumulate^)? attr-dict',
  verify: verifyReduction,
});

// ---------------------------------------------------------------------------------------- fusion

const FUSABLE = new Set(['tile.matmul', 'tile.map', 'tile.reduction', 'memref.alloc', 'memref.dealloc', 'tile.yield']);

/** The whole-problem ops of a tile.fusion, in order. */
export const fusedOps = (op: Operation): Operation[] => op.region(0).entry!.ops.filter((o) => o.name.startsWith('tile.') && o.name !== 'tile.yield');

/** The buffers a tile.fusion allocates in its body: its intermediates, which tiling keeps in registers. */
export const fusionIntermediates = (op: Operation): Set<Operation['results'][number]> =>
  new Set(
    op
      .region(0)
      .entry!.ops.filter((o) => o.name === 'memref.alloc')
      .map((o) => o.results[0]!),
  );

function verifyFusion(op: Operation): string | undefined {
  const body = op.region(0).entry;
  if (!body) return 'expects a body';
  for (const inner of body.ops) {
    if (!FUSABLE.has(inner.name)) return `body may hold only tile.matmul, tile.map, tile.reduction, memref.alloc and memref.dealloc, found '${inner.name}'`;
  }
  return undefined;
}

/**
 * `tile.fusion { ... }`: whole-problem ops that run as one kernel once tiled. The body runs in
 * order, as if the ops were outside; the buffers it allocates (`memref.alloc` inside, invisible
 * outside it) are its intermediates, which the kernel keeps in registers instead of global memory. Made by
 * tile-fuse (docs/dialects/tile.md, "Fusion").
 */
export const FusionOp = defineOp({
  name: 'tile.fusion',
  summary: 'whole-problem ops fused into one kernel',
  regions: { body: {} },
  traits: [MemoryEffects('read', 'write'), SingleBlockImplicitTerminator('tile.yield')],
  assemblyFormat: 'attr-dict-with-keyword $body',
  verify: verifyFusion,
});
