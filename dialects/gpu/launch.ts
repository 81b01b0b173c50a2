/**
 * gpu.launch (a kernel written inline: its region is the body every work item runs) and
 * gpu.terminator (MLIR 19), with MLIR's custom form, verifier and FoldLaunchArguments.
 */
import { IntegerAttr, type DenseArrayAttr } from '../../core/ir/attributes.js';
import { I32, Index, optional, variadic } from '../../core/ir/constraints.js';
import { Diagnostic } from '../../core/ir/diagnostics.js';
import { defineOp, segmentSizesAttr } from '../../core/ir/op-definition.js';
import type { Operation } from '../../core/ir/operation.js';
import { Region } from '../../core/ir/region.js';
import { AutomaticAllocationScope, HasParent, RecursiveMemoryEffects, Terminator } from '../../core/ir/traits.js';
import { IndexType, IntegerType } from '../../core/ir/types.js';
import type { Value } from '../../core/ir/value.js';
import { constantValue } from '../../core/rewrite/folder.js';
import { definePattern } from '../../core/rewrite/pattern.js';
import { Tok, type Parser } from '../../core/syntax/parser.js';
import type { ParseState, RegionArgument, UnresolvedOperand } from '../../core/syntax/parser-state.js';
import type { OpAsmPrinter } from '../../core/syntax/printer.js';
import { materializeArithConstant } from '../arith/materialize.js';
import { parseAsyncDependencies, printAsyncDependencies } from './alloc.js';
import { AddressSpaceAttr, AsyncTokenType } from './attributes.js';
import { AsyncToken, printTypedOperandList } from './ops.js';
import { MemRefType } from '../../core/ir/types.js';

const WORKGROUP_ATTRIBUTIONS = 'workgroup_attributions';
/** Block ids, thread ids, grid sizes, block sizes: 12 index arguments lead the body (18 with clusters). */
const CONFIG_ARGS = 12;

const segments = (op: Operation): number[] => (op.properties.get('operandSegmentSizes') as DenseArrayAttr).numbers;
const hasCluster = (op: Operation) => segments(op)[7] === 1;
const numConfigArgs = (op: Operation) => CONFIG_ARGS + (hasCluster(op) ? 6 : 0);
const numWorkgroup = (op: Operation) => {
  const a = op.getAttr(WORKGROUP_ATTRIBUTIONS);
  return a instanceof IntegerAttr ? Number(a.value) : 0;
};

/** `(%ids) in (%size = %operand, ...)` (MLIR's printSizeAssignment). */
function printSizeAssignment(p: OpAsmPrinter, sizes: readonly Value[], operands: readonly Value[], ids: readonly Value[]): void {
  p.write('(');
  p.printOperands(ids);
  p.write(') in (');
  sizes.forEach((s, i) => {
    if (i) p.write(', ');
    p.printOperand(s);
    p.write(' = ');
    p.printOperand(operands[i]!);
  });
  p.write(')');
}

function parseSizeAssignment(parser: Parser): { ids: UnresolvedOperand[]; sizes: UnresolvedOperand[]; operands: UnresolvedOperand[] } {
  const ids: UnresolvedOperand[] = [];
  parser.parseCommaSeparated(Tok.LParen, Tok.RParen, () => ids.push(parser.parseOperand()));
  if (ids.length !== 3) throw parser.emitError('expected 3 identifiers');
  parser.parseKeyword('in');
  const sizes: UnresolvedOperand[] = [];
  const operands: UnresolvedOperand[] = [];
  parser.parseCommaSeparated(Tok.LParen, Tok.RParen, () => {
    sizes.push(parser.parseOperand());
    parser.expect(Tok.Equal, "'='");
    operands.push(parser.parseOperand());
  });
  if (sizes.length !== 3) throw parser.emitError('expected 3 size assignments');
  return { ids, sizes, operands };
}

