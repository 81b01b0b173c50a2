/**
 * tile-fuse: groups whole-problem ops that one kernel can compute together into a tile.fusion,
 * whose allocations (the buffers only the group uses) then never reach global memory. A group is
 * a run of whole-problem ops in one block, each reading a buffer an earlier one wrote or one an
 * earlier one reads (a sibling: two reductions of the same rows read them once), that forms
 * a row program or a matmul epilogue (passes/tile/tiling/fused-program.ts says which can). Ops
 * without memory effects between them move before the fusion; anything else with effects ends
 * the run. An op that cannot join stays where it is, unfused, and is tiled on its own.
 */
import { Block } from '../../core/ir/block.js';
import { Builder } from '../../core/ir/builder.js';
import type { Context } from '../../core/ir/dialect.js';
import { isFailure, opDiagnostic } from '../../core/ir/diagnostics.js';
import type { Operation } from '../../core/ir/operation.js';
import { memoryEffectsOf } from '../../core/ir/traits.js';
import type { MemRefType } from '../../core/ir/types.js';
import type { Value } from '../../core/ir/value.js';
import { definePass } from '../../core/pass/pass.js';
import { ModuleOp } from '../../dialects/builtin/index.js';
import { FusionOp, MapOp, MatmulOp, ReductionOp, YieldOp } from '../../dialects/tile/index.js';
import { attentionCandidate, attentionProgram } from './tiling/attention-program.js';
import { fusedProgram, type FusedProgram, type KernelProgram } from './tiling/fused-program.js';

const isWholeProblem = (op: Operation): boolean => MatmulOp.isa(op) || MapOp.isa(op) || ReductionOp.isa(op);
const isAlloc = (op: Operation): boolean => op.name === 'memref.alloc';
const isDealloc = (op: Operation): boolean => op.name === 'memref.dealloc';

/**
 * Ops a run may step over: allocations, frees, ops without memory effects or regions, and the
 * run-time shape assertions of generate-runtime-verification (all moved before the fusion; an
 * assertion reads sizes only, which no op of a run changes).
 */
const isTransparent = (op: Operation): boolean => isAlloc(op) || isDealloc(op) || op.name === 'cf.assert' || (op.regions.length === 0 && memoryEffectsOf(op)?.length === 0);

/** The buffers an op reads (for a reduction that accumulates, its output too) and those it writes. */
function accesses(op: Operation): { reads: Value[]; writes: Value[] } {
  if (MatmulOp.isa(op)) return { reads: op.operands.slice(0, op.properties.has('accumulate') ? 3 : 2), writes: [op.operand(2)] };
  if (ReductionOp.isa(op)) return { reads: op.properties.has('accumulate') ? [...op.operands] : [op.operand(0)], writes: [op.operand(1)] };
  const map = MapOp.view(op);
  return { reads: [...map.inputs], writes: [...map.outputs] };
}

/** The allocations of `block` that only `ops` use (besides frees): the intermediates of their fusion. */
function intermediatesOf(ops: readonly Operation[], block: Block): Set<Value> {
  const members = new Set(ops);
  const out = new Set<Value>();
  for (const op of block.ops) {
    if (!isAlloc(op)) continue;
    const buffer = op.results[0]!;
    if (buffer.uses.length > 0 && buffer.uses.every((u) => members.has(u.owner) || (isDealloc(u.owner) && u.owner.parent === block))) out.add(buffer);
  }
  return out;
}

interface Group {
  readonly ops: Operation[];
  readonly program: KernelProgram;
}

const KIND_TEXT = { rows: 'row kernel', epilogue: 'matmul kernel with an epilogue', attention: 'FlashAttention kernel' } as const;

/** The whole-problem ops of `block` from `start` on, up to the first op with memory effects that is not one. */
function runFrom(block: Block, start: Operation): Operation[] {
  const ops: Operation[] = [];
  for (let op: Operation | undefined = start; op && op.parent === block; op = op.next) {
    if (isWholeProblem(op)) ops.push(op);
    else if (!isTransparent(op)) break;
  }
  return ops;
}

