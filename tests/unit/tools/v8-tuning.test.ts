import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { TILE_OPT_V8_FLAGS } from '../../../tools/v8-tuning.js';

describe('tile-opt V8 settings', () => {
  it('are flags this Node.js knows (V8 ignores unknown ones only with a warning)', () => {
    const options = spawnSync(process.execPath, ['--v8-options'], { encoding: 'utf8' }).stdout;
    for (const flag of TILE_OPT_V8_FLAGS) {
      const name = flag.replace(/=.*$/, '');
      expect(options, name).toContain(`  ${name} `);
    }
  });

  it('leave tile-opt runs quiet', () => {
    const r = spawnSync(process.execPath, ['-e', `require('node:v8').setFlagsFromString(${JSON.stringify(TILE_OPT_V8_FLAGS.join(' '))})`], { encoding: 'utf8' });
    expect(r.status).toBe(0);
    expect(r.stderr).toBe('');
  });
});
