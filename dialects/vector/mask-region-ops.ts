/**
 * vector.mask (a region masking one maskable op), vector.warp_execute_on_lane_0 (a region run by lane 0
 * of a warp, on vectors distributed over its lanes) and their terminator vector.yield (MLIR 19).
 */
import { IntegerAttr, type AffineMapAttr, type ArrayAttr } from '../../core/ir/attributes.js';
import { AffineDimExpr } from '../../core/ir/affine.js';
import { AnyType, I64Attr, Index, optional, required, variadic } from '../../core/ir/constraints.js';
import { Block } from '../../core/ir/block.js';
import { defineOp } from '../../core/ir/op-definition.js';
import { Operation } from '../../core/ir/operation.js';
import { Region } from '../../core/ir/region.js';
import { HasParent, RecursiveMemoryEffects, SingleBlock, SingleBlockImplicitTerminator, Terminator } from '../../core/ir/traits.js';
import { IndexType, IntegerType, VectorType, type Type } from '../../core/ir/types.js';
import { Tok, type Parser } from '../../core/syntax/parser.js';
import type { ParseState } from '../../core/syntax/parser-state.js';
import type { OpAsmPrinter } from '../../core/syntax/printer.js';
import { ensureImplicitTerminator } from '../../core/syntax/implicit-terminator.js';
import { BoolVectorOfAnyRank } from './constraints.js';
import { maskRegionFolders, maskRegionPatterns } from './mask-region-folds.js';
import { inferredMaskType } from './transfer-types.js';

const i1 = () => IntegerType.get(1);
const boolLike = (t: VectorType) => VectorType.get(t.shape, i1(), t.scalableDims);

/** The mask type a maskable op expects (MLIR's MaskableOpInterface::getExpectedMaskType), or undefined when `op` is not maskable. */
export function expectedMaskType(op: Operation): Type | undefined {
  const operandType = (i: number) => op.operand(i).type as VectorType;
  switch (op.name) {
    case 'vector.reduction':
    case 'vector.multi_reduction':
      return boolLike(operandType(0));
    case 'vector.transfer_read':
      return inferredMaskType(op.resultTypes[0] as VectorType, (op.getAttr('permutation_map') as AffineMapAttr).map);
    case 'vector.transfer_write':
      return inferredMaskType(operandType(0), (op.getAttr('permutation_map') as AffineMapAttr).map);
    case 'vector.contract': {
      // The iteration space: each dim's extent as the lhs or rhs shows it.
      const maps = (op.getAttr('indexing_maps') as ArrayAttr).elements.map((e) => (e as AffineMapAttr).map);
      const extents = new Array<number>(maps[0]!.numDims).fill(1);
      const scalable = new Array<boolean>(maps[0]!.numDims).fill(false);
      [0, 1].forEach((k) => {
        maps[k]!.results.forEach((r, i) => {
          if (r instanceof AffineDimExpr) {
            extents[r.position] = operandType(k).shape[i]!;
            scalable[r.position] = operandType(k).scalableDims[i]!;
          }
        });
      });
      return VectorType.get(extents, i1(), scalable);
    }
    case 'vector.gather':
      return boolLike(op.resultTypes[0] as VectorType);
    default:
      return undefined;
  }
}

export const YieldOp = defineOp({
  name: 'vector.yield',
  summary: 'Terminates and yields values from vector regions.',
  operands: { operands: variadic(AnyType) },
  traits: [Terminator, HasParent('vector.mask', 'vector.warp_execute_on_lane_0')],
  assemblyFormat: 'attr-dict ($operands^ `:` type($operands))?',
});

export const MaskOp = defineOp({
  name: 'vector.mask',
  summary: 'Predicates a maskable vector operation',
  operands: { mask: BoolVectorOfAnyRank, passthru: optional(AnyType) },
  results: { results: variadic(AnyType) },
  regions: { maskRegion: {} },
  traits: [SingleBlock, RecursiveMemoryEffects],
  fold: maskRegionFolders['vector.mask'],
  canonicalize: maskRegionPatterns['vector.mask'],
  verify(op) {
    const block = op.regions[0]!.entry;
    if (!block || !block.last) return 'expects a terminator within the mask region';
    const ops = [...block.ops];
    if (ops.length > 2) return 'expects only one operation to mask';
    const terminator = block.last;
    if (terminator.name !== 'vector.yield') return 'expects a terminator within the mask region';
    if (terminator.numOperands !== op.results.length) return 'expects number of results to match mask region yielded values';
    const masked = block.first!;
    const expected = masked === terminator ? undefined : expectedMaskType(masked);
    if (!expected) return;
    if (masked.results.length !== op.results.length) return 'expects number of results to match maskable operation number of results';
    if (masked.resultTypes.some((t, i) => t !== op.resultTypes[i])) return 'expects result type to match maskable operation result type';
    if (masked.resultTypes.filter((t) => t instanceof VectorType).length > 1) return 'multiple vector results not supported';
    if (op.operand(0).type !== expected) return `expects a '${expected}' mask for the maskable operation`;
    if (op.numOperands > 1) {
      if (masked.name !== 'vector.transfer_read' && masked.name !== 'vector.gather') return "doesn't expect a passthru argument for this maskable operation";
      if (masked.results.length !== 1) return 'expects result when passthru argument is provided';
      if (op.operand(1).type !== masked.resultTypes[0]) return 'expects passthru type to match result type';
    }
  },
  print(p: OpAsmPrinter, op: Operation) {
    p.write(' ');
    p.printOperand(op.operand(0));
    if (op.numOperands > 1) {
      p.write(', ');
      p.printOperand(op.operand(1));
    }
    p.write(' { ');
    const block = op.regions[0]!.entry;
    if (block?.first) p.printCustomOrGenericOp(block.first);
    p.write(' }');
    p.printOptionalAttrDict(op);
    p.write(' : ');
    p.printType(op.operand(0).type);
    if (op.results.length > 0) {
      p.write(' -> ');
      p.printTypes(op.resultTypes);
    }
  },
  parse: ((parser: Parser, state: ParseState) => {
    const mask = parser.parseOperand();
    const passthru = parser.consumeIf(Tok.Comma) ? parser.parseOperand() : undefined;
    const region = new Region();
    parser.parseRegion(region, undefined);
    if (region.empty) region.appendBlock(new Block());
    const block = region.entry!;
    // MLIR's MaskOp::ensureTerminator: a yield of the masked op's results.
    if (!block.last?.hasTrait('Terminator')) {
      const masked = block.first;
      const single = masked !== undefined && masked === block.last;
      const definition = parser.context.lookupOp('vector.yield');
      block.append(Operation.create({ name: 'vector.yield', definition, operands: single ? masked.results : [], loc: state.loc }));
    }
    state.regions.push(region);
    parser.parseOptionalAttrDict(state);
    const maskType = parser.parseColonType();
    const resultTypes = parser.parseOptionalArrowTypeList();
    state.types.push(...resultTypes);
    state.operands.push(parser.resolveOperand(mask, maskType));
    if (passthru) state.operands.push(parser.resolveOperand(passthru, resultTypes[0]!));
  }) as never,
});

