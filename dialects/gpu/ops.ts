import { ArrayAttr, type Attribute, DenseArrayAttr, DictionaryAttr, IntegerAttr, StringAttr, SymbolRefAttr, UnitAttr } from '../../core/ir/attributes.js';
import { Diagnostic } from '../../core/ir/diagnostics.js';
import { AnyType, attrConstraint, IndexAttr, optional, optionalAttr, required, typeConstraint, variadic } from '../../core/ir/constraints.js';
import { defineOp } from '../../core/ir/op-definition.js';
import type { Operation } from '../../core/ir/operation.js';
import { Region } from '../../core/ir/region.js';
import { lookupSymbol, symbolName } from '../../core/ir/symbol-table.js';
import {
  AllTypesMatch,
  AutomaticAllocationScope,
  HasParent,
  IsolatedFromAbove,
  MemoryEffects,
  Pure,
  ReturnLike,
  SingleBlockImplicitTerminator,
  Symbol as SymbolTrait,
  SymbolTable,
  Terminator,
} from '../../core/ir/traits.js';
import { FloatType, IndexType, IntegerType, MemRefType, type Type } from '../../core/ir/types.js';
import type { CustomDirective } from '../../core/syntax/assembly-format.js';
import { Tok, type Parser } from '../../core/syntax/parser.js';
import type { ParseState, RegionArgument, UnresolvedOperand } from '../../core/syntax/parser-state.js';
import type { OpAsmPrinter } from '../../core/syntax/printer.js';
import type { Value } from '../../core/ir/value.js';
import { StrAttr, SymbolNameAttr } from '../builtin/index.js';
import {
  addArgAndResultAttrs,
  addFunctionTypeAttr,
  checkDuplicateEntryArgs,
  DictArrayAttr,
  FunctionTypeAttr,
  functionTypeOf,
  parseFunctionSignature,
  printFunctionSignature,
  verifyFunctionAttrs,
} from '../func/function-interface.js';
import { EraseRedundantGpuBarrierOps } from './canonicalization.js';
import { isGpuTarget } from './binary.js';
import { AddressSpaceAttr, AsyncTokenType, DimensionAttr, parseDimensionKeyword, parseShuffleModeKeyword, ShuffleModeAttr, type AddressSpace } from './attributes.js';

import { I1, I32, I8MemRefOfRank1, Index } from '../../core/ir/constraints.js';
const LaunchIndx = typeConstraint('index or 32-bit signless integer or 64-bit signless integer', (t) => t instanceof IndexType || t === IntegerType.get(32) || t === IntegerType.get(64));
export const AsyncToken = typeConstraint('async token type', (t) => AsyncTokenType.isa(t), AsyncTokenType.get());

export const KERNEL_ATTR = 'gpu.kernel';
const CONTAINER_MODULE_ATTR = 'gpu.container_module';

// ------------------------------------------------------------------------------------ index ops

/** The enum printed bare in custom formats (`gpu.thread_id  x`: the enum's own printer adds a space). */
const DimensionConstraint = attrConstraint("a dimension, either 'x', 'y', or 'z'", (a: Attribute): a is DimensionAttr => a instanceof DimensionAttr, {
  formatPrint: (p: OpAsmPrinter, a: DimensionAttr) => p.write(' ' + a.value),
  formatParse: (parser: Parser) => parseDimensionKeyword(parser, true),
});

function indexOp<const N extends string>(mnemonic: N, summary: string) {
  const name = `gpu.${mnemonic}` as const;
  return defineOp({
    name,
    summary,
    attributes: { dimension: required(DimensionConstraint), upper_bound: optionalAttr(IndexAttr) },
    results: { result: Index },
    traits: [Pure],
    assemblyFormat: '$dimension (`upper_bound` $upper_bound^)? attr-dict',
    resultNames: (op) => [`${mnemonic}_${(op.getAttr('dimension') as DimensionAttr).value}`],
  });
}

