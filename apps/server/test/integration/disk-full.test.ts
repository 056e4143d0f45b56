import { execFileSync } from 'node:child_process';
import { mkdir, mkdtemp, readFile, rm, stat, symlink } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { documentosApi, healthApi, MSG } from '@bufete/shared';
import { afterEach, describe, expect, it } from 'vitest';
import { signUpConfirmed } from '../support/accounts';
import { startTestServer } from '../support/server';
import { filesUnder } from '../support/suite';

const MB = 1024 * 1024;
const cleanup: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  for (const fn of cleanup.splice(0).reverse()) await fn();
});

/** A real, small disk: a tmpfs of `size` mounted at `dir` (the test runs as root, as CI does here). */
async function smallDisk(dir: string, size: string): Promise<void> {
  await mkdir(dir, { recursive: true });
  try {
    execFileSync('mount', ['-t', 'tmpfs', '-o', `size=${size}`, 'tmpfs', dir], { stdio: 'pipe' });
  } catch (error) {
    throw new Error(`Esta prueba monta un tmpfs pequeño y necesita ser root: ${String((error as { stderr?: Buffer }).stderr ?? error)}`);
  }
  cleanup.push(async () => execFileSync('umount', ['-l', dir]));
}

/** A plain-text document of `bytes` (text extraction is quick: the disk is what is tested). */
const textFile = (name: string, bytes: number) => ({ name, type: 'text/plain', bytes: new Uint8Array(Buffer.alloc(bytes, 'Contrato de arrendamiento. ')) });

async function serverWithLogs() {
  const logged: string[] = [];
  const ts = await startTestServer({ logger: { info: () => {}, warn: (line) => logged.push(line), error: (line) => logged.push(line) } });
  cleanup.push(() => ts.stop());
  const { client } = await signUpConfirmed(ts);
  return { ts, client, logged };
}

describe('un disco lleno', () => {
  it('an upload the disk cannot hold answers 507 in Spanish, names the path in the log, leaves nothing, and the server keeps serving', async () => {
    const { ts, client, logged } = await serverWithLogs();
    // Uploads stream into tmp/, on a disk of 1 MB.
    const tmp = path.join(ts.dataDir, 'tmp');
    await smallDisk(tmp, '1m');
    const refused = await client.upload(documentosApi.upload, textFile('expediente.txt', 3 * MB));
    expect(refused.status).toBe(507);
    expect(refused.json.error).toEqual({ code: 'STORAGE_FULL', message: MSG.http.sinEspacio });
    expect(logged.join('\n')).toMatch(new RegExp(`Sin espacio en disco: no se pudo escribir en ${tmp}`));
    expect(await filesUnder(tmp)).toEqual([]);
    expect((await client.call(documentosApi.list)).json.items).toEqual([]);
    // What fits still goes in.
    expect((await client.call(healthApi.check)).status).toBe(200);
    expect((await client.upload(documentosApi.upload, textFile('nota.txt', 20 * 1024))).status).toBe(201);
  });

  it('storage on another disk with no room: refused before the copy with 507, the temp file gone, nothing stored', async () => {
    const { ts, client, logged } = await serverWithLogs();
    await smallDisk(path.join(ts.dataDir, 'tmp'), '8m');
    const storage = path.join(ts.dataDir, 'storage');
    await smallDisk(storage, '2m');
    const refused = await client.upload(documentosApi.upload, textFile('expediente.txt', 3 * MB));
    expect(refused.status).toBe(507);
    expect(refused.json.error.message).toBe(MSG.http.sinEspacio);
    expect(logged.join('\n')).toContain(`no se pudo escribir en ${path.join(storage, 'documentos')}`);
    expect(await filesUnder(path.join(ts.dataDir, 'tmp'))).toEqual([]);
    expect(await filesUnder(storage)).toEqual([]);
    expect((await client.call(documentosApi.list)).json.items).toEqual([]);
    const small = await client.upload(documentosApi.upload, textFile('nota.txt', 20 * 1024));
    expect(small.status).toBe(201);
  });

  it('on one disk a file is moved, not copied: a document that fits once is stored even when it would not fit twice', async () => {
    const { ts, client } = await serverWithLogs();
    const disk = await mkdtemp(path.join(tmpdir(), 'bufete-disco-'));
    cleanup.push(() => rm(disk, { recursive: true, force: true }));
    await smallDisk(disk, '5m');
    // tmp/ and storage/ on that one 5 MB disk.
    await rm(path.join(ts.dataDir, 'tmp'), { recursive: true, force: true });
    await rm(path.join(ts.dataDir, 'storage'), { recursive: true, force: true });
    await mkdir(path.join(disk, 'tmp'));
    await mkdir(path.join(disk, 'storage'));
    await symlink(path.join(disk, 'tmp'), path.join(ts.dataDir, 'tmp'));
    await symlink(path.join(disk, 'storage'), path.join(ts.dataDir, 'storage'));

    const stored = await client.upload(documentosApi.upload, textFile('expediente.txt', 3 * MB));
    expect(stored.status, stored.text).toBe(201);
    const [file] = await filesUnder(path.join(disk, 'storage'));
    expect((await stat(file!)).size).toBe(3 * MB);
    expect((await readFile(file!)).subarray(0, 26).toString()).toBe('Contrato de arrendamiento.');
    expect(await filesUnder(path.join(disk, 'tmp'))).toEqual([]);
    const download = await client.download(`/api/documentos/${stored.json.documento.id}/file`);
    expect(download.bytes.length).toBe(3 * MB);
  });
});
