import { describe, expect, it } from 'vitest';
import { substitute } from '../../../../testing/lit/substitutions.js';

describe('substitute (RUN lines of tile-lit and tile-update-checks)', () => {
  it('replaces %s, %S, %p, %t, %T and %%', () => {
    expect(substitute('tool %s %S %p %t %T 100%%', '/a/b/t.mlir', '/tmp/x')).toBe('tool /a/b/t.mlir /a/b /a/b /tmp/x/t.mlir.tmp /tmp/x 100%');
  });
  it('replaces %{name} from the named substitutions and leaves unknown names alone', () => {
    expect(substitute('%{tool} %{other}', '/t.mlir', '/tmp', { tool: 'tile-opt --cse' })).toBe('tile-opt --cse %{other}');
  });
  it('does not substitute twice (a path containing %s)', () => {
    expect(substitute('%s', '/a/%s.mlir', '/tmp')).toBe('/a/%s.mlir');
  });
});