export const ThreadIdOp = indexOp('thread_id', 'thread id along a dimension');
export const BlockIdOp = indexOp('block_id', 'block id along a dimension');
export const BlockDimOp = indexOp('block_dim', 'block size along a dimension');
export const GridDimOp = indexOp('grid_dim', 'grid size along a dimension');
export const GlobalIdOp = indexOp('global_id', 'global thread id along a dimension');

/** An index within or about the subgroup, bounded by an optional `upper_bound`; all but lane_id print their type. */
function subgroupOp<const N extends string>(mnemonic: N, summary: string, printType = true) {
  return defineOp({
    name: `gpu.${mnemonic}` as const,
    summary,
    attributes: { upper_bound: optionalAttr(IndexAttr) },
    results: { result: Index },
    traits: [Pure],
    assemblyFormat: `(\`upper_bound\` $upper_bound^)? attr-dict${printType ? ' `:` type($result)' : ''}`,
  });
}
export const LaneIdOp = subgroupOp('lane_id', 'lane id within the subgroup', false);
export const SubgroupIdOp = subgroupOp('subgroup_id', 'subgroup id within the workgroup');
export const NumSubgroupsOp = subgroupOp('num_subgroups', 'number of subgroups in a workgroup');
export const SubgroupSizeOp = subgroupOp('subgroup_size', 'number of threads in a subgroup');

const ShuffleModeConstraint = attrConstraint('allowed 32-bit signless integer cases: 0, 1, 2, 3', (a: Attribute): a is ShuffleModeAttr => a instanceof ShuffleModeAttr, {
  formatPrint: (p: OpAsmPrinter, a: ShuffleModeAttr) => p.write(' ' + a.value),
  formatParse: (parser: Parser) => parseShuffleModeKeyword(parser, true),
});
const ShuffleValue = typeConstraint(
  'i32, i64, f32 or f64',
  (t) => t === IntegerType.get(32) || t === IntegerType.get(64) || String(t) === 'f32' || String(t) === 'f64' || String(t) === 'f16',
);

/**
 * `%r, %valid = gpu.shuffle xor %v, %offset, %width : f32`: the value `%v` of another lane of the
 * subgroup (xor: lane ^ offset; up: lane - offset; down: lane + offset; idx: lane offset), lanes
 * taken in segments of `width`; `%valid` is false (and %r this lane's value) when that lane lies
 * outside the segment.
 */
export const ShuffleOp = defineOp({
  name: 'gpu.shuffle',
  summary: 'Shuffles values within a subgroup.',
  operands: { value: ShuffleValue, offset: I32, width: I32 },
  results: { shuffleResult: ShuffleValue, valid: I1 },
  attributes: { mode: required(ShuffleModeConstraint) },
  traits: [Pure, AllTypesMatch('value', 'shuffleResult')],
  assemblyFormat: '$mode $value `,` $offset `,` $width attr-dict `:` type($value)',
  inferResultTypes: (operands) => [operands[0]!.type, IntegerType.get(1)],
  resultNames: () => ['shuffleResult', 'valid'],
});

export const BarrierOp = defineOp({
  name: 'gpu.barrier',
  summary: 'Synchronizes all work items of a workgroup.',
  assemblyFormat: 'attr-dict',
  canonicalize: [EraseRedundantGpuBarrierOps],
});

// ------------------------------------------------------------------------------------ gpu.dynamic_shared_memory

/**
 * `%0 = gpu.dynamic_shared_memory : memref<?xi8, #gpu.address_space<workgroup>>`: the dynamic
 * workgroup memory of a launch (its `dynamic_shared_memory_size` bytes), as bytes. MLIR 19 checks
 * neither the enclosing symbol table nor integer memory spaces (3 is refused).
 */