/** The attention chains of `block` (attention-program.ts), in order. */
function attentionGroupsOf(block: Block): Group[] {
  const groups: Group[] = [];
  const taken = new Set<Operation>();
  for (const op of block.ops) {
    if (!MatmulOp.isa(op) || taken.has(op)) continue;
    const candidate = attentionCandidate(runFrom(block, op));
    if (!candidate) continue;
    const program = attentionProgram(candidate, intermediatesOf(candidate, block));
    if (isFailure(program)) continue;
    for (const o of candidate) taken.add(o);
    groups.push({ ops: candidate, program });
  }
  return groups;
}

export const tileFusePass = definePass({
  name: 'tile-fuse',
  displayName: 'TileFuse',
  summary: 'Fuse chains of whole-problem tile ops into tile.fusion ops that tile into one kernel',
  description:
    'Groups runs of whole-problem ops (tile.map, tile.reduction, tile.matmul) in which each op reads a buffer an earlier ' +
    'one wrote (or one an earlier one reads) into a tile.fusion: row programs (maps and last-dimension reductions over the same rows, e.g. softmax, ' +
    'LayerNorm, RMSNorm) and matmul epilogues (a tile.matmul followed by elementwise maps of its result, e.g. bias and ' +
    'GELU). memref.alloc buffers that only the group uses move into the fusion and are kept in registers by tile-tiling. ' +
    'Ops without memory effects between the group’s ops move before it. Ops that cannot join stay unfused.',
  opName: ModuleOp.name,
  options: {
    rows: { type: 'bool', default: true, help: 'Fuse row programs (maps and last-dimension reductions over the same rows)' },
    epilogues: { type: 'bool', default: true, help: 'Fuse elementwise maps into the matmul whose result they read' },
    attention: {
      type: 'bool',
      default: true,
      help: 'Fuse attention (a matmul by a transposed matrix, elementwise maps, a row softmax and a second matmul) into one FlashAttention kernel',
    },
    remarks: { type: 'bool', default: false, help: 'Emit a remark at each fusion made, and at each op that reads a buffer of the run before it but cannot join it' },
  },
  statistics: {
    'num-fusions': 'Number of tile.fusion ops made',
    'num-fused-ops': 'Number of whole-problem ops moved into them',
    'num-not-fused': 'Number of ops that could not join the run before them',
  },
  dependentDialects: ['tile', 'memref'],
  run(root, pass) {
    const allowed = (p: FusedProgram): boolean => (p.kind === 'rows' ? pass.options.rows : pass.options.epilogues);
    const remark = (op: Operation, message: string) => pass.options.remarks && pass.emit(opDiagnostic(op, message, 'remark'));
    const blocks = new Set<Block>();
    root.walk((op) => {
      if (isWholeProblem(op) && !FusionOp.isa(op.parentOp) && op.parent) blocks.add(op.parent);
    });
    const made = (group: Group) => {
      pass.addStatistic('num-fusions');
      pass.addStatistic('num-fused-ops', group.ops.length);
      remark(group.ops[0]!, `fused ${group.ops.length} ops into one ${KIND_TEXT[group.program.kind]}: ${group.ops.map((o) => o.name).join(', ')}`);
    };
    for (const block of blocks) {
      if (pass.options.attention) {
        for (const group of attentionGroupsOf(block)) {
          fuse(group, block, pass.context);
          made(group);
        }
      }
      for (const group of groupsOf(block, allowed, (op, why) => {
        pass.addStatistic('num-not-fused');
        remark(op, `not fused with the ops before it: ${why}`);
      })) {
        fuse(group, block, pass.context);
        made(group);
      }
    }
  },
});

/**
 * Whether a program is one of the kinds fusion is for: a matmul epilogue, or rows with a
 * reduction or a broadcast. A chain of elementwise maps alone stays as it is: each map tiles on
 * its own under any tile sizes, where a row kernel takes only 1,...,1,R,C.
 */
const needsFusion = (p: FusedProgram): boolean => p.kind === 'epilogue' || p.ops.some((o) => ReductionOp.isa(o.op) || o.extent === 'row' || o.reads.some((r) => r.kept.length < p.rank));