function printAttributions(p: OpAsmPrinter, keyword: string, args: readonly Value[]): void {
  if (!args.length) return;
  p.write(` ${keyword}`);
  printTypedOperandList(p, args);
}

function parseAttributions(parser: Parser, keyword: string, args: RegionArgument[]): void {
  if (parser.parseOptionalKeyword(keyword) === undefined) return;
  parser.parseCommaSeparated(Tok.LParen, Tok.RParen, () => args.push(parser.parseArgument(true, true)), ' in argument list');
}

/** Uses of a block or thread id whose range is one are uses of 0 (FoldLaunchArguments). */
const FoldLaunchArguments = definePattern({
  name: 'FoldLaunchArguments',
  root: 'gpu.launch',
  matchAndRewrite(op, rw) {
    const body = op.regions[0]!.entry;
    if (!body) return false;
    const args = body.arguments;
    let zero: Value | undefined;
    // Ids are arguments 0..5 (blocks x, y, z, threads x, y, z); their ranges are operands (grid, then block sizes).
    const [deps] = segments(op);
    for (let i = 0; i < 6; i++) {
      const size = constantValue(op.operand(deps! + i));
      if (!(size instanceof IntegerAttr) || size.value !== 1n || args[i]!.useCount === 0) continue;
      if (!zero) {
        rw.setInsertionPointToStart(body);
        zero = materializeArithConstant(rw, IntegerAttr.get(IndexType.get(), 0), IndexType.get(), op.loc)!.results[0]!;
      }
      rw.replaceAllValueUsesWith(args[i]!, zero);
    }
    return zero !== undefined;
  },
});

