/** scf.forall and its terminator scf.forall.in_parallel (MLIR 19). */
import { ArrayAttr, type DenseArrayAttr } from '../../core/ir/attributes.js';
import { attrConstraint, DenseI64ArrayAttr, optionalAttr, required, variadic } from '../../core/ir/constraints.js';
import { opDiagnostic } from '../../core/ir/diagnostics.js';
import { defineOp, segmentSizesAttr } from '../../core/ir/op-definition.js';
import type { Operation } from '../../core/ir/operation.js';
import { AutomaticAllocationScope, HasParent, NoTerminator, RecursiveMemoryEffects, SingleBlock, SingleBlockImplicitTerminator, Terminator } from '../../core/ir/traits.js';
import { IndexType, type Type } from '../../core/ir/types.js';
import { ensureImplicitTerminator } from '../../core/syntax/implicit-terminator.js';
import { Tok } from '../../core/syntax/parser.js';
import type { UnresolvedOperand } from '../../core/syntax/parser-state.js';
import type { OpAsmPrinter } from '../../core/syntax/printer.js';
import { denseI64, parseDynamicIndexList, printDynamicIndexList, verifyMixedList } from '../memref/dynamic-index-list.js';
import { Index as AnyIndex } from '../../core/ir/constraints.js';
import { forallPatterns } from './forall-canonicalization.js';
import { operandGroups } from './parallel-ops.js';
import { parseAssignmentList, parseRegionWith, printInitializationList } from './syntax.js';

/** An array of device mapping attributes (such as gpu's #gpu.thread<x>, which carry `deviceMapping`). */
const MappingArray = attrConstraint(
  'Device Mapping array attribute',
  (a): a is ArrayAttr => a instanceof ArrayAttr && a.elements.every((e) => (e as { deviceMapping?: boolean }).deviceMapping === true),
);

const statics = (op: Operation, name: string): bigint[] => [...((op.properties.get(name) as DenseArrayAttr).values as bigint[])];

/** Lower bounds all 0 and steps all 1: printed `in (ubs)`. */
function isNormalized(op: Operation): boolean {
  return statics(op, 'staticLowerBound').every((v) => v === 0n) && statics(op, 'staticStep').every((v) => v === 1n);
}

