/** scf.parallel, its terminator scf.reduce and the reductions' terminator scf.reduce.return (MLIR 19). */
import { IntegerAttr } from '../../core/ir/attributes.js';
import { AnyType, variadic } from '../../core/ir/constraints.js';
import { opDiagnostic } from '../../core/ir/diagnostics.js';
import { defineOp } from '../../core/ir/op-definition.js';
import type { Operation } from '../../core/ir/operation.js';
import { Region } from '../../core/ir/region.js';
import { AutomaticAllocationScope, HasParent, Pure, RecursiveMemoryEffects, SingleBlockImplicitTerminator, Terminator } from '../../core/ir/traits.js';
import { IndexType, type Type } from '../../core/ir/types.js';
import { constantValue } from '../../core/rewrite/folder.js';
import { ensureImplicitTerminator } from '../../core/syntax/implicit-terminator.js';
import { segmentSizesAttr } from '../../core/ir/op-definition.js';
import { Tok, type Parser } from '../../core/syntax/parser.js';
import type { UnresolvedOperand } from '../../core/syntax/parser-state.js';
import type { OpAsmPrinter } from '../../core/syntax/printer.js';
import { parallelPatterns } from './parallel-canonicalization.js';
import { Index as AnyIndex } from '../../core/ir/constraints.js';
import { parseRegionWith } from './syntax.js';

/** Operand groups of an op with operandSegmentSizes. */
export function operandGroups(op: Operation): Operation['operands'][] {
  const sizes = (op.properties.get('operandSegmentSizes') as { numbers: number[] } | undefined)?.numbers ?? [op.numOperands];
  const out: Operation['operands'][] = [];
  let at = 0;
  for (const n of sizes) {
    out.push(op.operands.slice(at, at + n));
    at += n;
  }
  return out;
}

/** `(%a, %b)`: a parenthesized operand list, with `count` operands when given. */
function parseParenOperands(parser: Parser, count?: number): UnresolvedOperand[] {
  const offset = parser.offset;
  const list: UnresolvedOperand[] = [];
  parser.parseCommaSeparated(Tok.LParen, Tok.RParen, () => list.push(parser.parseOperand()), ' in operand list');
  if (count !== undefined && list.length !== count) throw parser.opError(`expected ${count} operands`, offset);
  return list;
}

function printParenOperands(p: OpAsmPrinter, values: readonly Operation['operands'][number][]): void {
  p.write('(');
  p.printOperands(values);
  p.write(')');
}

export const ParallelOp = defineOp({
  name: 'scf.parallel',
  summary: 'parallel for operation',
  operands: { lowerBound: variadic(AnyIndex), upperBound: variadic(AnyIndex), step: variadic(AnyIndex), initVals: variadic() },
  results: { results: variadic() },
  regions: { region: {} },
  traits: [AutomaticAllocationScope, RecursiveMemoryEffects, SingleBlockImplicitTerminator('scf.reduce')],
  canonicalize: parallelPatterns,
  verify(op) {
    const [, , steps, inits] = operandGroups(op);
    if (steps!.length === 0) return 'needs at least one tuple element for lowerBound, upperBound and step';
    for (const s of steps!) {
      const c = constantValue(s);
      if (c instanceof IntegerAttr && c.value <= 0n) return 'constant step operand must be positive';
    }
    const body = op.region(0).entry!;
    if (body.numArguments !== steps!.length) {
      return `expects the same number of induction variables: ${body.numArguments} as bound and step values: ${steps!.length}`;
    }
    if (body.arguments.some((a) => !(a.type instanceof IndexType))) return 'expects arguments for the induction variable to be of index type';
    const reduce = body.last;
    if (reduce?.name !== 'scf.reduce') {
      // MLIR's verifyAndGetTerminator: a note at the op found instead.
      const d = opDiagnostic(op, "expects body to terminate with 'scf.reduce'");
      if (reduce) d.attachNote('terminator here', reduce.loc);
      return d;
    }
    const n = op.results.length;
    if (n !== reduce.numOperands) return `expects number of results: ${n} to be the same as number of reductions: ${reduce.numOperands}`;
    if (n !== inits!.length) return `expects number of results: ${n} to be the same as number of initial values: ${inits!.length}`;
    for (let i = 0; i < n; i++) {
      const [r, t] = [op.results[i]!.type, reduce.operand(i).type];
      if (r !== t) return opDiagnostic(reduce, `expects type of ${i}-th reduction operand: '${t}' to be the same as the ${i}-th result type: '${r}'`);
    }
  },
  print(p: OpAsmPrinter, op: Operation) {
    const [lbs, ubs, steps, inits] = operandGroups(op);
    p.write(' (');
    p.printOperands(op.region(0).entry!.arguments);
    p.write(') = ');
    printParenOperands(p, lbs!);
    p.write(' to ');
    printParenOperands(p, ubs!);
    p.write(' step ');
    printParenOperands(p, steps!);
    if (inits!.length) {
      p.write(' init ');
      printParenOperands(p, inits!);
    }
    p.printArrowTypeList(op.resultTypes);
    p.write(' ');
    p.printRegion(op.region(0), false);
    p.printOptionalAttrDict(op, ['operandSegmentSizes']);
  },
  parse: (parser, state) => {
    const ivs: UnresolvedOperand[] = [];
    parser.parseCommaSeparated(Tok.LParen, Tok.RParen, () => ivs.push(parser.parseOperand(false)), ' in argument list');
    const index = IndexType.get();
    const bounds: UnresolvedOperand[][] = [];
    for (const key of ['=', 'to', 'step']) {
      if (key === '=') parser.expect(Tok.Equal, "'='");
      else parser.parseKeyword(key);
      const list = parseParenOperands(parser, ivs.length);
      parser.resolveIndexOperands(list, state.operands);
      bounds.push(list);
    }
    let inits: UnresolvedOperand[] = [];
    if (parser.parseOptionalKeyword('init') !== undefined) inits = parseParenOperands(parser);
    state.types.push(...parser.parseOptionalArrowTypeList());
    const body = parseRegionWith(
      parser,
      ivs.map((operand) => ({ operand, type: index })),
    );
    state.properties.set('operandSegmentSizes', segmentSizesAttr([ivs.length, ivs.length, ivs.length, inits.length]));
    parser.parseOptionalAttrDict(state);
    parser.resolveOperands(inits, state.types, parser.nameOffset, state.operands);
    ensureImplicitTerminator(body, ParallelOp.definition, parser.context, state.loc);
    state.regions.push(body);
  },
});

