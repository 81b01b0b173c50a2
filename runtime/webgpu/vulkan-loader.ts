import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';

/**
 * Whether the Vulkan loader (libvulkan.so.1), which Dawn needs on Linux, can be found: in
 * LD_LIBRARY_PATH or the dynamic linker's cache (`ldconfig -p`). Without it Dawn can find no
 * adapter: looking first saves starting its runner process. Elsewhere, or when the cache cannot be
 * read, the answer is yes (Dawn is tried).
 */
export function vulkanLoaderFound(platform: NodeJS.Platform = process.platform, env: NodeJS.ProcessEnv = process.env): boolean {
  if (platform !== 'linux') return true;
  const dirs = (env['LD_LIBRARY_PATH'] ?? '').split(':').filter(Boolean);
  if (dirs.some((d) => existsSync(path.join(d, 'libvulkan.so.1')))) return true;
  for (const ldconfig of ['/sbin/ldconfig', '/usr/sbin/ldconfig', 'ldconfig']) {
    const r = spawnSync(ldconfig, ['-p'], { encoding: 'utf8', timeout: 5_000 });
    if (r.status === 0) return /\blibvulkan\.so\.1\b/.test(r.stdout);
  }
  return true;
}
