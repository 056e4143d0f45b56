import { readdir, readFile, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { Plugin } from 'vite';

const COMPRESSIBLE = /\.(?:js|mjs|css|html|svg|json|txt|wasm|webmanifest)$/;
const brotli = promisify(brotliCompress);
const gzipped = promisify(gzip);

/**
 * Writes `name.br` and `name.gz` next to every compressible file of the build
 * (over 1 KB, and only when compression saves something), once, at build time
 * and at the highest levels: the server sends them as they are, so no request
 * spends CPU compressing (apps/server/src/http/spa.ts).
 */
export function precompress(): Plugin {
  let outDir = 'dist';
  return {
    name: 'bufete-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    async closeBundle() {
      const files = (await readdir(outDir, { recursive: true })).map((name) => path.join(outDir, name)).filter((file) => COMPRESSIBLE.test(file));
      await Promise.all(files.map(compressFile));
    },
  };
}

/** Writes `file.br` and `file.gz` (highest levels) when the file is over 1 KB and compression saves something. */
export async function compressFile(file: string): Promise<void> {
  if ((await stat(file)).size < 1024) return;
  const raw = await readFile(file);
  const [br, gz] = await Promise.all([
    brotli(raw, { params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: raw.length } }),
    gzipped(raw, { level: 9 }),
  ]);
  if (br.length < raw.length) await writeFile(`${file}.br`, br);
  if (gz.length < raw.length) await writeFile(`${file}.gz`, gz);
}
