// Child process entry: loads the TypeScript through tsx, whether or not the
// parent process runs with tsx (the built server starts its own compiled
// copy of this file in dist/, scripts/build-server.mjs).
import { register } from 'tsx/esm/api';

register();
await import('./migrate.child.ts');
