/** `--verify-diagnostics` annotations (tools/verify-diagnostics.ts), `-re` among them, as in MLIR. */
import { describe, expect, it } from 'vitest';
import { Diagnostic } from '../../../core/ir/diagnostics.js';
import { FileLineColLoc } from '../../../core/ir/location.js';
import { SourceFile } from '../../../core/syntax/source.js';
import { checkExpectations } from '../../../tools/verify-diagnostics.js';

const check = (text: string, ...emitted: [number, string][]) => {
  const source = new SourceFile('t.mlir', text);
  const diagnostics = emitted.map(([line, message]) => new Diagnostic('error', FileLineColLoc.get('t.mlir', line, 1), message));
  return checkExpectations(source, diagnostics, (d) => `unexpected: ${d.message}\n`);
};

describe('--verify-diagnostics', () => {
  it('matches expected-error-re by its {{regex}} parts, the rest literal', () => {
    const re = '// expected-error-re @+1 {{op result #{{[0-9]+}} has type f(32)}}\nfunc.func @f()\n';
    expect(check(re, [2, 'op result #12 has type f(32)'])).toEqual({ ok: true, report: '' });
    // The parentheses outside {{...}} are literal; a regex part must match.
    expect(check(re, [2, 'op result #x has type f(32)']).ok).toBe(false);
    expect(check(re, [2, 'op result #1 has type f32']).ok).toBe(false);
  });
  it('reports an -re expectation that is not produced, instead of ignoring it', () => {
    const r = check('// expected-error-re @+1 {{fo{{o+}}}}\nfunc.func @f()\n');
    expect(r).toEqual({ ok: false, report: 't.mlir:1:4: error: expected error "fo{{o+}}" was not produced\n' });
  });
  it('reports an invalid regex at its annotation', () => {
    const r = check('// expected-error-re @+1 {{a{{[}}}}\nfunc.func @f()\n', [2, 'a[']);
    expect(r.ok).toBe(false);
    expect(r.report).toMatch(/^t\.mlir:1:4: error: invalid regex: .*\nunexpected: unexpected error: a\[\n$/);
    expect(check('// expected-error-re {{a{{b}}\nx\n', [1, 'ab']).report).toContain("t.mlir:1:4: error: found start of regex with no end '}}'");
  });
  it('keeps plain expectations as substrings, two on a line', () => {
    const text = '// expected-error @+1 {{a(b}} expected-error @+1 {{c}}\nx\n';
    expect(check(text, [2, 'xa(by'], [2, 'c'])).toEqual({ ok: true, report: '' });
  });
});
