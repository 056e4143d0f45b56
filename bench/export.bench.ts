/**
 * 'Exportar todos mis datos' of a large practice (issue 28), on the server as
 * `npm start` runs it (the build in apps/server/dist): 10,000 cases with
 * their clients, notes, time and invoices, and 2 GB of documents, exported
 * to one zip. Reports how long the export takes, how much the server's
 * resident memory rose above what it held before (its peak, read from the
 * kernel's high-water mark after resetting it), and the zip's size; then
 * imports the zip into a fresh account and reports the same.
 * Budget: the export raises the peak by no more than 64 MB.
 *
 *   npm run bench:export                          # 10,000 cases, 2 GB of files
 *   BENCH_EXPORT_CASES=1000 BENCH_EXPORT_MB=200 npm run bench:export
 */
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createReadStream, readFileSync, statSync } from 'node:fs';
import { Readable } from 'node:stream';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { casosApi, clientesApi, documentosApi, facturasApi, notasApi, type Portabilidad, portabilidadApi, tiempoApi } from '@bufete/shared';
import { signUpConfirmed } from '../apps/server/test/support/accounts';
import { startBuiltServer } from './built-server';
import { HttpClient } from '../apps/server/test/support/http-client';
import { outboxMailBox } from '../apps/server/test/support/mail';
import { rssOf } from '../apps/server/test/support/processes';
import { until } from '../apps/server/test/support/waiting';

const CASES = Number(process.env.BENCH_EXPORT_CASES ?? 10_000);
const FILE_MB = Number(process.env.BENCH_EXPORT_MB ?? 2048);
/** The largest document the app takes (LIMITS.documentMaxBytes). */
const DOC_MB = 50;

/** Runs `work` over `items`, `width` at a time. */
async function inParallel<T>(items: T[], width: number, work: (item: T) => Promise<unknown>) {
  let next = 0;
  await Promise.all(
    Array.from({ length: width }, async () => {
      while (next < items.length) await work(items[next++]!);
    }),
  );
}

/** The kernel's high-water mark of resident memory, reset first: the peak of what follows, in MB. */
const resetPeak = (pid: number) => writeFile(`/proc/${pid}/clear_refs`, '5');
const peakOf = (pid: number) => Number(/VmHWM:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0) / 1024;

