import path from 'node:path';
import { casosApi, dashboardApi, documentosApi, iaApi, imagenesApi, LIMITS, MSG, profileApi } from '@bufete/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUpConfirmed } from '../support/accounts';
import { withTextRead } from '../support/documents';
import { makeDoc, makeDocx, makePdf, makePng } from '../support/fixtures';
import type { HttpClient } from '../support/http-client';
import { backendsToTest, startTestServer, type TestServer } from '../support/server';
import { filesUnder } from '../support/suite';
import { until } from '../support/waiting';

describe('documentos e imágenes', () => {
  let ts: TestServer;
  let alice: HttpClient;
  let bob: HttpClient;
  let caseId: string;

  beforeAll(async () => {
    ts = await startTestServer();
    alice = (await signUpConfirmed(ts)).client;
    bob = (await signUpConfirmed(ts)).client;
    caseId = (await alice.call(casosApi.create, { body: { titulo: 'Caso con documentos' } })).json.caso.id;
  });
  afterAll(async () => {
    await ts?.stop();
  });

  it('uploads a PDF into a case, extracts its text and finds it by a word of its content (Spanish stemming)', async () => {
    const pdf = await makePdf(['Demanda contra los arrendatarios morosos', 'Prestaciones reclamadas']);
    const res = await alice.upload(documentosApi.upload, { name: 'Demanda Pérez.pdf', bytes: pdf, type: 'application/pdf' }, { caso_id: caseId });
    expect(res.status, res.text).toBe(201);
    expect(res.json.documento).toMatchObject({ nombre: 'Demanda Pérez.pdf', tipo: 'application/pdf', tamaño: pdf.length, caso: { id: caseId, titulo: 'Caso con documentos' } });
    const id = res.json.documento.id;

    const detail = await withTextRead(ts, alice, id);
    expect(detail.contenido).toContain('Demanda contra los arrendatarios morosos');
    // "arrendatario" finds "arrendatarios"; a word that is not there finds nothing.
    expect((await alice.call(documentosApi.list, { query: { q: 'arrendatario' } })).json.items.map((d: { id: string }) => d.id)).toEqual([id]);
    expect((await alice.call(documentosApi.list, { query: { q: 'hipoteca' } })).json.items).toEqual([]);
    expect((await alice.get('/api/documentos?q=P%C3%A9rez')).json.items).toHaveLength(1); // by name
    expect((await alice.call(documentosApi.list, { query: { caso_id: caseId } })).json.items).toHaveLength(1);
    expect((await alice.call(casosApi.counts, { params: { id: caseId } })).json.counts).toEqual({ documentos: 1, imagenes: 0, notas: 0, actuaciones: 0 });
    expect((await alice.call(dashboardApi.summary)).json.stats.documentos).toBe(1);

    const file = await alice.download(`/api/documentos/${id}/file`);
    expect(file.status).toBe(200);
    expect(file.bytes.equals(pdf)).toBe(true);
    expect(file.headers.get('content-type')).toBe('application/pdf');
    expect(file.headers.get('content-disposition')).toMatch(/^inline; filename="Demanda P_rez.pdf"; filename\*=UTF-8''Demanda%20P%C3%A9rez\.pdf$/);
    expect(file.headers.get('x-content-type-options')).toBe('nosniff');
    expect(file.headers.get('content-security-policy')).toContain('sandbox');
    const attachment = await alice.download(`/api/documentos/${id}/file?download=1`);
    expect(attachment.headers.get('content-disposition')).toMatch(/^attachment;/);
    // Stored privately under {user}/casos/{case}/{timestamp}-{sanitised name}.
    const stored = await filesUnder(path.join(ts.dataDir, 'storage', 'documentos'));
    expect(stored.some((f) => /\/casos\/[0-9a-f-]{36}\/\d+-[0-9a-f]{8}-Demanda_Perez\.pdf$/.test(f))).toBe(true);
  });

  it('a burst of uploads is stored whole, none refused as busy; each text is read in the background and found by its content', async () => {
    const { client } = await signUpConfirmed(ts);
    const words = Array.from({ length: 40 }, (_, index) => `palabraunica${String.fromCharCode(97 + (index % 26))}${String.fromCharCode(97 + Math.floor(index / 26))}`);
    const answers = await Promise.all(
      words.map((word, index) =>
        client.upload(documentosApi.upload, {
          name: `Escrito ${index}.txt`,
          bytes: Buffer.from(`Escrito con la ${word} en su texto.\n${'relleno '.repeat(20_000)}`),
          type: 'text/plain',
        }),
      ),
    );
    expect(answers.map((answer) => answer.status)).toEqual(words.map(() => 201));
    await until(
      async () => {
        await ts.server.jobs.tick();
        const items = (await client.call(documentosApi.list, { query: { limit: 100 } })).json.items as { leyendo_texto: boolean }[];
        return items.length === words.length && items.every((item) => !item.leyendo_texto);
      },
      'que se lea el texto de todos',
      60_000,
    );
    for (const word of [words[0]!, words[39]!]) expect((await client.call(documentosApi.list, { query: { q: word } })).json.items).toHaveLength(1);
  });

  it('stores .docx, CSV and TXT text, and a descriptive text for a .doc', async () => {
    const docx = await alice.upload(documentosApi.upload, { name: 'contrato.docx', bytes: await makeDocx(['Cláusula de confidencialidad']) });
    expect(docx.status).toBe(201);
    expect((await withTextRead(ts, alice, docx.json.documento.id)).contenido).toContain('Cláusula de confidencialidad');
    const doc = await alice.upload(documentosApi.upload, { name: 'antiguo.doc', bytes: makeDoc() });
    expect(doc.status).toBe(201);
    expect((await withTextRead(ts, alice, doc.json.documento.id)).contenido).toContain('.docx');
  });

  it('decides the type from the bytes, not the name', async () => {
    const fake = await alice.upload(documentosApi.upload, { name: 'factura.pdf', bytes: Buffer.from([0x4d, 0x5a, 0x90, 0, 3, 0, 0, 0]), type: 'application/pdf' });
    expect(fake.status).toBe(415);
    expect(fake.json.error.message).toBe(MSG.documents.formatoNoPermitido);
    const png = await alice.upload(documentosApi.upload, { name: 'foto.pdf', bytes: makePng(), type: 'application/pdf' });
    expect(png.status).toBe(415);
    const html = await alice.upload(documentosApi.upload, { name: 'x.txt', bytes: Buffer.from('<html>\0</html>') });
    expect(html.status).toBe(415);
    const none = await alice.call(documentosApi.upload, { body: { file: 'x' } });
    expect(none.status).toBe(400);
    expect(none.json.error.message).toBe(MSG.documents.sinArchivo);
  });

  it('refuses a 60 MB upload while streaming it, without holding it in memory', async () => {
    const size = 60 * 1024 * 1024;
    const boundary = '----bufete-limit-test';
    const head = Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="enorme.pdf"\r\nContent-Type: application/pdf\r\n\r\n%PDF-1.7\n`);
    const chunk = Buffer.alloc(1024 * 1024, 0x20);
    let sent = 0;
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (sent === 0) controller.enqueue(head);
        if (sent >= size) {
          controller.enqueue(Buffer.from(`\r\n--${boundary}--\r\n`));
          controller.close();
          return;
        }
        sent += chunk.length;
        controller.enqueue(chunk);
      },
    });
    global.gc?.();
    const before = process.memoryUsage().rss;
    // Chunked: no Content-Length, so the server can only find out by counting.
    const response = await fetch(`${ts.url}/api/documentos`, {
      method: 'POST',
      body,
      duplex: 'half',
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, cookie: alice.cookieHeader() },
    } as RequestInit);
    const json = (await response.json()) as { error: { message: string } };
    expect(response.status).toBe(413);
    expect(json.error.message).toBe('El archivo es demasiado grande. Máximo 50MB.');
    expect(process.memoryUsage().rss - before).toBeLessThan(40 * 1024 * 1024);
    expect(await filesUnder(path.join(ts.dataDir, 'tmp'))).toEqual([]);
  });

  it('tests extraction without saving anything', async () => {
    const before = (await alice.call(documentosApi.list)).json.items.length;
    const res = await alice.upload(documentosApi.extractionTest, {
      name: 'prueba.pdf',
      bytes: await makePdf(Array.from({ length: 12 }, (_, i) => `Pagina ${i + 1}: texto de prueba para la extraccion del documento`)),
    });
    expect(res.status).toBe(200);
    expect(res.json.texto.length).toBe(500);
    expect(res.json.longitud).toBeGreaterThan(500);
    expect(res.json).toMatchObject({ tipo: 'application/pdf', tamaño_mb: expect.any(Number) });
    expect((await alice.call(documentosApi.list)).json.items).toHaveLength(before);
    const zip = await alice.upload(documentosApi.extractionTest, { name: 'a.xlsx', bytes: await makeDocx(['x']) });
    expect(zip.status).toBe(415);
    expect(zip.json.error.message).toBe(MSG.documents.formatoExtraccion);
  });

  it("gives user B a 404 for user A's document and image: metadata, bytes, signed link and delete", async () => {
    const doc = (await alice.upload(documentosApi.upload, { name: 'privado.txt', bytes: Buffer.from('confidencial') })).json.documento;
    const img = (await alice.upload(imagenesApi.upload, { name: 'prueba.png', bytes: makePng() }, { caso_id: caseId })).json.imagen;
    for (const res of [
      await bob.call(documentosApi.get, { params: { id: doc.id } }),
      await bob.download(`/api/documentos/${doc.id}/file`),
      await bob.call(documentosApi.link, { params: { id: doc.id } }),
      await bob.call(documentosApi.remove, { params: { id: doc.id } }),
      await bob.download(`/api/imagenes/${img.id}/file`),
      await bob.call(imagenesApi.link, { params: { id: img.id } }),
      await bob.call(imagenesApi.remove, { params: { id: img.id } }),
      await bob.call(imagenesApi.list, { query: { caso_id: caseId } }),
      await bob.upload(documentosApi.upload, { name: 'x.txt', bytes: Buffer.from('x') }, { caso_id: caseId }),
      await bob.upload(imagenesApi.upload, { name: 'x.png', bytes: makePng() }, { caso_id: caseId }),
    ]) {
      expect(res.status).toBe(404);
    }
    expect((await bob.call(documentosApi.list)).json.items).toEqual([]);
    expect((await bob.call(documentosApi.list, { query: { q: 'confidencial' } })).json.items).toEqual([]);
    expect((await ts.client().download(`/api/documentos/${doc.id}/file`, false)).status).toBe(401);
  });

  it('signed links open the file without a session until they expire, and cannot be altered', async () => {
    const doc = (await alice.upload(documentosApi.upload, { name: 'enlace.txt', bytes: Buffer.from('contenido firmado') })).json.documento;
    const link = (await alice.call(documentosApi.link, { params: { id: doc.id } })).json;
    const secondsLeft = (new Date(link.expires_at).getTime() - Date.now()) / 1000;
    expect(secondsLeft).toBeGreaterThan(3590);
    expect(secondsLeft).toBeLessThanOrEqual(3600);
    const anonymous = ts.client();
    const ok = await anonymous.download(link.url, false);
    expect(ok.status).toBe(200);
    expect(ok.bytes.toString()).toBe('contenido firmado');
    expect(ok.headers.get('content-type')).toBe('text/plain; charset=utf-8');

    const [payload, signature] = link.url.split('/').pop().split('.');
    const tampered = JSON.parse(Buffer.from(payload, 'base64url').toString());
    tampered.key = tampered.key.replace(/[^/]+$/, 'otro.txt');
    expect((await anonymous.download(`/api/files/${Buffer.from(JSON.stringify(tampered)).toString('base64url')}.${signature}`, false)).status).toBe(404);
    const expired = { ...JSON.parse(Buffer.from(payload, 'base64url').toString()), exp: Math.floor(Date.now() / 1000) - 1 };
    expect((await anonymous.download(`/api/files/${Buffer.from(JSON.stringify(expired)).toString('base64url')}.${signature}`, false)).status).toBe(404);
  });

  it('accepts only raster images up to 10 MB for a case', async () => {
    const svg = await alice.upload(
      imagenesApi.upload,
      { name: 'logo.svg', bytes: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'), type: 'image/svg+xml' },
      { caso_id: caseId },
    );
    expect(svg.status).toBe(415);
    expect(svg.json.error.message).toBe('Solo se permiten archivos de imagen');
    const big = Buffer.concat([makePng(), Buffer.alloc(LIMITS.imageMaxBytes)]);
    const tooBig = await alice.upload(imagenesApi.upload, { name: 'grande.png', bytes: big }, { caso_id: caseId });
    expect(tooBig.status).toBe(413);
    expect(tooBig.json.error.message).toBe('El archivo es demasiado grande. Máximo 10MB.');
    const ok = await alice.upload(imagenesApi.upload, { name: 'foto.png', bytes: makePng() }, { caso_id: caseId });
    expect(ok.status).toBe(201);
    expect(ok.json.imagen).toMatchObject({ tipo: 'image/png', caso_id: caseId, nota_id: null });
    const list = (await alice.call(imagenesApi.list, { query: { caso_id: caseId } })).json.items;
    expect(list[0].id).toBe(ok.json.imagen.id);
  });

  it('deleting a case removes its documents, images and their stored files', async () => {
    const other = (await alice.call(casosApi.create, { body: { titulo: 'Caso a borrar' } })).json.caso.id;
    const doc = (await alice.upload(documentosApi.upload, { name: 'borrar.txt', bytes: Buffer.from('x') }, { caso_id: other })).json.documento;
    const img = (await alice.upload(imagenesApi.upload, { name: 'borrar.png', bytes: makePng() }, { caso_id: other })).json.imagen;
    expect((await alice.call(casosApi.counts, { params: { id: other } })).json.counts).toEqual({ documentos: 1, imagenes: 1, notas: 0, actuaciones: 0 });
    const caseFiles = async () => (await filesUnder(path.join(ts.dataDir, 'storage'))).filter((f) => f.includes(`/casos/${other}/`));
    expect(await caseFiles()).toHaveLength(2);

    expect((await alice.call(casosApi.remove, { params: { id: other } })).status).toBe(200);
    expect((await alice.call(documentosApi.get, { params: { id: doc.id } })).status).toBe(404);
    expect((await alice.download(`/api/imagenes/${img.id}/file`)).status).toBe(404);
    expect(await caseFiles()).toEqual([]);
  });

  it('deletes a document with its file', async () => {
    const doc = (await alice.upload(documentosApi.upload, { name: 'temporal.csv', bytes: Buffer.from('a,b\n1,2') })).json.documento;
    const before = (await filesUnder(path.join(ts.dataDir, 'storage', 'documentos'))).length;
    expect((await alice.call(documentosApi.remove, { params: { id: doc.id } })).status).toBe(200);
    expect((await filesUnder(path.join(ts.dataDir, 'storage', 'documentos'))).length).toBe(before - 1);
    expect((await alice.call(documentosApi.remove, { params: { id: doc.id } })).status).toBe(404);
  });
});

for (const { backend, label, enabled } of await backendsToTest()) {
  describe.runIf(enabled)(`el espacio de cada abogado (${label})`, () => {
    let ts: TestServer;
    beforeAll(async () => {
      // One megabyte each.
      ts = await startTestServer({ backend, env: { STORAGE_QUOTA_MB: '1' } });
    });
    afterAll(async () => {
      await ts?.stop();
    });

    const text = (kb: number) => ({ name: `escrito-${kb}.txt`, bytes: Buffer.alloc(kb * 1024, 'a'), type: 'text/plain' });

    it('counts documents, images and the assistant’s attachments; refuses in Spanish when full, stores nothing; deleting frees it', async () => {
      const { client } = await signUpConfirmed(ts);
      const other = (await signUpConfirmed(ts)).client;
      const usage = async (who = client) => (await who.call(profileApi.storage)).json;
      expect(await usage()).toEqual({ usado: 0, limite: 1024 * 1024 });
      const first = await client.upload(documentosApi.upload, text(600));
      expect(first.status, first.text).toBe(201);
      const caso = (await client.call(casosApi.create, { body: { titulo: 'Caso' } })).json.caso;
      expect((await client.upload(imagenesApi.upload, { name: 'foto.png', bytes: makePng(), type: 'image/png' }, { caso_id: caso.id })).status).toBe(201);
      expect((await client.upload(iaApi.upload, text(100))).status).toBe(201);
      expect((await usage()).usado).toBe(700 * 1024 + makePng().length);
      const filesBefore = (await filesUnder(path.join(ts.dataDir, 'storage'))).length;

      const full = await client.upload(documentosApi.upload, text(400));
      expect(full.status).toBe(413);
      expect(full.json.error).toMatchObject({ code: 'STORAGE_QUOTA_EXCEEDED', message: MSG.documents.espacioLleno(1024 * 1024) });
      expect(full.json.error.message).toBe('Tu espacio de almacenamiento está lleno (1 MB). Borra documentos o imágenes que ya no necesites para subir más.');
      expect((await filesUnder(path.join(ts.dataDir, 'storage'))).length).toBe(filesBefore);
      expect((await client.upload(iaApi.upload, text(400))).status).toBe(413);
      // Another lawyer's space is their own.
      expect((await other.upload(documentosApi.upload, text(900))).status).toBe(201);

      await client.call(documentosApi.remove, { params: { id: first.json.documento.id } });
      expect((await usage()).usado).toBe(100 * 1024 + makePng().length);
      // A case deleted with its images frees them too.
      await client.call(casosApi.remove, { params: { id: caso.id } });
      expect((await usage()).usado).toBe(100 * 1024);
      expect((await client.upload(documentosApi.upload, text(400))).status).toBe(201);
    });

    it('two uploads that each fit but not together: exactly one is kept (the database decides)', async () => {
      const { client } = await signUpConfirmed(ts);
      const results = await Promise.all([client.upload(documentosApi.upload, text(600)), client.upload(documentosApi.upload, text(600))]);
      expect(results.map((result) => result.status).sort()).toEqual([201, 413]);
      expect((await client.call(profileApi.storage)).json.usado).toBe(600 * 1024);
      const kept = (await client.call(documentosApi.list)).json.items;
      expect(kept).toHaveLength(1);
      // Same name, maybe the same millisecond: the refused one's cleanup never takes the kept one's file.
      expect((await client.download(`/api/documentos/${kept[0].id}/file`)).status).toBe(200);
    });
  });
}

describe('subida cuando la base de datos falla', () => {
  it('removes the stored file if the row cannot be written', async () => {
    const errors: string[] = [];
    const ts = await startTestServer({ logger: { info: () => {}, warn: () => {}, error: (message) => errors.push(message) } });
    try {
      const { client } = await signUpConfirmed(ts);
      const db = ts.server.database.db;
      await db.execute(sql.raw(`create function bufete_test_fail() returns trigger language plpgsql as $$ begin raise exception 'disco lleno (simulado)'; end $$`));
      await db.execute(sql.raw('create trigger bufete_test_fail before insert on documentos for each row execute function bufete_test_fail()'));
      const res = await client.upload(documentosApi.upload, { name: 'perdido.txt', bytes: Buffer.from('no debe quedar') });
      expect(res.status).toBe(500);
      // The answer carries a reference that finds the log line.
      expect(res.json.error.message).toBe(MSG.http.internalRef(res.json.error.request_id));
      expect(res.headers.get('x-request-id')).toBe(res.json.error.request_id);
      expect(errors.join('\n')).toContain(`POST /api/documentos falló (ref ${res.json.error.request_id})`);
      expect(await filesUnder(path.join(ts.dataDir, 'storage', 'documentos'))).toEqual([]);
      expect(await filesUnder(path.join(ts.dataDir, 'tmp'))).toEqual([]);
    } finally {
      await ts.stop();
    }
  });
});
