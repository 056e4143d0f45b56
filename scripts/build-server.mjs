// `npm run build` (and `npm start` when the sources changed): the server's
// TypeScript compiled once into apps/server/dist, so the running server does
// not carry a compiler. Packages from node_modules stay imports; our own code
// (the server and @bufete/shared's TypeScript sources) becomes two files: the
// server, the extraction worker thread and the child process that migrates
// the embedded database (docs/decisions/0021).
import path from 'node:path';
import { build } from 'esbuild';

const root = path.resolve(import.meta.dirname, '..');
const shared = path.join(root, 'packages/shared/src');

/** @bufete/shared is TypeScript sources in this repository: compiled in, not imported at run time. */
const inlineShared = {
  name: 'inline-shared',
  setup(builder) {
    builder.onResolve({ filter: /^@bufete\/shared(\/.*)?$/ }, (args) => {
      const sub = args.path.slice('@bufete/shared'.length);
      return { path: sub ? path.join(shared, `${sub.slice(1)}.ts`) : path.join(shared, 'index.ts') };
    });
  },
};

const common = {
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  packages: 'external',
  sourcemap: true,
  legalComments: 'none',
  logLevel: 'warning',
  plugins: [inlineShared],
};

const started = performance.now();
await Promise.all([
  build({ ...common, entryPoints: [path.join(root, 'apps/server/src/index.ts')], outfile: path.join(root, 'apps/server/dist/index.js') }),
  // Beside the server, under the name the pool looks for (extraction/pool.ts).
  build({ ...common, entryPoints: [path.join(root, 'apps/server/src/extraction/extraction.worker.ts')], outfile: path.join(root, 'apps/server/dist/extraction.worker.mjs') }),
  build({ ...common, entryPoints: [path.join(root, 'apps/server/src/db/migrate.child.ts')], outfile: path.join(root, 'apps/server/dist/migrate.child.mjs') }),
]);
console.log(`servidor: apps/server/dist/index.js (${Math.round(performance.now() - started)} ms)`);
