/**
 * Carries as one vector the scalars that control flow carries only to rebuild that vector:
 *
 *   %r:4 = scf.for ... iter_args(%a = %x, %b = %y, %c = %z, %d = %w) -> (f32, f32, f32, f32) {
 *     %v = vector.from_elements %a, %b, %c, %d : vector<4xf32>
 *     ...
 *     scf.yield %e0, %e1, %e2, %e3 : f32, f32, f32, f32
 *   }
 * becomes
 *   %r = scf.for ... iter_args(%v = %xyzw) -> (vector<4xf32>) {
 *     ...
 *     scf.yield %e : vector<4xf32>
 *   }
 * with %xyzw and %e built by vector.from_elements (or the vector the scalars were extracted from,
 * lanes in order), and the loop's scalar results, where used, extracted from its vector result.
 * The same holds for scf.if results. The SIMT lowering of a register tile leaves such loops: it
 * carries a thread's elements as scalars, and its vector FMAs and vector stores rebuild them each
 * iteration. Carried as vectors, the WGSL declares, copies and rebuilds a quarter as many values.
 *
 * A group is packed when its values are consecutive iter_args (results) of one type and each of
 * them is used only as its lane of vector.from_elements ops that all take exactly that group.
 */
import { Block } from '../core/ir/block.js';
import { Builder } from '../core/ir/builder.js';
import type { Context } from '../core/ir/dialect.js';
import type { Operation } from '../core/ir/operation.js';
import { type Type, VectorType } from '../core/ir/types.js';
import type { Value } from '../core/ir/value.js';
import { definePass } from '../core/pass/pass.js';
import { extractedInOrder, extractLane, fromElements } from '../dialects/vector/builder.js';
import { FromElementsOp } from '../dialects/vector/index.js';

/** A run of `width` carried values, starting at `start` among the op's carried values, used only by `froms`. */
interface Group {
  readonly start: number;
  readonly width: number;
  readonly froms: readonly Operation[];
}

/** The from_elements ops that use `values` as their whole operand list, if that is every use of each value. */
function fromElementsUsing(values: readonly Value[]): Operation[] | undefined {
  const users = new Set<Operation>();
  for (const v of values) {
    for (const user of v.users()) {
      if (user.name !== FromElementsOp.name || user.numOperands !== values.length) return undefined;
      if (!user.operands.every((x, i) => x === values[i])) return undefined;
      users.add(user);
    }
  }
  return users.size > 0 ? [...users] : undefined;
}

/** The packable groups among `carried` (an scf.for's iter_args or an scf.if's results), in order. */
function groupsOf(carried: readonly Value[]): Group[] {
  const groups: Group[] = [];
  for (let i = 0; i < carried.length; ) {
    const first = carried[i]!.users()[0];
    const width = first?.name === FromElementsOp.name ? first.numOperands : 0;
    const run = carried.slice(i, i + width);
    const froms = width > 1 && run.length === width && run.every((v) => v.type === run[0]!.type) ? fromElementsUsing(run) : undefined;
    if (froms) {
      groups.push({ start: i, width, froms });
      i += width;
    } else {
      i++;
    }
  }
  return groups;
}

/** `values` as one vector: the vector they were extracted from, lanes in order, or a new vector.from_elements. */
function asVector(b: Builder, values: readonly Value[]): Value {
  return extractedInOrder(values) ?? fromElements(b, values);
}

/** `items` with each group's run replaced by what `pack` makes of it. */
function packRuns<T>(items: readonly T[], groups: readonly Group[], pack: (run: T[]) => T): T[] {
  const out: T[] = [];
  let i = 0;
  for (const g of groups) {
    out.push(...items.slice(i, g.start), pack(items.slice(g.start, g.start + g.width)));
    i = g.start + g.width;
  }
  return [...out, ...items.slice(i)];
}

/** The vector type of a run of one scalar type. */
const vectorOf = (run: readonly Type[]): Type => VectorType.get([run.length], run[0]!);

/** Where carried value `i` stands among the packed values: at `index`, at `lane` of that vector where its group was packed. */
function packedSlot(groups: readonly Group[], i: number): { index: number; lane?: number } {
  let shift = 0;
  for (const g of groups) {
    if (i < g.start) break;
    if (i < g.start + g.width) return { index: g.start - shift, lane: i - g.start };
    shift += g.width - 1;
  }
  return { index: i - shift };
}

/** Replaces `old`'s results by `packed`'s: a packed group's scalars, where still used, extracted from its vector. */
function replaceResults(b: Builder, old: Operation, packed: Operation, groups: readonly Group[]): void {
  b.setInsertionPointAfter(packed);
  old.results.forEach((r, i) => {
    const { index, lane } = packedSlot(groups, i);
    if (lane === undefined) r.replaceAllUsesWith(packed.results[index]!);
    else if (r.hasUses) r.replaceAllUsesWith(extractLane(b, packed.results[index]!, lane));
  });
}

