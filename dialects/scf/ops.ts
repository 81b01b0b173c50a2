import { variadic } from '../../core/ir/constraints.js';
import { defineOp } from '../../core/ir/op-definition.js';
import type { Operation } from '../../core/ir/operation.js';
import { Region } from '../../core/ir/region.js';
import { opDiagnostic } from '../../core/ir/diagnostics.js';
import {
  AllTypesMatch,
  AutomaticAllocationScope,
  HasParent,
  Pure,
  RecursiveMemoryEffects,
  ReturnLike,
  NoRegionArguments,
  SingleBlock,
  SingleBlockImplicitTerminator,
  Terminator,
} from '../../core/ir/traits.js';
import { FunctionType, i1, IndexType, type Type } from '../../core/ir/types.js';
import type { Value } from '../../core/ir/value.js';
import { ensureImplicitTerminator } from '../../core/syntax/implicit-terminator.js';
import { parseAssignmentList, parseRegionWith, printInitializationList } from './syntax.js';
import { Tok } from '../../core/syntax/parser.js';
import type { RegionArgument, UnresolvedOperand } from '../../core/syntax/parser-state.js';
import type { OpAsmPrinter } from '../../core/syntax/printer.js';
import { foldIf, scfPatterns } from './canonicalization.js';
import { whilePatterns } from './while-canonicalization.js';

import { AnySignlessIntegerOrIndex, I1 } from '../../core/ir/constraints.js';

/**
 * RegionBranchOpInterface's check of one control-flow edge: the values forwarded by `from`
 * must match the inputs of `to` in number and type. Messages start with a space, as MLIR's do.
 */
function checkEdge(from: string, to: string, sources: readonly Type[], targets: readonly Type[]): string | undefined {
  if (sources.length !== targets.length) {
    return ` region control flow edge from ${from} to ${to}: source has ${sources.length} operands, but target successor needs ${targets.length}`;
  }
  for (let i = 0; i < sources.length; i++) {
    if (sources[i] !== targets[i]) {
      return ` along control flow edge from ${from} to ${to}: source type #${i} '${sources[i]}' should match input type #${i} '${targets[i]}'`;
    }
  }
  return undefined;
}

const typesOfValues = (vs: readonly Value[]): Type[] => vs.map((v) => v.type);

/** Operands a region's terminator forwards (scf.condition drops its condition). */
function forwarded(r: Region): Type[] | undefined {
  const t = r.entry?.last;
  if (!t || !t.hasTrait('Terminator')) return undefined;
  return typesOfValues(t.name === 'scf.condition' ? t.operands.slice(1) : t.operands);
}

// ---------------------------------------------------------------------------------------- yield

export const YieldOp = defineOp({
  name: 'scf.yield',
  summary: 'loop yield and termination operation',
  operands: { results: variadic() },
  traits: [Pure, ReturnLike, Terminator, HasParent('scf.execute_region', 'scf.for', 'scf.if', 'scf.index_switch', 'scf.while')],
  assemblyFormat: 'attr-dict ($results^ `:` type($results))?',
});

export const ConditionOp = defineOp({
  name: 'scf.condition',
  summary: 'loop continuation condition',
  operands: { condition: I1, args: variadic() },
  traits: [HasParent('scf.while'), Pure, Terminator, ReturnLike],
  assemblyFormat: '`(` $condition `)` attr-dict ($args^ `:` type($args))?',
});

// ---------------------------------------------------------------------------------------- for