/** Whether `op` is a map over a rank-1 iteration space (what a per-row map of 2-D rows is). */
const isVectorMap = (op: Operation): boolean => MapOp.isa(op) && (MapOp.view(op).outputs[0]!.type as MemRefType).rank === 1;

/** The runs of `block` worth fusing (two ops or more), in order. */
function groupsOf(block: Block, allowed: (p: FusedProgram) => boolean, refused: (op: Operation, why: string) => void): Group[] {
  const groups: Group[] = [];
  let run: Operation[] = [];
  let program: FusedProgram | undefined;
  // The buffers the run's ops write and read.
  let written = new Set<Value>();
  let read = new Set<Value>();
  const start = (op?: Operation) => {
    run = op ? [op] : [];
    program = undefined;
    [written, read] = [new Set(), new Set()];
    if (op) extend(op);
  };
  const extend = (op: Operation) => {
    const a = accesses(op);
    for (const v of a.writes) written.add(v);
    for (const v of a.reads) read.add(v);
  };
  const close = () => {
    if (run.length > 1 && program && allowed(program) && needsFusion(program)) groups.push({ ops: run, program });
    start();
  };
  for (const op of block.ops) {
    if (!isWholeProblem(op)) {
      if (!isTransparent(op)) close();
      continue;
    }
    const reads = accesses(op).reads;
    const connected = reads.some((v) => written.has(v));
    // A sibling (an op that reads what the run reads, e.g. a second reduction of the same rows)
    // joins where one kernel can compute both; it was never the run's consumer, so no remark.
    const sibling = !connected && reads.some((v) => read.has(v));
    if (run.length > 0 && (connected || sibling)) {
      const candidate = [...run, op];
      const extended = fusedProgram(candidate, intermediatesOf(candidate, block));
      if (!isFailure(extended) && allowed(extended)) {
        run = candidate;
        program = extended;
        extend(op);
        continue;
      }
      // Maps over one value per row of 2-D rows (rank 1) are no program yet, but may begin one.
      if (candidate.every(isVectorMap)) {
        run = candidate;
        program = undefined;
        extend(op);
        continue;
      }
      if (connected) refused(op, isFailure(extended) ? extended.message : `fusing ${extended.kind === 'rows' ? 'row programs' : 'epilogues'} is off`);
    }
    close();
    start(op);
  }
  close();
  return groups;
}

/** Moves a group into a new tile.fusion before its first op, with its intermediates' allocations and frees. */
function fuse(group: Group, block: Block, context: Context): void {
  const [first, last] = [group.ops[0]!, group.ops[group.ops.length - 1]!];
  const members = new Set(group.ops);
  const intermediates = group.program.intermediates;
  const isIntermediate = (op: Operation): boolean => intermediates.has(isAlloc(op) ? op.results[0]! : op.operand(0));
  // Effect-free ops between the group's ops (index arithmetic, dims) and the allocations of
  // buffers it shares with later ops go before it (in order: an allocation's sizes may come from
  // those ops); frees of buffers it does not own, after it.
  const before: Operation[] = [];
  const after: Operation[] = [];
  for (let op = first.next; op && op !== last; op = op.next) {
    if (members.has(op) || ((isAlloc(op) || isDealloc(op)) && isIntermediate(op))) continue;
    (isDealloc(op) ? after : before).push(op);
  }
  for (const op of before) op.moveBefore(first);
  for (const op of after.reverse()) op.moveAfter(last);
  const allocs = [...intermediates].map((v) => v.definingOp!);
  const frees = block.ops.filter((op) => isDealloc(op) && intermediates.has(op.operand(0)));
  const b = new Builder(context);
  b.loc = first.loc;
  b.setInsertionPointBefore(first);
  const fusion = b.build(FusionOp, {}).op;
  const body = fusion.region(0).appendBlock(new Block());
  for (const op of [...allocs, ...group.ops, ...frees]) {
    op.remove();
    body.append(op);
  }
  b.setInsertionPointToEnd(body);
  b.build(YieldOp, { operands: { values: [] } });
}
