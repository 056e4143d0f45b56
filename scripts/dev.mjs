// `npm run dev`: the API with reload and Vite's dev server, side by side.
import { spawn } from 'node:child_process';

const children = [
  // From the repository root, so DATA_DIR=./data is the same folder as with npm start.
  spawn(process.execPath, ['--import', 'tsx', '--watch', 'apps/server/src/index.ts'], { stdio: 'inherit' }),
  spawn('npm', ['run', 'dev', '--workspace', '@bufete/web'], { stdio: 'inherit' }),
];
const stop = () => children.forEach((child) => child.kill('SIGTERM'));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
children.forEach((child) => child.on('exit', (code) => {
  stop();
  process.exitCode = code ?? 0;
}));
