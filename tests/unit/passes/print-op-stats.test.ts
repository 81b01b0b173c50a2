import { describe, expect, it } from 'vitest';
import { runPassOn } from '../../../core/pass/run-single.js';
import { parseModule } from '../../../dialects/builtin/parse-module.js';
import { createContext } from '../../../dialects/registry.js';
import { printOpStatsPass } from '../../../passes/print-op-stats.js';

const text = 'func.func @f(%a: i32) -> i32 {\n  %0 = arith.addi %a, %a : i32\n  return %0 : i32\n}\n"x"() : () -> ()\n';

describe('print-op-stats', () => {
  const context = createContext();
  context.allowUnregisteredDialects = true;
  it('counts ops by name, the root included, aligned at the dot as mlir-opt does', () => {
    const r = runPassOn(parseModule(text, context), printOpStatsPass, context);
    expect(r.failed).toBe(false);
    expect(r.errs).toBe('Operations encountered:\n-----------------------\n    arith.addi   , 1\n  builtin.module , 1\n     func.func   , 1\n     func.return , 1\n        x.       , 1\n');
  });
  it('prints JSON with {json}', () => {
    const r = runPassOn(parseModule(text, context), printOpStatsPass, context, { json: true });
    expect(JSON.parse(r.errs)).toEqual({ 'arith.addi': 1, 'builtin.module': 1, 'func.func': 1, 'func.return': 1, x: 1 });
  });
});
