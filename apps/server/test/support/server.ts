import { type ChildProcessWithoutNullStreams, spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { loadConfig } from '../../src/config';
import { createLogger, type Logger } from '../../src/logger';
import { type RunningServer, startServer } from '../../src/server';
import { HttpClient } from './http-client';
import { until } from './waiting';
import { type MailBox, outboxMailBox, startSmtpCatcher } from './mail';

export const POSTGRES_ADMIN_URL = process.env.TEST_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

/** A connected node-postgres client on `url` (an admin's connection in the tests); end it when done. */
export async function pgClient(url: string, connectTimeoutMs = 10_000): Promise<pg.Client> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: connectTimeoutMs });
  client.on('error', () => {});
  await client.connect();
  return client;
}

/** True when the local PostgreSQL answers (CI machines run one on 127.0.0.1:5432). */
export async function postgresAvailable(): Promise<boolean> {
  try {
    const client = await pgClient(POSTGRES_ADMIN_URL, 3000);
    await client.query('select 1');
    await client.end();
    return true;
  } catch {
    return false;
  }
}

/** A database of its own on the local PostgreSQL, dropped by the returned function. */
async function createPostgresDatabase(): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `bufete_test_${process.pid}_${Math.random().toString(36).slice(2, 8)}`;
  const admin = await pgClient(POSTGRES_ADMIN_URL);
  await admin.query(`create database ${name}`);
  const url = new URL(POSTGRES_ADMIN_URL);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
    },
  };
}

export type Backend = 'pglite' | 'postgres';

function viaPort(url: string, port: number | undefined): string {
  if (port === undefined) return url;
  const via = new URL(url);
  via.port = String(port);
  return via.toString();
}

/** The databases an integration suite runs on: PGlite always, PostgreSQL when one answers (CI has one). */
export async function backendsToTest(labels: Record<Backend, string> = { pglite: 'PGlite', postgres: 'PostgreSQL' }) {
  return [
    { backend: 'pglite' as Backend, label: labels.pglite, enabled: true },
    { backend: 'postgres' as Backend, label: labels.postgres, enabled: await postgresAvailable() },
  ];
}

const TEST_SECRET = 'secreto-de-pruebas-compartido-por-los-procesos-0123456789';

export interface TestServer {
  url: string;
  server: RunningServer;
  mail: MailBox;
  dataDir: string;
  /** The server's environment, to start a second process on the same database. */
  env: Record<string, string>;
  client(): HttpClient;
  stop(): Promise<void>;
}

/**
 * Boots the real server on a random port with a fresh data folder: PGlite
 * with the .eml outbox, or a new PostgreSQL database with a real SMTP server.
 */
export async function startTestServer(
  options: {
    backend?: Backend;
    env?: Record<string, string>;
    smtp?: boolean | { failWith: string; failFor?: RegExp };
    logger?: Logger;
    /** PostgreSQL only: the app reaches it through this local port (a relay the test controls). */
    databasePort?: number;
  } = {},
): Promise<TestServer> {
  const backend = options.backend ?? 'pglite';
  const dataDir = await mkdtemp(path.join(tmpdir(), 'bufete-test-'));
  const pg = backend === 'postgres' ? await createPostgresDatabase() : null;
  const useSmtp = options.smtp ?? backend === 'postgres';
  const smtp = useSmtp ? await startSmtpCatcher(typeof useSmtp === 'object' ? useSmtp : {}) : null;
  const env: Record<string, string> = {
    NODE_ENV: 'test',
    PORT: '0',
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    AUTH_RATE_LIMIT_MAX: '1000',
    // Tests drive the reminder worker's passes themselves unless they ask for polling.
    JOBS_POLL_SECONDS: '3600',
    WEB_DIST_DIR: '',
    // Processes sharing a database share their secret (config.ts requires it).
    ...(pg ? { DATABASE_URL: viaPort(pg.url, options.databasePort), APP_SECRET: TEST_SECRET } : {}),
    ...(smtp ? { SMTP_URL: smtp.url } : {}),
    ...options.env,
  };
  const server = await startServer(loadConfig(env), options.logger ?? createLogger({ silent: true }));
  return {
    url: server.url,
    server,
    dataDir,
    env,
    mail: smtp ?? outboxMailBox(dataDir),
    client: () => new HttpClient(server.url),
    async stop() {
      await server.stop();
      await smtp?.stop();
      await pg?.drop();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

/** A server started as `npm start` starts it (the real entry point, its own process), and what it has said. */
export interface ServerProcess {
  child: ChildProcessWithoutNullStreams;
  /** Everything it printed so far, stdout and stderr. */
  output(): string;
  /** Its exit code, once it exits. */
  exited(): Promise<number | null>;
}

/** Starts apps/server/src/index.ts with `env` over this process' environment. */
export function startServerProcess(env: Record<string, string>): ServerProcess {
  const child = spawn(process.execPath, ['--import', 'tsx', path.resolve(import.meta.dirname, '../../src/index.ts')], {
    env: { ...process.env, ...env },
    cwd: path.resolve(import.meta.dirname, '../..'),
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  return {
    child,
    output: () => output,
    exited: () => new Promise((resolve) => (child.exitCode !== null || child.signalCode !== null ? resolve(child.exitCode) : child.once('exit', resolve))),
  };
}

/**
 * A server process started and listening (its start-up waited for, up to a
 * minute); `cleanup` gets what kills it (SIGKILL) and waits for its exit.
 */
export async function bootServerProcess(env: Record<string, string>, cleanup: (() => Promise<unknown>)[]): Promise<ServerProcess> {
  const server = startServerProcess(env);
  cleanup.push(async () => {
    if (server.child.exitCode === null && server.child.signalCode === null) server.child.kill('SIGKILL');
    await server.exited();
  });
  await until(
    () => {
      if (server.child.exitCode !== null) throw new Error(`El servidor terminó al arrancar:\n${server.output()}`);
      return server.output().includes('Bufete escuchando en');
    },
    'el servidor escuchando',
    60_000,
  );
  return server;
}
