/** One gpu.func kernel -> one WGSL module and its manifest entry. */
import type { IntegerAttr, StringAttr } from '../../core/ir/attributes.js';
import { DiagnosticError } from '../../core/ir/diagnostics.js';
import type { Operation } from '../../core/ir/operation.js';
import { MemRefType, RankedTensorType, VectorType } from '../../core/ir/types.js';
import type { BlockArgument, Value } from '../../core/ir/value.js';
import { functionTypeOf } from '../../dialects/func/function-interface.js';
import { stridesAndOffset } from '../../dialects/memref/types.js';
import { workgroupAttributionBytes } from '../../dialects/gpu/kernels.js';
import { failOp, KernelContext, type Builtin, type MemrefView, type OpEmitter } from './context.js';
import { arithEmitters } from './emit-arith.js';
import { BUILTIN_PARAMS, gpuEmitters } from './emit-gpu.js';
import { mathEmitters } from './emit-math.js';
import { checkLimits, WEBGPU_DEFAULT_LIMITS, type WgslLimits } from './limits.js';
import { arrayType, memorySpaceOf, memrefEmitters, shapedArrays, staticArrayView, vectorAccessedArrays } from './emit-memref.js';
import { scfEmitters } from './emit-scf.js';
import { vectorEmitters } from './emit-vector.js';
import { constIndex, mulIndex, namedIndex, type IndexExpr } from './index-expr.js';
import { lineLocations, locationText } from './line-locations.js';
import type { KernelManifest, StorageBinding } from './manifest.js';
import { NameAllocator } from './names.js';
import { memoryScalar, unsupportedElementReason, unsupportedTypeReason, usesF16 } from './types.js';
import { layoutUniforms, type UniformRequest } from './uniform-layout.js';
import { workgroupSizeOf } from './workgroup-size.js';

export interface EmittedKernel {
  manifest: KernelManifest;
  wgsl: string;
  /** Bytes of workgroup memory the kernel declares. */
  workgroupBytes: number;
}

const EMITTERS: ReadonlyMap<string, OpEmitter> = new Map(Object.entries({ ...arithEmitters, ...mathEmitters, ...scfEmitters, ...memrefEmitters, ...vectorEmitters, ...gpuEmitters }));

/** The op names the WGSL target emits. */
export const SUPPORTED_OPS: readonly string[] = [...EMITTERS.keys()].sort();

const BUILTIN_ORDER: readonly Builtin[] = ['global_invocation_id', 'local_invocation_id', 'workgroup_id', 'num_workgroups'];

function argFail(fn: Operation, arg: BlockArgument, message: string): never {
  const loc = arg.loc.fileLineCol() ? arg.loc : fn.loc;
  throw DiagnosticError.at(loc, `'gpu.func' op argument #${arg.index}: ${message}`);
}

/** Kernel arguments each memref value derives from (through subviews and casts), read and written. */
function accessOf(fn: Operation, memrefArgs: readonly Value[]): { reads: Set<Value>; writes: Set<Value> } {
  const root = new Map<Value, Value>(memrefArgs.map((a) => [a, a]));
  const reads = new Set<Value>();
  const writes = new Set<Value>();
  fn.walk((op) => {
    if (op.name === 'memref.subview' || op.name === 'memref.cast') {
      const r = root.get(op.operand(0));
      if (r) root.set(op.result, r);
    }
    const mark = (set: Set<Value>, i: number) => {
      const r = root.get(op.operand(i));
      if (r) set.add(r);
    };
    if (op.name === 'memref.load' || op.name === 'vector.load') mark(reads, 0);
    if (op.name === 'memref.store' || op.name === 'vector.store') mark(writes, 1);
  }, 'pre');
  return { reads, writes };
}

/** Row-major strides of an identity layout over `sizes`. */
function identityStrides(sizes: readonly IndexExpr[]): IndexExpr[] {
  const strides: IndexExpr[] = [];
  let running = constIndex(1);
  for (let d = sizes.length - 1; d >= 0; d--) {
    strides[d] = running;
    running = mulIndex(sizes[d]!, running);
  }
  return strides;
}

