import { describe, expect, it } from 'vitest';
import { symbolPrivatizePass } from '../../../passes/symbol-privatize.js';
import { runPass } from './pass-harness.js';

const MODULE = `func.func @a() {
  return
}
func.func nested @b() {
  return
}
func.func private @c()
module @m {
  func.func @inner() {
    return
  }
}`;

describe('symbol-privatize', () => {
  it('marks the symbols of the module private except the excluded ones, leaving nested tables alone', () => {
    const r = runPass(MODULE, symbolPrivatizePass, { options: { exclude: ['a'] } });
    expect(r.output).toContain('func.func @a()');
    expect(r.output).toContain('func.func private @b()');
    expect(r.output).toContain('func.func private @c()');
    expect(r.output).toMatch(/module @m attributes \{sym_visibility = "private"\} \{\n\s+func\.func @inner\(\)/);
  });

  it('marks every symbol private without exclude', () => {
    const r = runPass(MODULE, symbolPrivatizePass);
    expect(r.output).toContain('func.func private @a()');
    expect(r.output).not.toMatch(/func\.func @[abc]\(/);
  });
});
