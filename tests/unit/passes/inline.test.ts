import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { CallSiteLoc } from '../../../core/ir/location.js';
import type { Operation } from '../../../core/ir/operation.js';
import type { PassContext } from '../../../core/pass/pass.js';
import { runPassOn } from '../../../core/pass/run-single.js';
import { CallGraph } from '../../../passes/analysis/call-graph.js';
import { inlinePass } from '../../../passes/inline.js';
import { context, parseModule, print, printAsMlirOpt, runOn } from './inline-unroll-support.js';

const goldenDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../filecheck/passes/inline');
const golden = (name: string) => readFileSync(path.join(goldenDir, name), 'utf8');
const noPipeline = { 'default-pipeline': '' };

// Produced by `mlir-opt --inline='default-pipeline=' FILE` (LLVM 19) on the golden inputs, reviewed.
const MLIR_OPT_BASIC = `module {
  func.func @double(%arg0: i32) -> i32 {
    %c2_i32 = arith.constant 2 : i32
    %0 = arith.muli %arg0, %c2_i32 : i32
    return %0 : i32
  }
  func.func private @external(i32) -> i32
  func.func @caller(%arg0: i32) -> i32 {
    %c1_i32 = arith.constant 1 : i32
    %0 = arith.addi %arg0, %c1_i32 : i32
    %c2_i32 = arith.constant 2 : i32
    %1 = arith.muli %0, %c2_i32 : i32
    %c1_i32_0 = arith.constant 1 : i32
    %2 = arith.addi %1, %c1_i32_0 : i32
    %3 = call @external(%2) : (i32) -> i32
    return %3 : i32
  }
  func.func @top(%arg0: f32, %arg1: f32) -> f32 {
    %0 = arith.mulf %arg0, %arg0 : f32
    %1 = arith.addf %0, %arg1 : f32
    %2 = arith.subf %1, %0 : f32
    return %2 : f32
  }
}
`;
const MLIR_OPT_REGIONS = `module {
  func.func @sum(%arg0: memref<?xf32>, %arg1: index, %arg2: i1) -> f32 {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %cst = arith.constant 0.000000e+00 : f32
    %0 = scf.for %arg3 = %c0 to %arg1 step %c1 iter_args(%arg4 = %cst) -> (f32) {
      %2 = memref.load %arg0[%arg3] : memref<?xf32>
      %3 = arith.addf %arg4, %2 : f32
      scf.yield %3 : f32
    }
    %1 = scf.if %arg2 -> (f32) {
      scf.yield %0 : f32
    } else {
      scf.yield %cst : f32
    }
    return %1 : f32
  }
  module @inner {
    func.func @g() -> i32 {
      %c7_i32 = arith.constant 7 : i32
      return %c7_i32 : i32
    }
  }
}
`;

const symbolsOf = (module: Operation) => module.region(0).entry!.ops.map((op) => String(op.getAttr('sym_name')));

