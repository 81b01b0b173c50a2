/** vector.mask (a region masking one maskable op) and its terminator vector.yield (MLIR 19). */
import type { AffineMapAttr, ArrayAttr } from '../../core/ir/attributes.js';
import { AffineDimExpr } from '../../core/ir/affine.js';
import { AnyType, optional, variadic } from '../../core/ir/constraints.js';
import { Block } from '../../core/ir/block.js';
import { defineOp } from '../../core/ir/op-definition.js';
import { Operation } from '../../core/ir/operation.js';
import { Region } from '../../core/ir/region.js';
import { HasParent, RecursiveMemoryEffects, SingleBlock, Terminator } from '../../core/ir/traits.js';
import { IntegerType, VectorType, type Type } from '../../core/ir/types.js';
import { Tok, type Parser } from '../../core/syntax/parser.js';
import type { ParseState } from '../../core/syntax/parser-state.js';
import type { OpAsmPrinter } from '../../core/syntax/printer.js';
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

export const maskRegionOps = [MaskOp, YieldOp];
