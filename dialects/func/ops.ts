import { type Attribute, StringAttr, SymbolRefAttr, type NamedAttribute } from '../../core/ir/attributes.js';
import { Diagnostic } from '../../core/ir/diagnostics.js';
import { AnyType, attrConstraint, optionalAttr, required, typeConstraint, variadic } from '../../core/ir/constraints.js';
import { defineOp } from '../../core/ir/op-definition.js';
import type { Operation } from '../../core/ir/operation.js';
import { Region } from '../../core/ir/region.js';
import { lookupSymbol, symbolName } from '../../core/ir/symbol-table.js';
import { AutomaticAllocationScope, HasParent, IsolatedFromAbove, MemoryEffects, Pure, ReturnLike, Symbol as SymbolTrait, Terminator, ConstantLike } from '../../core/ir/traits.js';
import { FunctionType, type Type } from '../../core/ir/types.js';
import { Tok, type Parser } from '../../core/syntax/parser.js';
import type { ParseState } from '../../core/syntax/parser-state.js';
import type { OpAsmPrinter } from '../../core/syntax/printer.js';
import { StrAttr, SymbolNameAttr } from '../builtin/index.js';
import { SimplifyIndirectCallWithKnownCallee } from './canonicalization.js';
import {
  addArgAndResultAttrs,
  addFunctionTypeAttr,
  checkDuplicateEntryArgs,
  DictArrayAttr,
  FunctionTypeAttr,
  functionTypeOf,
  parseFunctionSignature,
  parseOptionalVisibility,
  printFunctionSignature,
  verifyFunctionAttrs,
} from './function-interface.js';

/** MLIR's FlatSymbolRefAttr: `@name` with no nested references. */
export const FlatSymbolRefAttr = attrConstraint('flat symbol reference attribute', (a: Attribute): a is SymbolRefAttr => a instanceof SymbolRefAttr && a.isFlat);

const isFunctionType = (t: Type) => t instanceof FunctionType;
const FunctionTypeConstraint = typeConstraint('function type', isFunctionType, undefined, isFunctionType);

// ------------------------------------------------------------------------------------ func.func

function printFuncOp(p: OpAsmPrinter, op: Operation): void {
  p.write(' ');
  const vis = op.getAttr('sym_visibility');
  if (vis instanceof StringAttr) p.write(vis.value + ' ');
  p.printSymbolName(symbolName(op) ?? '');
  const type = functionTypeOf(op);
  printFunctionSignature(p, op, type.inputs, type.results);
  p.printOptionalAttrDictWithKeyword(op, ['sym_name', 'sym_visibility', 'function_type', 'arg_attrs', 'res_attrs']);
  const body = op.regions[0];
  if (body && !body.empty) {
    p.write(' ');
    p.printRegion(body, false, true);
  }
}

function parseFuncOp(parser: Parser, state: ParseState): void {
  parseOptionalVisibility(parser, state);
  state.addAttribute('sym_name', StringAttr.get(parser.parseSymbolName()));
  const sig = parseFunctionSignature(parser);
  addFunctionTypeAttr(state, sig);
  const dictOffset = parser.offset;
  let parsed: NamedAttribute[] = [];
  if (parser.parseOptionalKeyword('attributes') !== undefined) parsed = parser.parseAttributeDict();
  for (const n of ['sym_visibility', 'sym_name', 'function_type']) {
    if (parsed.some((e) => e.name === n)) {
      throw parser.opError(`'${n}' is an inferred attribute and should not be specified in the explicit attribute dictionary`, dictOffset);
    }
  }
  for (const e of parsed) state.addAttribute(e.name, e.value);
  addArgAndResultAttrs(state, sig.args, sig.resultAttrs);
  const body = new Region();
  const bodyOffset = parser.offset;
  if (parser.peek(Tok.LBrace) && sig.named) checkDuplicateEntryArgs(parser, sig.args);
  if (parser.parseOptionalRegion(body, sig.named ? sig.args : [])) {
    if (body.empty) throw parser.opError(`expected non-empty function body`, bodyOffset);
  }
  state.regions.push(body);
}

/** FunctionOpInterface::verifyBody: entry block arguments match the signature. */
export function verifyEntryBlock(op: Operation, inputs: readonly Type[]): string | undefined {
  const body = op.regions[0];
  if (!body || body.empty) return undefined;
  const entry = body.entry!;
  if (entry.numArguments !== inputs.length) return `entry block must have ${inputs.length} arguments to match function signature`;
  for (let i = 0; i < inputs.length; i++) {
    const t = entry.arguments[i]!.type;
    if (t !== inputs[i]) return `type of entry block argument #${i}('${t}') must match the type of the corresponding argument in function signature('${inputs[i]}')`;
  }
  return undefined;
}

export const FuncOp = defineOp({
  name: 'func.func',
  summary: 'An operation with a name containing a single `SSACFG` region',
  attributes: {
    sym_name: required(SymbolNameAttr),
    function_type: required(FunctionTypeAttr),
    sym_visibility: optionalAttr(StrAttr),
    arg_attrs: optionalAttr(DictArrayAttr),
    res_attrs: optionalAttr(DictArrayAttr),
  },
  regions: { body: {} },
  traits: [AutomaticAllocationScope, IsolatedFromAbove, SymbolTrait],
  defaultDialect: 'func',
  print: printFuncOp,
  parse: parseFuncOp,
  verify(op) {
    const body = op.regions[0];
    const vis = op.getAttr('sym_visibility');
    if (body?.empty && !(vis instanceof StringAttr && vis.value !== 'public')) return 'symbol declaration cannot have public visibility';
    return verifyFunctionAttrs(op) ?? verifyEntryBlock(op, functionTypeOf(op).inputs);
  },
});

