// `npm start` builds the web app only when its sources changed since the last
// build: an already-built checkout starts serving in about a second, and a
// fresh clone (or a pulled change) is built first, as before.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const built = path.join(root, 'apps/web/dist/index.html');
const SOURCES = ['apps/web/src', 'apps/web/public', 'apps/web/index.html', 'apps/web/vite.config.ts', 'apps/web/precompress.ts', 'apps/web/prerender.ts', 'apps/web/package.json', 'packages/shared/src', 'package-lock.json'];

/** The newest modification time under a file or folder. */
function newest(target) {
  if (!existsSync(target)) return 0;
  const info = statSync(target);
  if (!info.isDirectory()) return info.mtimeMs;
  let latest = info.mtimeMs;
  for (const entry of readdirSync(target, { recursive: true })) latest = Math.max(latest, statSync(path.join(target, entry)).mtimeMs);
  return latest;
}

const builtAt = existsSync(built) ? statSync(built).mtimeMs : 0;
const changed = SOURCES.some((source) => newest(path.join(root, source)) > builtAt);
if (!changed) {
  console.log('La aplicación web ya está compilada y al día (apps/web/dist).');
} else {
  const result = spawnSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' });
  process.exit(result.status ?? 1);
}
