/** gpu.all_reduce (a reduction over all work items of a workgroup) and gpu.yield (MLIR 19). */
import { UnitAttr, uniqueDialectAttr } from '../../core/ir/attributes.js';
import { attrConstraint, optionalAttr, required, typeConstraint, variadic, AnyType } from '../../core/ir/constraints.js';
import { Diagnostic } from '../../core/ir/diagnostics.js';
import { defineOp } from '../../core/ir/op-definition.js';
import type { Operation } from '../../core/ir/operation.js';
import type { Value } from '../../core/ir/value.js';
import type { Region } from '../../core/ir/region.js';
import { IsolatedFromAbove, ReturnLike, SameOperandsAndResultType, Terminator } from '../../core/ir/traits.js';
import { FloatType, IntegerType, VectorType, type Type } from '../../core/ir/types.js';
import type { CustomDirective } from '../../core/syntax/format-base.js';
import { parseEnumKeyword } from '../../core/syntax/enum-keyword.js';
import type { Parser } from '../../core/syntax/parser.js';
import { UnitAttrC as UnitAttrConstraint } from '../memref/ops.js';
import { GpuEnumAttr } from './enum-attr.js';

/** MLIR's gpu::AllReduceOperation, in enum order. */
export const ALL_REDUCE_OPERATIONS = ['add', 'mul', 'minui', 'minsi', 'minnumf', 'maxui', 'maxsi', 'maxnumf', 'and', 'or', 'xor', 'minimumf', 'maximumf'] as const;
export type AllReduceOperation = (typeof ALL_REDUCE_OPERATIONS)[number];

/** `#gpu<all_reduce_op add>` */
export class AllReduceOperationAttr extends GpuEnumAttr<AllReduceOperation> {
  readonly mnemonic = 'all_reduce_op';
  static get(value: AllReduceOperation): AllReduceOperationAttr {
    return uniqueDialectAttr(`gpu.all_reduce_op:${value}`, () => new AllReduceOperationAttr(value));
  }
}

/** The body of `#gpu<all_reduce_op add>` after its keyword. */
export function parseAllReduceOperationKeyword(parser: Parser): AllReduceOperationAttr {
  return AllReduceOperationAttr.get(parseEnumKeyword(parser, ALL_REDUCE_OPERATIONS, '::mlir::gpu::AllReduceOperation'));
}

const AllReduceOperationAttrC = attrConstraint('built-in reduction operations supported by gpu.allreduce.', (a): a is AllReduceOperationAttr => a instanceof AllReduceOperationAttr);
const AnyIntegerOrFloat = typeConstraint('Integer or Float', (t) => t instanceof IntegerType || t instanceof FloatType);

/** MLIR's verifyReduceOpAndType. */
export function reduceOpFitsType(op: AllReduceOperation, t: Type): boolean {
  const isFloat = t instanceof FloatType;
  if (['and', 'or', 'xor', 'minsi', 'minui', 'maxsi', 'maxui'].includes(op)) return !isFloat;
  if (['minnumf', 'maxnumf', 'minimumf', 'maximumf'].includes(op)) return isFloat;
  return true;
}

/** The optional operation keyword (`add`); a keyword that is no operation is an error. */
const AllReduceOperationDirective: CustomDirective = {
  print(p, _op, [attr]) {
    if (attr instanceof AllReduceOperationAttr) p.write(' ' + attr.value);
  },
  parse(parser) {
    if (!parser.isKeyword()) return [undefined];
    const offset = parser.offset;
    const kw = parser.parseKeyword();
    if (!(ALL_REDUCE_OPERATIONS as readonly string[]).includes(kw)) throw parser.emitError('invalid op kind', offset);
    return [AllReduceOperationAttr.get(kw as AllReduceOperation)];
  },
};

const regionError = (op: Operation, message: string) => Object.assign(new Diagnostic('error', op.loc, message), { op });

/**
 * In the entry block of a gpu.launch every work item reaches a group reduction: it is marked
 * `uniform` (MLIR's canMakeGroupOpUniform; the fold of gpu.all_reduce and gpu.subgroup_reduce).
 */
function foldUniformInLaunchEntry(op: Operation): Value[] | undefined {
  const launch = op.parentOp;
  if (op.getAttr('uniform') || launch?.name !== 'gpu.launch' || op.parent !== launch.regions[0]!.entry) return undefined;
  op.setAttr('uniform', UnitAttr.get());
  return [...op.results];
}