export const ReduceOp = defineOp({
  name: 'scf.reduce',
  summary: 'reduce operation for scf.parallel',
  operands: { operands: variadic() },
  regions: { reductions: { variadic: true } },
  traits: [HasParent('scf.parallel'), RecursiveMemoryEffects, Terminator],
  verifyRegions(op) {
    for (let i = 0; i < op.regions.length; i++) {
      const type = op.operand(i).type;
      const block = op.region(i).entry;
      if (!block || block.empty) return `${i}-th reduction has an empty body`;
      if (block.numArguments !== 2 || block.arguments.some((a) => a.type !== type)) {
        return `expected two block arguments with type '${type}' in the ${i}-th reduction region`;
      }
      if (block.last!.name !== 'scf.reduce.return') return "reduction bodies must be terminated with an 'scf.reduce.return' op";
    }
  },
  print(p: OpAsmPrinter, op: Operation) {
    if (op.numOperands) {
      p.write('(');
      p.printOperands(op.operands);
      p.write(' : ');
      p.printTypes(op.operands.map((v) => v.type));
      p.write(')');
    }
    p.write(' ');
    op.regions.forEach((r, i) => {
      if (i) p.write(', ');
      p.printRegion(r);
    });
    p.printOptionalAttrDict(op);
  },
  parse: (parser, state) => {
    let operands: UnresolvedOperand[] = [];
    let types: Type[] = [];
    let offset = parser.offset;
    if (parser.consumeIf(Tok.LParen)) {
      offset = parser.offset;
      operands = parser.parseOperandList();
      types = parser.parseColonTypeList();
      parser.expect(Tok.RParen, "')'");
    }
    const region = new Region();
    if (parser.parseOptionalRegion(region, undefined)) {
      state.regions.push(region);
      while (parser.consumeIf(Tok.Comma)) state.regions.push(parseRegionWith(parser));
    }
    parser.parseOptionalAttrDict(state);
    parser.resolveOperands(operands, types, offset, state.operands);
  },
});

export const ReduceReturnOp = defineOp({
  name: 'scf.reduce.return',
  summary: 'terminator for reduce operation',
  operands: { result: AnyType },
  traits: [HasParent('scf.reduce'), Pure, Terminator],
  assemblyFormat: '$result attr-dict `:` type($result)',
  verify(op) {
    const expected = op.parent!.arguments[0]?.type;
    if (expected !== op.operand(0).type) return `must have type '${expected}' (the type of the reduction inputs)`;
  },
});
