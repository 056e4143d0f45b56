import { createHash } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { facturaListQuerySchema } from '@bufete/shared';
import { sql } from 'drizzle-orm';
import { ZipFile } from 'yazl';
import { type Database, rowsOf } from '../../db/client';
import type { Storage } from '../../storage';
import { assertRoomOnDisk } from '../../storage/disk-space';
import type { InvoiceService } from '../invoices/service';
import { safeName, uniquePaths } from '../../files/safe-name';
import { FORMATO, type Manifest, type ManifestEntry, type ManifestFile, VERSION } from './manifest';
import { SHEETS, sheetChunks } from './sheets';
import { columnsOf, countRows, EXPORTED_TABLES, rowsOfTable } from './tables';

const LEEME = (nombre: string, fecha: string) =>
  [
    `Todos los datos de ${nombre} en Bufete, exportados el ${fecha}.`,
    '',
    'Contenido:',
    '- casos/: una carpeta por caso con sus documentos, sus imágenes y los adjuntos del asistente, cada uno con su nombre original; lo que no es de un caso está en «sin caso».',
    '- facturas/: el PDF de cada factura y, si se timbró, el XML de su CFDI (y el de sus complementos de pago).',
    '- casos.csv, clientes.csv, facturas.csv, tiempo.csv, citas.csv: hojas para Excel u otra hoja de cálculo (UTF-8, fechas dd/mm/aaaa, horas en tu zona horaria).',
    '- datos/: cada registro en JSON, un archivo por área (perfil, clientes, casos, documentos, notas, etiquetas, imágenes, citas, facturas, pagos, cfdi, correos, tiempo, plazos, asistente e historial), con los nombres de campo de la API de Bufete; los "id" enlazan unos registros con otros.',
    '- equipo.csv: las personas del despacho y su rol (nunca sus contraseñas ni su verificación en dos pasos); casos.csv dice quién es responsable de cada caso y quién más está asignado.',
    '- bufete.json: el índice de la exportación (cuántos registros hay de cada área y la huella SHA-256 de cada archivo), con el que Bufete comprueba el archivo al importarlo.',
    '',
    'Para recuperar todo en otra cuenta de Bufete: Configuración → Tus datos → «Importar datos», con este mismo .zip sin cambios.',
    'No se incluyen la contraseña, la verificación en dos pasos ni el certificado de sello digital (CSD): al importar, vuelve a configurarlos.',
    '',
    'Los montos van en pesos mexicanos con dos decimales; las fechas de los .json, en formato ISO 8601.',
    '',
  ].join('\r\n');

/** Types worth deflating (plain text and markup); the rest (PDF, images, Office's zips) barely shrink. */
const compressible = (type: string) => /^text\/|^application\/(json|xml|rtf)|msword$/.test(type);

export interface ExportProgress {
  (done: number, total: number, etapa: string): void;
}

/** Passes bytes through, counting and hashing them into `entry` (its SHA-256 is set when they end). */
function hashing(entry: { bytes: number; sha256: string }, onChunk: (bytes: number) => void = () => {}): Transform {
  const hash = createHash('sha256');
  return new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      hash.update(chunk);
      entry.bytes += chunk.length;
      onChunk(chunk.length);
      callback(null, chunk);
    },
    flush(callback) {
      entry.sha256 = hash.digest('hex');
      callback();
    },
  });
}

/**
 * 'Exportar todos mis datos' (issue 28): every record and file of an account
 * in one zip, written to a temp file as it is read and then stored. Memory
 * stays flat whatever the size: the records are read a page at a time, each
 * stored file is streamed through (one open at a time) and hashed on its way,
 * and the manifest with those hashes is the last entry.
 */
