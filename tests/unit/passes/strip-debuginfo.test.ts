import { describe, expect, it } from 'vitest';
import { UnknownLoc } from '../../../core/ir/location.js';
import { runPassOn } from '../../../core/pass/run-single.js';
import { printOperation } from '../../../core/syntax/printer.js';
import { parseModule } from '../../../dialects/builtin/parse-module.js';
import { createContext } from '../../../dialects/registry.js';
import { stripDebugInfoPass } from '../../../passes/strip-debuginfo.js';

describe('strip-debuginfo', () => {
  it('puts every op and block argument at an unknown location', () => {
    const context = createContext();
    const module = parseModule('func.func @f(%a: i32 loc("a.py":1:2)) -> i32 {\n  return %a : i32 loc("a.py":3:4)\n}\n', context);
    expect(runPassOn(module, stripDebugInfoPass, context).failed).toBe(false);
    const locs: unknown[] = [];
    module.walk((op) => {
      locs.push(op.loc);
      for (const r of op.regions) for (const b of r.blocks) for (const a of b.arguments) locs.push(a.loc);
    });
    expect(locs.length).toBe(4);
    expect(locs.every((l) => l === UnknownLoc.get())).toBe(true);
    expect(printOperation(module, { debugInfo: true })).not.toContain('a.py');
  });
});
