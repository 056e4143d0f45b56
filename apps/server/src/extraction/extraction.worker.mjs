// Worker entry: loads the TypeScript worker through tsx, whether or not the
// parent process runs with tsx (the server does; the test runner does not).
import { register } from 'tsx/esm/api';

register();
await import('./extraction.worker.ts');
