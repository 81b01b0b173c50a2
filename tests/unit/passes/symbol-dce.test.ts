import { describe, expect, it } from 'vitest';
import { symbolDcePass } from '../../../passes/symbol-dce.js';
import { context, parseModule, runPass } from './pass-harness.js';
import { runPassOn } from '../../../core/pass/run-single.js';

describe('symbol-dce', () => {
  it('erases unreferenced private symbols, transitively, and counts them', () => {
    const r = runPass(
      `func.func private @a() {
        call @b() : () -> ()
        return
      }
      func.func private @b()
      func.func private @c()
      func.func @main() {
        call @c() : () -> ()
        return
      }`,
      symbolDcePass,
    );
    expect(r.statistics.get("num-dce'd")).toBe(2);
    expect(r.output).not.toMatch(/@a\(|@b\(/);
    expect(r.output).toContain('func.func private @c()');
  });

  it('follows nested references into private nested modules', () => {
    const r = runPass(
      `module @m attributes {sym_visibility = "private"} {
        func.func private @x()
        func.func private @y()
      }
      func.func @main() attributes {r = [@m::@x]} {
        return
      }`,
      symbolDcePass,
    );
    expect(r.output).toContain('func.func private @x()');
    expect(r.output).not.toContain('@y');
  });

  it('fails on an op that is not a symbol table', () => {
    const module = parseModule('func.func @f() {\n  return\n}');
    const fn = module.region(0).entry!.first!;
    const r = runPassOn(fn, symbolDcePass, context);
    expect(r.failed).toBe(true);
    expect(r.diagnostics[0]!.message).toBe("'func.func' op  was scheduled to run under SymbolDCE, but does not define a symbol table");
  });

  it('fails when an unregistered op may hide a symbol table', () => {
    const module = parseModule('"x.table"() ({\n  "x.op"() : () -> ()\n}) : () -> ()');
    const r = runPassOn(module, symbolDcePass, context);
    expect(r.failed).toBe(true);
    expect(r.diagnostics[0]!.message).toContain('potentially unknown symbol table');
  });
});