export const DynamicSharedMemoryOp = defineOp({
  name: 'gpu.dynamic_shared_memory',
  summary: 'Get the memref for dynamic shared memory',
  results: { resultMemref: I8MemRefOfRank1 },
  traits: [Pure],
  assemblyFormat: 'attr-dict `:` type($resultMemref)',
  verify(op) {
    const type = op.resultTypes[0] as MemRefType;
    const ms = type.memorySpace;
    if (!(ms instanceof AddressSpaceAttr && ms.value === 'workgroup')) return 'address space must be address_space<workgroup>';
    if (type.shape.every((d) => d >= 0)) return 'result memref type must be memref<?xi8, #gpu.address_space<workgroup>>';
    return undefined;
  },
});

// ------------------------------------------------------------------------------------ gpu.printf

const PrintfArg = typeConstraint('integer or index or floating-point', (t) => t instanceof IntegerType || t instanceof IndexType || t instanceof FloatType);

/** `gpu.printf "%d %f" %a, %b : i32, f32`: a formatted print from device code (MLIR 19; not executed here). */
export const PrintfOp = defineOp({
  name: 'gpu.printf',
  summary: 'Device-side printf, as in CUDA or OpenCL, for debugging',
  operands: { args: variadic(PrintfArg) },
  attributes: { format: required(StrAttr) },
  traits: [MemoryEffects('write')],
  assemblyFormat: '$format attr-dict ($args^ `:` type($args))?',
});

// ------------------------------------------------------------------------------------ gpu.module

const TARGETS_DESCRIPTION = 'array of GPU target attributes with at least 1 elements';
/**
 * Any array here; its elements and size are checked by the verifier (as MLIR, whose custom form
 * parses any array attribute and whose verifier refuses `[]` and non-targets).
 */
const TargetArrayAttr = attrConstraint(TARGETS_DESCRIPTION, (a: Attribute): a is ArrayAttr => a instanceof ArrayAttr, {
  formatStartsHere: (parser: Parser) => parser.peek(Tok.LSquare),
});

/**
 * gpu.module's body: MLIR's GPUModuleOp::print leaves out the gpu.module_end terminator even where
 * it has attributes (a declarative format would show it then).
 */
const ModuleBody: CustomDirective = {
  print(p, _op, [body]) {
    p.printRegion(body as Region, false, false);
  },
  parse(parser) {
    const body = new Region();
    parser.parseRegion(body, undefined);
    return [body];
  },
};

const ModuleOffloadingHandler = attrConstraint('any attribute', (a: Attribute): a is Attribute => a !== undefined, {
  formatPrint: (p: OpAsmPrinter, a: Attribute) => p.printAttribute(a),
  formatParse: (parser: Parser) => parser.parseAttribute(),
});

export const GPUModuleOp = defineOp({
  name: 'gpu.module',
  summary: 'A top level compilation unit containing code to be run on a GPU.',
  attributes: { sym_name: required(SymbolNameAttr), targets: optionalAttr(TargetArrayAttr), offloadingHandler: optionalAttr(ModuleOffloadingHandler) },
  regions: { bodyRegion: {} },
  traits: [IsolatedFromAbove, SymbolTable, SymbolTrait, SingleBlockImplicitTerminator('gpu.module_end')],
  // MLIR's GPUModuleOp::print writes ` <handler>`, the handler in full (`#gpu.select_object<0 : i64>`).
  assemblyFormat: '$sym_name (` ` `<` $offloadingHandler^ `>`)? ($targets^ ` `)? attr-dict-with-keyword custom<ModuleBody>($bodyRegion)',
  customDirectives: { ModuleBody },
  verify(op) {
    const targets = op.getAttr('targets');
    if (targets instanceof ArrayAttr && (targets.elements.length === 0 || !targets.elements.every(isGpuTarget))) {
      return `attribute 'targets' failed to satisfy constraint: ${TARGETS_DESCRIPTION}`;
    }
    return undefined;
  },
});

export const ModuleEndOp = defineOp({
  name: 'gpu.module_end',
  summary: 'A pseudo op that marks the end of a gpu.module.',
  traits: [Terminator, HasParent('gpu.module'), Pure],
  assemblyFormat: 'attr-dict',
});

