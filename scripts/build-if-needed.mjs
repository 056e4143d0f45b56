// `npm start` builds the web app and the server only when their sources
// changed since their last build: an already-built checkout starts serving
// in about a second, and a fresh clone (or a pulled change) is built first.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const SHARED = ['packages/shared/src', 'package-lock.json'];
const targets = [
  {
    upToDate: 'La aplicación web ya está compilada y al día (apps/web/dist).',
    built: 'apps/web/dist/index.html',
    sources: [
      'apps/web/src',
      'apps/web/public',
      'apps/web/index.html',
      'apps/web/vite.config.ts',
      'apps/web/precompress.ts',
      'apps/web/prerender.ts',
      'apps/web/package.json',
      ...SHARED,
    ],
    command: ['npm', ['run', 'build', '--workspace', '@bufete/web']],
  },
  {
    upToDate: 'El servidor ya está compilado y al día (apps/server/dist).',
    built: 'apps/server/dist/index.js',
    sources: ['apps/server/src', 'apps/server/package.json', 'scripts/build-server.mjs', ...SHARED],
    command: [process.execPath, ['scripts/build-server.mjs']],
  },
];

/** The newest modification time under a file or folder. */
function newest(target) {
  if (!existsSync(target)) return 0;
  const info = statSync(target);
  if (!info.isDirectory()) return info.mtimeMs;
  let latest = info.mtimeMs;
  for (const entry of readdirSync(target, { recursive: true })) latest = Math.max(latest, statSync(path.join(target, entry)).mtimeMs);
  return latest;
}

for (const target of targets) {
  const built = path.join(root, target.built);
  const builtAt = existsSync(built) ? statSync(built).mtimeMs : 0;
  if (!target.sources.some((source) => newest(path.join(root, source)) > builtAt)) {
    console.log(target.upToDate);
    continue;
  }
  const [command, args] = target.command;
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}