// ------------------------------------------------------------------------------------ func.return

export const ReturnOp = defineOp({
  name: 'func.return',
  summary: 'Function return operation',
  operands: { operands: variadic(AnyType) },
  traits: [Pure, HasParent('func.func'), ReturnLike, Terminator],
  assemblyFormat: 'attr-dict ($operands^ `:` type($operands))?',
  verify(op) {
    const fn = op.parentOp!;
    const results = functionTypeOf(fn).results;
    const name = symbolName(fn) ?? '';
    if (op.numOperands !== results.length) return `has ${op.numOperands} operands, but enclosing function (@${name}) returns ${results.length}`;
    for (let i = 0; i < results.length; i++) {
      const t = op.operands[i]!.type;
      if (t !== results[i]) {
        return new Diagnostic('error', op.loc, `type of return operand ${i} ('${t}') doesn't match function result type ('${results[i]}') in function @${name}`);
      }
    }
    return undefined;
  },
});

// ------------------------------------------------------------------------------------ func.call

function typeList(types: readonly Type[]): string {
  return types.map((t) => `'${t}'`).join(', ');
}

export const CallOp = defineOp({
  name: 'func.call',
  summary: 'call operation',
  operands: { operands: variadic(AnyType) },
  results: { results: variadic(AnyType) },
  attributes: { callee: required(FlatSymbolRefAttr) },
  traits: [MemoryEffects('read', 'write', 'allocate', 'free')],
  assemblyFormat: '$callee `(` $operands `)` attr-dict `:` functional-type($operands, results)',
  verifySymbolUses(op) {
    const callee = op.getAttr('callee') as SymbolRefAttr;
    const fn = lookupSymbol(op, callee);
    if (!fn || fn.name !== 'func.func') return `'${callee.root}' does not reference a valid function`;
    const type = functionTypeOf(fn);
    if (type.inputs.length !== op.numOperands) return 'incorrect number of operands for callee';
    for (let i = 0; i < type.inputs.length; i++) {
      const t = op.operands[i]!.type;
      if (t !== type.inputs[i]) return `operand type mismatch: expected operand type '${type.inputs[i]}', but provided '${t}' for operand number ${i}`;
    }
    if (type.results.length !== op.results.length) return 'incorrect number of results for callee';
    for (let i = 0; i < type.results.length; i++) {
      if (op.resultTypes[i] !== type.results[i]) {
        const d = new Diagnostic('error', op.loc, `'${op.name}' op result type mismatch at index ${i}`);
        d.attachNote(`      op result types: ${typeList(op.resultTypes)}`);
        d.attachNote(`function result types: ${typeList(type.results)}`);
        return d;
      }
    }
    return undefined;
  },
});

export const CallIndirectOp = defineOp({
  name: 'func.call_indirect',
  summary: 'indirect call operation',
  operands: { callee: FunctionTypeConstraint, callee_operands: variadic(AnyType) },
  results: { results: variadic(AnyType) },
  traits: [MemoryEffects('read', 'write', 'allocate', 'free')],
  canonicalize: [SimplifyIndirectCallWithKnownCallee],
  // MLIR's format `$callee `(` $callee_operands `)` attr-dict `:` type($callee)`, whose operand and
  // result types come from the callee's function type (TypesMatchWith), written out by hand.
  print(p: OpAsmPrinter, op: Operation) {
    p.write(' ');
    p.printOperand(op.operands[0]!);
    p.write('(');
    p.printOperands(op.operands.slice(1));
    p.write(')');
    p.printOptionalAttrDict(op);
    p.write(' : ');
    p.printType(op.operands[0]!.type);
  },
  parse(parser: Parser, state: ParseState) {
    const callee = parser.parseOperand();
    parser.expect(Tok.LParen, "'('");
    const argsOffset = parser.offset;
    const args = parser.parseOperandList();
    parser.expect(Tok.RParen, "')'");
    parser.parseOptionalAttrDict(state);
    parser.expect(Tok.Colon, "':'");
    const typeOffset = parser.offset;
    const type = parser.parseType();
    // type($callee) of a FunctionType operand: MLIR's parseCustomTypeWithFallback<FunctionType>.
    if (!(type instanceof FunctionType)) throw parser.opError('invalid kind of type specified', typeOffset);
    state.operands.push(parser.resolveOperand(callee, type));
    parser.resolveOperands(args, type.inputs, argsOffset, state.operands);
    state.types.push(...type.results);
  },
  verify(op) {
    const type = op.operands[0]!.type as FunctionType;
    const operands = op.operands.slice(1);
    if (type.inputs.length !== operands.length || type.inputs.some((t, i) => t !== operands[i]!.type)) {
      return 'failed to verify that callee input types match argument types';
    }
    if (type.results.length !== op.results.length || type.results.some((t, i) => t !== op.resultTypes[i])) {
      return 'failed to verify that callee result types match result types';
    }
    return undefined;
  },
});

export const ConstantOp = defineOp({
  name: 'func.constant',
  summary: 'constant',
  results: { result: AnyType },
  attributes: { value: required(FlatSymbolRefAttr) },
  traits: [ConstantLike, Pure],
  assemblyFormat: 'attr-dict $value `:` type(results)',
  resultNames: () => ['f'],
  verify(op) {
    const ref = op.getAttr('value') as SymbolRefAttr;
    const fn = lookupSymbol(op, ref);
    if (!fn || fn.name !== 'func.func') return `reference to undefined function '${ref.root}'`;
    if (functionTypeOf(fn) !== op.resultTypes[0]) return 'reference to function with mismatched type';
    return undefined;
  },
});
