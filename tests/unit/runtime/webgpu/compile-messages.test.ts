import { describe, expect, it } from 'vitest';
import { formatCompileMessage, formatCompileReport } from '../../../../runtime/webgpu/compile-messages.js';

const manifest = { symbol: '@m::@k', location: 'k.mlir:4:7', shader: 'k.wgsl' };

describe('compile message mapping', () => {
  it('puts the IR location first and the WGSL position last', () => {
    expect(formatCompileMessage({ type: 'error', line: 3, column: 9, message: 'unresolved value x' }, manifest)).toBe('k.mlir:4:7: error: unresolved value x in kernel @m::@k (k.wgsl:3:9)');
  });

  it('keeps only the first line of a self-rendered (naga) message', () => {
    const naga = '\nShader \'\' parsing error: expected identifier, found "{"\n  ┌─ wgsl:1:10\n  │\n';
    expect(formatCompileMessage({ type: 'error', line: 1, column: 10, message: naga }, manifest)).toBe(
      'k.mlir:4:7: error: parsing error: expected identifier, found "{" in kernel @m::@k (k.wgsl:1:10)',
    );
  });

  it('falls back to the symbol without a location, and to the shader without a position', () => {
    expect(formatCompileMessage({ type: 'warning', line: 0, column: 0, message: 'w' }, { symbol: '@m::@k', shader: 'k.wgsl' })).toBe('@m::@k: warning: w in kernel @m::@k (k.wgsl)');
  });

  it('reports errors first, each with its WGSL line and a caret', () => {
    const wgsl = 'fn a() {}\nfn b() { let y = x; }\n';
    const report = formatCompileReport(
      [
        { type: 'warning', line: 1, column: 4, message: 'unused' },
        { type: 'error', line: 2, column: 18, message: 'unresolved x' },
      ],
      wgsl,
      manifest,
    );
    expect(report.split('\n')).toEqual([
      'k.mlir:4:7: error: unresolved x in kernel @m::@k (k.wgsl:2:18)',
      '  fn b() { let y = x; }',
      '                   ^',
      'k.mlir:4:7: warning: unused in kernel @m::@k (k.wgsl:1:4)',
      '  fn a() {}',
      '     ^',
    ]);
  });
});
