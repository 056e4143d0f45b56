// `npm run dev`: the API with reload and Vite's dev server, side by side.
import { spawn } from 'node:child_process';

const children = [
  spawn('npm', ['run', 'dev', '--workspace', '@bufete/server'], { stdio: 'inherit' }),
  spawn('npm', ['run', 'dev', '--workspace', '@bufete/web'], { stdio: 'inherit' }),
];
const stop = () => children.forEach((child) => child.kill('SIGTERM'));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
children.forEach((child) => child.on('exit', (code) => {
  stop();
  process.exitCode = code ?? 0;
}));