// ------------------------------------------------------------------------------------ gpu.func

const KnownSizeAttr = attrConstraint(
  'i32 dense array attribute with 3 elements (if present)',
  (a: Attribute): a is DenseArrayAttr => a instanceof DenseArrayAttr && a.elementType === IntegerType.get(32) && a.values.length === 3,
);

function numWorkgroupAttributions(op: Operation): number {
  const a = op.getAttr('workgroup_attributions');
  return a instanceof IntegerAttr ? a.number : 0;
}

function printAttributions(p: OpAsmPrinter, keyword: string, op: Operation, start: number, end: number, attrs: Attribute | undefined): void {
  if (end <= start) return;
  const args = op.regions[0]!.entry!.arguments.slice(start, end);
  p.write(` ${keyword}(`);
  args.forEach((a, i) => {
    if (i) p.write(', ');
    p.printOperand(a);
    p.write(' : ');
    p.printType(a.type);
    const d = attrs instanceof ArrayAttr ? attrs.elements[i] : undefined;
    if (d instanceof DictionaryAttr) p.printAttrEntries(d.entries);
  });
  p.write(')');
}

function printGPUFuncOp(p: OpAsmPrinter, op: Operation): void {
  p.write(' ');
  p.printSymbolName(symbolName(op) ?? '');
  const type = functionTypeOf(op);
  printFunctionSignature(p, op, type.inputs, type.results);
  const entry = op.regions[0]?.entry;
  if (entry) {
    const nIn = type.inputs.length;
    const nWg = numWorkgroupAttributions(op);
    printAttributions(p, 'workgroup', op, nIn, nIn + nWg, op.getAttr('workgroup_attrib_attrs'));
    printAttributions(p, 'private', op, nIn + nWg, entry.numArguments, op.getAttr('private_attrib_attrs'));
  }
  if (op.getAttr(KERNEL_ATTR) instanceof UnitAttr) p.write(' kernel');
  p.printOptionalAttrDictWithKeyword(op, ['sym_name', 'workgroup_attributions', KERNEL_ATTR, 'function_type', 'arg_attrs', 'res_attrs', 'workgroup_attrib_attrs', 'private_attrib_attrs']);
  p.write(' ');
  p.printRegion(op.regions[0]!, false);
}

/** `workgroup(%a : type {attrs}, ...)`; returns the attribution attributes array if any is non-empty. */
function parseAttributions(parser: Parser, keyword: string, args: RegionArgument[]): ArrayAttr | undefined {
  if (parser.parseOptionalKeyword(keyword) === undefined) return undefined;
  const parsed: RegionArgument[] = [];
  // MLIR's parseArgumentList(Delimiter::Paren, allowType, allowAttrs).
  parser.parseCommaSeparated(Tok.LParen, Tok.RParen, () => parsed.push(parser.parseArgument(true, true)), ' in argument list');
  args.push(...parsed);
  const dicts = parsed.map((a) => (a.attrs instanceof DictionaryAttr ? a.attrs : DictionaryAttr.empty()));
  return dicts.some((d) => d.size > 0) ? ArrayAttr.get(dicts) : undefined;
}

function parseGPUFuncOp(parser: Parser, state: ParseState): void {
  state.addAttribute('sym_name', StringAttr.get(parser.parseSymbolName()));
  const sigOffset = parser.offset;
  const sig = parseFunctionSignature(parser);
  if (sig.args.length && !sig.named) throw parser.opError(`gpu.func requires named arguments`, sigOffset);
  addFunctionTypeAttr(state, sig);
  addArgAndResultAttrs(state, sig.args, sig.resultAttrs);
  const entryArgs = [...sig.args];
  const wg = parseAttributions(parser, 'workgroup', entryArgs);
  state.addAttribute('workgroup_attributions', IntegerAttr.get(IntegerType.get(64), entryArgs.length - sig.args.length));
  if (wg) state.addAttribute('workgroup_attrib_attrs', wg);
  const priv = parseAttributions(parser, 'private', entryArgs);
  if (priv) state.addAttribute('private_attrib_attrs', priv);
  if (parser.parseOptionalKeyword('kernel') !== undefined) state.addAttribute(KERNEL_ATTR, UnitAttr.get());
  parser.parseOptionalAttrDictWithKeyword(state);
  const body = new Region();
  if (parser.peek(Tok.LBrace)) checkDuplicateEntryArgs(parser, entryArgs);
  parser.parseRegion(body, entryArgs);
  state.regions.push(body);
}