/** A multipart upload streamed from disk, as a browser sends a 2 GB file (never whole in memory). */
async function streamUpload(url: string, cookie: string, file: string) {
  const boundary = `----bufete${Date.now()}`;
  const head = Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="export.zip"\r\nContent-Type: application/zip\r\n\r\n`);
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  const size = head.length + statSync(file).size + tail.length;
  const body = Readable.from(
    (async function* () {
      yield head;
      yield* createReadStream(file);
      yield tail;
    })(),
  );
  return fetch(url, {
    method: 'POST',
    headers: { cookie, 'content-type': `multipart/form-data; boundary=${boundary}`, 'content-length': String(size) },
    body: Readable.toWeb(body) as ReadableStream,
    duplex: 'half',
  } as RequestInit);
}

async function finished(client: HttpClient, latest: typeof portabilidadApi.latestExport | typeof portabilidadApi.latestImport): Promise<Portabilidad> {
  return until(
    async () => {
      const trabajo = (await client.call(latest)).json.trabajo as Portabilidad | null;
      if (trabajo?.estado === 'fallida') throw new Error(`falló: ${trabajo.mensaje}`);
      return trabajo?.estado === 'lista' ? trabajo : undefined;
    },
    'el trabajo terminó',
    60 * 60_000,
  );
}

async function main() {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'bufete-bench-export-'));
  const server = await startBuiltServer({ DATA_DIR: dataDir, STORAGE_QUOTA_MB: String(FILE_MB * 2 + 1024) });
  try {
    const mail = outboxMailBox(dataDir);
    const { client } = await signUpConfirmed({ client: () => new HttpClient(server.url), mail });
    console.log(`Sembrando ${CASES} casos y ${FILE_MB} MB de documentos por la API...`);
    const seeded = Date.now();
    const clientes: string[] = [];
    await inParallel(
      Array.from({ length: Math.ceil(CASES / 10) }, (_, i) => i),
      8,
      async (i) => clientes.push((await client.call(clientesApi.create, { body: { nombre: `Cliente ${i}`, email: `cliente${i}@ejemplo.mx` } })).json.cliente.id),
    );
    const casos: string[] = [];
    await inParallel(
      Array.from({ length: CASES }, (_, i) => i),
      8,
      async (i) =>
        casos.push(
          (
            await client.call(casosApi.create, {
              body: { titulo: `Juicio ordinario civil ${i}`, descripcion: `Expediente de prueba número ${i}`, cliente_id: clientes[i % clientes.length] },
            })
          ).json.caso.id,
        ),
    );
    await inParallel(casos.slice(0, Math.ceil(CASES / 5)), 8, (caso) =>
      client.call(notasApi.create, {
        body: { titulo: 'Estrategia', contenido: { type: 'doc', content: [{ type: 'paragraph', content: [{ type: 'text', text: 'Pedir pruebas' }] }] }, caso_id: caso },
      }),
    );
    await inParallel(casos.slice(0, Math.ceil(CASES / 5)), 8, (caso) =>
      client.call(tiempoApi.create, { body: { caso_id: caso, fecha: '2026-11-20', horas: '1.5', descripcion: 'Revisión del expediente', tarifa_por_hora: '1500' } }),
    );
    await inParallel(clientes.slice(0, 200), 4, (cliente) =>
      client.call(facturasApi.create, { body: { concepto: 'Honorarios', fecha_emision: '2026-11-20', calculo_automatico: false, monto: '3000', cliente_id: cliente } }),
    );
    const documents = Math.ceil(FILE_MB / DOC_MB);
    await inParallel(
      Array.from({ length: documents }, (_, i) => i),
      2,
      async (i) => {
        const bytes = randomBytes(Math.min(DOC_MB, FILE_MB - i * DOC_MB) * 1024 * 1024 - 64);
        const res = await client.upload(
          documentosApi.upload,
          { name: `Anexo ${i}.pdf`, bytes: Buffer.concat([Buffer.from('%PDF-1.4\n'), bytes]), type: 'application/pdf' },
          { caso_id: casos[i]! },
        );
        if (res.status !== 201) throw new Error(`subida ${i}: ${res.status} ${res.text}`);
      },
    );
    console.log(`  sembrado en ${Math.round((Date.now() - seeded) / 1000)} s`);

    // The export: from the request to the zip stored, and the peak memory above what the server held before.
    const before = rssOf(server.pid);
    await resetPeak(server.pid);
    const exported = Date.now();
    await client.call(portabilidadApi.startExport);
    const trabajo = await finished(client, portabilidadApi.latestExport);
    const exportSeconds = (Date.now() - exported) / 1000;
    const exportPeak = peakOf(server.pid);
    console.log(`  exportado en ${exportSeconds.toFixed(1)} s`);

    // The download streams it (not held in memory either).
    const response = await fetch(`${server.url}/api/account/exportaciones/${trabajo.id}/archivo`, { headers: { cookie: client.cookieHeader() } });
    const zipPath = path.join(dataDir, 'export.zip');
    await writeFile(zipPath, response.body as unknown as NodeJS.ReadableStream);

    // The import into a fresh account.
    const { client: fresh } = await signUpConfirmed({ client: () => new HttpClient(server.url), mail });
    const beforeImport = rssOf(server.pid);
    await resetPeak(server.pid);
    const imported = Date.now();
    const upload = await streamUpload(`${server.url}/api/account/importaciones`, fresh.cookieHeader(), zipPath);
    if (upload.status !== 201) throw new Error(`importación: ${upload.status} ${await upload.text()}`);
    await finished(fresh, portabilidadApi.latestImport);
    const importSeconds = (Date.now() - imported) / 1000;
    const importPeak = peakOf(server.pid);

    const mb = (value: number) => `${Math.round(value)} MB`;
    console.log(`\nExportación de ${CASES} casos con ${FILE_MB} MB de documentos (${documents} archivos), PGlite, disco local:`);
    console.log(`  tiempo: ${exportSeconds.toFixed(1)} s · zip: ${mb((trabajo.bytes ?? 0) / 1024 / 1024)}`);
    console.log(`  memoria residente antes: ${mb(before)} · pico durante la exportación: ${mb(exportPeak)} · aumento: ${mb(exportPeak - before)} (presupuesto 64 MB)`);
    console.log(`Importación del mismo zip en una cuenta nueva:`);
    console.log(
      `  tiempo (subida incluida): ${importSeconds.toFixed(1)} s · memoria antes: ${mb(beforeImport)} · pico: ${mb(importPeak)} · aumento: ${mb(importPeak - beforeImport)}`,
    );
  } catch (error) {
    console.error(server.output().slice(-5000));
    throw error;
  } finally {
    await server.stop();
    await rm(dataDir, { recursive: true, force: true });
  }
}

await main();
