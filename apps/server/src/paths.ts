import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';

/**
 * The server package's folder (apps/server), found by walking up from this
 * module: the same whether the server runs from its TypeScript sources
 * (src/, tests, `npm run dev`) or from the build (`dist/index.js`, what
 * `npm start` runs), where every module shares one file and one folder.
 */
function serverRoot(): string {
  for (let dir = import.meta.dirname; ; dir = path.dirname(dir)) {
    const manifest = path.join(dir, 'package.json');
    if (existsSync(manifest) && (JSON.parse(readFileSync(manifest, 'utf8')) as { name?: string }).name === '@bufete/server') return dir;
    if (path.dirname(dir) === dir) throw new Error(`No se encontró la carpeta del servidor (apps/server) desde ${import.meta.dirname}`);
  }
}

export const SERVER_ROOT = serverRoot();
/** The SQL migrations (drizzle-kit's output). */
export const MIGRATIONS_FOLDER = path.join(SERVER_ROOT, 'drizzle');
/** Files the server reads at run time, kept beside their code. */
export const COMMON_PASSWORDS_FILE = path.join(SERVER_ROOT, 'src/auth/common-passwords.txt');
/** The built SPA (`npm run build`). */
export const WEB_DIST = path.resolve(SERVER_ROOT, '../web/dist');