function verifyAttributions(op: Operation, start: number, end: number, space: AddressSpace): string | undefined {
  const args = op.regions[0]!.entry!.arguments;
  for (let i = start; i < end; i++) {
    const t = args[i]!.type;
    if (!(t instanceof MemRefType)) return 'expected memref type in attribution';
    const ms = t.memorySpace;
    if (!(ms instanceof AddressSpaceAttr)) continue;
    if (ms.value !== space) return `expected memory space ${space} in attribution`;
  }
  return undefined;
}

export const GPUFuncOp = defineOp({
  name: 'gpu.func',
  summary: 'Function executable on a GPU',
  attributes: {
    function_type: required(FunctionTypeAttr),
    arg_attrs: optionalAttr(DictArrayAttr),
    res_attrs: optionalAttr(DictArrayAttr),
    workgroup_attrib_attrs: optionalAttr(DictArrayAttr),
    private_attrib_attrs: optionalAttr(DictArrayAttr),
    known_block_size: optionalAttr(KnownSizeAttr),
    known_grid_size: optionalAttr(KnownSizeAttr),
  },
  regions: { body: {} },
  traits: [HasParent('gpu.module'), AutomaticAllocationScope, IsolatedFromAbove, SymbolTrait],
  print: printGPUFuncOp,
  parse: parseGPUFuncOp,
  verify(op) {
    const type = functionTypeOf(op);
    const attrs = verifyFunctionAttrs(op);
    if (attrs) return attrs;
    if (op.getAttr(KERNEL_ATTR) instanceof UnitAttr && type.results.length !== 0) return 'expected void return type for kernel function';
    const body = op.regions[0]!;
    if (body.empty) return 'expected body with at least one block';
    const nIn = type.inputs.length;
    const nWg = numWorkgroupAttributions(op);
    const entry = body.entry!;
    if (entry.numArguments < nIn + nWg) return `expected at least ${nIn + nWg} arguments to body region`;
    for (let i = 0; i < nIn; i++) {
      const t = entry.arguments[i]!.type;
      if (t !== type.inputs[i]) return `expected body region argument #${i} to be of type '${type.inputs[i]}', got '${t}'`;
    }
    return verifyAttributions(op, nIn, nIn + nWg, 'workgroup') ?? verifyAttributions(op, nIn + nWg, entry.numArguments, 'private');
  },
});

export const ReturnOp = defineOp({
  name: 'gpu.return',
  summary: 'Terminator for GPU functions.',
  operands: { operands: variadic(AnyType) },
  traits: [HasParent('gpu.func'), Pure, ReturnLike, Terminator],
  assemblyFormat: 'attr-dict ($operands^ `:` type($operands))?',
  verify(op) {
    const fn = op.parentOp!;
    const results = functionTypeOf(fn).results;
    if (results.length !== op.numOperands) {
      const d = new Diagnostic('error', op.loc, `'${op.name}' op expected ${results.length} result operands`);
      d.attachNote('return type declared here', fn.loc);
      return d;
    }
    for (let i = 0; i < results.length; i++) {
      const t = op.operands[i]!.type;
      if (t !== results[i]) return `unexpected type \`'${t}'' for operand #${i}`;
    }
    return undefined;
  },
});

// ------------------------------------------------------------------------------------ gpu.launch_func