/** The yielded values have the types of `op`'s results. */
export const ForOp = defineOp({
  name: 'scf.for',
  summary: 'for operation',
  operands: { lowerBound: AnySignlessIntegerOrIndex, upperBound: AnySignlessIntegerOrIndex, step: AnySignlessIntegerOrIndex, initArgs: variadic() },
  results: { results: variadic() },
  regions: { region: {} },
  traits: [AutomaticAllocationScope, RecursiveMemoryEffects, SingleBlockImplicitTerminator('scf.yield'), AllTypesMatch('lowerBound', 'upperBound', 'step')],
  canonicalize: scfPatterns['scf.for'],
  verify(op) {
    if (op.numOperands - 3 !== op.results.length) return 'mismatch in number of loop-carried values and defined values';
  },
  verifyRegions(op) {
    // LoopLikeOpInterface's checks first (an interface verified with the regions, before the op's own).
    const body = op.region(0).entry;
    const inits = op.operandSlots.slice(3).map((s) => s.value);
    if (body) {
      const iterArgs = body.arguments.slice(1);
      if (inits.length !== iterArgs.length) return `different number of inits and region iter_args: ${inits.length} != ${iterArgs.length}`;
      const y = body.last;
      if (y && y.name === 'scf.yield' && y.numOperands !== iterArgs.length) return `different number of region iter_args and yielded values: ${iterArgs.length} != ${y.numOperands}`;
      if (op.results.length !== iterArgs.length) return `different number of loop results and region iter_args: ${op.results.length} != ${iterArgs.length}`;
      for (let i = 0; i < inits.length; i++) {
        if (inits[i]!.type !== iterArgs[i]!.type) return `${i}-th init and ${i}-th region iter_arg have different type: '${inits[i]!.type}' != '${iterArgs[i]!.type}'`;
      }
      if (y && y.name === 'scf.yield') {
        for (let i = 0; i < iterArgs.length; i++) {
          const yt = y.operand(i).type;
          if (iterArgs[i]!.type !== yt) return `${i}-th region iter_arg and ${i}-th yielded value have different type: '${iterArgs[i]!.type}' != '${yt}'`;
        }
      }
      // (MLIR 19 numbers every such mismatch 0: its counter is advanced after the loop.)
      for (let i = 0; i < iterArgs.length; i++) {
        const [a, r] = [iterArgs[i]!.type, op.results[i]!.type];
        if (a !== r) return `0-th region iter_arg and 0-th loop result have different type: '${a}' != '${r}'`;
      }
    }
    if (!body) return;
    const iv = body.arguments[0];
    if (!iv || iv.type !== op.operand(0).type) return 'expected induction variable to be same type as bounds and step';
    if (body.numArguments - 1 !== op.results.length) return 'mismatch in number of basic block args and defined values';
    for (let i = 0; i < op.results.length; i++) {
      if (op.operand(3 + i).type !== op.results[i]!.type) return `types mismatch between ${i}th iter operand and defined value`;
      if (body.arguments[1 + i]!.type !== op.results[i]!.type) return `types mismatch between ${i}th iter region arg and defined value`;
    }
    // (The yield matches the results here: verify checked it against the iter_args.)
  },
  print(p: OpAsmPrinter, op: Operation) {
    const body = op.region(0).entry!;
    const iv = body.arguments[0]!;
    p.write(' ');
    p.printOperand(iv);
    p.write(' = ');
    p.printOperand(op.operand(0));
    p.write(' to ');
    p.printOperand(op.operand(1));
    p.write(' step ');
    p.printOperand(op.operand(2));
    const inits = op.operands.slice(3);
    printInitializationList(p, body.arguments.slice(1), inits, ' iter_args');
    p.printParenthesizedArrowTypes(inits.map((v) => v.type));
    p.write(' ');
    if (!(iv.type instanceof IndexType)) {
      p.write(' : ');
      p.printType(iv.type);
      p.write(' ');
    }
    // As MLIR's ForOp::print: the yield is shown only with iter_args (attributes on it are not printed).
    p.printRegion(op.region(0), false, inits.length > 0);
    p.printOptionalAttrDict(op);
  },
  parse(parser, state) {
    const iv = parser.parseOperand();
    parser.expect(Tok.Equal, "'='");
    const lb = parser.parseOperand();
    parser.parseKeyword('to');
    const ub = parser.parseOperand();
    parser.parseKeyword('step');
    const step = parser.parseOperand();
    let args: UnresolvedOperand[] = [];
    let inits: UnresolvedOperand[] = [];
    let initTypes: Type[] = [];
    let initsOffset = parser.offset;
    if (parser.parseOptionalKeyword('iter_args') !== undefined) {
      initsOffset = parser.offset;
      ({ args, inits } = parseAssignmentList(parser));
      parser.expect(Tok.Arrow, "'->'");
      initTypes = parser.parseFunctionResultTypes();
    }
    if (args.length !== initTypes.length) throw parser.opError('mismatch in number of loop-carried values and defined values', parser.nameOffset);
    let ivType: Type = IndexType.get();
    if (parser.consumeIf(Tok.Colon)) ivType = parser.parseType();
    const regionArgs: RegionArgument[] = [{ operand: iv, type: ivType }, ...args.map((a, i) => ({ operand: a, type: initTypes[i]! }))];
    parser.resolveOperands([lb, ub, step], [ivType, ivType, ivType], lb.offset, state.operands);
    parser.resolveOperands(inits, initTypes, initsOffset, state.operands);
    state.types.push(...initTypes);
    const region = parseRegionWith(parser, regionArgs);
    ensureImplicitTerminator(region, ForOp.definition, parser.context, state.loc);
    state.regions.push(region);
    parser.parseOptionalAttrDict(state);
  },
});

