import { failure, type Failure } from '../../../core/ir/diagnostics.js';
/**
 * Scaled dot-product attention as whole-problem ops, recognized for a FlashAttention kernel:
 *
 *   tile.matmul %Q, %K, %S transpose_b          S = Q·Kᵀ (batched over the leading dimensions)
 *   tile.map ins(%S) outs(%S) { ... }           zero or more elementwise maps of the scores
 *                                               (the scale; a mask built with tile.index)
 *   tile.reduction max ins(%S) outs(%m) [last]  m = rowmax(S)
 *   tile.map ins(%S, %m) outs(%E) { exp(s - m) }
 *   tile.reduction add ins(%E) outs(%l) [last]  l = rowsum(E)
 *   tile.map ins(%E, %l) outs(%P) { e / l, optionally truncated }
 *   tile.matmul %P, %V, %O                      O = P·V
 *
 * where every buffer but Q, K, V and O is an intermediate (allocated for the chain alone). The
 * kernel never materializes S: it walks the keys in blocks with a running maximum and sum.
 */
import type { Operation } from '../../../core/ir/operation.js';
import { FloatType, type MemRefType, type Type } from '../../../core/ir/types.js';
import type { Value } from '../../../core/ir/value.js';
import { constantValue } from '../../../core/rewrite/folder.js';
import { FloatAttr, IntegerAttr } from '../../../core/ir/attributes.js';
import { CMPI_PREDICATES } from '../../../dialects/arith/index.js';
import { IndexOp, indexDimension, mapIndexingMaps, MapOp, MatmulOp, type ReduceKindAttr, reductionDims, ReductionOp } from '../../../dialects/tile/index.js';
import { keepsNegativeInfinity } from './negative-infinity.js';

export interface AttentionProgram {
  readonly kind: 'attention';
  readonly ops: readonly Operation[];
  readonly q: Value;
  readonly k: Value;
  readonly v: Value;
  readonly o: Value;
  /** Rank of the operands: batch dimensions, then sequence and head dimension. */
  readonly rank: number;
  /** The elementwise maps of the scores, in order (scale, mask). */
  readonly scoreMaps: readonly Operation[];
  /** The element type the probabilities are rounded to before P·V (V's). */
  readonly probabilityType: Type;
  /**
   * A causal mask recognized in a score map that the later ones keep at -inf: key j is masked out for query i when j > i + offset
   * (`offset` an index value from outside the maps, or a constant). Key blocks wholly past the
   * last query's limit are skipped.
   */
  readonly causalOffset: Value | undefined;
  readonly intermediates: ReadonlySet<Value>;
}

const memrefOf = (v: Value): MemRefType => v.type as MemRefType;
const reduceKind = (op: Operation): string => (op.properties.get('kind') as ReduceKindAttr).value;

/** Whether `op` is a map of one input to one output over the identity (no broadcast). */
function isUnaryMap(op: Operation): boolean {
  const map = MapOp.view(op);
  return map.inputs.length === 1 && map.outputs.length === 1 && mapIndexingMaps(op).every((m) => m.isIdentity());
}

/** Whether a map reads (x, row value) with the row value broadcast along the last dimension. */
function isRowBroadcastMap(op: Operation, rank: number): boolean {
  const map = MapOp.view(op);
  if (map.inputs.length !== 2 || map.outputs.length !== 1) return false;
  const [x, row, out] = mapIndexingMaps(op);
  const keepsLeading = row!.numResults === rank - 1 && row!.results.every((r, i) => r.toString() === `d${i}`);
  return x!.isIdentity() && out!.isIdentity() && keepsLeading;
}

/** The body of a map as op names (its terminator left out), and whether it yields the last one's result. */
function bodyChain(op: Operation): string[] | undefined {
  const body = op.region(0).entry!;
  const ops = body.ops.slice(0, -1);
  if (ops.length === 0 || body.last!.numOperands !== 1 || body.last!.operand(0) !== ops[ops.length - 1]!.results[0]) return undefined;
  for (let i = 1; i < ops.length; i++) if (ops[i]!.operand(0) !== ops[i - 1]!.results[0]) return undefined;
  return ops.map((o) => o.name);
}