const LAUNCH_GROUPS = [
  'asyncDependencies',
  'gridSizeX',
  'gridSizeY',
  'gridSizeZ',
  'blockSizeX',
  'blockSizeY',
  'blockSizeZ',
  'clusterSizeX',
  'clusterSizeY',
  'clusterSizeZ',
  'dynamicSharedMemorySize',
  'kernelOperands',
  'asyncObject',
] as const;

function launchSegments(op: Operation): number[] {
  const seg = op.properties.get('operandSegmentSizes');
  return seg instanceof DenseArrayAttr ? seg.numbers : LAUNCH_GROUPS.map(() => 0);
}

function launchGroup(op: Operation, name: (typeof LAUNCH_GROUPS)[number]): readonly import('../../core/ir/value.js').Value[] {
  const sizes = launchSegments(op);
  const i = LAUNCH_GROUPS.indexOf(name);
  let start = 0;
  for (let k = 0; k < i; k++) start += sizes[k] ?? 0;
  return op.operands.slice(start, start + (sizes[i] ?? 0));
}

/**
 * MLIR's format, printed by hand (its custom directives and `ref()` are beyond the format engine):
 *   custom<AsyncDependencies>(type($asyncToken), $asyncDependencies)
 *   (`<` $asyncObject^ `:` type($asyncObject) `>`)? $kernel
 *   (`clusters` `in` ` ` `(` $clusterSizeX^ `,` $clusterSizeY `,` $clusterSizeZ `)`)?
 *   `blocks` `in` ` ` `(` $gridSizeX `,` $gridSizeY `,` $gridSizeZ `)`
 *   `threads` `in` ` ` `(` $blockSizeX `,` $blockSizeY `,` $blockSizeZ `)`
 *   custom<LaunchDimType>(type($gridSizeX), ref($clusterSizeX), ...)
 *   (`dynamic_shared_memory_size` $dynamicSharedMemorySize^)?
 *   custom<LaunchFuncOperands>($kernelOperands, type($kernelOperands)) attr-dict
 */
function printLaunchFuncOp(p: OpAsmPrinter, op: Operation): void {
  const g = (n: (typeof LAUNCH_GROUPS)[number]) => launchGroup(op, n);
  p.write(' ');
  const async = op.results.length > 0;
  const deps = g('asyncDependencies');
  if (async) p.write('async');
  if (deps.length) {
    if (async) p.write(' ');
    p.write('[');
    p.printOperands(deps);
    p.write(']');
  }
  const obj = g('asyncObject');
  if (obj.length) {
    // The format's `<` follows the custom directive without a space (OpFormatGen's spacing rules).
    p.write('<');
    p.printOperand(obj[0]!);
    p.write(' : ');
    p.printType(obj[0]!.type);
    p.write('>');
  }
  p.write(' ');
  p.printAttribute(op.properties.get('kernel')!);
  const triple = (vs: readonly import('../../core/ir/value.js').Value[]) => {
    p.write('(');
    p.printOperands(vs);
    p.write(')');
  };
  const cluster = [...g('clusterSizeX'), ...g('clusterSizeY'), ...g('clusterSizeZ')];
  if (g('clusterSizeX').length) {
    p.write(' clusters in ');
    triple(cluster);
  }
  p.write(' blocks in ');
  triple([...g('gridSizeX'), ...g('gridSizeY'), ...g('gridSizeZ')]);
  p.write(' threads in ');
  triple([...g('blockSizeX'), ...g('blockSizeY'), ...g('blockSizeZ')]);
  p.write(' ');
  const dimType = g('gridSizeX')[0]!.type;
  if (!(dimType instanceof IndexType)) {
    p.write(': ');
    p.printType(dimType);
  }
  const smem = g('dynamicSharedMemorySize');
  if (smem.length) {
    p.write(' dynamic_shared_memory_size ');
    p.printOperand(smem[0]!);
  }
  p.write(' ');
  const args = g('kernelOperands');
  if (args.length) {
    p.write('args');
    printTypedOperandList(p, args);
  }
  p.printOptionalAttrDict(op, ['kernel', 'operandSegmentSizes']);
}

