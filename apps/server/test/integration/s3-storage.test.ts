import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { text } from 'node:stream/consumers';
// s3rver is a local S3-compatible server: it stands in for S3 at the HTTP boundary.
import S3rver from 's3rver';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createS3Storage } from '../../src/storage/s3';
import { signUpConfirmed } from '../support/accounts';
import { makePdf } from '../support/fixtures';
import { startTestServer } from '../support/server';
import { documentosApi } from '@bufete/shared';

describe('almacenamiento S3', () => {
  let dir: string;
  let server: S3rver;
  let endpoint: string;

  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'bufete-s3-'));
    server = new S3rver({ port: 0, address: '127.0.0.1', silent: true, directory: path.join(dir, 'data'), configureBuckets: [{ name: 'bufete-privado', configs: [] }] });
    const { port } = await server.run();
    endpoint = `http://127.0.0.1:${port}`;
  });
  afterAll(async () => {
    await server?.close();
    await rm(dir, { recursive: true, force: true });
  });

  const options = () => ({
    bucket: 'bufete-privado',
    region: 'us-east-1',
    endpoint,
    accessKeyId: 'S3RVER',
    secretAccessKey: 'S3RVER',
    forcePathStyle: true,
    prefix: 'pruebas/',
  });

  it('stores, reads and deletes objects through the same interface as the local disk', async () => {
    const storage = createS3Storage(options());
    await storage.check();
    const source = path.join(dir, 'nota.txt');
    await writeFile(source, 'Hola desde S3');
    await storage.putFile('documentos', 'u1/documentos/1-nota.txt', source, { contentType: 'text/plain', size: 13 });
    const object = await storage.get('documentos', 'u1/documentos/1-nota.txt');
    expect(object?.size).toBe(13);
    expect(await text(object!.body)).toBe('Hola desde S3');
    await storage.delete('documentos', 'u1/documentos/1-nota.txt');
    expect(await storage.get('documentos', 'u1/documentos/1-nota.txt')).toBeNull();
  });

  it('serves uploads end to end when the server is configured with S3_*', async () => {
    const ts = await startTestServer({
      env: {
        S3_BUCKET: 'bufete-privado',
        S3_ENDPOINT: endpoint,
        S3_ACCESS_KEY_ID: 'S3RVER',
        S3_SECRET_ACCESS_KEY: 'S3RVER',
        S3_FORCE_PATH_STYLE: 'true',
        S3_PREFIX: 'e2e/',
      },
    });
    try {
      const { client } = await signUpConfirmed(ts);
      const pdf = await makePdf(['Documento guardado en S3']);
      const up = await client.upload(documentosApi.upload, { name: 's3.pdf', bytes: pdf });
      expect(up.status, up.text).toBe(201);
      const file = await client.download(`/api/documentos/${up.json.documento.id}/file`);
      expect(file.bytes.equals(pdf)).toBe(true);
      const objects = async () => (await readdir(path.join(dir, 'data'), { recursive: true })).filter((name) => name.includes('e2e/documentos/') && name.includes('s3.pdf'));
      expect(await objects()).not.toEqual([]);
      // An object no row points at (a crash between storing and inserting) is swept
      // once it is an hour old; the document's own file stays.
      const source = path.join(dir, 'huerfano.txt');
      await writeFile(source, 'sin registro');
      const orphan = createS3Storage({ ...options(), prefix: 'e2e/' });
      await orphan.putFile('documentos', 'perdido/1-huerfano.txt', source, { contentType: 'text/plain', size: 12 });
      expect(await ts.server.sweepOrphans()).toBe(0);
      expect(await ts.server.sweepOrphans(Date.now() + 2 * 3600_000)).toBe(1);
      expect(await orphan.get('documentos', 'perdido/1-huerfano.txt')).toBeNull();
      expect((await client.download(`/api/documentos/${up.json.documento.id}/file`)).bytes.equals(pdf)).toBe(true);

      expect((await client.call(documentosApi.remove, { params: { id: up.json.documento.id } })).status).toBe(200);
      expect(await objects()).toEqual([]);
    } finally {
      await ts.stop();
    }
  });
});