export const AllReduceOp = defineOp({
  name: 'gpu.all_reduce',
  summary: 'Reduce values among workgroup.',
  operands: { value: AnyIntegerOrFloat },
  results: { result: AnyIntegerOrFloat },
  attributes: { op: optionalAttr(AllReduceOperationAttrC), uniform: optionalAttr(UnitAttrConstraint) },
  regions: { body: {} },
  traits: [IsolatedFromAbove, SameOperandsAndResultType],
  customDirectives: { AllReduceOperation: AllReduceOperationDirective },
  fold: foldUniformInLaunchEntry,
  assemblyFormat: 'custom<AllReduceOperation>($op) $value (`uniform` $uniform^)? $body attr-dict `:` functional-type(operands, results)',
  verifyRegions(op) {
    const body = op.regions[0] as Region;
    const kind = op.getAttr('op') as AllReduceOperationAttr | undefined;
    const type = op.resultTypes[0]!;
    // MLIR reports these without the op prefix (emitError).
    if (body.empty !== (kind !== undefined)) return regionError(op, 'expected either an op attribute or a non-empty body');
    if (!body.empty) {
      const args = body.entry!.arguments;
      if (args.length !== 2) return regionError(op, 'expected two region arguments');
      if (args.some((a) => a.type !== type)) return regionError(op, 'incorrect region argument type');
      let yields = 0;
      for (const block of body.blocks) {
        const t = block.last;
        if (t?.name !== 'gpu.yield') continue;
        if (t.numOperands !== 1) return regionError(op, 'expected one gpu.yield operand');
        if (t.operand(0).type !== type) return regionError(op, 'incorrect gpu.yield type');
        ++yields;
      }
      if (yields === 0) return regionError(op, 'expected gpu.yield op in region');
    } else if (!reduceOpFitsType(kind!.value, type)) {
      return regionError(op, `\`${kind!.value}\` reduction operation is not compatible with type '${type}'`);
    }
  },
});

const isIntOrFloat = (t: Type) => t instanceof IntegerType || t instanceof FloatType;
const AnyIntegerOrFloatOr1DVector = typeConstraint(
  'Integer or Float or vector of Integer or Float values of ranks 1',
  (t) => isIntOrFloat(t) || (t instanceof VectorType && t.shape.length === 1 && isIntOrFloat(t.elementType)),
);

/**
 * `%r = gpu.subgroup_reduce add %v [uniform] : (f32) -> f32`: a reduction over the lanes of a
 * subgroup (MLIR 19: no cluster size yet), of scalars or, element-wise, of 1-D vectors.
 */
export const SubgroupReduceOp = defineOp({
  name: 'gpu.subgroup_reduce',
  summary: 'Reduce values among subgroup.',
  operands: { value: AnyIntegerOrFloatOr1DVector },
  results: { result: AnyIntegerOrFloatOr1DVector },
  attributes: { op: required(AllReduceOperationAttrC), uniform: optionalAttr(UnitAttrConstraint) },
  traits: [SameOperandsAndResultType],
  customDirectives: { AllReduceOperation: AllReduceOperationDirective },
  fold: foldUniformInLaunchEntry,
  assemblyFormat: 'custom<AllReduceOperation>($op) $value (`uniform` $uniform^)? attr-dict `:` functional-type(operands, results)',
  verify(op) {
    const type = op.resultTypes[0]!;
    let elem = type;
    if (type instanceof VectorType) {
      if (type.scalableDims.some(Boolean)) return 'is not compatible with scalable vector types';
      elem = type.elementType;
    }
    const kind = (op.getAttr('op') as AllReduceOperationAttr).value;
    // MLIR reports this one without the op prefix (emitError).
    if (!reduceOpFitsType(kind, elem)) return regionError(op, `\`${kind}\` reduction operation is not compatible with type '${type}'`);
    return undefined;
  },
});

export const YieldOp = defineOp({
  name: 'gpu.yield',
  summary: 'GPU yield operation',
  operands: { values: variadic(AnyType) },
  traits: [Terminator, ReturnLike],
  assemblyFormat: 'attr-dict ($values^ `:` type($values))?',
});