export const ForallOp = defineOp({
  name: 'scf.forall',
  summary: 'evaluate a block multiple times in parallel',
  operands: { dynamicLowerBound: variadic(AnyIndex), dynamicUpperBound: variadic(AnyIndex), dynamicStep: variadic(AnyIndex), outputs: variadic() },
  results: { results: variadic() },
  attributes: {
    staticLowerBound: required(DenseI64ArrayAttr),
    staticUpperBound: required(DenseI64ArrayAttr),
    staticStep: required(DenseI64ArrayAttr),
    mapping: optionalAttr(MappingArray),
  },
  regions: { region: {} },
  traits: [AutomaticAllocationScope, RecursiveMemoryEffects, SingleBlockImplicitTerminator('scf.forall.in_parallel')],
  canonicalize: forallPatterns,
  verify(op) {
    const [lbs, ubs, steps, outs] = operandGroups(op);
    const rank = statics(op, 'staticLowerBound').length;
    if (op.results.length !== outs!.length) return `produces ${op.results.length} results, but has only ${outs!.length} outputs`;
    const body = op.region(0).entry!;
    if (body.numArguments !== rank + outs!.length) return `region expects ${rank} arguments`;
    for (let i = 0; i < rank; i++) if (!(body.arguments[i]!.type instanceof IndexType)) return `expects ${i}-th block argument to be an index`;
    for (let i = 0; i < outs!.length; i++) {
      if (body.arguments[rank + i]!.type !== outs![i]!.type) return `type mismatch between ${i}-th output and corresponding block argument`;
    }
    const mapping = op.properties.get('mapping') as ArrayAttr | undefined;
    if (mapping && mapping.elements.length && mapping.elements.length !== rank) return 'mapping attribute size must match op rank';
    return (
      verifyMixedList(op, 'lower bound', rank, statics(op, 'staticLowerBound'), lbs!.length) ??
      verifyMixedList(op, 'upper bound', rank, statics(op, 'staticUpperBound'), ubs!.length) ??
      verifyMixedList(op, 'step', rank, statics(op, 'staticStep'), steps!.length)
    );
  },
  print(p: OpAsmPrinter, op: Operation) {
    const [lbs, ubs, steps, outs] = operandGroups(op);
    const body = op.region(0).entry!;
    const rank = statics(op, 'staticLowerBound').length;
    const list = (values: readonly Operation['operands'][number][], name: string) => printDynamicIndexList(p, values, op.properties.get(name) as DenseArrayAttr, '()');
    p.write(' (');
    p.printOperands(body.arguments.slice(0, rank));
    if (isNormalized(op)) {
      p.write(') in ');
      list(ubs!, 'staticUpperBound');
    } else {
      p.write(') = ');
      list(lbs!, 'staticLowerBound');
      p.write(' to ');
      list(ubs!, 'staticUpperBound');
      p.write(' step ');
      list(steps!, 'staticStep');
    }
    printInitializationList(p, body.arguments.slice(rank), outs!, ' shared_outs');
    p.write(' ');
    if (outs!.length) {
      p.write('-> (');
      p.printTypes(op.resultTypes);
      p.write(') ');
    }
    p.printRegion(op.region(0), false, op.results.length > 0);
    p.printOptionalAttrDict(op, ['operandSegmentSizes', 'staticLowerBound', 'staticUpperBound', 'staticStep']);
  },
  parse: (parser, state) => {
    const ivs: UnresolvedOperand[] = [];
    parser.parseCommaSeparated(Tok.LParen, Tok.RParen, () => ivs.push(parser.parseOperand(false)), ' in argument list');
    const index = IndexType.get();
    const bound = () => {
      const { operands, statics: values } = parseDynamicIndexList(parser, Tok.LParen, Tok.RParen);
      parser.resolveIndexOperands(operands, state.operands);
      return { n: operands.length, values };
    };
    let lb = { n: 0, values: denseI64(ivs.map(() => 0)) };
    let step = { n: 0, values: denseI64(ivs.map(() => 1)) };
    let ub;
    if (parser.parseOptionalKeyword('in') !== undefined) ub = bound();
    else {
      parser.expect(Tok.Equal, "'='");
      lb = bound();
      parser.parseKeyword('to');
      ub = bound();
      parser.parseKeyword('step');
      step = bound();
    }
    let outArgs: UnresolvedOperand[] = [];
    let outs: UnresolvedOperand[] = [];
    const outsOffset = parser.offset;
    if (parser.parseOptionalKeyword('shared_outs') !== undefined) {
      ({ args: outArgs, inits: outs } = parseAssignmentList(parser));
      state.types.push(...parser.parseOptionalArrowTypeList());
      parser.resolveOperands(outs, state.types, outsOffset, state.operands);
    }
    const region = parseRegionWith(parser, [...ivs.map((operand) => ({ operand, type: index as Type })), ...outArgs.map((operand, i) => ({ operand, type: state.types[i]! }))]);
    ensureImplicitTerminator(region, ForallOp.definition, parser.context, state.loc);
    state.regions.push(region);
    parser.parseOptionalAttrDict(state);
    state.properties.set('staticLowerBound', lb.values);
    state.properties.set('staticUpperBound', ub.values);
    state.properties.set('staticStep', step.values);
    state.properties.set('operandSegmentSizes', segmentSizesAttr([lb.n, ub.n, step.n, outs.length]));
  },
});

export const InParallelOp = defineOp({
  name: 'scf.forall.in_parallel',
  summary: 'terminates a forall block',
  regions: { region: {} },
  traits: [RecursiveMemoryEffects, Terminator, HasParent('scf.forall'), NoTerminator, SingleBlock],
  verify(op) {
    const forall = op.parentOp!;
    const outArgs = forall.region(0).entry!.arguments.slice(statics(forall, 'staticLowerBound').length);
    for (const inner of op.region(0).entry?.ops ?? []) {
      if (inner.name !== 'tensor.parallel_insert_slice') return 'expected only tensor.parallel_insert_slice ops';
      // Its destination is the second operand.
      if (!outArgs.includes(inner.operand(1) as never)) return opDiagnostic(inner, `'${inner.name}' op may only insert into an output block argument`);
    }
  },
  print(p: OpAsmPrinter, op: Operation) {
    p.write(' ');
    p.printRegion(op.region(0), false, false);
    p.printOptionalAttrDict(op);
  },
  parse: (parser, state) => {
    const region = parseRegionWith(parser);
    if (region.empty) region.ensureEntry();
    state.regions.push(region);
    parser.parseOptionalAttrDict(state);
  },
});
