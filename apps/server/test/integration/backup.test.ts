import { execFile } from 'node:child_process';
import { mkdir, mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase, rowsOf } from '../../src/db/client';
import { signUpConfirmed } from '../support/accounts';
import { makePdf } from '../support/fixtures';
import { startTestServer, type TestServer } from '../support/server';
import { casosApi, documentosApi } from '@bufete/shared';

const run = promisify(execFile);
const ROOT = path.resolve(import.meta.dirname, '../../../..');
const cleanup: string[] = [];
afterAll(async () => {
  for (const dir of cleanup) await rm(dir, { recursive: true, force: true });
});

/** Restores a backup the documented way (docs/deployment.md): the tarball into a new DATA_DIR/db, files and secret beside it. */
async function restore(backup: string): Promise<string> {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'bufete-restaurado-'));
  cleanup.push(dataDir);
  await mkdir(path.join(dataDir, 'db'));
  await run('tar', ['-xzf', path.join(backup, 'db.tar.gz'), '-C', path.join(dataDir, 'db')]);
  await run('cp', ['-R', path.join(backup, 'storage'), path.join(backup, 'secret'), dataDir]);
  return dataDir;
}

describe('npm run backup (base de datos embebida)', () => {
  let ts: TestServer;
  afterAll(async () => {
    await ts?.stop();
  });

  it('copies a running installation consistently, and the copy restores with every record and file', async () => {
    ts = await startTestServer();
    const { client } = await signUpConfirmed(ts);
    expect((await client.call(casosApi.create, { body: { titulo: 'Amparo respaldado' } })).status).toBe(201);
    const uploaded = await client.upload(documentosApi.upload, { name: 'Respaldo.pdf', bytes: await makePdf(['Texto respaldado']), type: 'application/pdf' });
    expect(uploaded.status, uploaded.text).toBe(201);

    // The server is running: the script asks it, and says where the copy is.
    const { stdout } = await run(process.execPath, ['--import', 'tsx', 'scripts/backup.ts'], { cwd: ROOT, env: { ...process.env, DATA_DIR: ts.dataDir, NODE_ENV: 'test' } });
    expect(stdout).toContain('Copia de seguridad escrita por el servidor en marcha');
    const backups = (await readdir(path.join(ts.dataDir, 'backups'))).filter((name) => !name.includes('.'));
    expect(backups).toHaveLength(1);
    const backup = path.join(ts.dataDir, 'backups', backups[0]!);
    // The server kept working while it copied.
    expect((await client.call(casosApi.list)).status).toBe(200);

    const restored = await restore(backup);
    expect(await readFile(path.join(restored, 'secret'), 'utf8')).toBe(await readFile(path.join(ts.dataDir, 'secret'), 'utf8'));
    const database = await openDatabase({ dataDir: restored });
    try {
      const cases = rowsOf<{ titulo: string }>(await database.db.execute(sql`select titulo from casos`));
      expect(cases.map((row) => row.titulo)).toEqual(['Amparo respaldado']);
      const [document] = rowsOf<{ storage_key: string }>(await database.db.execute(sql`select storage_key from documentos`));
      const stored = (await readdir(path.join(restored, 'storage'), { recursive: true })).map(String);
      expect(stored.some((file) => file.endsWith(path.basename(document!.storage_key)))).toBe(true);
    } finally {
      await database.close();
    }
  });
});