describe('inline', () => {
  it('prints what mlir-opt --inline prints (without the simplification pipeline)', () => {
    expect(printAsMlirOpt(runOn(golden('basic.mlir'), inlinePass, noPipeline).module)).toBe(MLIR_OPT_BASIC);
    expect(printAsMlirOpt(runOn(golden('regions.mlir'), inlinePass, noPipeline).module)).toBe(MLIR_OPT_REGIONS);
  });

  it('counts inlined calls and erased callables', () => {
    const { result } = runOn(golden('basic.mlir'), inlinePass, noPipeline);
    // @caller: add1, double, add1; @mid: leaf; @top: mid. Erased: add1, unused, leaf, mid.
    expect(result.statistics.get('num-inlined-calls')).toBe(5);
    expect(result.statistics.get('num-erased-callables')).toBe(4);
  });

  it('keeps calls to self-recursive and multi-block callees, and referenced private callees', () => {
    const { module, output } = runOn(golden('not-inlined.mlir'), inlinePass, noPipeline);
    // @even is inlined into @odd and, at its last call, into @parity; then erased.
    expect(symbolsOf(module)).toEqual(['"self"', '"calls_self"', '"odd"', '"parity"', '"multi"', '"calls_multi"', '"referenced"', '"fnptr"']);
    expect(output.match(/call @/g)?.length).toBe(5);
    expect(output).not.toContain('call @referenced');
  });

  it('gives inlined ops call-site locations, as mlir-opt', () => {
    const module = parseModule(
      'func.func private @f(%a: i32) -> i32 {\n  %0 = arith.addi %a, %a : i32\n  return %0 : i32\n}\nfunc.func @g(%x: i32) -> i32 {\n  %0 = call @f(%x) : (i32) -> i32\n  return %0 : i32\n}\n',
      'in.mlir',
    );
    runPassOn(module, inlinePass, context, noPipeline);
    const add = module.region(0).entry!.first!.region(0).entry!.first!;
    expect(add.name).toBe('arith.addi');
    expect(add.loc).toBeInstanceOf(CallSiteLoc);
    expect(String(add.loc)).toBe('callsite("in.mlir":2:8 at "in.mlir":6:8)');
  });

  it('runs default-pipeline on each callable through the pass manager, before inlining into it', () => {
    const seen: string[] = [];
    const module = parseModule(golden('basic.mlir'));
    const runPipeline = (op: Operation, text: string) => {
      seen.push(`${String(op.getAttr('sym_name'))}:${text}:${print(op).includes('call @add1') ? 'before' : 'after'}`);
    };
    const ctx = { options: { 'default-pipeline': 'canonicalize', 'max-iterations': 4 }, context, addStatistic: () => {}, fail: () => undefined, emit: () => {}, runPipeline };
    inlinePass.spec.run(module, ctx as unknown as PassContext<never>);
    expect(seen).toContain('"caller":canonicalize:before');
    // After inlining, the next iteration simplifies @caller again.
    expect(seen).toContain('"caller":canonicalize:after');
    expect(seen.filter((s) => s.startsWith('"double"'))).toEqual(['"double":canonicalize:after']);
  });

  it('stops after max-iterations rounds of simplify-then-inline per SCC', () => {
    const rounds = (maxIterations: number) => {
      let callerRuns = 0;
      const runPipeline = (op: Operation) => void (String(op.getAttr('sym_name')) === '"caller"' && callerRuns++);
      const ctx = { options: { 'default-pipeline': 'canonicalize', 'max-iterations': maxIterations }, context, addStatistic: () => {}, fail: () => undefined, emit: () => {}, runPipeline };
      inlinePass.spec.run(parseModule(golden('basic.mlir')), ctx as unknown as PassContext<never>);
      return callerRuns;
    };
    // Round 1 simplifies and inlines; round 2 simplifies, finds nothing to inline and stops.
    expect(rounds(4)).toBe(2);
    expect(rounds(1)).toBe(1);
  });
});

describe('call graph', () => {
  const module = parseModule(golden('not-inlined.mlir'));
  const graph = new CallGraph(module);
  const name = (op: Operation) => String(op.getAttr('sym_name')).replace(/"/g, '');
  const node = (n: string) => graph.nodes.find((x) => name(x.callable!) === n)!;

  it('visits SCCs bottom-up from the external node, in LLVM scc_iterator order', () => {
    // Depth-first from the external node, whose edges reach the functions in IR order; the
    // members of an SCC come off Tarjan's stack last-visited first.
    const order = graph.sccsBottomUp().map((scc) => scc.map(name).join('+'));
    expect(order).toEqual(['self', 'calls_self', 'odd+even', 'parity', 'multi', 'calls_multi', 'referenced', 'fnptr']);
  });

  it('has an edge for each distinct callee, calls to declarations going to the unknown node', () => {
    expect(node('self').hasEdgeTo(node('self'))).toBe(true);
    expect(node('even').hasEdgeTo(node('even'))).toBe(false);
    expect(node('parity').edges.map((e) => name(e.target.callable!))).toEqual(['even']);
    // A call and a func.constant reference it: one call edge (func.constant is no call).
    expect(node('fnptr').edges.map((e) => name(e.target.callable!))).toEqual(['referenced']);
    const external = parseModule(
      'func.func private @d(i32) -> i32\nfunc.func @f(%a: i32) -> i32 {\n  %0 = call @d(%a) : (i32) -> i32\n  %1 = call @d(%0) : (i32) -> i32\n  return %1 : i32\n}\n',
    );
    const g = new CallGraph(external);
    expect(g.nodes).toHaveLength(1);
    expect(g.nodes[0]!.edges).toEqual([{ target: g.unknownCallee, kind: 'call' }]);
  });
});