// ---------------------------------------------------------------------------------------- warp_execute_on_lane_0

/** MLIR's verifyDistributedType: `distributed` is `expanded` split over the warp's lanes. */
function distributionError(expanded: Type, distributed: Type, warpSize: number): string | undefined {
  if (expanded === distributed) return undefined;
  if (!(expanded instanceof VectorType) || !(distributed instanceof VectorType)) return 'expected vector type for distributed operands.';
  if (expanded.rank !== distributed.rank || expanded.elementType !== distributed.elementType) {
    return 'expected distributed vectors to have same rank and element type.';
  }
  let scale = 1;
  for (let i = 0; i < expanded.rank; i++) {
    const e = expanded.shape[i]!;
    const d = distributed.shape[i]!;
    if (e === d) continue;
    if (e % d !== 0) return `expected expanded vector dimension #${i} (${e}) to be a multipler of the distributed vector dimension (${d})`;
    scale *= e / d;
  }
  if (scale !== warpSize) return `incompatible distribution dimensions from '${expanded}' to '${distributed}' with warp size = ${warpSize}`;
  return undefined;
}

export const WarpExecuteOnLane0Op = defineOp({
  name: 'vector.warp_execute_on_lane_0',
  summary: 'Executes operations in the associated region on thread #0 of aSPMD program',
  operands: { laneid: Index, args: variadic(AnyType) },
  results: { results: variadic(AnyType) },
  attributes: { warp_size: required(I64Attr) },
  regions: { warpRegion: {} },
  traits: [SingleBlockImplicitTerminator('vector.yield'), RecursiveMemoryEffects],
  verify(op) {
    const block = op.regions[0]!.entry!;
    const args = op.operands.slice(1);
    if (args.length !== block.numArguments) return 'expected same number op arguments and block arguments.';
    const yieldOp = block.last!;
    if (yieldOp.numOperands !== op.results.length) return 'expected same number of yield operands and return values.';
    const warpSize = Number((op.properties.get('warp_size') as IntegerAttr).value);
    for (let i = 0; i < args.length; i++) {
      const bad = distributionError(block.arguments[i]!.type, args[i]!.type, warpSize);
      if (bad) return bad;
    }
    for (let i = 0; i < op.results.length; i++) {
      const bad = distributionError(yieldOp.operand(i).type, op.resultTypes[i]!, warpSize);
      if (bad) return bad;
    }
  },
  print(p: OpAsmPrinter, op: Operation) {
    p.write('(');
    p.printOperand(op.operand(0));
    p.write(`)[${(op.properties.get('warp_size') as IntegerAttr).value}]`);
    const args = op.operands.slice(1);
    if (args.length) {
      p.write(' args(');
      p.printOperands(args);
      p.write(' : ');
      p.printTypes(args.map((a) => a.type));
      p.write(')');
    }
    p.printParenthesizedArrowTypes(op.resultTypes);
    p.write(' ');
    p.printRegion(op.regions[0]!, true, op.results.length > 0);
    p.printOptionalAttrDict(op, ['warp_size']);
  },
  parse: ((parser: Parser, state: ParseState) => {
    parser.expect(Tok.LParen, "'('");
    const laneid = parser.parseOperand(false);
    parser.expect(Tok.RParen, "')'");
    parser.expect(Tok.LSquare, "'['");
    const warpSize = parser.parseInteger();
    parser.expect(Tok.RSquare, "']'");
    state.properties.set('warp_size', IntegerAttr.get(IntegerType.get(64), warpSize));
    state.operands.push(parser.resolveOperand(laneid, IndexType.get()));
    if (parser.parseOptionalKeyword('args') !== undefined) {
      parser.expect(Tok.LParen, "'('");
      const at = parser.offset;
      const list = parser.parseOperandList();
      const types = parser.parseColonTypeList();
      parser.expect(Tok.RParen, "')'");
      parser.resolveOperands(list, types, at, state.operands);
    }
    state.types.push(...parser.parseOptionalArrowTypeList());
    const region = new Region();
    parser.parseRegion(region, undefined);
    ensureImplicitTerminator(region, WarpExecuteOnLane0Op.definition, parser.context, state.loc);
    state.regions.push(region);
    parser.parseOptionalAttrDict(state);
  }) as never,
});

export const maskRegionOps = [MaskOp, YieldOp, WarpExecuteOnLane0Op];
