/**
 * Semantics of the gpu dialect. A launch runs workgroup after workgroup; the threads of a
 * workgroup run as coroutines that meet at gpu.barrier (core/interpret/workgroup.ts). Workgroup
 * attributions and memrefs allocated in workgroup memory inside the kernel are per workgroup,
 * private attributions per thread. The launch itself goes through `Interpreter.kernelLauncher`
 * when one is set (e.g. a WebGPU backend), else through `interpretKernelLaunch`.
 */
import { type DenseArrayAttr, IntegerAttr, type SymbolRefAttr, type Attribute } from '../../core/ir/attributes.js';
import { DiagnosticError } from '../../core/ir/diagnostics.js';
import type { Operation } from '../../core/ir/operation.js';
import { lookupSymbol, symbolName } from '../../core/ir/symbol-table.js';
import { MemRefType } from '../../core/ir/types.js';
import { allocateMemRef, WorkgroupScope, type DialectSemantics, type ExecContext, type KernelLaunch, type OpHandler, type ThreadCoords } from '../../core/interpret/engine.js';
import { opError } from '../../core/interpret/errors.js';
import type { OpaqueValue, RtValue } from '../../core/interpret/values.js';
import { runWorkgroup, type ScheduledThread } from '../../core/interpret/workgroup.js';
import { AddressSpaceAttr, type DimensionAttr, type ShuffleModeAttr } from './attributes.js';

type Dim3 = readonly [number, number, number];

export const isWorkgroupMemory = (space: Attribute | undefined): boolean => space instanceof AddressSpaceAttr && space.value === 'workgroup';

/** The value of `!gpu.async.token` results: launches complete synchronously in the interpreter. */
export interface GpuAsyncToken extends OpaqueValue {
  readonly kind: 'gpu.async.token';
}

function coords(op: Operation, ctx: ExecContext): ThreadCoords {
  if (!ctx.thread) throw opError(op, 'is only meaningful inside a kernel launched with gpu.launch_func');
  return ctx.thread;
}

const axis = (op: Operation): number => 'xyz'.indexOf((op.getAttr('dimension') as DimensionAttr).value);

function idOp(pick: (t: ThreadCoords, d: number) => number): OpHandler {
  return (op, _args, ctx) => [pick(coords(op, ctx), axis(op))];
}

const blockThreads = (t: ThreadCoords) => t.blockDim[0] * t.blockDim[1] * t.blockDim[2];

const barrier: OpHandler = function* (op: Operation, _args: readonly RtValue[], ctx: ExecContext) {
  if (!ctx.workgroup) throw opError(op, 'executed outside of a kernel');
  yield { kind: 'barrier', op };
};

/**
 * gpu.shuffle: every thread contributes its value at the op (all threads of the workgroup meet
 * there, as at a barrier: the lowering only shuffles in workgroup-uniform control flow) and
 * reads the one of its partner lane within its segment of `width` lanes.
 */
const shuffle: OpHandler = function* (op: Operation, [value, offset, width]: readonly RtValue[], ctx: ExecContext) {
  if (!ctx.workgroup) throw opError(op, 'executed outside of a kernel');
  const me = coords(op, ctx).linearThreadId;
  const [o, w] = [Number(offset), Number(width)];
  if (!(w >= 1 && w <= ctx.interpreter.subgroupSize)) throw opError(op, `width ${w} is not in [1, ${ctx.interpreter.subgroupSize}] (the subgroup size)`);
  const all = (yield { kind: 'barrier', op, exchange: { value } }) as readonly RtValue[];
  const lane = me % w;
  const mode = (op.getAttr('mode') as ShuffleModeAttr).value;
  const partner = mode === 'xor' ? lane ^ o : mode === 'up' ? lane - o : mode === 'down' ? lane + o : o;
  const valid = partner >= 0 && partner < w && me - lane + partner < all.length;
  return [valid ? all[me - lane + partner]! : value, valid];
};

const LAUNCH_SEGMENTS = ['asyncDependencies', 'grid', 'grid', 'grid', 'block', 'block', 'block', 'cluster', 'cluster', 'cluster', 'smem', 'args', 'asyncObject'];

const launchFunc: OpHandler = function* (op: Operation, operands: readonly RtValue[], ctx: ExecContext) {
  const seg = (op.getAttr('operandSegmentSizes') as DenseArrayAttr).numbers;
  const groups = new Map<string, RtValue[]>();
  let k = 0;
  seg.forEach((n, i) => {
    const name = LAUNCH_SEGMENTS[i]!;
    groups.set(name, [...(groups.get(name) ?? []), ...operands.slice(k, k + n)]);
    k += n;
  });
  if (groups.get('cluster')!.length) throw opError(op, 'clusters are not supported by the interpreter');
  const dim3 = (vs: RtValue[], what: string): Dim3 => {
    const d = vs.map((v) => Number(v));
    if (d.some((x) => !(Number.isSafeInteger(x) && x >= 0))) throw opError(op, `invalid ${what} size (${d.join(', ')})`);
    return d as unknown as Dim3;
  };
  const ref = op.getAttr('kernel') as SymbolRefAttr;
  const kernel = lookupSymbol(op, ref);
  if (!kernel || kernel.name !== 'gpu.func') throw opError(op, `cannot find the kernel ${ref}`);
  const launch: KernelLaunch = { op, kernel, gridSize: dim3(groups.get('grid')!, 'grid'), blockSize: dim3(groups.get('block')!, 'block'), args: groups.get('args')! };
  const launcher = ctx.interpreter.kernelLauncher ?? interpretKernelLaunch;
  const pending = launcher(launch, ctx);
  if (pending instanceof Promise) yield { kind: 'await', op, promise: pending };
  return op.results.length ? [{ kind: 'gpu.async.token' } satisfies GpuAsyncToken] : [];
};