// ---------------------------------------------------------------------------------------- if

export const IfOp = defineOp({
  name: 'scf.if',
  summary: 'if-then-else operation',
  operands: { condition: I1 },
  results: { results: variadic() },
  regions: { thenRegion: {}, elseRegion: {} },
  traits: [RecursiveMemoryEffects, SingleBlockImplicitTerminator('scf.yield'), NoRegionArguments],
  fold: foldIf,
  canonicalize: scfPatterns['scf.if'],
  verify(op) {
    if (op.results.length !== 0 && op.region(1).empty) return 'must have an else block if defining values';
  },
  verifyRegions(op) {
    for (let i = 0; i < 2; i++) {
      const types = forwarded(op.region(i));
      const bad = types && checkEdge(`Region #${i}`, 'parent results', types, op.resultTypes);
      if (bad) return bad;
    }
  },
  print(p: OpAsmPrinter, op: Operation) {
    p.write(' ');
    p.printOperand(op.operands[0]!);
    const hasResults = op.results.length > 0;
    p.printParenthesizedArrowTypes(op.resultTypes);
    p.write(' ');
    // As MLIR's IfOp::print: yields are shown only with results (attributes on them are not printed).
    p.printRegion(op.region(0), false, hasResults);
    if (!op.region(1).empty) {
      p.write(' else ');
      p.printRegion(op.region(1), false, hasResults);
    }
    p.printOptionalAttrDict(op);
  },
  parse(parser, state) {
    const cond = parser.parseOperand();
    parser.resolveOperands([cond], [i1], cond.offset, state.operands);
    state.types.push(...parser.parseOptionalArrowTypeList());
    const then = parseRegionWith(parser);
    ensureImplicitTerminator(then, IfOp.definition, parser.context, state.loc);
    state.regions.push(then);
    if (parser.parseOptionalKeyword('else') !== undefined) {
      const els = parseRegionWith(parser);
      ensureImplicitTerminator(els, IfOp.definition, parser.context, state.loc);
      state.regions.push(els);
    } else {
      state.regions.push(new Region());
    }
    parser.parseOptionalAttrDict(state);
  },
});

// ---------------------------------------------------------------------------------------- while

