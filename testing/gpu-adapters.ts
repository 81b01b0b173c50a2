/**
 * Which WebGPU adapters the GPU tests ran on, read from vitest's JSON report: the GPU suites name
 * their adapter in their title (`kernels on dawn on SwiftShader driver 5.0.0 [...] against the
 * interpreter`, or `... on dawn (no adapter)` when skipped; tests/gpu/gpu-env.ts).
 */

/** The part of vitest's JSON report read here. */
export interface VitestReport {
  readonly testResults: readonly { readonly assertionResults: readonly { readonly ancestorTitles: readonly string[]; readonly title: string; readonly status: string }[] }[];
}

export interface AdapterTally {
  /** `dawn on SwiftShader driver 5.0.0 [vendor google, swiftshader, software]`, or `dawn (no adapter)`. */
  readonly adapter: string;
  passed: number;
  failed: number;
  skipped: number;
}

const ADAPTER = /\b((?:dawn|wgpu) on .*?\[[^\]]*\]|(?:dawn|wgpu) \(no adapter\))/;

/** Tests per adapter, in order of first appearance. */
export function adaptersInReport(report: VitestReport): AdapterTally[] {
  const tallies = new Map<string, AdapterTally>();
  for (const file of report.testResults) {
    for (const t of file.assertionResults) {
      const m = ADAPTER.exec([...t.ancestorTitles, t.title].join(' > '));
      if (!m) continue;
      const tally = tallies.get(m[1]!) ?? { adapter: m[1]!, passed: 0, failed: 0, skipped: 0 };
      tallies.set(tally.adapter, tally);
      if (t.status === 'passed') tally.passed++;
      else if (t.status === 'failed') tally.failed++;
      else tally.skipped++;
    }
  }
  return [...tallies.values()];
}

/** `dawn on ... [...]: 57 passed; wgpu on ... [...]: 58 passed, 2 skipped`, or '' when none ran. */
export function adaptersText(tallies: readonly AdapterTally[]): string {
  return tallies.map((t) => `${t.adapter}: ${[`${t.passed} passed`, t.failed ? `${t.failed} failed` : '', t.skipped ? `${t.skipped} skipped` : ''].filter(Boolean).join(', ')}`).join('; ');
}