/** A device allocation is an allocation like memref.alloc's; an asynchronous one is complete at once. */
const alloc: OpHandler = (op, operands, ctx) => {
  const [deps, dynamic, symbols] = (op.getAttr('operandSegmentSizes') as DenseArrayAttr).numbers;
  if (symbols) throw opError(op, 'layouts with symbols are not supported by the interpreter');
  const m = ctx.allocateMemRef(op.results[0]!.type as MemRefType, operands.slice(deps, deps! + dynamic!) as number[], op);
  return op.results.length > 1 ? [m, { kind: 'gpu.async.token' } satisfies GpuAsyncToken] : [m];
};

function numAttributions(kernel: Operation): number {
  const a = kernel.getAttr('workgroup_attributions');
  return a instanceof IntegerAttr ? a.number : 0;
}

/** The default KernelLauncher: interprets the kernel, workgroup by workgroup. */
export function interpretKernelLaunch(launch: KernelLaunch, ctx: ExecContext): void {
  const { kernel, gridSize: grid, blockSize: block, args } = launch;
  const name = symbolName(kernel) ?? '?';
  const entry = kernel.region(0).entry!;
  const nWg = numAttributions(kernel);
  const attribution = (i: number) => entry.arguments[args.length + i]!;
  if (entry.arguments.length < args.length + nWg) throw opError(launch.op, `kernel @${name} expects at least ${entry.arguments.length - nWg} arguments`);
  const memory = ctx.memory;
  const allocate = (i: number, what: string) => {
    const type = attribution(i).type;
    if (!(type instanceof MemRefType)) throw opError(kernel, `attribution #${i} is not a memref`);
    return allocateMemRef(memory, type, [], kernel, `${what} attribution #${i} of @${name}`);
  };
  const nPrivate = entry.arguments.length - args.length - nWg;
  for (let bz = 0; bz < grid[2]; bz++) {
    for (let by = 0; by < grid[1]; by++) {
      for (let bx = 0; bx < grid[0]; bx++) {
        const label = `workgroup (${bx}, ${by}, ${bz}) of @${name}`;
        const scope = new WorkgroupScope(isWorkgroupMemory);
        const shared = Array.from({ length: nWg }, (_, i) => allocate(i, 'workgroup'));
        const threads: ScheduledThread[] = [];
        for (let tz = 0; tz < block[2]; tz++) {
          for (let ty = 0; ty < block[1]; ty++) {
            for (let tx = 0; tx < block[0]; tx++) {
              const thread: ThreadCoords = {
                threadId: [tx, ty, tz],
                blockId: [bx, by, bz],
                blockDim: block,
                gridDim: grid,
                linearThreadId: tx + block[0] * (ty + block[1] * tz),
              };
              const priv = Array.from({ length: nPrivate }, (_, i) => allocate(nWg + i, 'private'));
              const tctx = ctx.forThread(thread, scope);
              threads.push({ exec: tctx.call(kernel, [...args, ...shared, ...priv]), label: `thread (${tx}, ${ty}, ${tz})` });
            }
          }
        }
        try {
          runWorkgroup(threads, label);
          memory.checkNoneInFlight(label);
        } catch (e) {
          if (e instanceof DiagnosticError && !e.diagnostic.notes.length) e.diagnostic.attachNote(`in ${label}, launched here`, launch.op.loc);
          throw e;
        }
      }
    }
  }
}

export const gpuSemantics: DialectSemantics = {
  dialect: 'gpu',
  ops: {
    'gpu.thread_id': idOp((t, d) => t.threadId[d]!),
    'gpu.block_id': idOp((t, d) => t.blockId[d]!),
    'gpu.block_dim': idOp((t, d) => t.blockDim[d]!),
    'gpu.grid_dim': idOp((t, d) => t.gridDim[d]!),
    'gpu.global_id': idOp((t, d) => t.blockId[d]! * t.blockDim[d]! + t.threadId[d]!),
    'gpu.lane_id': (op, _a, ctx) => [coords(op, ctx).linearThreadId % ctx.interpreter.subgroupSize],
    'gpu.subgroup_id': (op, _a, ctx) => [Math.floor(coords(op, ctx).linearThreadId / ctx.interpreter.subgroupSize)],
    'gpu.num_subgroups': (op, _a, ctx) => [Math.ceil(blockThreads(coords(op, ctx)) / ctx.interpreter.subgroupSize)],
    'gpu.subgroup_size': (_op, _a, ctx) => [ctx.interpreter.subgroupSize],
    'gpu.barrier': barrier,
    'gpu.shuffle': shuffle,
    'gpu.launch_func': launchFunc,
    'gpu.alloc': alloc,
  },
};
