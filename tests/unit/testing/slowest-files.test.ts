import { describe, expect, it } from 'vitest';
import { slowestFiles, vitestFileTimes } from '../../../testing/slowest-files.js';

describe('slowestFiles', () => {
  it('lists the slowest files first, at most n, with vitest paths from the root', () => {
    const file = (name: string, ms: number) => ({ name: `/repo/tests/${name}`, startTime: 1000, endTime: 1000 + ms });
    const report = { testResults: [file('a.test.ts', 1200), file('b.test.ts', 49_384), file('c.test.ts', 50)] };
    const files = [...vitestFileTimes(report, '/repo'), { file: 'tests/filecheck/x.mlir [dawn]', ms: 3000 }];
    expect(slowestFiles(files, 3)).toEqual(['   49.4 s  tests/b.test.ts', '    3.0 s  tests/filecheck/x.mlir [dawn]', '    1.2 s  tests/a.test.ts']);
    expect(slowestFiles(files)).toHaveLength(4);
  });
});