/** `(%a : t, %b : u)`: gpu.launch_func's args and gpu.launch's attributions. */
export function printTypedOperandList(p: OpAsmPrinter, args: readonly Value[]): void {
  p.write('(');
  args.forEach((a, i) => {
    if (i) p.write(', ');
    p.printOperand(a);
    p.write(' : ');
    p.printType(a.type);
  });
  p.write(')');
}

function parseLaunchFuncOp(parser: Parser, state: ParseState): void {
  const asyncOffset = parser.offset;
  const isAsync = parser.parseOptionalKeyword('async') !== undefined;
  if (isAsync && state.numResults === 0) throw parser.opError(`needs to be named when marked 'async'`, asyncOffset);
  const deps: UnresolvedOperand[] = [];
  const depsOffset = parser.offset;
  if (parser.consumeIf(Tok.LSquare)) {
    if (!parser.consumeIf(Tok.RSquare)) parser.parseCommaSeparated(undefined, Tok.RSquare, () => deps.push(parser.parseOperand()));
  }
  let asyncObject: { u: UnresolvedOperand; type: Type } | undefined;
  if (parser.consumeIf(Tok.Less)) {
    const u = parser.parseOperand();
    parser.expect(Tok.Colon, "':'");
    const type = parser.parseType();
    parser.expect(Tok.Greater, "'>'");
    asyncObject = { u, type };
  }
  const kernelOffset = parser.offset;
  if (!parser.peek(Tok.AtId)) throw parser.opError(`invalid kind of attribute specified`, kernelOffset);
  state.properties.set('kernel', parser.parseSymbolRef());
  const triple = (): UnresolvedOperand[] => {
    parser.expect(Tok.LParen, "'('");
    const a = parser.parseOperand();
    parser.expect(Tok.Comma, "','");
    const b = parser.parseOperand();
    parser.expect(Tok.Comma, "','");
    const c = parser.parseOperand();
    parser.expect(Tok.RParen, "')'");
    return [a, b, c];
  };
  let cluster: UnresolvedOperand[] = [];
  if (parser.parseOptionalKeyword('clusters') !== undefined) {
    parser.parseKeyword('in');
    cluster = triple();
  }
  parser.parseKeyword('blocks');
  parser.parseKeyword('in');
  const grid = triple();
  parser.parseKeyword('threads');
  parser.parseKeyword('in');
  const block = triple();
  let dimType: Type = IndexType.get();
  if (parser.consumeIf(Tok.Colon)) dimType = parser.parseType();
  let smem: UnresolvedOperand | undefined;
  if (parser.parseOptionalKeyword('dynamic_shared_memory_size') !== undefined) smem = parser.parseOperand();
  const args: { u: UnresolvedOperand; type: Type }[] = [];
  if (parser.parseOptionalKeyword('args') !== undefined) {
    // MLIR's parseLaunchFuncOperands: operands (result numbers allowed), each with its type.
    parser.parseCommaSeparated(
      Tok.LParen,
      Tok.RParen,
      () => {
        const u = parser.parseOperand();
        parser.expect(Tok.Colon, "':'");
        args.push({ u, type: parser.parseType() });
      },
      ' in argument list',
    );
  }
  parser.parseOptionalAttrDict(state);
  const ops = state.operands;
  parser.resolveOperands(
    deps,
    deps.map(() => AsyncTokenType.get()),
    depsOffset,
    ops,
  );
  for (const u of [...grid, ...block, ...cluster]) ops.push(parser.resolveOperand(u, dimType));
  if (smem) ops.push(parser.resolveOperand(smem, IntegerType.get(32)));
  for (const a of args) ops.push(parser.resolveOperand(a.u, a.type));
  if (asyncObject) ops.push(parser.resolveOperand(asyncObject.u, asyncObject.type));
  const c = cluster.length ? 1 : 0;
  state.properties.set('operandSegmentSizes', DenseArrayAttr.get(IntegerType.get(32), [deps.length, 1, 1, 1, 1, 1, 1, c, c, c, smem ? 1 : 0, args.length, asyncObject ? 1 : 0].map(BigInt)));
  if (isAsync) state.types.push(AsyncTokenType.get());
}