/** Rewrites each from_elements of a group to the group's vector among `packedValues`. */
function replaceFroms(groups: readonly Group[], packedValues: readonly Value[]): void {
  for (const g of groups) {
    for (const from of g.froms) {
      from.result.replaceAllUsesWith(packedValues[packedSlot(groups, g.start).index]!);
      from.erase();
    }
  }
}

/** Replaces a terminator's operands by their packed form. */
function packYield(b: Builder, yieldOp: Operation, groups: readonly Group[]): void {
  b.setInsertionPointBefore(yieldOp);
  yieldOp.setOperands(packRuns(yieldOp.operands, groups, (run) => asVector(b, run)));
}

function packFor(b: Builder, loop: Operation, groups: readonly Group[]): Operation {
  b.setInsertionPointBefore(loop);
  b.loc = loop.loc;
  const inits = packRuns(loop.operands.slice(3), groups, (run) => asVector(b, run));
  const packed = b.create({
    name: loop.name,
    operands: [...loop.operands.slice(0, 3), ...inits],
    resultTypes: inits.map((v) => v.type),
    properties: loop.properties,
    attributes: loop.attributes,
    regions: 1,
  });
  const oldBody = loop.region(0).entry!;
  const body = packed.region(0).appendBlock(new Block());
  const iv = body.addArgument(oldBody.arguments[0]!.type, oldBody.arguments[0]!.loc);
  oldBody.arguments[0]!.replaceAllUsesWith(iv);
  const oldArgs = oldBody.arguments.slice(1);
  const types = packRuns(
    oldArgs.map((a) => a.type),
    groups,
    vectorOf,
  );
  packRuns(oldArgs, groups, (run) => run[0]!).forEach((a, k) => body.addArgument(types[k]!, a.loc));
  const args = body.arguments.slice(1);
  oldArgs.forEach((a, i) => {
    const { index, lane } = packedSlot(groups, i);
    if (lane === undefined) a.replaceAllUsesWith(args[index]!);
  });
  replaceFroms(groups, args);
  for (const op of oldBody.ops) {
    oldBody.remove(op);
    body.append(op);
  }
  packYield(b, body.last!, groups);
  replaceResults(b, loop, packed, groups);
  loop.erase();
  return packed;
}

function packIf(b: Builder, ifOp: Operation, groups: readonly Group[]): Operation {
  b.setInsertionPointBefore(ifOp);
  b.loc = ifOp.loc;
  const types = packRuns(ifOp.resultTypes, groups, vectorOf);
  const packed = b.create({ name: ifOp.name, operands: ifOp.operands, resultTypes: types, properties: ifOp.properties, attributes: ifOp.attributes, regions: 2 });
  for (const r of [0, 1]) {
    ifOp.region(r).takeBody(packed.region(r));
    const block = packed.region(r).entry;
    if (block) packYield(b, block.last!, groups);
  }
  replaceFroms(groups, packed.results);
  replaceResults(b, ifOp, packed, groups);
  ifOp.erase();
  return packed;
}

/** Packs every group it finds, again until none is left (a packed loop's yield can make an if's results a group); returns how many. */
export function packCarriedVectors(context: Context, root: Operation): number {
  const b = new Builder(context);
  let packed = 0;
  for (;;) {
    const candidates: Operation[] = [];
    root.walk((op) => void ((op.name === 'scf.for' || op.name === 'scf.if') && op.results.length > 0 && candidates.push(op)));
    let changed = 0;
    for (const op of candidates) {
      const carried = op.name === 'scf.for' ? op.region(0).entry!.arguments.slice(1) : op.results;
      const groups = groupsOf(carried);
      if (groups.length === 0) continue;
      if (op.name === 'scf.for') packFor(b, op, groups);
      else packIf(b, op, groups);
      changed += groups.length;
    }
    if (changed === 0) return packed;
    packed += changed;
  }
}

export const packCarriedVectorsPass = definePass({
  name: 'pack-carried-vectors',
  displayName: 'PackCarriedVectors',
  summary: 'Carry scalars that scf.for and scf.if only carry to rebuild one vector as that vector',
  description:
    'Consecutive iter_args of an scf.for (results of an scf.if) of one type, each used only as its lane of ' +
    '`vector.from_elements` ops taking exactly that run, become one vector iter_arg (result): the inits and yields ' +
    'are packed with vector.from_elements (or are the vector they were extracted from), and the scalar results ' +
    'still used are extracted from the vector result. Run canonicalize after it to fold the extracts.',
  statistics: { 'num-packed': 'Number of runs of scalars carried as one vector' },
  run(root, pass) {
    const n = packCarriedVectors(pass.context, root);
    if (n) pass.addStatistic('num-packed', n);
  },
});
