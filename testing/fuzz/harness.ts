/**
 * Runs a pipeline on program text as tile-opt does (parse, verify, passes with the verifier after
 * each) and says how it ended: compiled, refused (a configuration the compiler legitimately
 * refuses: `tile-sizes=...:` or the workgroup memory limit), bad input (a located diagnostic
 * before or during the passes), invalid IR after a pass, or an exception (a crash). Also runs a
 * function of a module in the interpreter on given arguments.
 */
import type { Context } from '../../core/ir/dialect.js';
import { type Diagnostic, DiagnosticError } from '../../core/ir/diagnostics.js';
import { UnknownLoc } from '../../core/ir/location.js';
import type { Operation } from '../../core/ir/operation.js';
import { MemRefType, type Type } from '../../core/ir/types.js';
import { verify } from '../../core/ir/verifier.js';
import { Interpreter, type KernelLauncher } from '../../core/interpret/engine.js';
import { Buffer, MemRef, rowMajorStrides, type RtValue } from '../../core/interpret/values.js';
import { runPassManager } from '../../core/pass/pass-manager.js';
import { PipelineBuilder } from '../../core/pass/pipeline-builder.js';
import { SourceFile } from '../../core/syntax/source.js';
import { parseModuleSource } from '../../dialects/builtin/parse-module.js';
import { createContext } from '../../dialects/registry.js';
import { createSemantics } from '../../dialects/semantics.js';
import { PassRegistry } from '../../core/pass/registry.js';
import { builtinPasses } from '../../passes/registry.js';
import { pipelinesDir } from '../repo-paths.js';
import { isRefusal } from '../tile-options.js';

/** The built-in passes and the shipped pipelines (what tile-opt offers without plugins). */
function tilePassRegistry(): PassRegistry {
  const registry = new PassRegistry(builtinPasses);
  registry.pipelineDirs.push(pipelinesDir());
  return registry;
}

export type Outcome =
  | { readonly kind: 'ok'; readonly module: Operation }
  /** The configuration is refused in option terms (tile sizes the lowering cannot lay out, workgroup memory). */
  | { readonly kind: 'refused'; readonly message: string }
  /** A located error: the input (or its options) is wrong in another way. */
  | { readonly kind: 'diagnostic'; readonly message: string; readonly phase: 'input' | 'pipeline' }
  /** A pass left IR the verifier rejects. */
  | { readonly kind: 'invalid-after-pass'; readonly message: string }
  /** An error without a location, or a thrown exception: an internal error. */
  | { readonly kind: 'crash'; readonly message: string };

let shared: { context: Context; builder: PipelineBuilder; semantics: ReturnType<typeof createSemantics> } | undefined;
function setup() {
  if (!shared) {
    const context = createContext();
    shared = { context, builder: new PipelineBuilder(tilePassRegistry()), semantics: createSemantics() };
  }
  return shared;
}

const located = (d: Diagnostic): boolean => !(d.loc instanceof UnknownLoc);
const render = (d: Diagnostic): string => [`${String(d.loc)}: ${d.severity}: ${d.message}`, ...d.notes.map((n) => `  ${String(n.loc)}: note: ${n.message}`)].join('\n');

/** Parses `text` into a module and verifies it; a DiagnosticError for bad input. */
export function parseProgram(text: string, name = 'input.mlir'): Operation {
  const { context } = setup();
  const module = parseModuleSource(new SourceFile(name, text), context);
  const err = verify(module, context);
  if (err) throw new DiagnosticError(err);
  return module;
}