export const LaunchFuncOp = defineOp({
  name: 'gpu.launch_func',
  summary: 'Launches a function as a GPU kernel',
  operands: {
    asyncDependencies: variadic(AsyncToken),
    gridSizeX: LaunchIndx,
    gridSizeY: LaunchIndx,
    gridSizeZ: LaunchIndx,
    blockSizeX: LaunchIndx,
    blockSizeY: LaunchIndx,
    blockSizeZ: LaunchIndx,
    clusterSizeX: optional(LaunchIndx),
    clusterSizeY: optional(LaunchIndx),
    clusterSizeZ: optional(LaunchIndx),
    dynamicSharedMemorySize: optional(I32),
    kernelOperands: variadic(AnyType),
    asyncObject: optional(AnyType),
  },
  results: { asyncToken: optional(AsyncToken) },
  attributes: { kernel: required(attrConstraint('symbol reference attribute', (a: Attribute): a is SymbolRefAttr => a instanceof SymbolRefAttr)) },
  print: printLaunchFuncOp,
  parse: parseLaunchFuncOp,
  verify(op) {
    const module = op.parentOfType((o) => o.name === 'builtin.module');
    if (!module) return 'expected to belong to a module';
    if (!(module.getAttr(CONTAINER_MODULE_ATTR) instanceof UnitAttr)) {
      return `expected the closest surrounding module to have the '${CONTAINER_MODULE_ATTR}' attribute`;
    }
    const cx = launchGroup(op, 'clusterSizeX');
    if (cx.length) {
      const t = cx[0]!.type;
      if (launchGroup(op, 'clusterSizeY')[0]?.type !== t || launchGroup(op, 'clusterSizeZ')[0]?.type !== t) {
        return 'expects types of the cluster dimensions must be the same';
      }
    }
    // MLIR checks the kernel reference in GPUDialect::verifyOperationAttribute for
    // `gpu.container_module`, for launches in ops directly inside that module.
    if (op.parentOp?.parentOp !== module) return undefined;
    return verifyKernelReference(op, module);
  },
});

function verifyKernelReference(op: Operation, module: Operation): string | Diagnostic | undefined {
  const kernel = op.properties.get('kernel') as SymbolRefAttr;
  const container = lookupSymbol(module, SymbolRefAttr.get(kernel.root));
  if (!container) return `kernel container '${kernel.root}' is undefined`;
  if (container.name === 'gpu.binary') return undefined;
  if (container.name !== 'gpu.module') return `kernel module '${kernel.root}' is undefined`;
  const fn = lookupSymbol(module, kernel);
  if (!fn) return `kernel function '${kernel}' is undefined`;
  if (!fn.getAttr('function_type')) {
    const d = new Diagnostic('error', op.loc, `'${op.name}' op referenced kernel '${kernel}' is not a function`);
    d.attachNote('see the kernel definition here', fn.loc);
    return d;
  }
  if (!(fn.getAttr(KERNEL_ATTR) instanceof UnitAttr)) return `kernel function is missing the '${KERNEL_ATTR}' attribute`;
  if (fn.name !== 'gpu.func') return undefined;
  const args = launchGroup(op, 'kernelOperands');
  const type = functionTypeOf(fn);
  const expected = type.inputs.length;
  if (expected !== args.length) return `got ${args.length} kernel operands but expected ${expected}`;
  for (let i = 0; i < expected; i++) {
    if (args[i]!.type !== type.inputs[i]) return `type of function argument ${i} does not match`;
  }
  return undefined;
}