/** The first op of a kernel at tile level: a tile or async op, or one of tensor type. */
function firstTileLevelOp(fn: Operation): Operation | undefined {
  let found: Operation | undefined;
  fn.walk((op) => {
    if (!found && (op.dialect === 'tile' || op.dialect === 'async' || op.results.some((r) => r.type instanceof RankedTensorType))) found = op;
  });
  return found;
}

export function emitKernel(module: Operation, fn: Operation, entryPoint: string, limits: WgslLimits = WEBGPU_DEFAULT_LIMITS): EmittedKernel {
  const moduleName = (module.getAttr('sym_name') as StringAttr).value;
  const fnName = (fn.getAttr('sym_name') as StringAttr).value;
  const symbol = `@${moduleName}::@${fnName}`;
  const body = fn.region(0);
  if (body.blocks.length !== 1)
    throw DiagnosticError.at(body.blocks[1]?.first?.loc ?? fn.loc, `'gpu.func' op with more than one block (unstructured control flow) is not supported by the WGSL target`);
  const entry = body.entry!;
  const tileLevel = firstTileLevelOp(fn);
  if (tileLevel)
    failOp(
      tileLevel,
      `is at tile level, which the WGSL target does not print: lower the kernel to SIMT code first (tile-assign-layouts, convert-async-to-gpu, convert-tile-to-gpu; or -p @tile-wgsl instead of @tile-pipelined)`,
    );
  const inputs = functionTypeOf(fn).inputs;
  const numWorkgroup = (fn.getAttr('workgroup_attributions') as IntegerAttr | undefined)?.number ?? 0;
  const args = entry.arguments.slice(0, inputs.length);
  const workgroupSize = workgroupSizeOf(fn, module);

  const memrefArgs = args.filter((a) => a.type instanceof MemRefType);
  const { reads, writes } = accessOf(fn, memrefArgs);
  const racyStorage = [...writes].some((w) => reads.has(w));
  const names = new NameAllocator([entryPoint, 'params', 'Params', ...Object.values(BUILTIN_PARAMS)]);
  const vectorArrays = vectorAccessedArrays(fn);
  const cx = new KernelContext(fn, names, workgroupSize, EMITTERS, racyStorage, vectorArrays, shapedArrays(fn, vectorArrays));

  // Kernel arguments: storage buffers in argument order, scalars and dynamic sizes in the uniform struct.
  const bindings: StorageBinding[] = [];
  const uniformRequests: UniformRequest[] = [];
  const prologue: (() => void)[] = [];
  for (const arg of args) {
    const t = arg.type;
    const name = cx.name(arg);
    if (t instanceof MemRefType) {
      const why = unsupportedElementReason(t.elementType);
      if (why) argFail(fn, arg, why);
      if (memorySpaceOf(t) !== 'global') argFail(fn, arg, `memref in memory space '${t.memorySpace}' cannot be a WGSL storage buffer`);
      const identity = t.layout === undefined;
      const so = stridesAndOffset(t);
      if (!so || (!identity && (so.offset === null || so.strides.some((s) => s === null)))) {
        argFail(fn, arg, `layout of '${t}' is not supported by the WGSL target (dynamic or non-strided layouts of kernel arguments)`);
      }
      if (usesF16(t)) cx.enables.add('f16');
      const sizes = t.shape.map((d, dim) => {
        if (d >= 0) return constIndex(d);
        const field = `${name}_dim${dim}`;
        uniformRequests.push({ name: field, type: 'i32', source: { argIndex: arg.index, dim } });
        return namedIndex(`params.${field}`);
      });
      const lanes = cx.vectorArrays.has(arg) ? 4 : undefined;
      const view: MemrefView = {
        root: name,
        element: t.elementType,
        offset: constIndex(so.offset ?? 0),
        strides: identity ? [] : (so.strides as number[]).map(constIndex),
        sizes,
        ...(lanes ? { lanes } : {}),
      };
      prologue.push(() => {
        const strides = identity ? identityStrides(sizes).map((s, d) => cx.materialize(`${name}_stride${d}`, s)) : view.strides;
        cx.setView(arg, { ...view, strides });
      });
      bindings.push({
        binding: bindings.length,
        argIndex: arg.index,
        name,
        elementType: memoryScalar(t.elementType),
        access: writes.has(arg) ? 'read_write' : 'read',
        shape: t.shape.map((d) => (d >= 0 ? d : null)),
        ...(lanes ? { lanes } : {}),
      });
    } else {
      const why = unsupportedTypeReason(t);
      if (why) argFail(fn, arg, why);
      if (t instanceof VectorType) argFail(fn, arg, `vector kernel arguments are not supported by the WGSL target`);
      if (usesF16(t)) cx.enables.add('f16');
      const type = memoryScalar(t);
      uniformRequests.push({ name, type, source: { argIndex: arg.index } });
      prologue.push(() => cx.line(`let ${name} = ${type === 'u32' ? `params.${name} != 0u` : `params.${name}`};`));
    }
  }
  const uniforms = layoutUniforms(uniformRequests, bindings.length);
  const workgroupBytes = workgroupAttributionBytes(fn);
  checkLimits(fn, { workgroupSize, workgroupBytes, storageBuffers: bindings.length }, limits);

  // Workgroup and private attributions.
  entry.arguments.slice(inputs.length).forEach((arg, k) => {
    const t = arg.type as MemRefType;
    const name = cx.name(arg);
    const { view, length } = staticArrayView(cx, fn, name, t, cx.vectorArrays.has(arg), cx.shapedArrays.has(arg));
    cx.setView(arg, view);
    if (k < numWorkgroup) cx.workgroupVars.push(`var<workgroup> ${name}: ${arrayType(t, length, view)};`);
    else prologue.push(() => cx.line(`var ${name}: ${arrayType(t, length, view)};`));
  });

  for (const p of prologue) p();
  cx.emitBlock(entry);

  // Every binding must be statically used, or layout: 'auto' leaves it out of the bind group layout.
  const unused = bindings.filter((b) => !cx.usedGlobals.has(b.name)).map((b) => `  _ = &${b.name};`);
  if (uniforms && !/\bparams\./.test(cx.text)) unused.push('  _ = &params;');
  const enables = [...cx.enables].sort();
  const params = BUILTIN_ORDER.filter((b) => cx.builtins.has(b)).map((b) => `@builtin(${b}) ${BUILTIN_PARAMS[b]}: vec3<u32>`);
  const sections: string[] = [`// ${symbol}`];
  if (enables.length) sections.push(enables.map((e) => `enable ${e};`).join('\n'));
  if (uniforms) sections.push(`struct Params {\n${uniforms.fields.map((f) => `  ${f.name}: ${f.type},`).join('\n')}\n}`);
  const decls = bindings.map((b) => `@group(0) @binding(${b.binding}) var<storage, ${b.access}> ${b.name}: array<${b.lanes ? `vec${b.lanes}<${b.elementType}>` : b.elementType}>;`);
  if (uniforms) decls.push(`@group(0) @binding(${uniforms.binding}) var<uniform> params: Params;`);
  if (decls.length) sections.push(decls.join('\n'));
  if (cx.workgroupVars.length) sections.push(cx.workgroupVars.join('\n'));
  for (const name of [...cx.helpers.keys()].sort()) sections.push(cx.helpers.get(name)!);
  const bodyText = [...unused, cx.text].filter((s) => s !== '').join('\n');
  sections.push(`@compute @workgroup_size(${workgroupSize.join(', ')})\nfn ${entryPoint}(${params.join(', ')}) {\n${bodyText}${bodyText ? '\n' : ''}}`);

  const location = locationText(fn);
  const wgsl = sections.join('\n\n') + '\n';
  const lines = lineLocations(wgsl, entryPoint, [...unused.map(() => undefined), ...(cx.text ? cx.lineLocs : [])], cx.enableLocs, location);
  const manifest: KernelManifest = {
    symbol,
    entryPoint,
    shader: `${entryPoint}.wgsl`,
    workgroupSize,
    bindings,
    ...(uniforms ? { uniforms } : {}),
    enables,
    ...(cx.subgroupLanes ? { subgroupSize: cx.subgroupLanes } : {}),
    arguments: args.map((a) => ({ kind: a.type instanceof MemRefType ? ('memref' as const) : ('scalar' as const), type: a.type.toString() })),
    ...(location ? { location } : {}),
    ...(lines.length ? { lineLocations: lines } : {}),
  };
  return { manifest, wgsl, workgroupBytes };
}
