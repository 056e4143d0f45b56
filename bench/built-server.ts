import { type ChildProcess, spawn } from 'node:child_process';
import path from 'node:path';
import { freePort, until } from '../apps/server/test/support/waiting';

const ROOT = path.resolve(import.meta.dirname, '..');

/** A server started from the build as `npm start` starts it, on a free port, for a bench to load from outside. */
export interface BuiltServer {
  child: ChildProcess;
  url: string;
  pid: number;
  /** What it printed, and how it ended if it did: a failed bench says why. */
  output(): string;
  stop(): Promise<void>;
}

/**
 * Starts `apps/server/dist/index.js` in production mode with `env` on top of
 * the bench's own (rate limits lifted: a bench is one client asking a lot),
 * and waits until it listens (with WORKERS, until its second process does).
 */
export async function startBuiltServer(env: Record<string, string>): Promise<BuiltServer> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, ['--enable-source-maps', 'apps/server/dist/index.js'], {
    cwd: ROOT,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      PORT: String(port),
      APP_URL: url,
      AUTH_RATE_LIMIT_MAX: '100000',
      SEARCH_RATE_LIMIT_PER_MINUTE: '100000',
      CLIENT_EMAIL_HOURLY_LIMIT: '100000',
      CLIENT_EMAIL_DAILY_LIMIT: '100000',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const listening = env.WORKERS ? (text: string) => text.includes('(proceso 2)') : (text: string) => text.includes('Bufete escuchando');
  await until(
    () => {
      if (child.exitCode !== null) throw new Error(output);
      return listening(output);
    },
    'el servidor escuchando',
    120_000,
  );
  return {
    child,
    url,
    pid: child.pid!,
    output: () => `${output}${child.exitCode !== null || child.signalCode !== null ? `\n[el servidor terminó: código ${child.exitCode}, señal ${child.signalCode}]` : ''}`,
    async stop() {
      child.kill('SIGTERM');
      if (child.exitCode === null) await new Promise((resolve) => child.once('exit', resolve));
    },
  };
}
