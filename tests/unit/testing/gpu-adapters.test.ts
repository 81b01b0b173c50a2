import { describe, expect, it } from 'vitest';
import { adaptersInReport, adaptersText } from '../../../testing/gpu-adapters.js';

const test = (ancestorTitles: string[], title: string, status: string) => ({ ancestorTitles, title, status });

describe('adaptersInReport', () => {
  it('counts the tests of the suites that name an adapter, per adapter', () => {
    const dawn = 'dawn on SwiftShader driver 5.0.0 [vendor google, swiftshader, software]';
    const wgpu = 'wgpu on llvmpipe (LLVM 15.0.6, 256 bits) [vendor 65541, software]';
    const tallies = adaptersInReport({
      testResults: [
        {
          assertionResults: [
            test([`runtime/webgpu on ${dawn}`], 'adds', 'passed'),
            test([`runtime/webgpu on ${dawn}`], 'f16', 'skipped'),
            test([`runtime/webgpu on ${wgpu}`], 'adds', 'failed'),
          ],
        },
        {
          assertionResults: [
            test([`kernels on ${wgpu} against the interpreter`], 'adds', 'passed'),
            test(['parser'], 'parses on dawn', 'passed'),
            test(['kernels on dawn (no adapter) against the interpreter'], 'adds', 'skipped'),
          ],
        },
      ],
    });
    expect(tallies).toEqual([
      { adapter: dawn, passed: 1, failed: 0, skipped: 1 },
      { adapter: wgpu, passed: 1, failed: 1, skipped: 0 },
      { adapter: 'dawn (no adapter)', passed: 0, failed: 0, skipped: 1 },
    ]);
    expect(adaptersText(tallies)).toBe(`${dawn}: 1 passed, 1 skipped; ${wgpu}: 1 passed, 1 failed; dawn (no adapter): 0 passed, 1 skipped`);
    expect(adaptersText([])).toBe('');
  });
});