/** `exp(x - m)` of its two arguments. */
function isExpOfDifference(op: Operation): boolean {
  const body = op.region(0).entry!;
  const [sub] = body.ops;
  const chain = bodyChain(op);
  return chain?.join() === 'arith.subf,math.exp' && sub!.operand(0) === body.arguments[0] && sub!.operand(1) === body.arguments[1];
}

/** `e / l` of its two arguments, optionally followed by one float conversion. */
function isQuotient(op: Operation): boolean {
  const body = op.region(0).entry!;
  const [div] = body.ops;
  const chain = bodyChain(op)?.join();
  if (chain !== 'arith.divf' && chain !== 'arith.divf,arith.truncf' && chain !== 'arith.divf,arith.extf') return false;
  return div!.operand(0) === body.arguments[0] && div!.operand(1) === body.arguments[1];
}

const isNegativeInfinity = (v: Value): boolean => {
  const c = constantValue(v);
  return c instanceof FloatAttr && c.value === -Infinity;
};

/** The index a value is when it is `tile.index d` of the map `op`. */
const indexDim = (v: Value): number | undefined => (v.definingOp && IndexOp.isa(v.definingOp) ? indexDimension(v.definingOp) : undefined);

/**
 * The offset of a causal mask in a score map's body, if it yields
 * `arith.select (arith.cmpi sgt, j, i + offset), -inf, x` with i, j the tile.index of the query and
 * key dimensions and offset from outside the map or a constant.
 */
function causalOffsetOf(map: Operation, rank: number): Value | undefined {
  const body = map.region(0).entry!;
  const select = body.last!.operand(0).definingOp;
  if (!select || select.name !== 'arith.select' || !isNegativeInfinity(select.operand(1))) return undefined;
  const cmp = select.operand(0).definingOp;
  if (!cmp || cmp.name !== 'arith.cmpi' || CMPI_PREDICATES[Number((cmp.properties.get('predicate') as IntegerAttr).value)] !== 'sgt') return undefined;
  if (indexDim(cmp.operand(0)) !== rank - 1) return undefined;
  const add = cmp.operand(1).definingOp;
  if (!add || add.name !== 'arith.addi') return undefined;
  const [x, y] = add.operands;
  const [i, offset] = indexDim(x!) === rank - 2 ? [x!, y!] : indexDim(y!) === rank - 2 ? [y!, x!] : [undefined, undefined];
  // From outside the map, or a constant (wherever it is defined: the kernel rebuilds constants).
  if (!i || !offset || (map.region(0).isAncestorOf(offset.parentRegion) && !(constantValue(offset) instanceof IntegerAttr))) return undefined;
  return offset;
}

/**
 * The ops of `ops` (whole-problem ops of one block, in order, from a matmul) that have the shape
 * of an attention chain, by kind alone: what attentionProgram is then asked about.
 */
export function attentionCandidate(ops: readonly Operation[]): Operation[] | undefined {
  const first = ops[0];
  if (!first || !MatmulOp.isa(first) || !first.properties.has('transpose_b')) return undefined;
  let i = 1;
  while (ops[i] && MapOp.isa(ops[i]!) && isUnaryMap(ops[i]!)) i++;
  const tail = ops.slice(i, i + 5);
  const kinds = ['tile.reduction', 'tile.map', 'tile.reduction', 'tile.map', 'tile.matmul'];
  if (tail.length !== 5 || tail.some((op, k) => op.name !== kinds[k])) return undefined;
  return ops.slice(0, i + 5);
}