export function createAccountExport(deps: { db: Database; storage: Storage; invoices: InvoiceService; tmpDir: string }) {
  const { db, storage } = deps;

  async function filesOf(userId: string) {
    // Each stored file with the folder it goes to: its case's (through its note for a note's image, its chat's case for an attachment; none for an escrito template).
    return rowsOf<{ tabla: string; id: string; nombre: string; tipo: string; storage_key: string; tamano: number; caso: string | null; created_at: string }>(
      await db.execute(sql`
        select 'documentos' as tabla, d.id::text, d.nombre, d.tipo, d.storage_key, d.tamano, d.caso_id::text as caso, d.created_at::text from documentos d where d.user_id = ${userId}
        union all
        select 'imagenes', i.id::text, i.nombre, i.tipo, i.storage_key, i.tamano, coalesce(i.caso_id, n.caso_id)::text, i.created_at::text from imagenes i left join notas n on n.id = i.nota_id where i.user_id = ${userId}
        union all
        select 'ai_chat_files', a.id::text, a.nombre, a.tipo, a.storage_key, a.tamano, s.context_case_id::text, a.created_at::text from ai_chat_files a left join ai_chat_sessions s on s.id = a.session_id where a.user_id = ${userId}
        union all
        select 'escrito_plantillas', e.id::text, e.nombre || '.docx', e.tipo, e.storage_key, e.tamano, null, e.created_at::text from escrito_plantillas e where e.user_id = ${userId}
        order by 1, 2`),
    );
  }

  return {
    /**
     * Builds the zip of `userId` and stores it under `key` in the
     * `exportaciones` bucket; returns its size. `progress` hears how much of
     * the records and bytes is done.
     */
    async build(userId: string, exportId: string, key: string, progress: ExportProgress, now = new Date()): Promise<number> {
      const columns = await columnsOf(db);
      const counts = await countRows(db, userId);
      const files = await filesOf(userId);
      const [perfil] = rowsOf<{ nombre: string; zona: string }>(
        await db.execute(sql`select trim(p.nombre || ' ' || p.apellido) as nombre, p.zona_horaria as zona from profiles p where p.id = ${userId}`),
      );
      const zona = perfil?.zona ?? 'America/Mexico_City';
      const facturas = rowsOf<{ id: string; numero: string }>(
        await db.execute(sql`select id::text, numero_factura as numero from facturas where user_id = ${userId} order by secuencia`),
      );
      const xmls = rowsOf<{ id: string; nombre: string }>(
        await db.execute(sql`
          select x.id::text, f.numero_factura || case when x.tipo = 'P' then '-pago' else '' end || '-' || x.uuid || '.xml' as nombre
          from facturas_cfdi x join facturas f on f.id = x.factura_id where x.user_id = ${userId} and x.uuid is not null and x.xml is not null order by f.secuencia, x.created_at`),
      );
      const fileBytes = files.reduce((sum, file) => sum + Number(file.tamano), 0);
      const total = [...counts.values()].reduce((sum, n) => sum + n, 0) + fileBytes + facturas.length + 1;
      let done = 0;
      let etapa = 'Preparando';
      const advance = (amount: number) => {
        done += amount;
        progress(done, total, etapa);
      };

      // The zip is about the size of its files plus the records: refused before it is written when the disk cannot hold it.
      await assertRoomOnDisk(deps.tmpDir, fileBytes + 64 * 1024 * 1024);
      const zip = new ZipFile();
      // An entry that cannot be read (a file missing from storage, a failed query) ends the zip with its error:
      // yazl only emits it, and its pipes do not pass a stream's error on, so the export would otherwise wait for ever.
      const fail = (error: unknown) => (zip.outputStream as Readable).destroy(error instanceof Error ? error : new Error(String(error)));
      zip.on('error', fail);
      const mtime = now;
      // Every entry but the stored files (hashed below) and the manifest itself: the manifest lists it with its SHA-256.
      const manifestData: ManifestEntry[] = [];
      const addHashed = (ruta: string, options: { mtime: Date; compress?: boolean }, open: () => Promise<Readable>) => {
        const entry: ManifestEntry = { ruta, bytes: 0, sha256: '' };
        manifestData.push(entry);
        zip.addReadStreamLazy(ruta, options, (ready) => {
          open().then(
            (stream) => {
              const hashed = hashing(entry);
              stream.on('error', (error) => {
                hashed.destroy(error);
                fail(error);
              });
              ready(null, stream.pipe(hashed));
            },
            (error: unknown) => ready(error, Readable.from([])),
          );
        });
      };
      addHashed('LEEME.txt', { mtime }, async () => Readable.from([Buffer.from(LEEME(perfil?.nombre || 'tu cuenta', now.toISOString().slice(0, 10)), 'utf8')]));

      // The records, one JSON array per area, read page by page as the zip reaches them (the manifest counts what was written).
      const written = new Map<string, number>();
      for (const spec of EXPORTED_TABLES) {
        const tableColumns = columns.get(spec.tabla)!;
        addHashed(`datos/${spec.archivo}.json`, { mtime }, async () => {
          etapa = `Registros: ${spec.archivo}`;
          return Readable.from(
            (async function* () {
              yield Buffer.from('[');
              let first = true;
              for await (const page of rowsOfTable(db, spec, tableColumns, userId)) {
                const text = page.map((row, index) => `${first && index === 0 ? '' : ','}\n${JSON.stringify(row)}`);
                first = false;
                yield Buffer.from(text.join(''), 'utf8');
                written.set(spec.archivo, (written.get(spec.archivo) ?? 0) + page.length);
                advance(page.length);
              }
              yield Buffer.from('\n]\n');
            })(),
          );
        });
      }

      for (const sheet of SHEETS) addHashed(sheet.archivo, { mtime }, async () => Readable.from(sheetChunks(db, sheet, userId, zona)));
      addHashed('facturas.csv', { mtime }, async () => Readable.from([Buffer.from(await deps.invoices.exportCsv(userId, facturaListQuerySchema.parse({})), 'utf8')]));

      // Every stored file under its case's folder, with its original name (numbered when two share one), hashed on its way.
      const unique = uniquePaths();
      const casoTitulo = new Map(
        rowsOf<{ id: string; titulo: string }>(await db.execute(sql`select id::text, titulo from casos where user_id = ${userId}`)).map((caso) => [caso.id, caso.titulo]),
      );
      const folderOf = new Map<string, string>();
      const caseFolder = (casoId: string | null) => {
        if (!casoId || !casoTitulo.has(casoId)) return 'sin caso';
        if (!folderOf.has(casoId)) folderOf.set(casoId, unique(`casos/${safeName(casoTitulo.get(casoId)!, 'caso')}`).slice('casos/'.length));
        return `casos/${folderOf.get(casoId)}`;
      };
      const SUBFOLDER: Record<string, string> = { documentos: 'documentos', imagenes: 'imagenes', ai_chat_files: 'asistente', escrito_plantillas: 'plantillas de escritos' };
      const BUCKET: Record<string, 'documentos' | 'imagenes'> = { documentos: 'documentos', imagenes: 'imagenes', ai_chat_files: 'documentos', escrito_plantillas: 'documentos' };
      const manifestFiles: ManifestFile[] = [];
      for (const file of files) {
        const folder = caseFolder(file.caso);
        const ruta = unique(`${folder === 'sin caso' ? 'sin caso' : folder}/${SUBFOLDER[file.tabla]}/${safeName(file.nombre)}`);
        const entry: ManifestFile = { ruta, tabla: file.tabla as ManifestFile['tabla'], id: file.id, bytes: 0, sha256: '' };
        manifestFiles.push(entry);
        // PDFs, images and Office files are compressed already: stored as they are, which costs no CPU; text is deflated.
        zip.addReadStreamLazy(ruta, { mtime: new Date(file.created_at), compress: compressible(file.tipo) }, (ready) => {
          etapa = 'Archivos';
          storage.get(BUCKET[file.tabla]!, file.storage_key).then(
            (object) => {
              if (!object) return ready(new Error(`Falta en el almacenamiento el archivo de ${file.tabla} ${file.id}`), Readable.from([]));
              const counted = hashing(entry, advance);
              object.body.on('error', (error) => {
                counted.destroy(error);
                fail(error);
              });
              ready(null, object.body.pipe(counted));
            },
            (error: unknown) => ready(error, Readable.from([])),
          );
        });
      }

      // Each invoice's PDF (its CFDI's printed version once stamped) and the stamped XMLs.
      const pdfNames = new Set<string>();
      for (const factura of facturas) {
        let name = `facturas/${safeName(factura.numero)}.pdf`;
        for (let n = 2; pdfNames.has(name); n++) name = `facturas/${safeName(factura.numero)} (${n}).pdf`;
        pdfNames.add(name);
        addHashed(name, { mtime }, async () => {
          etapa = 'Facturas';
          const { bytes } = await deps.invoices.pdf(userId, factura.id);
          advance(1);
          return Readable.from([bytes]);
        });
      }
      for (const xml of xmls) {
        addHashed(`facturas/${safeName(xml.nombre)}`, { mtime }, async () => {
          const result = await db.execute(sql`select xml from facturas_cfdi where id = ${xml.id}`);
          return Readable.from([Buffer.from(rowsOf<{ xml: string }>(result)[0]?.xml ?? '', 'utf8')]);
        });
      }

      // Last: the manifest, once every file's hash is known.
      zip.addReadStreamLazy('bufete.json', { mtime }, (ready) => {
        const tablas = Object.fromEntries(EXPORTED_TABLES.map((spec) => [spec.archivo, written.get(spec.archivo) ?? 0]));
        const manifest: Manifest = { formato: FORMATO, version: VERSION, id: exportId, exportado_el: now.toISOString(), tablas, archivos: manifestFiles, datos: manifestData };
        advance(1);
        ready(null, Readable.from([Buffer.from(`${JSON.stringify(manifest, null, 2)}\n`, 'utf8')]));
      });
      zip.end();

      const temp = path.join(deps.tmpDir, `${exportId}.zip.part`);
      try {
        await pipeline(zip.outputStream, createWriteStream(temp));
        const { size } = await stat(temp);
        etapa = 'Guardando';
        progress(done, total, etapa);
        await storage.putFile('exportaciones', key, temp, { contentType: 'application/zip', size });
        return size;
      } finally {
        await rm(temp, { force: true });
      }
    },
  };
}

export type AccountExport = ReturnType<typeof createAccountExport>;