export const LaunchOp = defineOp({
  name: 'gpu.launch',
  summary: 'GPU kernel launch operation',
  operands: {
    asyncDependencies: variadic(AsyncToken),
    gridSizeX: Index,
    gridSizeY: Index,
    gridSizeZ: Index,
    blockSizeX: Index,
    blockSizeY: Index,
    blockSizeZ: Index,
    clusterSizeX: optional(Index),
    clusterSizeY: optional(Index),
    clusterSizeZ: optional(Index),
    dynamicSharedMemorySize: optional(I32),
  },
  results: { asyncToken: optional(AsyncToken) },
  regions: { body: {} },
  traits: [AutomaticAllocationScope, RecursiveMemoryEffects],
  canonicalize: [FoldLaunchArguments],
  verifyRegions(op) {
    const body = op.regions[0]!;
    const entry = body.entry;
    if (entry && entry.numArguments < CONFIG_ARGS + numWorkgroup(op)) return 'unexpected number of region arguments';
    if (entry) {
      const args = entry.arguments;
      const first = numConfigArgs(op);
      const check = (from: number, to: number, space: string): string | undefined => {
        for (let i = from; i < to; i++) {
          const t = args[i]!.type;
          if (!(t instanceof MemRefType)) return 'expected memref type in attribution';
          if (t.memorySpace instanceof AddressSpaceAttr && t.memorySpace.value !== space) return `expected memory space ${space} in attribution`;
        }
        return undefined;
      };
      const bad = check(first, first + numWorkgroup(op), 'workgroup') ?? check(first + numWorkgroup(op), args.length, 'private');
      if (bad) return bad;
    }
    for (const block of body.blocks) {
      const last = block.last;
      if (!last || last.successors.length !== 0 || last.name === 'gpu.terminator') continue;
      const d = Object.assign(new Diagnostic('error', last.loc, "expected 'gpu.terminator' or a terminator with successors"), { op: last });
      d.attachNote("in 'gpu.launch' body region", op.loc);
      return d;
    }
  },
  print(p: OpAsmPrinter, op: Operation) {
    const seg = segments(op);
    const v = op.operands;
    const args = op.regions[0]!.entry!.arguments;
    if (op.results.length > 0) {
      p.write(' ');
      printAsyncDependencies(p, true, v.slice(0, seg[0]));
    }
    let k = seg[0]!;
    const grid = v.slice(k, k + 3);
    const block = v.slice(k + 3, k + 6);
    k += 6;
    if (hasCluster(op)) {
      p.write(' clusters');
      printSizeAssignment(p, args.slice(15, 18), v.slice(k, k + 3), args.slice(12, 15));
      k += 3;
    }
    p.write(' blocks');
    printSizeAssignment(p, args.slice(6, 9), grid, args.slice(0, 3));
    p.write(' threads');
    printSizeAssignment(p, args.slice(9, 12), block, args.slice(3, 6));
    if (seg[10]) {
      p.write(' dynamic_shared_memory_size ');
      p.printOperand(v[v.length - 1]!);
    }
    const first = numConfigArgs(op);
    printAttributions(p, 'workgroup', args.slice(first, first + numWorkgroup(op)));
    printAttributions(p, 'private', args.slice(first + numWorkgroup(op)));
    p.write(' ');
    p.printRegion(op.regions[0]!, false);
    p.printOptionalAttrDict(op, ['operandSegmentSizes', WORKGROUP_ATTRIBUTIONS]);
  },
  parse: ((parser: Parser, state: ParseState) => {
    const depsOffset = parser.offset;
    const { deps } = parseAsyncDependencies(parser, state);
    parser.resolveOperands(
      deps,
      deps.map(() => AsyncTokenType.get()),
      depsOffset,
      state.operands,
    );
    if (state.numResults > 0) state.types.push(AsyncTokenType.get());
    const index = IndexType.get();
    const regionArgs: UnresolvedOperand[] = new Array(CONFIG_ARGS);
    const sizeOperands: UnresolvedOperand[] = [];
    let cluster: ReturnType<typeof parseSizeAssignment> | undefined;
    if (parser.parseOptionalKeyword('clusters') !== undefined) cluster = parseSizeAssignment(parser);
    parser.parseKeyword('blocks');
    const blocks = parseSizeAssignment(parser);
    parser.parseKeyword('threads');
    const threads = parseSizeAssignment(parser);
    blocks.ids.forEach((u, i) => (regionArgs[i] = u));
    threads.ids.forEach((u, i) => (regionArgs[3 + i] = u));
    blocks.sizes.forEach((u, i) => (regionArgs[6 + i] = u));
    threads.sizes.forEach((u, i) => (regionArgs[9 + i] = u));
    sizeOperands.push(...blocks.operands, ...threads.operands);
    if (cluster) {
      regionArgs.push(...cluster.ids, ...cluster.sizes);
      sizeOperands.push(...cluster.operands);
    }
    parser.resolveIndexOperands(sizeOperands, state.operands);
    let dynamicShared = false;
    if (parser.parseOptionalKeyword('dynamic_shared_memory_size') !== undefined) {
      dynamicShared = true;
      state.operands.push(parser.resolveOperand(parser.parseOperand(), IntegerType.get(32)));
    }
    const entryArgs: RegionArgument[] = regionArgs.map((operand) => ({ operand, type: index }));
    const configCount = entryArgs.length;
    parseAttributions(parser, 'workgroup', entryArgs);
    state.addAttribute(WORKGROUP_ATTRIBUTIONS, IntegerAttr.get(IntegerType.get(64), entryArgs.length - configCount));
    parseAttributions(parser, 'private', entryArgs);
    const body = new Region();
    parser.parseRegion(body, entryArgs);
    state.regions.push(body);
    parser.parseOptionalAttrDict(state);
    const c = cluster ? 1 : 0;
    state.properties.set('operandSegmentSizes', segmentSizesAttr([deps.length, 1, 1, 1, 1, 1, 1, c, c, c, dynamicShared ? 1 : 0]));
  }) as never,
});

export const TerminatorOp = defineOp({
  name: 'gpu.terminator',
  summary: 'Terminator for GPU launch regions.',
  traits: [Terminator, HasParent('gpu.launch')],
  assemblyFormat: 'attr-dict',
});