/** The attention program of `ops` with `intermediates` unmaterialized, or why they are not one. */
export function attentionProgram(ops: readonly Operation[], intermediates: ReadonlySet<Value>): AttentionProgram | Failure {
  const candidate = attentionCandidate(ops);
  if (!candidate || candidate.length !== ops.length) return failure('not a matmul (transpose_b) → elementwise maps → softmax → matmul chain');
  const first = MatmulOp.view(ops[0]!);
  if (first.transpose_a !== undefined || first.accumulate !== undefined) return failure(`the scores' 'tile.matmul' must not transpose A or accumulate`);
  const rank = memrefOf(first.a).rank;
  let scores = first.c;
  const scoreMaps: Operation[] = [];
  let at = 1;
  const fail = (op: Operation, why: string) => failure(`'${op.name}' ${why}`);
  for (; MapOp.isa(ops[at]!); at++) {
    const map = MapOp.view(ops[at]!);
    if (map.inputs[0] !== scores) return fail(ops[at]!, 'does not read the scores');
    scores = map.outputs[0]!;
    scoreMaps.push(ops[at]!);
  }
  const [max, exp, sum, quotient, second] = ops.slice(at) as [Operation, Operation, Operation, Operation, Operation];
  const last = [rank - 1];
  const reducesLast = (op: Operation) => reductionDims(op).length === 1 && reductionDims(op)[0] === last[0] && !op.properties.has('accumulate');
  if (reduceKind(max) !== 'max' || !reducesLast(max) || ReductionOp.view(max).input !== scores) return fail(max, 'is not the maximum of each row of the scores');
  const m = ReductionOp.view(max).output;
  if (!isRowBroadcastMap(exp, rank) || MapOp.view(exp).inputs[0] !== scores || MapOp.view(exp).inputs[1] !== m || !isExpOfDifference(exp))
    return fail(exp, 'is not exp(scores - row maximum)');
  const e = MapOp.view(exp).outputs[0]!;
  if (reduceKind(sum) !== 'add' || !reducesLast(sum) || ReductionOp.view(sum).input !== e) return fail(sum, 'is not the sum of each row of the exponentials');
  const l = ReductionOp.view(sum).output;
  if (!isRowBroadcastMap(quotient, rank) || MapOp.view(quotient).inputs[0] !== e || MapOp.view(quotient).inputs[1] !== l || !isQuotient(quotient))
    return fail(quotient, 'is not exponentials / row sum');
  const p = MapOp.view(quotient).outputs[0]!;
  const mm = MatmulOp.view(second);
  if (mm.a !== p || mm.transpose_a !== undefined || mm.transpose_b !== undefined || mm.accumulate !== undefined) return fail(second, 'is not probabilities · V');
  for (const buffer of [first.c, ...scoreMaps.map((o) => MapOp.view(o).outputs[0]!), m, e, l, p]) {
    if (!intermediates.has(buffer)) return failure(`the chain's buffer ${memrefOf(buffer)} is used outside it (only Q, K, V and O may be)`);
  }
  if (intermediates.has(mm.c)) return failure('the output O is an intermediate');
  if (memrefOf(first.c).elementType !== memrefOf(e).elementType || !(memrefOf(first.c).elementType instanceof FloatType))
    return failure('the scores and exponentials must have one float type');
  // Key blocks past the diagonal may be skipped only where their scores reach the softmax as -inf:
  // a mask in a score map that every later map keeps at -inf (a scale, a finite bias; a floor
  // max(s, c) makes masked scores finite again).
  let causal: Value | undefined;
  for (let i = scoreMaps.length - 1; i >= 0 && !causal; i--) {
    causal = causalOffsetOf(scoreMaps[i]!, rank);
    if (!causal && !keepsNegativeInfinity(scoreMaps[i]!)) break;
  }
  return { kind: 'attention', ops, q: first.a, k: first.b, v: mm.b, o: mm.c, rank, scoreMaps, probabilityType: memrefOf(p).elementType, causalOffset: causal, intermediates };
}
