// `npm run dev`: the API with reload and Vite's dev server, side by side.
import { spawn } from 'node:child_process';

// The diagnostic pages (/test-auth, /test-email) are on while developing; a
// deployment turns them on only by setting DIAGNOSTICS_ENABLED=true itself.
const env = { ...process.env, DIAGNOSTICS_ENABLED: process.env.DIAGNOSTICS_ENABLED ?? 'true' };

const children = [
  // From the repository root, so DATA_DIR=./data is the same folder as with npm start.
  spawn(process.execPath, ['--import', 'tsx', '--watch', 'apps/server/src/index.ts'], { stdio: 'inherit', env }),
  spawn('npm', ['run', 'dev', '--workspace', '@bufete/web'], { stdio: 'inherit' }),
];
const stop = () => children.forEach((child) => child.kill('SIGTERM'));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
children.forEach((child) =>
  child.on('exit', (code) => {
    stop();
    process.exitCode = code ?? 0;
  }),
);
