// Throwaway: what the lists' statements read with a lawyer of 425 cases/clients and 200 documents.
import { spawn } from 'node:child_process';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { signUpConfirmed } from '../../apps/server/test/support/accounts';
import { HttpClient } from '../../apps/server/test/support/http-client';
import { outboxMailBox } from '../../apps/server/test/support/mail';
import { freePort, until } from '../../apps/server/test/support/waiting';
import { seedContents, seedPractice } from '../seed';

const admin = new pg.Client({ connectionString: 'postgres://postgres@127.0.0.1:5432/postgres' });
await admin.connect();
const name = `explain_${process.pid}`;
await admin.query(`create database ${name}`);
const url = `postgres://postgres@127.0.0.1:5432/${name}`;
const dataDir = await mkdtemp(path.join(tmpdir(), 'explain-'));
const port = await freePort();
const base = `http://127.0.0.1:${port}`;
const start = async () => {
  const child = spawn(process.execPath, ['apps/server/dist/index.js'], {
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(port),
      APP_URL: base,
      DATA_DIR: dataDir,
      DATABASE_URL: url,
      APP_SECRET: 'x'.repeat(40),
      AUTH_RATE_LIMIT_MAX: '100000',
    },
    stdio: 'ignore',
  });
  await until(async () => (await fetch(`${base}/api/health`).catch(() => null))?.ok || undefined, 'arranque', 60_000);
  return child;
};
let server = await start();
const { client } = await signUpConfirmed({ client: () => new HttpClient(base), mail: outboxMailBox(dataDir) });
const userId = (await client.get('/api/account/session')).json.session.user.id;
const pool = new pg.Pool({ connectionString: url });
const db = drizzle(pool) as never;
await seedPractice(db, userId, { cases: Number(process.env.N ?? 425), clients: Number(process.env.N ?? 425) });
await seedContents(db, userId, { documents: 200, notes: 50 });
await pool.end();
server.kill('SIGTERM');
await new Promise((r) => server.once('exit', r));
await admin.query(`alter database ${name} set session_preload_libraries = 'auto_explain'`);
await admin.query(`alter database ${name} set auto_explain.log_min_duration = 0`);
await admin.query(`alter database ${name} set auto_explain.log_analyze = on`);
await admin.query(`alter database ${name} set auto_explain.log_buffers = on`);
server = await start();
for (const route of (process.env.ROUTES ?? '/api/casos,/api/documentos,/api/clientes').split(',')) {
  for (let i = 0; i < 7; i += 1) await client.get(route); // past the generic plan switch
  console.log('MARK', route, new Date().toISOString());
  const started = performance.now();
  const res = await client.get(route);
  console.log(route, res.status, (performance.now() - started).toFixed(1), 'ms', JSON.stringify(res.json).length, 'bytes');
}
server.kill('SIGTERM');
await new Promise((r) => server.once('exit', r));
await admin.query(`drop database ${name} with (force)`);
await admin.end();