/** Runs `pipeline` on `text` and classifies the result (see Outcome). */
export function runPipeline(text: string, pipeline: string): Outcome {
  const { context, builder } = setup();
  let module: Operation;
  try {
    module = parseProgram(text);
  } catch (e) {
    if (e instanceof DiagnosticError)
      return located(e.diagnostic) ? { kind: 'diagnostic', message: render(e.diagnostic), phase: 'input' } : { kind: 'crash', message: `unlocated: ${render(e.diagnostic)}` };
    if (e instanceof RangeError && /call stack/.test(e.message)) return { kind: 'diagnostic', message: 'nested too deeply', phase: 'input' };
    return { kind: 'crash', message: `while parsing: ${e instanceof Error ? (e.stack ?? e.message) : String(e)}` };
  }
  const diagnostics: Diagnostic[] = [];
  let ok: boolean;
  try {
    ok = runPassManager(builder.parse(pipeline), module, { context, onDiagnostic: (d) => diagnostics.push(d) });
  } catch (e) {
    if (e instanceof DiagnosticError) diagnostics.push(e.diagnostic);
    else return { kind: 'crash', message: e instanceof Error ? (e.stack ?? e.message) : String(e) };
    ok = false;
  }
  const message = diagnostics.map(render).join('\n');
  if (diagnostics.some((d) => d.notes.some((n) => /the IR is invalid after pass/.test(n.message)))) return { kind: 'invalid-after-pass', message };
  if (ok) {
    const err = verify(module, context);
    if (err) return { kind: 'invalid-after-pass', message: `after the pipeline: ${render(err)}` };
    return { kind: 'ok', module };
  }
  const errors = diagnostics.filter((d) => d.severity === 'error');
  if (errors.length === 0) return { kind: 'crash', message: `failed without an error: ${message}` };
  if (!errors.every(located)) return { kind: 'crash', message: `unlocated: ${message}` };
  // A pass that throws is reported as a located error 'pass 'x' failed with an internal error: ...'.
  if (errors.some((d) => /failed with an internal error/.test(d.message))) return { kind: 'crash', message };
  if (errors.every((d) => isRefusal(d.message))) return { kind: 'refused', message };
  return { kind: 'diagnostic', message, phase: 'pipeline' };
}

/** An argument of a function run: a memref (shape + row-major data) or a scalar. */
export type Argument = { readonly shape: readonly number[]; readonly data: Float32Array | Int32Array } | number;

/** An interpreter call of `entry` of `module` on `args`, and how to read the memref arguments back. */
function prepareCall(module: Operation, entry: string, args: readonly Argument[], options: { subgroupSize?: number; kernelLauncher?: KernelLauncher }) {
  const interp = new Interpreter(module, { semantics: setup().semantics, ...options });
  const fn = interp.lookupFunction(entry);
  if (!fn) throw new Error(`no function @${entry}`);
  const params = fn.region(0).entry!.arguments;
  const memrefs: (MemRef | undefined)[] = [];
  const values: RtValue[] = args.map((arg, i) => {
    const type: Type = params[i]!.type;
    if (typeof arg === 'number') {
      memrefs.push(undefined);
      return arg;
    }
    const mt = type as MemRefType;
    if (!(mt instanceof MemRefType)) throw new Error(`argument #${i} is not a memref`);
    const b = Buffer.allocate(mt.elementType, arg.data.length, undefined, `argument #${i}`);
    (b.data as Float32Array | Int32Array).set(arg.data);
    const m = new MemRef(mt, b, 0, [...arg.shape], rowMajorStrides([...arg.shape]));
    memrefs.push(m);
    return m;
  });
  const contents = () => memrefs.map((m) => (m ? (m.buffer.data instanceof Int32Array ? Int32Array.from(m.buffer.data) : Float32Array.from(m.buffer.data as ArrayLike<number>)) : undefined));
  return { interp, fn, values, contents };
}

/**
 * Runs `entry` of `module` in the interpreter (its kernels' subgroups of `subgroupSize` lanes, the
 * size they were compiled for); returns the memref arguments' contents after (scalars: undefined).
 */
export function runFunction(module: Operation, entry: string, args: readonly Argument[], subgroupSize?: number): (Float32Array | Int32Array | undefined)[] {
  const call = prepareCall(module, entry, args, { subgroupSize });
  call.interp.run(call.fn, call.values);
  return call.contents();
}

/** runFunction with its kernels launched by `kernelLauncher` (e.g. on WebGPU). */
export async function runFunctionWith(module: Operation, entry: string, args: readonly Argument[], kernelLauncher: KernelLauncher): Promise<(Float32Array | Int32Array | undefined)[]> {
  const call = prepareCall(module, entry, args, { kernelLauncher });
  await call.interp.runAsync(call.fn, call.values);
  return call.contents();
}
