import { describe, expect, it } from 'vitest';
import { slowestFiles } from '../../../testing/slowest-files.js';

describe('slowestFiles', () => {
  it('lists the slowest files of a vitest report first, at most n, with paths from the root', () => {
    const file = (name: string, ms: number) => ({ name: `/repo/tests/${name}`, startTime: 1000, endTime: 1000 + ms });
    const report = { testResults: [file('a.test.ts', 1200), file('b.test.ts', 49_384), file('c.test.ts', 50), file('d.test.ts', 3000)] };
    expect(slowestFiles(report, '/repo', 3)).toEqual(['   49.4 s  tests/b.test.ts', '    3.0 s  tests/d.test.ts', '    1.2 s  tests/a.test.ts']);
    expect(slowestFiles(report, '/repo')).toHaveLength(4);
  });
});
