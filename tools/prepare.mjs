// npm's `prepare` script: builds the package after `npm install` and `npm ci`. `npx tile-opt`
// (npm 11) runs it too, when it installs this package into npx's cache to run its own bin: the
// build is made by then, and building again would take half a minute and rewrite build/ under the
// processes using it (the documentation's commands run beside other tests).
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const built = existsSync(new URL('../build/bundle/tile-opt.js', import.meta.url));
if (process.env.npm_command === 'exec' && built) process.exit(0);
const build = spawnSync('npm', ['run', 'build', '--silent'], { stdio: 'inherit', shell: process.platform === 'win32' });
process.exit(build.status ?? 1);