export const WhileOp = defineOp({
  name: 'scf.while',
  summary: "a generic 'while' loop",
  operands: { inits: variadic() },
  results: { results: variadic() },
  regions: { before: {}, after: {} },
  traits: [RecursiveMemoryEffects, SingleBlock],
  canonicalize: whilePatterns,
  verify(op) {
    // The regions' ODS constraint (SizedRegion<1>).
    for (const [i, name] of ['before', 'after'].entries()) {
      if (op.region(i).blocks.length !== 1) return `region #${i} ('${name}') failed to verify constraint: region with 1 blocks`;
    }
    // MLIR's verifyAndGetTerminator: the error points at the op, a note at the wrong terminator.
    const check = (last: Operation | undefined, name: string, message: string) => {
      if (last && last.name === name) return undefined;
      const d = opDiagnostic(op, message);
      if (last) d.attachNote('terminator here', last.loc);
      return d;
    };
    return (
      check(op.region(0).entry?.last, 'scf.condition', "expects the 'before' region to terminate with 'scf.condition'") ??
      check(op.region(1).entry?.last, 'scf.yield', "expects the 'after' region to terminate with 'scf.yield'")
    );
  },
  verifyRegions(op) {
    const beforeArgs = typesOfValues(op.region(0).entry?.arguments ?? []);
    const afterArgs = typesOfValues(op.region(1).entry?.arguments ?? []);
    const cond = forwarded(op.region(0)) ?? [];
    const yielded = forwarded(op.region(1)) ?? [];
    return (
      checkEdge('parent operands', 'Region #0', typesOfValues(op.operands), beforeArgs) ??
      checkEdge('Region #0', 'Region #1', cond, afterArgs) ??
      checkEdge('Region #0', 'parent results', cond, op.resultTypes) ??
      checkEdge('Region #1', 'Region #0', yielded, beforeArgs)
    );
  },
  print(p: OpAsmPrinter, op: Operation) {
    const beforeArgs = op.region(0).entry?.arguments ?? [];
    printInitializationList(p, beforeArgs, op.operands, ' ');
    p.write(' : ');
    p.printType(
      FunctionType.get(
        op.operands.map((v) => v.type),
        op.resultTypes,
      ),
    );
    p.write(' ');
    p.printRegion(op.region(0), false);
    p.write(' do ');
    p.printRegion(op.region(1));
    p.printOptionalAttrDictWithKeyword(op);
  },
  parse(parser, state) {
    let args: UnresolvedOperand[] = [];
    let inits: UnresolvedOperand[] = [];
    if (parser.peek(Tok.LParen)) ({ args, inits } = parseAssignmentList(parser));
    const typeOffset = parser.offset;
    parser.expect(Tok.Colon, "':'");
    const fnType = parser.parseType();
    if (!(fnType instanceof FunctionType)) throw parser.opError('invalid kind of type specified', typeOffset);
    state.types.push(...fnType.results);
    if (fnType.inputs.length !== inits.length) {
      throw parser.opError(`expected as many input types as operands (expected ${inits.length} got ${fnType.inputs.length})`, typeOffset);
    }
    parser.resolveOperands(inits, fnType.inputs, parser.offset, state.operands);
    const before = parseRegionWith(
      parser,
      args.map((a, i) => ({ operand: a, type: fnType.inputs[i]! })),
    );
    parser.parseKeyword('do');
    const after = parseRegionWith(parser);
    state.regions.push(before, after);
    parser.parseOptionalAttrDictWithKeyword(state);
  },
});

// ---------------------------------------------------------------------------------------- execute_region

export const ExecuteRegionOp = defineOp({
  name: 'scf.execute_region',
  summary: 'operation that executes its region exactly once',
  results: { results: variadic() },
  regions: { region: {} },
  traits: [],
  canonicalize: scfPatterns['scf.execute_region'],
  verify(op) {
    const r = op.region(0);
    if (r.empty) return 'region needs to have at least one block';
    if (r.entry!.numArguments > 0) return 'region cannot have any arguments';
  },
  print(p: OpAsmPrinter, op: Operation) {
    p.printArrowTypeList(op.resultTypes);
    p.write(' ');
    p.printRegion(op.region(0), false, true);
    p.printOptionalAttrDict(op);
  },
  parse(parser, state) {
    state.types.push(...parser.parseOptionalArrowTypeList());
    state.regions.push(parseRegionWith(parser));
    parser.parseOptionalAttrDict(state);
  },
});
